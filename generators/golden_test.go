package generators_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

var update = flag.Bool("update", false, "rewrite the golden files of generators/testdata/golden")

const outputFile = "zz_generated.validations.go"

// goldenCases lists the directories under testdata/golden; each is one
// case, generated with the pattern ./testdata/golden/<case>/...
func goldenCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata/golden")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	if len(out) == 0 {
		t.Fatal("no golden cases")
	}
	return out
}

func wd(t *testing.T) string {
	t.Helper()
	d, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// goldenFiles lists the *.golden files below dir.
func goldenFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".golden") {
			abs, err := filepath.Abs(p)
			if err != nil {
				return err
			}
			out = append(out, abs)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c, func(t *testing.T) {
			outs, _, err := generators.Run(generators.Config{
				Dir:        wd(t),
				Patterns:   []string{"./testdata/golden/" + c + "/..."},
				OutputFile: outputFile,
			})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if len(outs) == 0 {
				t.Fatal("Run produced no output")
			}
			var produced []string
			for _, o := range outs {
				if o.Content == nil {
					t.Errorf("unexpected removal of %s", o.Path)
					continue
				}
				if filepath.Base(o.Path) != outputFile {
					t.Errorf("output %s is not named %s", o.Path, outputFile)
				}
				golden := o.Path + ".golden"
				produced = append(produced, golden)
				if *update {
					if err := os.WriteFile(golden, o.Content, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Errorf("%v (run with -update to create it)", err)
					continue
				}
				if !bytes.Equal(o.Content, want) {
					t.Errorf("%s differs from its golden file (run go test ./generators -run Golden -update and review the diff):\n%s",
						o.Path, firstDiff(string(want), string(o.Content)))
				}
			}
			// No stale golden files: every golden file belongs to an output.
			sort.Strings(produced)
			if *update {
				for _, g := range goldenFiles(t, filepath.Join("testdata/golden", c)) {
					if !containsStr(produced, g) {
						os.Remove(g)
					}
				}
			} else if got := goldenFiles(t, filepath.Join("testdata/golden", c)); strings.Join(got, "\n") != strings.Join(produced, "\n") {
				t.Errorf("golden files:\n%s\noutputs:\n%s", strings.Join(got, "\n"), strings.Join(produced, "\n"))
			}
		})
	}
}

// TestGoldenCompiles type-checks every golden case together with its
// generated code. The generated file is never written into the source tree:
// `go vet -overlay` maps the not-yet-existing zz_generated.validations.go
// path to a temporary file.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	var outs []generators.Output
	var pkgs []string
	for _, c := range goldenCases(t) {
		o, _, err := generators.Run(generators.Config{
			Dir:        wd(t),
			Patterns:   []string{"./testdata/golden/" + c + "/..."},
			OutputFile: outputFile,
		})
		if err != nil {
			t.Fatalf("%s: Run: %v", c, err)
		}
		outs = append(outs, o...)
		pkgs = append(pkgs, "./testdata/golden/"+c+"/...")
	}
	vetWith(t, outs, pkgs...)
}

// vetWith runs go vet on pkgs with the Go files of outs in place, never
// written into the source tree: `go vet -overlay` maps their paths to
// temporary files.
func vetWith(t *testing.T, outs []generators.Output, pkgs ...string) {
	t.Helper()
	tmp := t.TempDir()
	overlay := map[string]string{}
	for i, o := range outs {
		if o.Content == nil || !strings.HasSuffix(o.Path, ".go") {
			continue
		}
		f := filepath.Join(tmp, strconv.Itoa(i)+".go")
		if err := os.WriteFile(f, o.Content, 0o644); err != nil {
			t.Fatal(err)
		}
		overlay[o.Path] = f
	}
	ov, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"vet", "-overlay", ovFile}, pkgs...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of the generated code failed: %v\n%s", err, out)
	}
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// firstDiff shows the first differing line with some context.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines, different bytes)"
}

func itoa(i int) string {
	var b []byte
	if i == 0 {
		return "0"
	}
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}
