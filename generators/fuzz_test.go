package generators_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/declval/validation-gen/generators"
)

// The generator fuzz test builds random API packages from a grammar of Go
// shapes and +k8s: tags, some within the tag contract (shared TAGS.md) and
// some deliberately outside it, and runs the generator on each. Whatever
// the input, the run must end in exactly one of two ways:
//
//   - an error, every line of which starts with the file:line of what is
//     wrong, with no outputs, and no panic or crash; or
//   - outputs that compile and pass go vet together with the package.
//
// A package that holds a tag the contract rejects wherever it is written
// (an unknown name, a malformed payload) must end in an error.
//
// Every package is built from one seed: a failure prints the seed and the
// whole source, and VALIDATION_GEN_FUZZ_SEED=<seed>
// VALIDATION_GEN_FUZZ_PACKAGES=1 replays it alone.

const (
	fuzzPackagesEnv = "VALIDATION_GEN_FUZZ_PACKAGES"
	fuzzSeedEnv     = "VALIDATION_GEN_FUZZ_SEED"
	// fuzzChildEnv names the request file of a child process that runs
	// the generator once (TestGeneratorFuzzChild).
	fuzzChildEnv = "VALIDATION_GEN_FUZZ_CHILD"
	// defaultFuzzPackages keeps the default run near 20 s on 2 cores when
	// the generator has no bugs (finding the culprit of a crash takes
	// more runs): a run of the generator on packages that use
	// k8s.io/apimachinery loads it for about 4 s, and the packages take a
	// dozen runs.
	defaultFuzzPackages = 120
	// defaultFuzzSeed is fixed so that `go test` is reproducible; set
	// VALIDATION_GEN_FUZZ_SEED for other packages.
	defaultFuzzSeed = 1
	// childTimeout bounds one run of the generator: a run that does not
	// end is a bug too.
	childTimeout = 5 * time.Minute
	// childMaxStack makes a runaway recursion of the generator crash in a
	// second rather than after filling the default 1 GB stack.
	childMaxStack = 64 << 20
)

// positionedLine is an error line that starts with the file:line of what
// it is about.
var positionedLine = regexp.MustCompile(`^(\S+\.go):\d+: `)

func TestGeneratorFuzz(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator on many packages and go vet")
	}
	count := envUint(t, fuzzPackagesEnv, defaultFuzzPackages)
	firstSeed := envUint(t, fuzzSeedEnv, defaultFuzzSeed)
	start := time.Now()

	// All packages live in one module, one directory each, so that a few
	// runs of the generator and one go vet cover them all.
	pkgs := make([]*apiPackage, count)
	files := map[string]string{}
	for i := range pkgs {
		p := buildAPIPackage(firstSeed + uint64(i))
		p.dir = fmt.Sprintf("p%03d", i)
		pkgs[i] = p
		for name, src := range p.files {
			files[p.dir+"/"+name] = src
		}
	}
	f := &fuzzBatch{t: t, mod: tempModule(t, files), slots: make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))}
	// A run has one CRD directory or none, so packages with CRD output go
	// apart; so do those without k8s.io/apimachinery types, whose runs
	// are quick, so that finding a culprit among them costs little.
	groups := map[[2]bool][]*apiPackage{}
	for _, p := range pkgs {
		key := [2]bool{p.crd, p.apimachinery}
		groups[key] = append(groups[key], p)
	}
	var wg sync.WaitGroup
	for _, group := range groups {
		wg.Go(func() { f.settle(group) })
	}
	wg.Wait()
	f.vet()

	inContract, platform := 0, 0
	for _, p := range f.generated {
		if p.offRate == 0 {
			inContract++
		}
		if p.platform {
			platform++
		}
	}
	t.Logf("%d packages from seed %d in %d runs of the generator: %d generated and vetted (%d of them drawn within the contract, %d also for darwin), %d rejected; %s",
		count, firstSeed, f.runs, len(f.generated), inContract, platform, f.rejected, time.Since(start).Round(time.Millisecond))
	// The oracle is only as good as the grammar's reach: a grammar that
	// never produces valid packages, or never invalid ones, tests half of it.
	if count >= 20 && (len(f.generated) < int(count)/10 || f.rejected < int(count)/10) {
		t.Errorf("the grammar is unbalanced: %d of %d packages generated, %d rejected; want at least a tenth of each",
			len(f.generated), count, f.rejected)
	}
}

// TestGeneratorFuzzChild is the child process of TestGeneratorFuzz: it
// runs the generator once, so that a crash the runtime cannot recover
// from (a stack overflow, memory exhaustion) or a run that never ends is
// reported with its packages rather than killing the test binary.
func TestGeneratorFuzzChild(t *testing.T) {
	request := os.Getenv(fuzzChildEnv)
	if request == "" {
		t.Skip("runs only as a child process of TestGeneratorFuzz")
	}
	debug.SetMaxStack(childMaxStack)
	b, err := os.ReadFile(request)
	if err != nil {
		t.Fatal(err)
	}
	var cfg generators.Config
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(runRecovering(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(request+".result", out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzGenerator feeds seeds to the same grammar and checks that the
// generator does not panic and that every error is positioned. It does not
// run go vet, which would make each input take seconds; the fuzzing engine
// runs inputs in worker processes, so it survives crashes on its own.
func FuzzGenerator(f *testing.F) {
	for _, seed := range []uint64{1, 7, 42, 1 << 40} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		if testing.Short() {
			t.Skip("runs the generator")
		}
		p := buildAPIPackage(seed)
		p.dir = "api"
		files := map[string]string{}
		for name, src := range p.files {
			files[p.dir+"/"+name] = src
		}
		mod := tempModule(t, files)
		cfg := runConfig(mod, []*apiPackage{p}, filepath.Join(mod, "crds"))
		judge(t, mod, cfg, p, runRecovering(cfg))
	})
}

// runResult is the outcome of one run of the generator.
type runResult struct {
	Outputs []generators.Output
	Err     string // "" when the run succeeded
	Panic   string // the panic value and stack
	Crash   string // the child process died or timed out
}

// runRecovering runs the generator in this process, turning a panic into
// a result.
func runRecovering(cfg generators.Config) (res runResult) {
	defer func() {
		if r := recover(); r != nil {
			res = runResult{Panic: fmt.Sprintf("%v\n%s", r, debug.Stack())}
		}
	}()
	outs, _, err := generators.Run(cfg)
	res.Outputs = outs
	if err != nil {
		res.Err = err.Error()
	}
	return res
}

// runConfig is the configuration of one run on pkgs, which all have CRD
// output (into crdDir) or all have none.
func runConfig(mod string, pkgs []*apiPackage, crdDir string) generators.Config {
	cfg := generators.Config{Dir: mod, OutputFile: outputFile}
	for _, p := range pkgs {
		cfg.Patterns = append(cfg.Patterns, "./"+p.dir)
	}
	if pkgs[0].crd {
		cfg.CRDDir = crdDir
	}
	return cfg
}

// judge checks the outcome of a run on the one package p and reports the
// package if it breaks the rules of the file comment. It returns true
// when the run succeeded and its outputs are to be vetted.
func judge(t *testing.T, mod string, cfg generators.Config, p *apiPackage, res runResult) bool {
	t.Helper()
	switch {
	case res.Crash != "":
		reportPackage(t, p, "the generator process crashed:\n"+res.Crash)
		return false
	case res.Panic != "":
		reportPackage(t, p, "the generator panicked:\n"+res.Panic)
		return false
	case res.Err != "":
		if res.Outputs != nil {
			reportPackage(t, p, fmt.Sprintf("the run returned %d outputs together with an error", len(res.Outputs)))
		}
		reportUnpositioned(t, p, strings.Split(res.Err, "\n"))
		return false
	}
	reportAccepted(t, p)
	if stray := strayOutputs(mod, cfg, res.Outputs, []*apiPackage{p}); len(stray) > 0 {
		reportPackage(t, p, "outputs outside the package and the CRD directory:\n"+strings.Join(stray, "\n"))
		return false
	}
	return true
}

// reportAccepted reports p, which generated, if it holds tags that must
// fail.
func reportAccepted(t *testing.T, p *apiPackage) {
	t.Helper()
	if len(p.mustFail) > 0 {
		reportPackage(t, p, "the run succeeded, but the contract makes these tags errors wherever they are written:\n"+strings.Join(p.mustFail, "\n"))
	}
}

// reportUnpositioned reports p if some of its error lines do not start
// with a file:line.
func reportUnpositioned(t *testing.T, p *apiPackage, lines []string) {
	t.Helper()
	bad := slices.DeleteFunc(slices.Clone(lines), positionedLine.MatchString)
	if len(bad) > 0 {
		reportPackage(t, p, fmt.Sprintf("error lines without a file:line position:\n%s\nwhole error:\n%s",
			strings.Join(bad, "\n"), strings.Join(lines, "\n")))
	}
}

// strayOutputs are the outputs that are neither in the directory of one
// of pkgs nor in the CRD directory.
func strayOutputs(mod string, cfg generators.Config, outs []generators.Output, pkgs []*apiPackage) []string {
	var stray []string
	for _, o := range outs {
		ok := cfg.CRDDir != "" && filepath.Dir(o.Path) == cfg.CRDDir
		for _, p := range pkgs {
			ok = ok || o.Path == filepath.Join(mod, p.dir, outputFile)
		}
		if !ok {
			stray = append(stray, o.Path)
		}
	}
	return stray
}

// fuzzBatch runs the generator on many packages of one module, a few
// child processes at a time.
type fuzzBatch struct {
	t     *testing.T
	mod   string
	slots chan struct{} // one per child process that may run at once

	mu        sync.Mutex // guards the fields below
	runs      int
	rejected  int
	generated []*apiPackage
}

// settle runs the generator on pkgs together and peels off the packages
// its error names, until the rest generate. When an outcome cannot be
// pinned on packages (a panic, a crash, an error line that names none),
// it halves the group, so that the culprit ends up judged alone.
func (f *fuzzBatch) settle(pkgs []*apiPackage) {
	for len(pkgs) > 0 {
		cfg, res, err := f.runIsolated(pkgs)
		if err != nil {
			f.t.Errorf("running the generator on %v: %v", cfg.Patterns, err)
			return
		}
		if len(pkgs) == 1 {
			if judge(f.t, f.mod, cfg, pkgs[0], res) {
				f.accept(cfg, pkgs, res.Outputs)
			} else {
				f.reject(1)
			}
			return
		}
		if res.Crash == "" && res.Panic == "" && res.Err == "" {
			if stray := strayOutputs(f.mod, cfg, res.Outputs, pkgs); len(stray) > 0 {
				f.split(pkgs)
				return
			}
			for _, p := range pkgs {
				reportAccepted(f.t, p)
			}
			f.accept(cfg, pkgs, res.Outputs)
			return
		}
		failed := f.blamed(res, pkgs)
		if failed == nil {
			f.split(pkgs)
			return
		}
		for p, lines := range failed {
			reportUnpositioned(f.t, p, lines)
		}
		f.reject(len(failed))
		pkgs = slices.DeleteFunc(pkgs, func(p *apiPackage) bool { return failed[p] != nil })
	}
}

// split settles both halves of pkgs, concurrently.
func (f *fuzzBatch) split(pkgs []*apiPackage) {
	var wg sync.WaitGroup
	wg.Go(func() { f.settle(slices.Clone(pkgs[:len(pkgs)/2])) })
	f.settle(slices.Clone(pkgs[len(pkgs)/2:]))
	wg.Wait()
}

// blamed maps the packages a failed run's error names to their lines, or
// is nil when the failure cannot be pinned on packages. A line without a
// position goes to the package whose directory it names, or else to the
// package of the line before (the rest of a message that spans lines).
func (f *fuzzBatch) blamed(res runResult, pkgs []*apiPackage) map[*apiPackage][]string {
	if res.Err == "" || res.Outputs != nil {
		return nil
	}
	failed := map[*apiPackage][]string{}
	var last *apiPackage
	for _, line := range strings.Split(res.Err, "\n") {
		if m := positionedLine.FindStringSubmatch(line); m != nil {
			last = f.packageOf(m[1], pkgs)
		} else {
			for _, p := range pkgs {
				if strings.Contains(line, "/"+p.dir+"/") {
					last = p
				}
			}
		}
		if last == nil {
			return nil
		}
		failed[last] = append(failed[last], line)
	}
	return failed
}

// packageOf is the package of pkgs whose directory holds path, or nil.
func (f *fuzzBatch) packageOf(path string, pkgs []*apiPackage) *apiPackage {
	rel, err := filepath.Rel(f.mod, path)
	if err != nil {
		return nil
	}
	dir := strings.Split(filepath.ToSlash(rel), "/")[0]
	for _, p := range pkgs {
		if p.dir == dir {
			return p
		}
	}
	return nil
}

// accept writes the outputs of a successful run, to be vetted.
func (f *fuzzBatch) accept(cfg generators.Config, pkgs []*apiPackage, outs []generators.Output) {
	if err := generators.Write(outs); err != nil {
		f.t.Errorf("writing the outputs of %v: %v", cfg.Patterns, err)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.generated = append(f.generated, pkgs...)
}

func (f *fuzzBatch) reject(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rejected += n
}

// runIsolated runs the generator on pkgs in a child process
// (TestGeneratorFuzzChild), with a CRD directory of its own.
func (f *fuzzBatch) runIsolated(pkgs []*apiPackage) (generators.Config, runResult, error) {
	f.slots <- struct{}{}
	defer func() { <-f.slots }()
	f.mu.Lock()
	f.runs++
	run := f.runs
	f.mu.Unlock()

	cfg := runConfig(f.mod, pkgs, filepath.Join(f.mod, "crds", strconv.Itoa(run)))
	request := filepath.Join(f.t.TempDir(), "request.json")
	b, err := json.Marshal(cfg)
	if err != nil {
		return cfg, runResult{}, err
	}
	if err := os.WriteFile(request, b, 0o644); err != nil {
		return cfg, runResult{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), childTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestGeneratorFuzzChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), fuzzChildEnv+"="+request)
	out, runErr := cmd.CombinedOutput()
	b, err = os.ReadFile(request + ".result")
	if err != nil {
		if ctx.Err() != nil {
			runErr = fmt.Errorf("no result within %s", childTimeout)
		}
		return cfg, runResult{Crash: fmt.Sprintf("%v\n%s", runErr, firstLines(string(out), 40))}, nil
	}
	var res runResult
	err = json.Unmarshal(b, &res)
	return cfg, res, err
}

// firstLines is the start of a long output: a Go crash prints its cause
// first, then the stacks.
func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) <= n {
		return s
	}
	return strings.Join(lines[:n], "\n") + "\n..."
}

