package k8sapi

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/declval/validation-gen/test/k8sapi/harness"
)

// TestKubernetesAPIParity generates validators for every package of
// k8s.io/api that carries validation tags, and for apimachinery's meta/v1,
// with validation-gen and with Kubernetes' own generator, from outside the
// Kubernetes tree (one harness package per group/version, reading its
// types through +k8s:validation-gen-input), and validates random objects
// of every root type with both, on create and on update, with the options
// the tags test on, off and undefined. Both must report the same errors:
// Type, Field, Origin, stability level and short-circuit mark, as
// multisets. K8SAPI_OBJECTS sets the objects per root type and option
// set (default 12).
func TestKubernetesAPIParity(t *testing.T) {
	if testing.Short() {
		t.Skip("generates all of k8s.io/api twice")
	}
	dir := apiModule(t)
	generated, err := harness.Generated(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := harness.Write(dir, generated); err != nil {
		t.Fatal(err)
	}
	goRun(t, dir, "mod", "tidy")
	goRun(t, dir, "build", "-o", "bin/ours", "github.com/declval/validation-gen/cmd/validation-gen")
	goRun(t, dir, "build", "-o", "bin/ref", harness.ReferenceGenerator)

	start := time.Now()
	run(t, dir, "bin/ours", harness.OursArgs("zz_generated.validations.go", "./ours/...")...)
	oursTime := time.Since(start)
	start = time.Now()
	run(t, dir, "bin/ref", harness.RefArgs("zz_generated.validations.go", "./ref/...")...)
	refTime := time.Since(start)
	t.Logf("generated %d packages: validation-gen %s, Kubernetes' validation-gen %s", len(generated), oursTime.Round(time.Millisecond), refTime.Round(time.Millisecond))
	checkDeterministic(t, dir, generated)
	checkStackOnly(t, dir)

	writeFile(t, filepath.Join(dir, "parity_test.go"), driver(t, dir, generated))
	objects := os.Getenv("K8SAPI_OBJECTS")
	if objects == "" {
		objects = "12"
	}
	cmd := goCmd(dir, "test", "-count=1", "-timeout=30m", "-v", "-run", "TestAPIParity", ".")
	cmd.Env = append(cmd.Env, "K8SAPI_OBJECTS="+objects)
	out, err := cmd.CombinedOutput()
	for _, line := range regexp.MustCompile(`(?m)^\s*\S+\.go:\d+: (k8sapi: .*)$`).FindAllStringSubmatch(string(out), -1) {
		t.Log(line[1])
	}
	if err != nil {
		t.Fatalf("the random objects' run failed: %v\n%s", err, lastLines(string(out), 200))
	}
}

// checkStackOnly: validating a valid object allocates nothing, so no
// variable of our generated code may move to the heap. The compiler's
// escape analysis tells, for every function of every package at once; a
// runtime function that lets a stack Path escape shows here (one did:
// the formats that build several errors kept the Path in a struct whose
// errors escape).
func checkStackOnly(t *testing.T, dir string) {
	t.Helper()
	out, err := goCmd(dir, "build", "-gcflags=-m", "./ours/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m ./ours/...: %v\n%s", err, lastLines(string(out), 50))
	}
	moved := regexp.MustCompile(`(?m)^.*zz_generated\.validations\.go:\d+:\d+: moved to heap: .*$`).FindAllString(string(out), -1)
	for _, m := range moved {
		t.Errorf("generated code allocates on every call: %s", m)
	}
	if !strings.Contains(string(out), "inlining call") {
		t.Errorf("go build -gcflags=-m printed no escape analysis:\n%s", lastLines(string(out), 20))
	}
}

// checkDeterministic generates ours again with the packages named one by
// one in the reverse order, and requires the same bytes.
func checkDeterministic(t *testing.T, dir string, pkgs []*harness.Package) {
	t.Helper()
	first := map[string][]byte{}
	for _, p := range pkgs {
		b, err := os.ReadFile(filepath.Join(dir, "ours", p.Wrapper, "zz_generated.validations.go"))
		if err == nil {
			first[p.Wrapper] = b
		}
	}
	args := []string{"--output-file", "zz_generated.validations.go"}
	for i := len(pkgs) - 1; i >= 0; i-- {
		args = append(args, "./ours/"+pkgs[i].Wrapper)
	}
	run(t, dir, "bin/ours", args...)
	for _, p := range pkgs {
		b, err := os.ReadFile(filepath.Join(dir, "ours", p.Wrapper, "zz_generated.validations.go"))
		if (err == nil) != (first[p.Wrapper] != nil) || string(b) != string(first[p.Wrapper]) {
			t.Errorf("%s: generating the packages in another order changed its file", p.Wrapper)
		}
	}
}

// validateFunc is a generated Validate_ function's declaration.
var validateFunc = regexp.MustCompile(`(?m)^func Validate_(\w+)\(`)

