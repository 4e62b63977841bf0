package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/runcache"
)

// TestRunCacheNeverStale changes each kind of input of a run in turn (a
// type's file, a tag in a comment, a dependency's version in the module
// cache, a flag, the header file, the generator's build, a new file, a new
// package under ./...) and checks that the cached run misses and leaves
// exactly the files an uncached run makes (--no-cache --verify agrees, with
// the same warnings), and that a re-run, and --verify, with nothing changed
// hit.
//
// The dependency, cachetest.invalid/dep, is served by a file GOPROXY made
// here: v1.0.0, and v1.2.0 whose types package declares the
// Validate_Thing a --readonly-pkg run calls. Its versions go into the
// module cache like any download (a few hundred bytes, under a reserved
// domain no real module can have).
func TestRunCacheNeverStale(t *testing.T) {
	root := t.TempDir()
	proxy := filepath.Join(root, "proxy")
	writeDepVersion(t, proxy, "v1.0.0", "package types\n\ntype Thing struct {\n\tName string `json:\"name\"`\n}\n")
	writeDepVersion(t, proxy, "v1.2.0", "package types\n\ntype Thing struct {\n\tName string `json:\"name\"`\n}\n\nfunc Validate_Thing() {}\n")
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv(noCacheEnv, filepath.Join(root, "cache"))

	app := filepath.Join(root, "app")
	write(t, filepath.Join(app, "go.mod"), "module cachetest.invalid/app\n\ngo 1.26\n")
	write(t, filepath.Join(app, "api", "doc.go"), "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\npackage api\n")
	write(t, filepath.Join(app, "api", "types.go"), `package api

import "cachetest.invalid/dep/types"

type Widget struct {
	// +k8s:required
	Thing *types.Thing `+"`json:\"thing\"`"+`
	// +k8s:optional
	// +k8s:maxLength=10
	Name string `+"`json:\"name\"`"+`
	// +k8s:optional
	// +k8s:rule(rule: "self.startsWith('a')")
	Code string `+"`json:\"code,omitempty\"`"+`
}
`)
	write(t, filepath.Join(app, "header.txt"), "// Copyright the cache test.\n")
	goIn(t, app, "get", "cachetest.invalid/dep@v1.0.0")
	t.Chdir(app)

	flags := []string{"--readonly-pkg", "cachetest.invalid/dep/types", "--go-header-file", "header.txt"}
	gen := func(t *testing.T, extra ...string) (log string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		args := append(append(append([]string{"-v"}, flags...), extra...), "./...")
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("validation-gen %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		return stderr.String()
	}
	warnings := func(log string) string {
		var out []string
		for _, l := range strings.Split(log, "\n") {
			if strings.Contains(l, "warning") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	// step makes a change, then runs the generator with the cache, which
	// must miss (hit: false) and change the output (changes: true), and
	// checks the files against an uncached run.
	outputs := func() string {
		var b strings.Builder
		filepath.WalkDir(app, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "zz_") {
				c, _ := os.ReadFile(p)
				fmt.Fprintf(&b, "== %s\n%s", p, c)
			}
			return nil
		})
		return b.String()
	}
	step := func(name string, change func(), hit, changes bool, extra ...string) {
		t.Run(name, func(t *testing.T) {
			before := outputs()
			change()
			log := gen(t, extra...)
			if got := strings.Contains(log, "cache: hit"); got != hit {
				t.Fatalf("cache hit: %v, want %v\n%s", got, hit, log)
			}
			if got := outputs() != before; got != changes {
				t.Fatalf("output changed: %v, want %v", got, changes)
			}
			var stdout, stderr bytes.Buffer
			args := append(append(append([]string{"--no-cache", "--verify"}, flags...), extra...), "./...")
			if code := run(args, &stdout, &stderr); code != 0 {
				t.Fatalf("an uncached run disagrees with the cached one's files (exit %d):\n%s", code, stderr.String())
			}
			if w, want := warnings(log), warnings(stderr.String()); w != want {
				t.Fatalf("warnings differ from an uncached run's:\n%s\nwant\n%s", w, want)
			}
		})
	}
	nothing := func() {}
	edit := func(path, old, new string) func() {
		return func() {
			b, err := os.ReadFile(path)
			if err != nil || !bytes.Contains(b, []byte(old)) {
				t.Fatalf("%s does not hold %q (%v)", path, old, err)
			}
			write(t, path, strings.Replace(string(b), old, new, 1))
		}
	}
	// Each change follows a hit, so that it alone makes the miss.
	step("first run", nothing, false, true)
	step("re-run", nothing, true, false)
	step("type's file", edit("api/types.go", "}\n", "\t// +k8s:optional\n\t// +k8s:minLength=1\n\tExtra string `json:\"extra\"`\n}\n"), false, true)
	step("re-run after the type's file", nothing, true, false)
	step("tag in a comment", edit("api/types.go", "maxLength=10", "maxLength=12"), false, true)
	step("re-run after the tag", nothing, true, false)
	step("dependency version", func() { goIn(t, app, "get", "cachetest.invalid/dep@v1.2.0") }, false, true)
	step("re-run after the dependency", nothing, true, false)
	step("header", edit("header.txt", "the cache test", "someone else"), false, true)
	step("re-run after the header", nothing, true, false)
	step("generator build", func() {
		buildID = func(*runcache.Cache) (string, error) { return "another build", nil }
		t.Cleanup(func() { buildID = (*runcache.Cache).BuildID })
	}, false, false)
	step("re-run after the build", nothing, true, false)
	step("new file", func() {
		write(t, "api/more.go", "package api\n\ntype Gadget struct {\n\t// +k8s:optional\n\t// +k8s:maxLength=3\n\tCode string `json:\"code\"`\n}\n")
	}, false, true)
	step("re-run after the new file", nothing, true, false)
	step("new package under ./...", func() {
		write(t, "api2/doc.go", "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\npackage api2\n")
		write(t, "api2/types.go", "package api2\n\ntype Gizmo struct {\n\t// +k8s:optional\n\t// +k8s:minimum=1\n\tCount int `json:\"count\"`\n}\n")
	}, false, true)
	step("re-run after the new package", nothing, true, false)
	// An output changed since the run, read by the next one or not (the
	// --cel-tests file is a test file, which go list leaves out), is
	// written again: a cached run or --verify that trusted it would keep
	// a stale file.
	step("cel tests", nothing, false, true, "--cel-tests")
	step("re-run with cel tests", nothing, true, false, "--cel-tests")
	step("validation file edited", edit("api/zz_generated.validations.go", "package api", "package api // edited"), false, false, "--cel-tests")
	step("cel test file edited", edit("api/zz_generated.validations_cel_test.go", "package api", "package api // edited"), false, false, "--cel-tests")
	step("re-run after the edits", nothing, true, false, "--cel-tests")
	step("cel test file removed", func() { os.Remove("api/zz_generated.validations_cel_test.go") }, false, false, "--cel-tests")
	step("without cel tests", nothing, false, true)
	// Last: another output file stays beside the first.
	step("flag", nothing, false, true, "--output-file", "zz_generated.other.go")
	step("re-run with the flag", nothing, true, false, "--output-file", "zz_generated.other.go")
	t.Run("verify after a run", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		if code := run(append(append([]string{"-v", "--verify", "--output-file", "zz_generated.other.go"}, flags...), "./..."), &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "cache: hit") {
			t.Fatalf("--verify after a run: exit %d, want 0 and a hit:\n%s", code, stderr.String())
		}
	})
}

