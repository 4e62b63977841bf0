package generators_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// TestBadInput runs the generator on every package of testdata/bad, each
// holding one mistake. The error must contain every line of the case's
// want.txt: the file:line of the mistake, the tag as written and a fix.
func TestBadInput(t *testing.T) {
	entries, err := os.ReadDir("testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		c := e.Name()
		t.Run(c, func(t *testing.T) {
			dir := filepath.Join("testdata", "bad", c)
			wantB, err := os.ReadFile(filepath.Join(dir, "want.txt"))
			if err != nil {
				t.Fatal(err)
			}
			outs, _, err := generators.Run(generators.Config{
				Dir:        wd(t),
				Patterns:   []string{"./" + filepath.ToSlash(dir)},
				OutputFile: outputFile,
			})
			if err == nil {
				t.Fatalf("Run succeeded on a bad package; want an error (outputs: %d)", len(outs))
			}
			if outs != nil {
				t.Errorf("Run returned %d outputs together with an error", len(outs))
			}
			msg := err.Error()
			for i, w := range strings.Split(strings.TrimSpace(string(wantB)), "\n") {
				w = strings.TrimSpace(w)
				if w == "" {
					continue
				}
				if i == 0 {
					// The position names the file by its path from the working
					// directory, as compilers do.
					w = filepath.Join(dir, w)
				}
				if !strings.Contains(msg, w) {
					t.Errorf("error does not contain %q:\n%s", w, msg)
				}
			}
			// One mistake, one error.
			if lines := strings.Count(msg, "\n") + 1; lines != 1 {
				t.Errorf("want exactly one error, got %d:\n%s", lines, msg)
			}
		})
	}
	if n < 20 {
		t.Fatalf("only %d bad cases", n)
	}
}