// driver writes the test that runs inside the harness module: for every
// root type, validationtest's random objects, validated by both packages'
// Validate_ functions.
func driver(t *testing.T, dir string, pkgs []*harness.Package) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(driverHead)
	imports := []string{}
	var checks, pools strings.Builder
	ints := map[int64]bool{}
	options := map[string]bool{}
	for _, p := range pkgs {
		alias := "api" + p.Wrapper
		used := len(p.Consts) > 0
		funcs := map[string]map[string]bool{}
		for _, side := range []string{"ours", "ref"} {
			funcs[side] = map[string]bool{}
			src, err := os.ReadFile(filepath.Join(dir, side, p.Wrapper, "zz_generated.validations.go"))
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			for _, m := range validateFunc.FindAllStringSubmatch(string(src), -1) {
				funcs[side][m[1]] = true
			}
		}
		sideUsed := map[string]bool{}
		fmt.Fprintf(&checks, "\tstats[%q] = &pkgStats{kinds: map[string]bool{}}\n", p.Path)
		for _, root := range p.Roots {
			fn := func(side string) string {
				if funcs[side][root] {
					sideUsed[side] = true
					return side + p.Wrapper + ".Validate_" + root
				}
				return "nil"
			}
			if !funcs["ours"][root] && !funcs["ref"][root] {
				continue
			}
			used = true
			fmt.Fprintf(&checks, "\tcheck[%s.%s](t, %q, %q, %s, %s)\n", alias, root, p.Path, root, fn("ours"), fn("ref"))
		}
		if used {
			imports = append(imports, fmt.Sprintf("\t%s %q", alias, p.Path))
		}
		for _, side := range []string{"ours", "ref"} {
			if sideUsed[side] {
				imports = append(imports, fmt.Sprintf("\t%s%s \"example.com/k8sapi/%s/%s\"", side, p.Wrapper, side, p.Wrapper))
			}
		}
		types := make([]string, 0, len(p.Consts))
		for typ := range p.Consts {
			types = append(types, typ)
		}
		sort.Strings(types)
		for _, typ := range types {
			fmt.Fprintf(&pools, "\treflect.TypeFor[%s.%s](): {", alias, typ)
			for i, v := range p.Consts[typ] {
				if i > 0 {
					pools.WriteString(", ")
				}
				pools.WriteString(strconv.Quote(v))
			}
			pools.WriteString("},\n")
		}
		for _, n := range p.Bounds {
			ints[n-1], ints[n], ints[n+1] = true, true, true
		}
		for _, o := range p.Options {
			options[o] = true
		}
	}
	sort.Strings(imports)
	b.WriteString("\n" + strings.Join(imports, "\n") + "\n)\n\n")
	b.WriteString("var typeStrings = map[reflect.Type][]string{\n" + pools.String() + "}\n\n")
	bounds := make([]int64, 0, len(ints))
	for n := range ints {
		bounds = append(bounds, n)
	}
	sort.Slice(bounds, func(i, j int) bool { return bounds[i] < bounds[j] })
	names := make([]string, 0, len(options))
	for o := range options {
		names = append(names, o)
	}
	sort.Strings(names)
	// The count: a k8s.io/api whose tags test other options shows here.
	if len(names) < 7 {
		t.Errorf("k8s.io/api's tags test %d options (%v), want at least 7", len(names), names)
	}
	b.WriteString("var tagOptions = []string{")
	for i, o := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(o))
	}
	b.WriteString("}\n\n")
	b.WriteString("var tagBounds = []int64{")
	for i, n := range bounds {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(n, 10))
	}
	b.WriteString("}\n\nfunc runChecks(t *testing.T) {\n" + checks.String() + "}\n")
	b.WriteString(driverBody)
	return b.String()
}

const driverHead = `package k8sapi

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
`

