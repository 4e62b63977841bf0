package quickstart

import (
	"fmt"
	"os"
	"os/exec"
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
		// A fence may be indented, in a list item.
		lang, ok := strings.CutPrefix(strings.TrimLeft(lines[i], " "), "```")
		if !ok || lang == "" {
			continue
		}
		s := snippet{page: page, lang: lang, line: i + 1}
		if i > 0 {
			if m := snippetMarker.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
				s.source = m[1]
			}
		}
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "```"); i++ {
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
// repository's own scripts: each line runs one. "commands" are go test
// lines (checkGoTest); "help" is validation-gen --help and what it
// prints.
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
	checked := 0
	for _, page := range pages {
		for _, s := range snippets(t, root, page) {
			switch s.source {
			case "":
				t.Errorf("%s:%d: a %s snippet without <!-- snippet: <file> --> above it: take it from a file the tests build or run", s.page, s.line, s.lang)
			case "help":
				checked++
				// $ validation-gen --help, then what it prints.
				cmd := exec.Command("go", "run", "./cmd/validation-gen", "--help")
				cmd.Dir = root
				out, _ := cmd.CombinedOutput() // --help exits 0 or 2 as pflag decides
				want := strings.TrimRight(strings.Join(s.lines[1:], "\n"), "\n")
				if got := strings.TrimRight(string(out), "\n"); got != want {
					t.Errorf("%s:%d: the help shown is not what validation-gen --help prints now; it prints:\n%s", s.page, s.line, got)
				}
			case "commands":
				checked++
				for _, l := range s.lines {
					if err := checkGoTest(root, l); err != nil {
						t.Errorf("%s:%d: %v", s.page, s.line, err)
					}
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
	if checked == 0 {
		t.Error("no snippet checked")
	}
	t.Logf("%d snippets checked", checked)
	// The test command must run the README's test command.
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil || !strings.Contains(string(ci), "hack/test.sh") {
		t.Errorf(".ci/run does not run hack/test.sh, the README's test command (%v)", err)
	}
}

// checkGoTest checks a go test command line of a page ("cd test &&
// K8SAPI_OBJECTS=150 go test -run TestX ./k8sapi/"): the test it runs is
// declared in the package it names, and the package reads the
// environment variables set before it.
func checkGoTest(root, line string) error {
	dir := root
	for _, part := range strings.Split(line, "&&") {
		words := strings.Fields(part)
		if len(words) == 2 && words[0] == "cd" {
			dir = filepath.Join(dir, words[1])
			continue
		}
		var env []string
		for len(words) > 0 && strings.Contains(words[0], "=") {
			env = append(env, strings.SplitN(words[0], "=", 2)[0])
			words = words[1:]
		}
		if len(words) < 2 || words[0] != "go" || words[1] != "test" {
			return fmt.Errorf("%q is not a go test command", strings.TrimSpace(part))
		}
		var run, bench, pkg string
		for i, w := range words {
			if w == "-run" && i+1 < len(words) {
				run = strings.Trim(words[i+1], "'\"")
			}
			if w == "-bench" && i+1 < len(words) {
				bench = strings.Trim(words[i+1], "'\"")
			}
			if strings.HasPrefix(w, "./") {
				pkg = w
			}
		}
		if run == "" || pkg == "" {
			return fmt.Errorf("%q names no -run and package", strings.TrimSpace(part))
		}
		files, _ := filepath.Glob(filepath.Join(dir, pkg, "*.go"))
		var src, tree strings.Builder
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			src.Write(b)
		}
		// Each alternative of -run and of -bench (its top level) names
		// a function of the package, as go test matches them.
		funcs := regexp.MustCompile(`func ((?:Test|Benchmark)\w*)\(`).FindAllStringSubmatch(src.String(), -1)
		matches := func(kind, pattern string) error {
			for _, alt := range strings.Split(pattern, "|") {
				top, _, _ := strings.Cut(alt, "/")
				re, err := regexp.Compile(top)
				if err != nil {
					return err
				}
				if !slices.ContainsFunc(funcs, func(f []string) bool { return strings.HasPrefix(f[1], kind) && re.MatchString(f[1]) }) {
					return fmt.Errorf("no %s function matches %s in %s", kind, alt, filepath.Join(dir, pkg))
				}
			}
			return nil
		}
		if run != "^$" {
			if err := matches("Test", run); err != nil {
				return err
			}
		} else if bench == "" {
			return fmt.Errorf("%q runs nothing", strings.TrimSpace(part))
		}
		if bench != "" {
			if err := matches("Benchmark", bench); err != nil {
				return err
			}
		}
		// The variables may be read by a package of its own below it.
		err := filepath.WalkDir(filepath.Join(dir, pkg), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				b, err := os.ReadFile(p)
				tree.Write(b)
				return err
			}
			return err
		})
		if err != nil {
			return err
		}
		for _, e := range env {
			if !strings.Contains(tree.String(), `"`+e+`"`) {
				return fmt.Errorf("%s does not read %s", filepath.Join(dir, pkg), e)
			}
		}
	}
	return nil
}

// README.md stays a page a newcomer reads: at most about 250 lines, the
// two commands (generate for the examples, run every test) and the start
// of the quick starts in its first screens; everything else is in docs/.
func TestREADMEShort(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) > 250 {
		t.Errorf("README.md has %d lines: move what a newcomer does not need first to docs/", len(lines))
	}
	first := func(s string) int {
		for i, l := range lines {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		return 0
	}
	for _, c := range []struct {
		text string
		by   int
	}{{"hack/update-codegen.sh", 30}, {"hack/test.sh", 30}, {"## Quick start", 120}} {
		if n := first(c.text); n == 0 || n > c.by {
			t.Errorf("README.md: %q first at line %d, want it by line %d", c.text, n, c.by)
		}
	}
}

var (
	mdLink     = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	inlineCode = regexp.MustCompile("`[^`]*`")
)

// anchors are the GitHub anchors of a page's headings.
func anchors(page string) map[string]bool {
	out := map[string]bool{}
	b, err := os.ReadFile(page)
	if err != nil {
		return out
	}
	fence := false
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(l, "#")))
		var a strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				a.WriteRune(r)
			}
		}
		out[a.String()] = true
	}
	return out
}

// Every relative link of README.md and docs/ leads to a file of the
// repository, and to a heading of it where it names one.
func TestLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		fence := false
		for n, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " "), "```") {
				fence = !fence
			}
			if fence {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(inlineCode.ReplaceAllString(l, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), file)
				}
				rel, _ := filepath.Rel(root, page)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: %s leads nowhere", rel, n+1, target)
					continue
				}
				if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(path)[anchor] {
					t.Errorf("%s:%d: %s: no such heading", rel, n+1, target)
				}
			}
		}
	}
}