// writeDepVersion puts a version of cachetest.invalid/dep, with one
// package, types, in a file GOPROXY.
func writeDepVersion(t *testing.T, proxy, version, typesGo string) {
	t.Helper()
	dir := filepath.Join(proxy, "cachetest.invalid", "dep", "@v")
	mod := "module cachetest.invalid/dep\n\ngo 1.26\n"
	write(t, filepath.Join(dir, version+".info"), fmt.Sprintf(`{"Version":%q,"Time":"2026-01-01T00:00:00Z"}`, version))
	write(t, filepath.Join(dir, version+".mod"), mod)
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, content := range map[string]string{"go.mod": mod, "types/types.go": typesGo} {
		w, err := z.Create("cachetest.invalid/dep@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, version+".zip"), b.String())
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func goIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestMain gives the in-process runs of this package's tests a run cache
// of their own, not the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "validation-gen-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(noCacheEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestControllerGenVersionWarningNotCached: the warning that the CRDs a run
// replaces came from another controller-gen holds until they are replaced.
// A re-run after a run that wrote them hits the cache and, as a run
// without it, says nothing of them; --verify, which writes nothing, says
// it each time.
func TestControllerGenVersionWarningNotCached(t *testing.T) {
	pkg := "./" + filepath.ToSlash(filepath.Join("..", "..", "generators", "testdata", "warn", "v1"))
	const out = "zz_generated.switch_cli.go" // the package is shared with other tests
	t.Cleanup(func() { os.Remove(filepath.Join("..", "..", "generators", "testdata", "warn", "v1", out)) })
	crds := t.TempDir()
	gen := func(extra ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		code := run(append(append([]string{"-v", "--output-file", out, "--crd-dir", crds}, extra...), pkg), &stdout, &stderr)
		return code, stderr.String()
	}
	if code, log := gen("--no-cache"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, log)
	}
	entries, err := os.ReadDir(crds)
	if err != nil || len(entries) != 1 {
		t.Fatalf("want one CRD, got %v (%v)", entries, err)
	}
	path := filepath.Join(crds, entries[0].Name())
	ours, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The CRD under controller-gen v0.20.1's annotation (no header), one
	// field different: v0.20.1 writes warn/v1's CRD otherwise (it reads
	// neither +k8s:immutable nor +k8s:enum), so the warning is due.
	_, body, _ := strings.Cut(string(ours), "\n---\n")
	cg := "---\n" + strings.Replace(body, "metadata:\n", "metadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: v0.20.1\n", 1)
	cg = strings.Replace(cg, "\nspec:\n", "\nspec:\n  preserveUnknownFields: false\n", 1)
	const warning = "controller-gen v0.20.1 wrote this CRD"
	write(t, path, cg)
	for i := range 2 {
		code, log := gen("--verify")
		if code != 1 || !strings.Contains(log, warning) || !strings.Contains(log, "out of date: "+path) {
			t.Fatalf("--verify %d: exit %d, want 1, the warning and the CRD out of date:\n%s", i+1, code, log)
		}
	}
	code, log := gen()
	if code != 0 || !strings.Contains(log, path+":6: "+warning) || strings.Contains(log, "cache: hit") {
		t.Fatalf("the run that replaces the CRD: exit %d, want 0, a miss and the warning at its annotation:\n%s", code, log)
	}
	if b, _ := os.ReadFile(path); string(b) != string(ours) {
		t.Fatalf("the CRD is not replaced by validation-gen's:\n%s", b)
	}
	code, log = gen()
	if code != 0 || !strings.Contains(log, "cache: hit") || strings.Contains(log, warning) {
		t.Fatalf("the re-run: exit %d, want 0, a hit and no word of controller-gen v0.20.1:\n%s", code, log)
	}
	if code, uncached := gen("--no-cache"); code != 0 || strings.Contains(uncached, warning) {
		t.Fatalf("a run without the cache: exit %d:\n%s", code, uncached)
	}
}