const driverBody = `
// pkgStats count what a package's root types went through.
type pkgStats struct {
	roots, objects, validations, invalid, disagreeing int
	// kinds are the distinct errors the reference reported: place (list
	// indexes and map keys left out), Type, Origin and level.
	kinds map[string]bool
}

var stats = map[string]*pkgStats{}

// optionSets: every option k8s.io/api's tags test (tagOptions), all on,
// all off, each on alone, and all undefined (every tag behind ifEnabled or
// ifDisabled then reports an InternalError).
var optionSets = func() []map[string]bool {
	on, off := map[string]bool{}, map[string]bool{}
	for _, o := range tagOptions {
		on[o], off[o] = true, false
	}
	sets := []map[string]bool{on, off}
	for _, o := range tagOptions {
		one := map[string]bool{}
		for _, p := range tagOptions {
			one[p] = p == o
		}
		sets = append(sets, one)
	}
	return append(sets, map[string]bool{})
}()

func TestAPIParity(t *testing.T) {
	selfCheck(t)
	runChecks(t)
	paths := make([]string, 0, len(stats))
	total := pkgStats{kinds: map[string]bool{}}
	for p, s := range stats {
		for k := range s.kinds {
			total.kinds[k] = true
		}
		paths = append(paths, p)
		total.roots += s.roots
		total.objects += s.objects
		total.validations += s.validations
		total.invalid += s.invalid
		total.disagreeing += s.disagreeing
	}
	sort.Strings(paths)
	for _, p := range paths {
		s := stats[p]
		t.Logf("k8sapi: %s: %d root types, %d objects, %d validations (%d with errors, %d distinct), %d disagreements", p, s.roots, s.objects, s.validations, s.invalid, len(s.kinds), s.disagreeing)
	}
	t.Logf("k8sapi: all %d packages: %d root types, %d objects, %d validations (%d with errors, %d distinct), %d disagreements", len(paths), total.roots, total.objects, total.validations, total.invalid, len(total.kinds), total.disagreeing)
	if total.invalid == 0 || total.invalid == total.validations {
		t.Errorf("the objects should be valid and invalid alike")
	}
}

type validateFunc[T any] func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList

func bind[T any](f validateFunc[T]) validationtest.Func[T] {
	if f == nil {
		// A generator that writes no Validate_ for a root has nothing to
		// report on it.
		return func(context.Context, operation.Operation, *T, *T) field.ErrorList { return nil }
	}
	return func(ctx context.Context, op operation.Operation, obj, old *T) field.ErrorList { return f(ctx, op, nil, obj, old) }
}

func check[T any](t *testing.T, pkg, name string, ours, ref validateFunc[T]) {
	objects, err := strconv.Atoi(os.Getenv("K8SAPI_OBJECTS"))
	if err != nil || objects <= 0 {
		objects = 12
	}
	h := fnv.New64a()
	h.Write([]byte(pkg + "." + name))
	seed := int64(h.Sum64()>>1) | 1
	s := stats[pkg]
	s.roots++
	ints := append(append([]int64{}, validationtest.DefaultInts...), tagBounds...)
	strs := append([]string{}, validationtest.DefaultStrings...)
	for _, n := range tagBounds {
		if n > 0 && n <= 320 {
			strs = append(strs, strings.Repeat("a", int(n)))
		}
	}
	for _, options := range optionSets {
		cfg := validationtest.Config{Seed: seed, Objects: objects, Options: options, Strings: strs, Ints: ints,
			TypeStrings: typeStrings, Report: 2, Compare: exact}
		// "handwritten" is the reference's side, "declarative" ours.
		refBound := bind(ref)
		counted := func(ctx context.Context, op operation.Operation, obj, old *T) field.ErrorList {
			errs := refBound(ctx, op, obj, old)
			for _, e := range errs {
				s.kinds[kind(e)] = true
			}
			return errs
		}
		rep := validationtest.Run(cfg, counted, bind(ours))
		s.objects += objects
		s.validations += rep.Validations
		s.invalid += rep.Invalid
		s.disagreeing += rep.Disagreeing
		for _, d := range rep.Disagreements {
			t.Errorf("%s.%s, options %v: Kubernetes' generator (handwritten) and validation-gen (declarative) disagree:\n%s", pkg, name, options, d)
		}
	}
}

// selfCheck makes sure a difference would show: the reference against
// itself less one error per invalid object must disagree everywhere.
func selfCheck(t *testing.T) {
	ref := bind(refcorev1.Validate_Pod)
	lossy := func(ctx context.Context, op operation.Operation, obj, old *apicorev1.Pod) field.ErrorList {
		errs := ref(ctx, op, obj, old)
		if len(errs) > 0 {
			errs = errs[:len(errs)-1]
		}
		return errs
	}
	rep := validationtest.Run(validationtest.Config{Seed: 1, Objects: 20, Compare: exact, TypeStrings: typeStrings}, ref, lossy)
	if rep.Invalid == 0 || rep.Disagreeing != rep.Invalid {
		t.Fatalf("the comparison is blind: %s", rep)
	}
}

// kind is an error's place, list indexes and map keys left out, its Type,
// Origin and level.
func kind(e *field.Error) string {
	var b strings.Builder
	depth := 0
	for _, r := range e.Field {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return describe(e, b.String())
}

// exact compares two error lists as multisets of Type, Field, Origin,
// stability level and short-circuit mark.
func exact(ref, ours field.ErrorList) []vgruntime.Mismatch {
	count := map[string]int{}
	for _, e := range ours {
		count[key(e)]++
	}
	var out []vgruntime.Mismatch
	for _, e := range ref {
		if k := key(e); count[k] > 0 {
			count[k]--
			continue
		}
		out = append(out, vgruntime.Mismatch{Kind: vgruntime.MissingInDeclarative, Error: e})
	}
	for _, e := range ours {
		if k := key(e); count[k] > 0 {
			count[k]--
			out = append(out, vgruntime.Mismatch{Kind: vgruntime.ExtraInDeclarative, Error: e})
		}
	}
	return out
}

func key(e *field.Error) string { return describe(e, e.Field) }

// describe is an error's Type, place, Origin, level and short-circuit mark.
func describe(e *field.Error, place string) string {
	return fmt.Sprintf("%s %s %q %s short-circuit=%t", e.Type, place, e.Origin, vgruntime.StabilityLevel(e), e.ShortCircuit)
}
`
