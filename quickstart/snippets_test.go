package quickstart

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A snippet is a fenced code block of a Markdown page, in a language the
// test command can hold it to.
type snippet struct {
	page, lang, source string // source: the <!-- snippet: path --> above it, or ""
	line               int
	lines              []string
}

var checkedLangs = map[string]bool{"go": true, "sh": true, "bash": true, "console": true, "make": true}

var snippetMarker = regexp.MustCompile(`^<!-- snippet: (\S+) -->$`)

// snippets reads the checked code blocks of a page.
func snippets(t *testing.T, root, page string) []snippet {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var out []snippet
	for i := 0; i < len(lines); i++ {
		lang, ok := strings.CutPrefix(lines[i], "```")
		if !ok || lang == "" {
			continue
		}
		s := snippet{page: page, lang: lang, line: i + 1}
		if i > 0 {
			if m := snippetMarker.FindStringSubmatch(lines[i-1]); m != nil {
				s.source = m[1]
			}
		}
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			s.lines = append(s.lines, lines[i])
		}
		if checkedLangs[lang] {
			out = append(out, s)
		}
	}
	return out
}

// contains reports whether the lines of s are lines of file, in a row,
// indentation aside (a snippet shows a function's body dedented).
func contains(file []string, s []string) bool {
	trim := func(l string) string { return strings.TrimSpace(l) }
	for i := 0; i+len(s) <= len(file); i++ {
		if slices.EqualFunc(file[i:i+len(s)], s, func(a, b string) bool { return trim(a) == trim(b) }) {
			return true
		}
	}
	return false
}

// Every Go, shell and make snippet of README.md and docs/ comes from a file
// the test command builds or runs (the quick starts' testdata, which
// TestKubernetesStyleQuickStart and TestKubebuilderQuickStart run; the
// examples; crwebhook's example): the <!-- snippet: path --> above it
// names the file, and its lines are that file's. "scripts" names the
// repository's own scripts: each line runs one. The pages moved from the
// old README are not all marked yet: testdata/unmarked-snippets.txt lists
// those left, and may only shrink.
func TestSnippets(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{"README.md"}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, d := range docs {
		pages = append(pages, filepath.ToSlash(strings.TrimPrefix(d, root+string(filepath.Separator))))
	}
	baseline, err := os.ReadFile("testdata/unmarked-snippets.txt")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{}
	for _, l := range strings.Split(string(baseline), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			allowed[l] = true
		}
	}
	var unmarked []string
	checked := 0
	for _, page := range pages {
		for _, s := range snippets(t, root, page) {
			key := fmt.Sprintf("%s\t%s", s.page, strings.TrimSpace(s.lines[0]))
			switch s.source {
			case "":
				unmarked = append(unmarked, key)
				if !allowed[key] {
					t.Errorf("%s:%d: a %s snippet without <!-- snippet: <file> --> above it: take it from a file the tests build or run", s.page, s.line, s.lang)
				}
			case "scripts":
				checked++
				for _, l := range s.lines {
					cmd := strings.Fields(l)[0]
					if fi, err := os.Stat(filepath.Join(root, cmd)); err != nil || fi.Mode()&0o111 == 0 {
						t.Errorf("%s:%d: %s is not a script of the repository", s.page, s.line, cmd)
					}
				}
			default:
				checked++
				b, err := os.ReadFile(filepath.Join(root, s.source))
				if err != nil {
					t.Errorf("%s:%d: %v", s.page, s.line, err)
					continue
				}
				if !contains(strings.Split(string(b), "\n"), s.lines) {
					t.Errorf("%s:%d: the snippet is not in %s as written; copy it from there again:\n%s", s.page, s.line, s.source, strings.Join(s.lines, "\n"))
				}
			}
		}
	}
	for key := range allowed {
		if !slices.Contains(unmarked, key) {
			t.Errorf("testdata/unmarked-snippets.txt lists %q, which is marked or gone now: delete the line", key)
		}
	}
	if checked == 0 {
		t.Error("no snippet checked")
	}
	t.Logf("%d snippets checked, %d not marked yet", checked, len(unmarked))
	// The test command must run the README's test command.
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil || !strings.Contains(string(ci), "hack/test.sh") {
		t.Errorf(".ci/run does not run hack/test.sh, the README's test command (%v)", err)
	}
}