// vetCommand is go vet without the structtag analyzer: the generated code
// has no struct tags, and the grammar draws JSON names that an embedded
// struct shadows, legal in Go and JSON, which structtag reports.
var vetCommand = []string{"vet", "-structtag=false"}

// vet runs one go vet over every generated package; when it fails, it
// vets again, one by one, the packages its output names (all of them when
// it names none) to report each with its own diagnostics.
func (f *fuzzBatch) vet() {
	if len(f.generated) == 0 {
		return
	}
	args := slices.Clone(vetCommand)
	for _, p := range f.generated {
		args = append(args, "./"+p.dir)
	}
	f.vetDarwin()
	out, err := goIn(f.mod, args...)
	if err == nil {
		return
	}
	// go vet names a package by its import path (example.com/safe/pNNN,
	// the module of tempModule) and a file by its relative path.
	culprits := slices.DeleteFunc(slices.Clone(f.generated), func(p *apiPackage) bool {
		return !strings.Contains(out, "/"+p.dir+"\n") && !strings.Contains(out, p.dir+"/")
	})
	if len(culprits) == 0 {
		culprits = f.generated
	}
	for _, p := range culprits {
		if out, err := goIn(f.mod, append(slices.Clone(vetCommand), "./"+p.dir)...); err != nil {
			generated, _ := os.ReadFile(filepath.Join(f.mod, p.dir, outputFile))
			saveArtifact(f.t, p, outputFile, string(generated))
			reportPackage(f.t, p, fmt.Sprintf("go vet of the generated code (saved beside the source) failed: %v\n%s", err, out))
		}
	}
}

// vetDarwin vets for darwin/arm64 the generated packages that have a
// file built on linux only or are written for controller-gen: an exit-0
// run's output must build on every platform its input builds on.
func (f *fuzzBatch) vetDarwin() {
	args := slices.Clone(vetCommand)
	var pkgs []*apiPackage
	for _, p := range f.generated {
		if p.platform {
			args = append(args, "./"+p.dir)
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) == 0 {
		return
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = f.mod
	cmd.Env = append(os.Environ(), "GOOS=darwin", "GOARCH=arm64", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	for _, p := range pkgs {
		if strings.Contains(string(out), "/"+p.dir+"\n") || strings.Contains(string(out), p.dir+"/") {
			generated, _ := os.ReadFile(filepath.Join(f.mod, p.dir, outputFile))
			saveArtifact(f.t, p, outputFile, string(generated))
			reportPackage(f.t, p, fmt.Sprintf("GOOS=darwin go vet of the generated code (saved beside the source) failed: %v\n%s", err, out))
		}
	}
}

func goIn(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// reportPackage fails the test with what went wrong, the seed and the full
// source, and saves the source in the test's artifact directory (kept with
// go test -artifacts).
func reportPackage(t *testing.T, p *apiPackage, what string) {
	t.Helper()
	var src strings.Builder
	for _, name := range slices.Sorted(maps.Keys(p.files)) {
		fmt.Fprintf(&src, "--- %s\n%s", name, p.files[name])
		saveArtifact(t, p, name, p.files[name])
	}
	t.Errorf("seed %d (replay: %s=%d %s=1 go test -run TestGeneratorFuzz ./generators; CRD output: %v; saved in %s): %s\n%s",
		p.seed, fuzzSeedEnv, p.seed, fuzzPackagesEnv, p.crd, artifactDir(t, p), what, src.String())
}

// artifactDir is where the files of p are saved.
func artifactDir(t *testing.T, p *apiPackage) string {
	return filepath.Join(t.ArtifactDir(), fmt.Sprintf("seed-%d", p.seed))
}

// saveArtifact saves a file of p, or of its outputs, for the replay; the
// report shows the source anyway, so a failure to save is only logged.
func saveArtifact(t *testing.T, p *apiPackage, name, content string) {
	dir := artifactDir(t, p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Log(err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
		t.Log(err)
	}
}

func envUint(t *testing.T, name string, def uint64) uint64 {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return n
}

// ---------------------------------------------------------------------
// The grammar: Go shapes.

// shapeKind is the form of a Go type expression.
type shapeKind int

const (
	shapeBuiltin  shapeKind = iota // string, int32, bool, ...
	shapeNamed                     // a type declared in the package
	shapePointer                   // *elem
	shapeSlice                     // []elem
	shapeArray                     // [length]elem
	shapeMap                       // map[key]elem
	shapeExternal                  // a type of k8s.io/apimachinery (expr)
	shapeHostile                   // a type JSON cannot carry or the generator cannot read (expr)
)

// goShape is a Go type expression.
type goShape struct {
	kind    shapeKind
	builtin string
	named   *namedType
	typeArg string // the type argument of a generic named type
	elem    *goShape
	key     *goShape
	length  int
	expr    string
	imports []string // import paths expr needs
}

func (s *goShape) String() string {
	switch s.kind {
	case shapeBuiltin:
		return s.builtin
	case shapeNamed:
		if s.typeArg != "" {
			return s.named.name + "[" + s.typeArg + "]"
		}
		return s.named.name
	case shapePointer:
		return "*" + s.elem.String()
	case shapeSlice:
		return "[]" + s.elem.String()
	case shapeArray:
		return "[" + strconv.Itoa(s.length) + "]" + s.elem.String()
	case shapeMap:
		return "map[" + s.key.String() + "]" + s.elem.String()
	}
	return s.expr
}

// resolve follows typedefs, enums and aliases to the shape they stand for.
func (s *goShape) resolve() *goShape {
	for s.kind == shapeNamed && s.named.under != nil {
		s = s.named.under
	}
	return s
}

// deref is the resolved shape without one pointer: the contract's
// "pointer ok".
func (s *goShape) deref() *goShape {
	r := s.resolve()
	if r.kind == shapePointer {
		return r.elem.resolve()
	}
	return r
}

// valueClass is what the contract's "Go kinds" column calls a shape, after
// an optional pointer: string, int, bool, float, slice, map, struct (a
// package struct), or other.
func (s *goShape) valueClass() string {
	d := s.deref()
	switch d.kind {
	case shapeBuiltin:
		switch {
		case d.builtin == "string":
			return "string"
		case d.builtin == "bool":
			return "bool"
		case strings.HasPrefix(d.builtin, "float"):
			return "float"
		case integerBits[d.builtin] > 0:
			return "int"
		}
	case shapeSlice:
		return "slice"
	case shapeMap:
		return "map"
	case shapeNamed:
		if d.named.decl == declStruct {
			return "struct"
		}
	}
	return "other"
}

// isNonPointerStruct is true for a struct held by value, on which the
// contract forbids presence tags.
func (s *goShape) isNonPointerStruct() bool {
	r := s.resolve()
	if r.kind == shapeExternal {
		return !strings.HasPrefix(r.expr, "*") && !strings.HasPrefix(r.expr, "[]") && !strings.HasPrefix(r.expr, "map[")
	}
	return r.kind == shapeNamed && r.named.decl == declStruct
}

// integerBits are the integer builtins the grammar uses, with their sizes.
var integerBits = map[string]int{"int": 64, "int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64, "uint": 64}

// integerRange is the range of an integer builtin, capped to int64.
func integerRange(builtin string) (lo, hi int64) {
	bits := integerBits[builtin]
	if strings.HasPrefix(builtin, "uint") {
		if bits == 64 {
			return 0, 1<<63 - 1
		}
		return 0, 1<<bits - 1
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

// declKind is the form of a type declaration.
type declKind int

const (
	declStruct  declKind = iota
	declTypedef          // type X <builtin, slice, map, pointer or typedef>
	declEnum             // type X string, with constants
	declAlias            // type X = ...
	declGeneric          // type X[T any] struct{...}
)

// namedType is a type declared in the package.
type namedType struct {
	name   string
	index  int // order of declaration; structs contain by value only lower ones
	decl   declKind
	under  *goShape // typedef, enum, alias
	fields []*structField
	// enumValues are the constants of an enum.
	enumValues []string
	tags       []string
	constTags  []string // tags written on the enum's constants
	// isKind: embeds metav1.TypeMeta and metav1.ObjectMeta.
	isKind bool
	// optedOut: the type has +k8s:validation-gen=false.
	optedOut bool
}

// structField is one field of a package struct.
type structField struct {
	name     string
	json     string // the JSON name; "" for an inline embedded struct
	jsonTag  string // the whole struct tag, "" for none
	embedded bool
	typ      *goShape
	tags     []string
	// mustFail says why the field must make the run fail, "" when it
	// need not (a contradiction, a default of another type, json ,string).
	mustFail string
}

// apiPackage is one generated package and how it was made.
type apiPackage struct {
	seed  uint64
	dir   string            // directory in the temporary module
	files map[string]string // doc.go, types.go
	crd   bool              // run with a CRD directory
	// apimachinery: the package uses types of k8s.io/apimachinery, which
	// make a run of the generator load for seconds rather than a moment.
	apimachinery bool
	// offRate is how often the builder left the contract; 0: never.
	offRate float64
	// mustFail are tags the contract rejects wherever they are written.
	mustFail []string
	// platform: the package has a file built on some platforms only, or
	// is written for controller-gen: its output is vetted for darwin too.
	platform bool
}

// apiBuilder draws one package from the grammar.
type apiBuilder struct {
	rng *rand.Rand
	// offRate is how often a choice leaves the contract: a wrong type,
	// a bad payload, an unknown tag, a hostile shape. Zero for a third of
	// the packages, so that many are valid.
	offRate float64
	pkgName string
	types   []*namedType
	imports map[string]bool
	// malformed are the malformed tags drawn (malformedTag).
	malformed map[string]bool
	// taggedDecls are declarations that carry a tag though none applies.
	taggedDecls []string
	// docMalformed are the off-contract tags of doc.go.
	docMalformed []string
	// taken are the package-level names declared so far.
	taken map[string]bool
	// hostileDecls are package-level declarations whose names the
	// generated code also uses.
	hostileDecls []string
	docTags      []string
	// apimachinery: the package may use types of k8s.io/apimachinery
	// (kinds, metav1.Time, resource.Quantity, ...).
	apimachinery bool
	group        string // for CRD output
	optedOut     bool   // doc.go has +k8s:validation-gen=false
	registry     string
	crd          bool
}

// buildAPIPackage draws the package of one seed.
func buildAPIPackage(seed uint64) *apiPackage {
	b := &apiBuilder{
		rng:       rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		imports:   map[string]bool{},
		malformed: map[string]bool{},
		taken:     map[string]bool{},
		group:     fmt.Sprintf("s%d.fuzz.example.com", seed),
	}
	if b.chance(0.08) {
		return buildControllerGenPackage(seed, b.rng)
	}
	if b.rng.IntN(3) > 0 {
		b.offRate = 0.01 + b.rng.Float64()*0.12
	}
	b.apimachinery = b.chance(0.4)
	b.pkgName = b.pick("v1", "v1beta1", "api", "field", "operation", "context", "runtime", "errs")
	b.planTypes()
	for _, nt := range b.types {
		b.fillType(nt)
	}
	for _, nt := range b.types {
		b.tagType(nt)
	}
	b.addHostileDecls()
	b.packageTags()
	files := map[string]string{"doc.go": b.renderDoc(), "types.go": b.renderTypes()}
	platform := false
	if b.chance(0.12) {
		name, src := b.platformFile()
		files[name], platform = src, true
	}
	return &apiPackage{
		seed:         seed,
		files:        files,
		crd:          b.crd,
		apimachinery: b.apimachinery,
		offRate:      b.offRate,
		mustFail:     b.mustFailTags(),
		platform:     platform,
	}
}

// platformFile is a file built on linux only (by its name or a //go:build
// line) declaring a tagged struct and, for an enum of the package, a
// value: generated code that named either would not build on darwin.
func (b *apiBuilder) platformFile() (string, string) {
	name, header := "platform_linux.go", ""
	if b.chance(0.5) {
		name, header = "platform.go", "//go:build linux || fuzzonly\n\n"
	}
	src := header + "package " + b.pkgName + "\n\n// PlatformSpec is declared on linux only.\ntype PlatformSpec struct {\n\t// +k8s:minimum=1\n\tN int32 `json:\"n\"`\n}\n"
	for _, nt := range b.types {
		if len(nt.enumValues) > 0 && nt.decl == declEnum && !nt.optedOut {
			src += "\nconst PlatformOnlyValue " + nt.name + " = \"platform-only\"\n"
			break
		}
	}
	return name, gofmt(src)
}

// buildControllerGenPackage draws a package written for controller-gen
// (+groupName, no +k8s:validation-gen): a kind whose fields carry
// controller-gen's markers, some contradicting each other, defaults of
// the field's type or another, json:",string" on a number, and, half the
// time, no DeepCopyObject yet. The run ends in a positioned error or in
// output that vets on linux and darwin (a kind without deep copies is a
// warning, and left out of RegisterValidations, not code that does not
// build).
func buildControllerGenPackage(seed uint64, rng *rand.Rand) *apiPackage {
	b := &apiBuilder{rng: rng}
	var fields strings.Builder
	for i := range 1 + rng.IntN(5) {
		typ := b.pick("int32", "int64", "string", "bool", "[]string", "*int32")
		var markers []string
		for range rng.IntN(4) {
			markers = append(markers, b.pick(
				"+kubebuilder:validation:Minimum=1", "+kubebuilder:validation:Maximum=0", "+kubebuilder:validation:Minimum=2",
				"+kubebuilder:validation:MinLength=5", "+kubebuilder:validation:MaxLength=3", "+kubebuilder:validation:MaxItems=2",
				"+kubebuilder:validation:MinItems=3", "+kubebuilder:validation:Enum=a;b", `+kubebuilder:validation:Pattern="^[a-z]+$"`,
				"+kubebuilder:default=1", `+kubebuilder:default="abc"`, "+kubebuilder:default=true", "+kubebuilder:default={}",
				"+optional", "+required", "+k8s:required", "+k8s:minimum=1", "+k8s:maxLength=4", "+k8s:immutable",
				`+kubebuilder:validation:XValidation:rule="self == oldSelf",message="immutable"`,
				"+kubebuilder:validation:Minimum=010", "+K8s:required", "\uff0bkubebuilder:validation:MaxLength=3",
			))
		}
		for _, m := range markers {
			fields.WriteString("\t// " + m + "\n")
		}
		opts := b.pick("", ",omitempty", ",omitempty", ",string", ",omitzero")
		fmt.Fprintf(&fields, "\tF%d %s `json:\"f%d%s\"`\n", i, typ, i, opts)
	}
	types := "// +groupName=cg" + strconv.FormatUint(seed, 10) + ".fuzz.example.com\npackage v1\n\n" +
		"import (\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\t\"k8s.io/apimachinery/pkg/runtime\"\n)\n\n" +
		"// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\ntype Gizmo struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec GizmoSpec `json:\"spec\"`\n}\n\n" +
		"type GizmoSpec struct {\n" + fields.String() + "}\n"
	if b.chance(0.5) {
		types += "\nfunc (in *Gizmo) DeepCopyObject() runtime.Object { out := *in; return &out }\n"
	} else {
		types += "\nvar _ runtime.Object = nil\n"
	}
	return &apiPackage{seed: seed, files: map[string]string{"types.go": gofmt(types)}, crd: b.chance(0.5), apimachinery: true, platform: true}
}

func (b *apiBuilder) off() bool { return b.rng.Float64() < b.offRate }

func (b *apiBuilder) chance(p float64) bool { return b.rng.Float64() < p }

func (b *apiBuilder) pick(options ...string) string { return options[b.rng.IntN(len(options))] }

// hostileNames are names the generated code uses for its imports,
// parameters and locals; a package may declare any of them.
var hostileNames = []string{"field", "operation", "context", "runtime", "errs", "obj", "oldObj", "ctx", "op", "fldPath", "v1", "ov2", "fp3", "p", "vgruntime", "equality", "fmt", "celrules", "freshRoot", "listKey1", "scheme", "utf8", "strings", "sort"}

// planTypes names the package's types and their kind of declaration, so
// that fields can refer to any of them, also to later ones (recursion).
func (b *apiBuilder) planTypes() {
	n := 3 + b.rng.IntN(6)
	words := []string{"Widget", "Node", "Item", "Port", "Code", "Rule", "Entry", "Policy", "Target", "Phase", "Route", "Limit"}
	for i := range n {
		nt := &namedType{index: i}
		switch r := b.rng.IntN(100); {
		case r < 55:
			nt.decl = declStruct
		case r < 75:
			nt.decl = declTypedef
		case r < 87:
			nt.decl = declEnum
		case r < 93 && b.offRate > 0:
			nt.decl = declAlias
		case b.offRate > 0:
			nt.decl = declGeneric
		default:
			nt.decl = declStruct
		}
		nt.name = words[b.rng.IntN(len(words))] + strconv.Itoa(i)
		if nt.decl == declStruct && b.chance(0.3) {
			nt.name += "Spec"
		}
		if nt.decl != declGeneric && b.chance(0.08) {
			nt.name = b.freeHostileName()
		}
		b.taken[nt.name] = true
		b.types = append(b.types, nt)
	}
	// The first struct may be a kind (TypeMeta and ObjectMeta), which
	// selection by TypeMeta, CRDs and scheme registries need.
	for _, nt := range b.types {
		if nt.decl == declStruct {
			nt.isKind = b.apimachinery && b.chance(0.7)
			break
		}
	}
}

// freeHostileName is a hostile name the package has not declared yet, or
// an ordinary one when all are taken.
func (b *apiBuilder) freeHostileName() string {
	for range 5 {
		if n := b.pick(hostileNames...); !b.taken[n] {
			return n
		}
	}
	return "Fallback" + strconv.Itoa(len(b.taken))
}

// fillType gives a planned type its shape: fields, underlying type or
// constants.
func (b *apiBuilder) fillType(nt *namedType) {
	switch nt.decl {
	case declStruct:
		b.fillStruct(nt)
	case declTypedef:
		nt.under = b.typedefShape(nt)
	case declEnum:
		nt.under = &goShape{kind: shapeBuiltin, builtin: "string"}
		// An enum without constants has no valid value: off the contract.
		n := 1 + b.rng.IntN(3)
		if b.off() {
			n = 0
		}
		for range n {
			v := b.pick("Alpha", "Beta", "Gamma", "On", "Off", "")
			if !slices.Contains(nt.enumValues, v) {
				nt.enumValues = append(nt.enumValues, v)
			}
		}
	case declAlias:
		nt.under = b.aliasShape(nt)
	case declGeneric:
		nt.fields = []*structField{
			{name: "Value", json: "value", jsonTag: `json:"value"`, typ: &goShape{kind: shapeHostile, expr: "T"}},
			{name: "Count", json: "count", jsonTag: `json:"count,omitempty"`, typ: &goShape{kind: shapeBuiltin, builtin: "int32"}},
		}
	}
}

// fillStruct draws the fields of a struct; a kind starts with TypeMeta and
// ObjectMeta.
func (b *apiBuilder) fillStruct(nt *namedType) {
	usedJSON := map[string]bool{}
	usedName := map[string]bool{}
	add := func(f *structField) {
		usedName[f.name] = true
		if f.json != "" {
			usedJSON[f.json] = true
		}
		nt.fields = append(nt.fields, f)
	}
	if nt.isKind {
		b.imports["k8s.io/apimachinery/pkg/apis/meta/v1"] = true
		add(&structField{name: "TypeMeta", embedded: true, jsonTag: `json:",inline"`, typ: external("metav1.TypeMeta")})
		add(&structField{name: "ObjectMeta", embedded: true, json: "metadata", jsonTag: `json:"metadata,omitempty"`, typ: external("metav1.ObjectMeta")})
	}
	words := []string{"Name", "Count", "Replicas", "Mode", "Items", "Labels", "Next", "Children", "When", "Conditions", "Ports", "Size", "Type", "Value", "Data", "Enabled", "Ratio", "Ref", "Members", "Spec", "Status"}
	for range b.rng.IntN(7) {
		if f := b.embeddedField(nt, usedName); f != nil {
			add(f)
			continue
		}
		name := words[b.rng.IntN(len(words))]
		for usedName[name] {
			name += "X"
		}
		json := strings.ToLower(name[:1]) + name[1:]
		for usedJSON[json] {
			json += "x"
		}
		f := &structField{name: name, json: json, typ: b.fieldShape(nt, 0)}
		f.jsonTag = b.jsonTag(f)
		if b.off() && b.chance(0.3) {
			// Unexported: JSON ignores it (and go vet rejects a json tag).
			f.name, f.json, f.jsonTag = "hidden"+f.name, "", ""
		}
		add(f)
	}
}

// jsonTag draws the struct tag of a field: with or without omitempty, and
// off the contract none or "-".
func (b *apiBuilder) jsonTag(f *structField) string {
	if b.off() {
		if b.chance(0.5) {
			f.json = ""
			return ""
		}
		f.json = "-"
		return `json:"-"`
	}
	if b.chance(0.5) {
		return `json:"` + f.json + `,omitempty"`
	}
	return `json:"` + f.json + `"`
}

// embeddedField sometimes embeds an earlier struct (by value, inline) or
// any struct by pointer; nil when it does not.
func (b *apiBuilder) embeddedField(owner *namedType, usedName map[string]bool) *structField {
	if !b.chance(0.12) {
		return nil
	}
	var candidates []*namedType
	for _, nt := range b.types {
		if nt.decl == declStruct && nt != owner && !usedName[nt.name] && !isLower(nt.name) {
			candidates = append(candidates, nt)
		}
	}
	if len(candidates) == 0 {
		return nil
	}
	target := candidates[b.rng.IntN(len(candidates))]
	typ := &goShape{kind: shapeNamed, named: target}
	if target.index >= owner.index || b.chance(0.3) {
		typ = &goShape{kind: shapePointer, elem: typ}
	}
	return &structField{name: target.name, embedded: true, jsonTag: `json:",inline"`, typ: typ}
}

func isLower(s string) bool { return s != "" && strings.ToLower(s[:1]) == s[:1] }

func external(expr string) *goShape {
	s := &goShape{kind: shapeExternal, expr: expr}
	switch {
	case strings.Contains(expr, "metav1."):
		s.imports = []string{"k8s.io/apimachinery/pkg/apis/meta/v1"}
	case strings.Contains(expr, "resource."):
		s.imports = []string{"k8s.io/apimachinery/pkg/api/resource"}
	case strings.Contains(expr, "intstr."):
		s.imports = []string{"k8s.io/apimachinery/pkg/util/intstr"}
	}
	return s
}

// builtinShape draws a builtin type; off the contract also ones JSON or
// the generator may not take.
func (b *apiBuilder) builtinShape() *goShape {
	name := b.pick("string", "string", "string", "int32", "int64", "int", "bool", "float64", "uint8", "int8", "int16", "uint32")
	if b.off() {
		name = b.pick("uint64", "uint", "complex128", "uintptr", "error", "float32", "byte", "rune")
	}
	return &goShape{kind: shapeBuiltin, builtin: name}
}

// namedRef refers to a random type of the package. A struct field (owner
// set) holds a struct by value only when it is declared earlier than the
// owner, which keeps every struct finite; below a slice, map or pointer
// (owner nil) any struct may be held by value.
func (b *apiBuilder) namedRef(owner *namedType) *goShape {
	nt := b.types[b.rng.IntN(len(b.types))]
	switch nt.decl {
	case declGeneric:
		return &goShape{kind: shapeNamed, named: nt, typeArg: b.pick("int32", "string", "*int64")}
	case declStruct:
		s := &goShape{kind: shapeNamed, named: nt}
		if (owner != nil && nt.index >= owner.index) || b.chance(0.3) {
			return &goShape{kind: shapePointer, elem: s}
		}
		return s
	}
	// Typedefs, enums and aliases never hold a struct by value (see
	// typedefShape and aliasShape), so any of them is finite anywhere.
	return &goShape{kind: shapeNamed, named: nt}
}

// fieldShape draws the type of a struct field.
func (b *apiBuilder) fieldShape(owner *namedType, depth int) *goShape {
	if b.off() && b.chance(0.5) {
		return b.hostileShape()
	}
	r := b.rng.IntN(100)
	if depth > 1 {
		r = r % 55 // only builtins and named types deeper down
	}
	switch {
	case r < 30:
		return b.builtinShape()
	case r < 55:
		return b.namedRef(owner)
	case r < 65:
		return &goShape{kind: shapePointer, elem: b.nonPointerShape()}
	case r < 77:
		return &goShape{kind: shapeSlice, elem: b.fieldShape(nil, depth+1)}
	case r < 86:
		return &goShape{kind: shapeMap, key: b.mapKeyShape(), elem: b.fieldShape(nil, depth+1)}
	case r < 89:
		return &goShape{kind: shapeArray, length: 1 + b.rng.IntN(3), elem: b.builtinShape()}
	case r < 91:
		return &goShape{kind: shapePointer, elem: &goShape{kind: shapeSlice, elem: b.builtinShape()}}
	}
	if !b.apimachinery {
		return b.builtinShape()
	}
	return external(b.pick("metav1.Time", "*metav1.Time", "[]metav1.Condition", "metav1.ObjectMeta", "resource.Quantity", "*resource.Quantity", "metav1.Duration", "intstr.IntOrString", "map[string]metav1.Time"))
}

// nonPointerShape is a pointer's target: a builtin or a named type.
func (b *apiBuilder) nonPointerShape() *goShape {
	if b.chance(0.5) {
		return b.builtinShape()
	}
	s := b.namedRef(nil)
	if s.kind == shapePointer {
		return s.elem
	}
	return s
}

// mapKeyShape draws a map key: strings and integers, named string types,
// and off the contract bools and floats.
func (b *apiBuilder) mapKeyShape() *goShape {
	if b.chance(0.25) {
		for _, nt := range b.types {
			if nt.decl == declEnum {
				return &goShape{kind: shapeNamed, named: nt}
			}
		}
	}
	if b.off() {
		return &goShape{kind: shapeBuiltin, builtin: b.pick("bool", "float64", "uint8")}
	}
	return &goShape{kind: shapeBuiltin, builtin: b.pick("string", "string", "int32", "int", "int64")}
}

// hostileShape is a field type JSON cannot carry or the generator is not
// expected to read.
func (b *apiBuilder) hostileShape() *goShape {
	expr := b.pick("func() error", "chan int", "interface{}", "any", "interface{ M() }",
		"struct {\n// +k8s:minimum=1\nN int32 `json:\"n\"`\n}", "struct {\nN int32 `json:\"n\"`\n}",
		"[]struct {\nName string `json:\"name\"`\n}", "*struct{}", "map[[2]int]string", "[]func()")
	return &goShape{kind: shapeHostile, expr: expr}
}

// typedefShape is what a typedef stands for: a builtin, a slice or map of
// anything (a slice or map breaks recursion), a pointer, or an earlier
// typedef.
func (b *apiBuilder) typedefShape(nt *namedType) *goShape {
	switch r := b.rng.IntN(100); {
	case r < 45:
		return b.builtinShape()
	case r < 70:
		return &goShape{kind: shapeSlice, elem: b.fieldShape(nil, 1)}
	case r < 85:
		return &goShape{kind: shapeMap, key: b.mapKeyShape(), elem: b.fieldShape(nil, 1)}
	case r < 92:
		for _, earlier := range b.types[:nt.index] {
			if earlier.decl == declTypedef && earlier.under != nil && earlier.under.kind == shapeBuiltin {
				return &goShape{kind: shapeNamed, named: earlier}
			}
		}
	}
	return &goShape{kind: shapePointer, elem: b.builtinShape()}
}

// aliasShape is the right-hand side of a type alias: never the alias
// itself, so that it is a valid Go declaration.
func (b *apiBuilder) aliasShape(nt *namedType) *goShape {
	if b.chance(0.5) {
		return b.builtinShape()
	}
	for _, other := range b.types {
		if other.decl == declStruct {
			return &goShape{kind: shapePointer, elem: &goShape{kind: shapeNamed, named: other}}
		}
	}
	return &goShape{kind: shapeSlice, elem: &goShape{kind: shapeBuiltin, builtin: "string"}}
}

// ---------------------------------------------------------------------
// The grammar: tags.

// tagScope is where a tag is written, as the contract names it.
type tagScope int

const (
	scopeType tagScope = iota
	scopeField
	scopeListVal
	scopeMapKey
	scopeMapVal
)

// maxChainDepth bounds the grammar's own chains (eachVal=+eachVal=+...)
// well below the generator's limit of 16.
const maxChainDepth = 3

// tagFamily is one family of tags of the contract.
type tagFamily struct {
	name string
	// fits reports whether the contract allows the family on a value of
	// shape s at scope sc.
	fits func(s *goShape, sc tagScope) bool
	// make writes one tag of the family for s at sc (nested chains at
	// depth); it may be a wrong one when the builder goes off contract.
	make func(b *apiBuilder, s *goShape, sc tagScope, depth int) string
}

// tagFamilies are the families a value (type, field, element, key) can
// carry. Structure-wide tags (listType, unions, enum) are drawn apart. A
// function rather than a variable: the families' chains call valueTag,
// which reads the list (an initialization cycle for a variable).
func tagFamilies() []tagFamily {
	return []tagFamily{
		{"presence", func(s *goShape, sc tagScope) bool { return sc == scopeField && !s.isNonPointerStruct() }, (*apiBuilder).presenceTag},
		{"minimum", func(s *goShape, sc tagScope) bool { return s.valueClass() == "int" }, (*apiBuilder).minimumTag},
		{"maxLength", func(s *goShape, sc tagScope) bool { return s.valueClass() == "string" }, (*apiBuilder).maxLengthTag},
		{"format", func(s *goShape, sc tagScope) bool { return s.valueClass() == "string" }, (*apiBuilder).formatTag},
		{"neq", func(s *goShape, sc tagScope) bool {
			c := s.valueClass()
			return c == "string" || c == "int" || c == "bool"
		}, (*apiBuilder).neqTag},
		{"maxItems", func(s *goShape, sc tagScope) bool { return s.resolve().kind == shapeSlice && sc != scopeMapKey }, (*apiBuilder).maxItemsTag},
		{"maxBytes", func(s *goShape, sc tagScope) bool { return s.valueClass() == "string" }, func(b *apiBuilder, _ *goShape, _ tagScope, _ int) string {
			return "+k8s:maxBytes=" + strconv.Itoa(b.rng.IntN(300))
		}},
		{"immutable", func(s *goShape, sc tagScope) bool { return sc != scopeMapKey }, func(*apiBuilder, *goShape, tagScope, int) string { return "+k8s:immutable" }},
		{"monotonic", func(s *goShape, sc tagScope) bool {
			return s.valueClass() == "int" && (sc == scopeType || sc == scopeField)
		}, func(*apiBuilder, *goShape, tagScope, int) string { return "+k8s:monotonic" }},
		{"update", func(s *goShape, sc tagScope) bool { return sc == scopeField }, (*apiBuilder).updateTag},
		{"eachVal", func(s *goShape, sc tagScope) bool {
			k := s.resolve().kind
			return (k == shapeSlice || k == shapeMap) && sc != scopeMapKey
		}, (*apiBuilder).eachValTag},
		{"eachKey", func(s *goShape, sc tagScope) bool { return s.resolve().kind == shapeMap && sc != scopeMapKey }, (*apiBuilder).eachKeyTag},
		{"subfield", func(s *goShape, sc tagScope) bool {
			return s.valueClass() == "struct" && len(subfieldTargets(s.deref())) > 0 && sc != scopeMapKey
		}, (*apiBuilder).subfieldTag},
		{"opaqueType", func(s *goShape, sc tagScope) bool { return sc != scopeType }, func(*apiBuilder, *goShape, tagScope, int) string { return "+k8s:opaqueType" }},
		{"ifOption", func(s *goShape, sc tagScope) bool { return true }, (*apiBuilder).ifOptionTag},
		{"rule", func(s *goShape, sc tagScope) bool {
			// A rule on a type needs a struct; a field may be of any kind.
			return (sc == scopeType && s.valueClass() == "struct") || (sc == scopeField && s.deref().kind != shapeHostile)
		}, (*apiBuilder).ruleTag},
	}
}

// valueTags draws the tags of a value of shape s at scope sc: zero to
// three of the families that fit, or off the contract any family or a
// malformed tag.
func (b *apiBuilder) valueTags(s *goShape, sc tagScope) []string {
	var tags []string
	for range b.rng.IntN(4) {
		tag := b.valueTag(s, sc, 0)
		// One tag of a family per place, unless off the contract.
		if tag != "" && (b.off() || !slices.ContainsFunc(tags, func(t string) bool { return familyOf(t) == familyOf(tag) })) {
			tags = append(tags, tag)
		}
	}
	return tags
}

// valueTag draws one tag for a value of shape s at scope sc.
func (b *apiBuilder) valueTag(s *goShape, sc tagScope, depth int) string {
	if b.off() {
		if b.chance(0.4) {
			return b.malformedTag()
		}
		families := tagFamilies()
		f := families[b.rng.IntN(len(families))]
		return f.make(b, s, sc, depth)
	}
	if !taggable(s, sc) {
		return ""
	}
	var fitting []tagFamily
	for _, f := range tagFamilies() {
		// Rules are drawn only where they are written directly.
		if f.fits(s, sc) && (depth < maxChainDepth || !chains(f.name)) && (depth == 0 || f.name != "rule") {
			fitting = append(fitting, f)
		}
	}
	if len(fitting) == 0 {
		return "" // only at a type, where opaqueType is not allowed
	}
	f := fitting[b.rng.IntN(len(fitting))]
	return f.make(b, s, sc, depth)
}

// taggable is false for the values the contract gives no tag at all: a
// fixed-size array (JSON has none), a named pointer type, and the shapes
// the generator cannot read.
func taggable(s *goShape, sc tagScope) bool {
	r := s.resolve()
	switch {
	case r.kind == shapeArray || r.kind == shapeHostile:
		return false
	case sc == scopeType && r.kind == shapePointer:
		return false
	}
	return true
}

// tagName is the name of a tag, without its arguments and payload.
func tagName(tag string) string {
	if i := strings.IndexAny(tag, "(="); i >= 0 {
		return tag[:i]
	}
	return tag
}

// familyOf is the name of a tag, but one name for the presence tags, of
// which a place has at most one.
func familyOf(tag string) string {
	switch n := tagName(tag); n {
	case "+k8s:required", "+k8s:optional", "+k8s:forbidden":
		return "presence"
	default:
		return n
	}
}

func chains(family string) bool {
	return family == "eachVal" || family == "eachKey" || family == "subfield" || family == "ifOption"
}

// malformedTag is a tag the contract rejects wherever it is written:
// unknown or misspelt names, tags of the Kubernetes generator that
// validation-gen does not read, bad payloads and arguments, chains that
// are too deep. The package must then fail to generate.
func (b *apiBuilder) malformedTag() string {
	tag := b.pick(
		"+k8s:maxLenght=3",
		"+k8s:requird",
		"+k8s:ifOptionEnabled(Opt)=+k8s:required",
		"+k8s:maximum=abc",
		"+k8s:unique=bag",
		"+k8s:update=NoChange",
		"+kubebuilder:validaton:Minimum=1",
		"+kubebuilder:validation:Minimum=1",
		"+k8s:minimum",
		"+k8s:minimum=abc",
		"+k8s:maxLength=-1",
		"+k8s:maxItems=-3",
		"+k8s:format=k8s-bogus",
		"+k8s:format",
		"+k8s:eachVal",
		"+k8s:eachVal=+k8s:nosuch",
		"+k8s:eachVal=+",
		"+k8s:subfield=+k8s:required",
		`+k8s:ifEnabled("a", "b")=+k8s:required`,
		`+k8s:ifEnabled("a", opt: "b")=+k8s:required`,
		"+k8s:ifEnabled=+k8s:required",
		`+k8s:unionMember("u", union: "v")`,
		"+k8s:listType=bag",
		`+k8s:neq`,
		strings.Repeat(`+k8s:ifEnabled("Deep")=`, 17)+"+k8s:optional",
		// Numbers as Kubernetes' generator reads no number: a leading
		// zero (Go's octal), a sign, hex, an exponent, an underscore.
		"+k8s:minimum=010", "+k8s:maximum=+5", "+k8s:maxLength=0x10", "+k8s:maxItems=1e3", "+k8s:minimum=1_000", "+k8s:minimum=-0",
		// Near misses of the prefix, which no generator reads.
		"+K8s:required", "++k8s:optional", "+ k8s:required", "\uff0bk8s:required", "\u00a0+k8s:optional",
	)
	b.malformed[tag] = true
	return tag
}

// presenceTag: required, optional or forbidden.
func (b *apiBuilder) presenceTag(s *goShape, sc tagScope, depth int) string {
	return "+k8s:" + b.pick("required", "optional", "optional", "forbidden")
}

// minimumTag: an integer that fits the type, or off the contract one that
// does not or no integer at all.
func (b *apiBuilder) minimumTag(s *goShape, sc tagScope, depth int) string {
	lo, hi := int64(-1000), int64(1000)
	if d := s.deref(); d.kind == shapeBuiltin && integerBits[d.builtin] > 0 {
		lo, hi = integerRange(d.builtin)
	}
	if b.off() {
		return "+k8s:minimum=" + b.pick("1.5", `"3"`, "true", strconv.FormatInt(hi, 10)+"0", "-"+strconv.FormatUint(uint64(-lo)+1, 10), "99999999999999999999")
	}
	lo, hi = max(lo, -1000), min(hi, 1000)
	return "+k8s:minimum=" + strconv.FormatInt(lo+b.rng.Int64N(hi-lo+1), 10)
}

func (b *apiBuilder) maxLengthTag(s *goShape, sc tagScope, depth int) string {
	return "+k8s:maxLength=" + strconv.Itoa(b.rng.IntN(300))
}

// updateTag: a constraint that fits the value, or off the contract any.
func (b *apiBuilder) updateTag(s *goShape, sc tagScope, depth int) string {
	if b.off() {
		return "+k8s:update=" + b.pick("NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem")
	}
	r := s.resolve()
	switch {
	case r.kind == shapeMap:
		return "+k8s:update=" + b.pick("NoSet", "NoUnset", "NoAddItem", "NoRemoveItem")
	case r.kind == shapeSlice:
		return "+k8s:update=" + b.pick("NoSet", "NoUnset")
	case s.isNonPointerStruct():
		return "+k8s:update=NoModify"
	}
	return "+k8s:update=" + b.pick("NoSet", "NoUnset", "NoModify")
}

func (b *apiBuilder) maxItemsTag(s *goShape, sc tagScope, depth int) string {
	return "+k8s:maxItems=" + strconv.Itoa(b.rng.IntN(20))
}

func (b *apiBuilder) formatTag(s *goShape, sc tagScope, depth int) string {
	return "+k8s:format=" + b.pick("k8s-ip", "k8s-short-name", "k8s-long-name", "k8s-extended-resource-name", "k8s-label-key",
		"k8s-label-value", "k8s-long-name-caseless", "k8s-path-segment-name", "k8s-prefixed-label-key",
		"k8s-resource-fully-qualified-name", "k8s-resource-pool-name", "k8s-uuid")
}

// neqTag: a value of the field's kind, or off the contract of another.
func (b *apiBuilder) neqTag(s *goShape, sc tagScope, depth int) string {
	class := s.valueClass()
	if b.off() {
		class = b.pick("string", "int", "bool", "float")
	}
	switch class {
	case "int":
		lo, hi := int64(-5), int64(5)
		if d := s.deref(); d.kind == shapeBuiltin && strings.HasPrefix(d.builtin, "uint") {
			lo = 0
		}
		return "+k8s:neq=" + strconv.FormatInt(lo+b.rng.Int64N(hi-lo+1), 10)
	case "bool":
		return "+k8s:neq=" + b.pick("true", "false")
	case "float":
		return "+k8s:neq=1.5"
	}
	if e := enumOf(s); e != nil && len(e.enumValues) > 0 {
		return `+k8s:neq="` + e.enumValues[0] + `"`
	}
	return "+k8s:neq=" + b.pick(`"default"`, "`x`", `""`, `"a\"b"`, "bare")
}

// chain is a chaining tag with its payload, or "" when there is no
// payload to chain (a value no tag fits).
func chain(prefix, inner string) string {
	if inner == "" {
		return ""
	}
	return prefix + inner
}

// enumOf is the enum s (or the pointer s) refers to, or nil.
func enumOf(s *goShape) *namedType {
	if s.kind == shapePointer {
		s = s.elem
	}
	if s.kind == shapeNamed && s.named.decl == declEnum {
		return s.named
	}
	return nil
}

// eachValTag applies a tag to every element or map value.
func (b *apiBuilder) eachValTag(s *goShape, sc tagScope, depth int) string {
	r := s.resolve()
	if r.elem == nil || (r.kind != shapeSlice && r.kind != shapeMap) {
		return "+k8s:eachVal=+k8s:minimum=0"
	}
	inner := scopeListVal
	if r.kind == shapeMap {
		inner = scopeMapVal
	}
	return chain("+k8s:eachVal=", b.valueTag(r.elem, inner, depth+1))
}

// eachKeyTag applies a tag to every map key.
func (b *apiBuilder) eachKeyTag(s *goShape, sc tagScope, depth int) string {
	r := s.resolve()
	if r.kind != shapeMap {
		return "+k8s:eachKey=+k8s:maxLength=3"
	}
	return chain("+k8s:eachKey=", b.valueTag(r.key, scopeMapKey, depth+1))
}

// subfieldTag applies a tag to one field of a struct by its JSON name.
func (b *apiBuilder) subfieldTag(s *goShape, sc tagScope, depth int) string {
	d := s.deref()
	if d.kind != shapeNamed || d.named.decl != declStruct || len(d.named.fields) == 0 {
		return `+k8s:subfield("nosuch")=+k8s:required`
	}
	targets := subfieldTargets(d)
	if len(targets) == 0 || b.off() {
		return `+k8s:subfield("` + b.pick("nosuch", d.named.fields[0].name, "") + `")=+k8s:opaqueType`
	}
	f := targets[b.rng.IntN(len(targets))]
	name := f.json
	return chain(`+k8s:subfield("`+name+`")=`, b.valueTag(f.typ, scopeListVal, depth+1))
}

// subfieldTargets are the fields of the struct d that subfield can name:
// those with a JSON name of their own.
func subfieldTargets(d *goShape) []*structField {
	var targets []*structField
	for _, f := range d.named.fields {
		if f.json != "" && f.json != "-" && !f.embedded {
			targets = append(targets, f)
		}
	}
	return targets
}

// ifOptionTag applies a tag under an option; off the contract the tag is
// misspelt or has no option.
func (b *apiBuilder) ifOptionTag(s *goShape, sc tagScope, depth int) string {
	cond := b.pick("ifEnabled", "ifDisabled")
	option := b.pick(`"FeatureA"`, `"FeatureB"`, "FeatureC", "`Opt`")
	return chain("+k8s:"+cond+"("+option+")=", b.valueTag(s, sc, depth+1))
}

// ruleTag writes a CEL rule for the value's kind; off the contract one
// that does not compile.
func (b *apiBuilder) ruleTag(s *goShape, sc tagScope, depth int) string {
	var rule string
	switch s.valueClass() {
	case "string":
		rule = b.pick("self.startsWith('a')", "size(self) <= 64", "self == oldSelf")
	case "int":
		rule = "self == oldSelf"
		if signedInt(s) {
			rule = b.pick("self >= 0", "self % 2 == 0", "self == oldSelf")
		}
	case "bool":
		rule = b.pick("self || !self", "self == oldSelf")
	case "struct":
		rule = "self == oldSelf"
		for _, f := range s.deref().named.fields {
			if f.json != "" && f.json != "-" && !f.embedded && signedInt(f.typ) {
				rule = b.pick("!has(self."+f.json+") || self."+f.json+" >= 0", "self == oldSelf")
				break
			}
		}
	default:
		rule = "self == oldSelf"
	}
	if b.off() {
		rule = b.pick("self.nosuch > 1", "self +", "size(self) > 'a'", "self.all(x, x.all(y, y == x))")
	}
	if b.chance(0.2) {
		// controller-gen's spelling of the same rule.
		return `+kubebuilder:validation:XValidation:rule="` + rule + `",message="rule failed"`
	}
	return `+k8s:rule(rule: "` + rule + `", message: "rule failed")`
}

// signedInt is true for a signed integer (pointer ok), which CEL compares
// with integer literals.
func signedInt(s *goShape) bool {
	d := s.deref()
	return d.kind == shapeBuiltin && integerBits[d.builtin] > 0 && !strings.HasPrefix(d.builtin, "uint")
}

// tagType draws the tags of a type and, for a struct, of its fields and
// unions.
func (b *apiBuilder) tagType(nt *namedType) {
	self := &goShape{kind: shapeNamed, named: nt}
	switch nt.decl {
	case declStruct:
		for _, f := range nt.fields {
			b.tagField(f)
		}
		b.dependencyTags(nt)
		b.addUnion(nt)
		if b.chance(0.2) {
			nt.tags = append(nt.tags, b.valueTags(self, scopeType)...)
		}
		if b.chance(0.2) {
			nt.tags = append(nt.tags, b.ruleTag(self, scopeType, 0))
		}
	case declTypedef:
		nt.tags = b.valueTags(self, scopeType)
		if r := nt.under.resolve(); r.kind == shapeSlice && b.chance(0.4) {
			nt.tags = append(nt.tags, b.listTypeTags(nt.under, false)...)
		}
	case declEnum:
		if !b.off() || b.chance(0.5) {
			nt.tags = append(nt.tags, "+k8s:enum")
		}
		nt.tags = append(nt.tags, b.valueTags(self, scopeType)...)
		switch {
		case b.off():
			nt.constTags = append(nt.constTags, b.pick("+k8s:required", "+k8s:alpha=+k8s:enumExclude", "+k8s:minimum=1"))
		case len(nt.enumValues) > 1 && slices.Contains(nt.tags, "+k8s:enum") && b.chance(0.3):
			// An exclusion on the first constant leaves the others.
			nt.constTags = append(nt.constTags, b.pick("+k8s:enumExclude", `+k8s:ifEnabled("Opt")=+k8s:enumExclude`, `+k8s:ifDisabled("Opt")=+k8s:enumExclude`))
		}
	case declAlias, declGeneric:
		// Declarations no tag applies to: a tag is an error, never
		// silently ignored (type-alias, generic-type in testdata/bad).
		if b.off() {
			nt.tags = append(nt.tags, b.pick("+k8s:minimum=0", "+k8s:maxItems=3", "+k8s:optional"))
		}
	}
	if taggable(self, scopeType) && nt.decl != declAlias && nt.decl != declGeneric && b.chance(0.08) {
		nt.optedOut = b.chance(0.5)
		nt.tags = append(nt.tags, "+k8s:validation-gen="+strconv.FormatBool(!nt.optedOut))
	}
}

// mustFailTags are the tags of the package that the contract rejects
// wherever they are written: the malformed ones, any tag on a declaration
// no tag applies to (an alias, a generic type, a constant, a function, a
// field of an anonymous struct), the off-contract package tags. A type
// that opts out with +k8s:validation-gen=false is not generated and its
// tags are not read (docs/kubernetes.md), so its tags do not count.
func (b *apiBuilder) mustFailTags() []string {
	var tags []string
	malformed := func(t string) bool {
		for m := range b.malformed {
			if t == m || strings.HasSuffix(t, "="+m) {
				return true
			}
		}
		return false
	}
	for _, nt := range b.types {
		if nt.optedOut {
			continue
		}
		if nt.decl == declAlias || nt.decl == declGeneric {
			tags = append(tags, nt.tags...)
		}
		if len(nt.enumValues) > 0 {
			// On the first constant: all but the exclusions that apply.
			tags = append(tags, slices.DeleteFunc(slices.Clone(nt.constTags), func(t string) bool {
				return strings.HasSuffix(t, "+k8s:enumExclude") && !strings.Contains(t, "alpha") && slices.Contains(nt.tags, "+k8s:enum") && len(nt.enumValues) > 1
			})...)
		}
		tags = append(tags, slices.DeleteFunc(slices.Clone(nt.tags), func(t string) bool { return !malformed(t) })...)
		for _, f := range nt.fields {
			if f.typ.kind == shapeHostile && strings.Contains(f.typ.expr, "// +") {
				tags = append(tags, "a tag in the anonymous struct of "+nt.name+"."+f.name)
			}
			tags = append(tags, slices.DeleteFunc(slices.Clone(f.tags), func(t string) bool { return !malformed(t) })...)
			if f.mustFail != "" && !b.optedOut {
				tags = append(tags, nt.name+"."+f.name+": "+f.mustFail)
			}
		}
	}
	tags = append(tags, b.taggedDecls...)
	if !b.optedOut {
		// A package that opts out is not generated either.
		tags = append(tags, b.docMalformed...)
	}
	return tags
}

// tagField draws the tags of one struct field.
func (b *apiBuilder) tagField(f *structField) {
	if f.embedded && f.typ.resolve().kind == shapeExternal {
		return // TypeMeta, ObjectMeta
	}
	f.tags = b.valueTags(f.typ, scopeField)
	if f.embedded && !b.off() {
		// The fields of an inline struct are the parent's in JSON: tags
		// that need a value of their own (a rule) do not apply.
		f.tags = slices.DeleteFunc(f.tags, func(t string) bool { return strings.Contains(t, "rule") })
	}
	if f.typ.resolve().kind == shapeSlice && b.chance(0.35) {
		f.tags = append(f.tags, b.listTypeTags(f.typ, true)...)
	}
	// A stability level around a tag of the field.
	for i, t := range f.tags {
		if strings.HasPrefix(t, "+k8s:") && !strings.HasPrefix(t, "+k8s:listMapKey") && b.chance(0.1) {
			f.tags[i] = "+k8s:" + b.pick("alpha", "beta") + `(since: "1.37")=` + t
		}
	}
	b.crossTags(f)
}

// crossTags draws what no single tag shows: bounds that contradict,
// openapi-gen's presence marker against a +k8s: one, a +default of the
// field's type or of another, and json:",string" on a number.
func (b *apiBuilder) crossTags(f *structField) {
	if f.embedded {
		return
	}
	d := f.typ.deref()
	builtin := ""
	if d.kind == shapeBuiltin {
		builtin = d.builtin
	}
	switch {
	case integerBits[builtin] > 0 && b.off():
		f.tags = append(f.tags, "+k8s:minimum=101", "+k8s:maximum=100")
		f.mustFail = "+k8s:minimum=101 above +k8s:maximum=100"
	case builtin == "string" && b.off():
		f.tags = append(f.tags, "+k8s:minLength=301", "+k8s:maxLength=300")
		f.mustFail = "+k8s:minLength=301 above +k8s:maxLength=300"
	case b.off():
		f.tags = append(f.tags, "+optional", "+k8s:required")
		f.mustFail = "+optional with +k8s:required"
	}
	if builtin != "" && b.chance(0.06) {
		right := map[string]string{"string": `"x"`, "bool": "true"}[builtin]
		if integerBits[builtin] > 0 {
			right = "1"
		}
		if right != "" {
			if b.off() {
				wrong := b.pick("[1]", `{"a": 1}`)
				switch {
				case builtin == "string":
					wrong = b.pick(wrong, "1", "true")
				case builtin == "bool":
					wrong = b.pick(wrong, "1", `"abc"`)
				default:
					wrong = b.pick(wrong, `"abc"`, "1.5", "true")
				}
				f.tags = append(f.tags, "+default="+wrong)
				if f.mustFail == "" {
					f.mustFail = "+default=" + wrong + " on a " + builtin
				}
			} else {
				f.tags = append(f.tags, "+default="+right)
			}
		}
	}
	if integerBits[builtin] > 0 && f.jsonTag != "" && f.json != "" && b.off() {
		f.jsonTag = strings.TrimSuffix(f.jsonTag, `"`) + `,string"`
		if f.mustFail == "" {
			f.mustFail = `json:",string" on a number`
		}
	}
}

// dependencyTags draws dependentRequired and dependentForbidden between
// fields of a struct that can be set or unset.
func (b *apiBuilder) dependencyTags(nt *namedType) {
	var able []*structField
	for _, f := range nt.fields {
		c := f.typ.resolve()
		if f.json != "" && f.json != "-" && !f.embedded && c.kind != shapeNamed && c.kind != shapeArray && c.kind != shapeHostile && c.kind != shapeExternal {
			able = append(able, f)
		}
	}
	if len(able) < 2 || !b.chance(0.25) {
		return
	}
	trigger, dep := able[b.rng.IntN(len(able))], able[b.rng.IntN(len(able))]
	if trigger == dep {
		return
	}
	tag := "+k8s:" + b.pick("dependentRequired", "dependentForbidden") + `("` + dep.json + `")`
	if b.chance(0.5) {
		tag = `+k8s:alpha(since: "1.37")=` + tag
	}
	trigger.tags = append(trigger.tags, tag)
}

// listTypeTags writes listType and, for a list-map, its keys and (on a
// field, withItems) items.
func (b *apiBuilder) listTypeTags(s *goShape, withItems bool) []string {
	elem := s.resolve().elem
	keys := listMapKeys(elem)
	kind := b.pick("atomic", "set", "map")
	if !b.off() {
		switch {
		case len(keys) > 0 && b.chance(0.6):
			kind = "map"
		case elem.valueClass() == "string" || elem.valueClass() == "int":
			kind = b.pick("atomic", "set")
		default:
			kind = "atomic"
		}
	}
	tags := []string{"+k8s:listType=" + kind}
	if kind == "atomic" && !b.off() && b.chance(0.4) {
		// Unique items on an atomic list, as k8s.io/api writes lists that
		// server-side apply replaces whole.
		switch {
		case len(keys) > 0:
			k := keys[b.rng.IntN(len(keys))]
			return append(tags, "+k8s:unique=map", "+k8s:listMapKey="+k.json)
		case elem.valueClass() == "string" || elem.valueClass() == "int":
			return append(tags, "+k8s:unique=set")
		}
	}
	if kind != "map" {
		return tags
	}
	if len(keys) == 0 || b.off() {
		return append(tags, "+k8s:listMapKey="+b.pick("name", "nosuch", "Name"))
	}
	b.rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	keys = keys[:1+b.rng.IntN(min(2, len(keys)))]
	for _, k := range keys {
		tags = append(tags, "+k8s:listMapKey="+k.json)
	}
	if withItems || b.off() {
		tags = append(tags, b.itemTags(elem, keys)...)
	}
	return tags
}

// listMapKeys are the fields of a list element that can be list-map keys:
// strings, integers and booleans (pointer ok).
func listMapKeys(elem *goShape) []*structField {
	d := elem.deref()
	if d.kind != shapeNamed || d.named.decl != declStruct {
		return nil
	}
	var keys []*structField
	for _, f := range d.named.fields {
		c := f.typ.valueClass()
		if f.json != "" && f.json != "-" && !f.embedded && (c == "string" || c == "int" || c == "bool") && f.typ.deref().kind == shapeBuiltin {
			keys = append(keys, f)
		}
	}
	return keys
}

// itemTags apply tags to list-map items by their keys: each its own
// tag, or all of them members of one union (which needs two).
func (b *apiBuilder) itemTags(elem *goShape, keys []*structField) []string {
	n := b.rng.IntN(4)
	union := ""
	if n >= 2 && b.chance(0.4) || b.off() {
		union = "+k8s:" + b.pick("unionMember", "zeroOrOneOfMember")
		if b.chance(0.3) {
			union += `(union: "items")`
		}
	}
	var tags []string
	for i := range n {
		payload := union
		if payload == "" {
			payload = b.valueTag(elem, scopeListVal, 1)
		}
		if b.off() {
			payload = "+k8s:" + b.pick("required", "optional", "forbidden")
		}
		if payload != "" {
			tags = append(tags, "+k8s:item("+b.itemKeys(keys, i)+")="+payload)
		}
	}
	return tags
}

// itemKeys are the arguments of item number n: a value for every key, or
// off the contract one key missing.
func (b *apiBuilder) itemKeys(keys []*structField, n int) string {
	var args []string
	for i, k := range keys {
		if b.off() && i == 0 {
			continue
		}
		var v string
		switch k.typ.valueClass() {
		case "int":
			v = strconv.Itoa(n + 1)
		case "bool":
			v = strconv.FormatBool(n%2 == 0)
		default:
			v = `"item` + strconv.Itoa(n) + `"`
		}
		args = append(args, k.json+": "+v)
	}
	return strings.Join(args, ", ")
}

// addUnion sometimes makes some fields of a struct the members of a union
// or zero-or-one-of group, with a discriminator.
func (b *apiBuilder) addUnion(nt *namedType) {
	if !b.chance(0.2) {
		return
	}
	var members []*structField
	for _, f := range nt.fields {
		if !f.embedded && (b.off() || !f.typ.isNonPointerStruct() && taggable(f.typ, scopeField)) {
			members = append(members, f)
		}
	}
	if len(members) < 2 && !b.off() {
		return
	}
	b.rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	members = members[:min(len(members), 2+b.rng.IntN(2))]
	tag := b.pick("unionMember", "zeroOrOneOfMember")
	args := ""
	if b.chance(0.3) {
		args = `union: "u"`
	}
	for i, f := range members {
		a := args
		if b.chance(0.2) {
			a = strings.TrimPrefix(a+`, memberName: "M`+strconv.Itoa(i)+`"`, ", ")
		}
		t := "+k8s:" + tag
		if a != "" {
			t += "(" + a + ")"
		}
		f.tags = append(f.tags, t)
		if !b.off() {
			// A member may be unset: optional, and no other presence.
			f.tags = slices.DeleteFunc(f.tags, func(t string) bool { return familyOf(t) == "presence" })
			f.tags = append(f.tags, "+k8s:optional")
		}
	}
	if tag == "unionMember" && b.chance(0.5) {
		name, json := "Discriminator", "discriminator"
		for slices.ContainsFunc(nt.fields, func(f *structField) bool { return f.name == name || f.json == json }) {
			name, json = name+"X", json+"x"
		}
		d := &structField{name: name, json: json, jsonTag: `json:"` + json + `"`, typ: &goShape{kind: shapeBuiltin, builtin: "string"}}
		if b.off() {
			d.typ.builtin = "int32"
		}
		t := "+k8s:unionDiscriminator"
		if args != "" {
			t += "(" + args + ")"
		}
		d.tags = []string{t, "+k8s:required"}
		nt.fields = append(nt.fields, d)
	}
}

// addHostileDecls declares package-level names that the generated code
// also uses (its imports, parameters, locals and helpers).
func (b *apiBuilder) addHostileDecls() {
	for range b.rng.IntN(4) {
		name := b.freeHostileName()
		if b.taken[name] {
			continue
		}
		b.taken[name] = true
		switch b.rng.IntN(4) {
		case 0:
			b.hostileDecls = append(b.hostileDecls, "type "+name+" struct{}")
		case 1:
			b.hostileDecls = append(b.hostileDecls, "const "+name+" = 1")
		case 2:
			b.hostileDecls = append(b.hostileDecls, "var "+name+" = \"x\"")
		default:
			b.hostileDecls = append(b.hostileDecls, "func "+name+"() {}")
		}
	}
	if b.off() && len(b.types) > 0 {
		// A function named like a generated one (own-validate-func).
		nt := b.types[0]
		decl := "// +k8s:required\nfunc Validate_" + nt.name + "() {}"
		b.hostileDecls = append(b.hostileDecls, decl)
		b.taggedDecls = append(b.taggedDecls, decl)
	}
}

// packageTags draws doc.go: which types are selected, a scheme registry,
// subresources and, for kinds, a group and CRD output.
func (b *apiBuilder) packageTags() {
	hasKind := slices.ContainsFunc(b.types, func(nt *namedType) bool { return nt.isKind })
	selection := b.pick("*", "*", "TypesWithField=TypeMeta", "TypesWithSuffix=Spec", "false")
	b.optedOut = selection == "false"
	b.docTags = append(b.docTags, "+k8s:validation-gen="+selection)
	if b.chance(0.1) {
		b.docTags = append(b.docTags, "+k8s:validation-gen=TypesWithSuffix=Status")
	}
	// Without a registry tag a package registers with a runtime.Scheme, as
	// in Kubernetes; most packages here say nil.
	b.registry = "nil"
	if hasKind {
		// One group per seed: packages that share a run must not share CRDs.
		b.docTags = append(b.docTags, "+groupName="+b.group)
		b.crd = b.chance(0.3)
		if selection == "TypesWithField=TypeMeta" && b.chance(0.5) {
			b.registry = b.pick(schemeRegistry, registryRegistry, "nil", defaultRegistry)
		}
	} else if b.chance(0.15) {
		b.registry = registryRegistry
	}
	if b.registry != defaultRegistry {
		b.docTags = append(b.docTags, "+k8s:validation-gen-scheme-registry="+b.registry)
	}
	if b.registry != "nil" && b.chance(0.3) {
		b.docTags = append(b.docTags, `+k8s:supportsSubresource="/status"`)
	}
	// Random tags rarely pass Kubernetes' lint: most packages turn it off,
	// so that generation is reached; the others exercise the lint.
	if b.chance(0.8) {
		b.docTags = append(b.docTags, "+k8s:validation-gen-nolint")
	}
	if b.off() {
		tag := b.pick(`+k8s:supportsSubresource="status"`, "+k8s:validation-gen-scheme-registry=Scheme", "+k8s:listMapKey=name", "+k8s:validation-gen-input=nosuch/v1")
		b.docTags = append(b.docTags, tag)
		b.docMalformed = append(b.docMalformed, tag)
	}
}

// ---------------------------------------------------------------------
// Rendering.

func (b *apiBuilder) renderDoc() string {
	var s strings.Builder
	s.WriteString("// Package " + b.pkgName + " was drawn by the generator fuzz test.\n//\n")
	for _, tag := range b.docTags {
		s.WriteString("// " + tag + "\n")
	}
	s.WriteString("package " + b.pkgName + "\n")
	return gofmt(s.String())
}

func (b *apiBuilder) renderTypes() string {
	var body strings.Builder
	for _, nt := range b.types {
		b.renderType(&body, nt)
	}
	if b.registry == schemeRegistry || b.registry == defaultRegistry {
		b.renderDeepCopyObject(&body)
	}
	b.renderSchemeBuilder(&body)
	for _, d := range b.hostileDecls {
		body.WriteString("\n" + d + "\n")
	}

	var s strings.Builder
	s.WriteString("package " + b.pkgName + "\n\n")
	names := map[string]string{
		"k8s.io/apimachinery/pkg/apis/meta/v1": "metav1",
		"k8s.io/apimachinery/pkg/api/resource": "resource",
		"k8s.io/apimachinery/pkg/util/intstr":  "intstr",
		"k8s.io/apimachinery/pkg/runtime":      b.runtimeImportName(),
		registryPkg:                            b.vgruntimeImportName(),
	}
	if imports := slices.Sorted(maps.Keys(b.imports)); len(imports) > 0 {
		s.WriteString("import (\n")
		for _, path := range imports {
			s.WriteString(names[path] + " " + strconv.Quote(path) + "\n")
		}
		s.WriteString(")\n")
	}
	s.WriteString(body.String())
	return gofmt(s.String())
}

// renderDeepCopyObject makes the kinds runtime.Objects, as a
// runtime.Scheme registry needs; now and then one is left out.
func (b *apiBuilder) renderDeepCopyObject(body *strings.Builder) {
	for _, nt := range b.types {
		if !nt.isKind || b.off() {
			continue
		}
		b.imports["k8s.io/apimachinery/pkg/runtime"] = true
		fmt.Fprintf(body, "\nfunc (in *%s) DeepCopyObject() %s.Object {\n\tif in == nil {\n\t\treturn nil\n\t}\n\tout := *in\n\treturn &out\n}\n", nt.name, b.runtimeImportName())
	}
}

// The registries a package may draw; defaultRegistry is none written.
const (
	schemeRegistry   = "k8s.io/apimachinery/pkg/runtime.Scheme"
	registryPkg      = "github.com/declval/validation-gen/runtime"
	registryRegistry = registryPkg + ".Registry"
	defaultRegistry  = "default"
)

// renderSchemeBuilder declares the localSchemeBuilder that the generated
// init() of a registering package registers with; now and then it is left
// out, which must be a positioned error when the package has roots.
func (b *apiBuilder) renderSchemeBuilder(body *strings.Builder) {
	if b.registry == "nil" || b.off() {
		return
	}
	if b.registry == registryRegistry {
		b.imports[registryPkg] = true
		fmt.Fprintf(body, "\nvar localSchemeBuilder = %s.NewRegistry()\n", b.vgruntimeImportName())
		return
	}
	b.imports["k8s.io/apimachinery/pkg/runtime"] = true
	fmt.Fprintf(body, "\nvar localSchemeBuilder = &%s.SchemeBuilder{}\n", b.runtimeImportName())
}

// vgruntimeImportName is the name of this module's runtime in types.go.
func (b *apiBuilder) vgruntimeImportName() string {
	if b.taken["vgruntime"] {
		return "vgrt"
	}
	return "vgruntime"
}

// runtimeImportName is the name of k8s.io/apimachinery/pkg/runtime in
// types.go, which the package's own declarations may take.
func (b *apiBuilder) runtimeImportName() string {
	if b.taken["runtime"] {
		return "kruntime"
	}
	return "runtime"
}

func (b *apiBuilder) renderType(body *strings.Builder, nt *namedType) {
	body.WriteString("\n")
	b.writeComment(body, nt.tags)
	switch nt.decl {
	case declStruct:
		body.WriteString("type " + nt.name + " struct {\n")
		b.renderFields(body, nt.fields)
		body.WriteString("}\n")
	case declGeneric:
		body.WriteString("type " + nt.name + "[T any] struct {\n")
		b.renderFields(body, nt.fields)
		body.WriteString("}\n")
	case declAlias:
		b.useImports(nt.under)
		body.WriteString("type " + nt.name + " = " + nt.under.String() + "\n")
	case declTypedef, declEnum:
		b.useImports(nt.under)
		body.WriteString("type " + nt.name + " " + nt.under.String() + "\n")
	}
	if len(nt.enumValues) > 0 {
		body.WriteString("\nconst (\n")
		for i, v := range nt.enumValues {
			if i == 0 {
				b.writeComment(body, nt.constTags)
			}
			name := nt.name + v
			if v == "" {
				name = nt.name + "Empty"
			}
			body.WriteString(name + " " + nt.name + " = " + strconv.Quote(v) + "\n")
		}
		body.WriteString(")\n")
	}
}

func (b *apiBuilder) renderFields(body *strings.Builder, fields []*structField) {
	for _, f := range fields {
		b.writeComment(body, f.tags)
		b.useImports(f.typ)
		if f.embedded {
			body.WriteString(f.typ.String())
		} else {
			body.WriteString(f.name + " " + f.typ.String())
		}
		if f.jsonTag != "" {
			body.WriteString(" `" + f.jsonTag + "`")
		}
		body.WriteString("\n")
	}
}

// useImports records the imports a shape needs.
func (b *apiBuilder) useImports(s *goShape) {
	if s == nil {
		return
	}
	for _, path := range s.imports {
		b.imports[path] = true
	}
	b.useImports(s.elem)
	b.useImports(s.key)
}

// writeComment writes tags as a doc comment, after prose when there are
// many, and sometimes with a trailing # comment, which the contract
// ignores on +k8s: tags.
func (b *apiBuilder) writeComment(body *strings.Builder, tags []string) {
	for i, tag := range tags {
		if i == 0 && len(tags) > 2 {
			body.WriteString("// The tags below were drawn at random.\n")
		}
		if strings.HasPrefix(tag, "+k8s:") && b.chance(0.05) {
			tag += " # a trailing comment"
		}
		body.WriteString("// " + tag + "\n")
	}
}

// gofmt formats generated source; the grammar only produces valid Go, so
// a failure is a bug of the test.
func gofmt(src string) string {
	out, err := format.Source([]byte(src))
	if err != nil {
		panic(errors.New("fuzz grammar produced invalid Go: " + err.Error() + "\n" + src))
	}
	return string(out)
}
