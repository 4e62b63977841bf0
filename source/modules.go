package source

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// InRun reports whether a file, named as positions name it, is one of a
// package of the run (not of a dependency, a readonly package or any other
// package read only to describe its types).
func (l *Loaded) InRun(filename string) bool {
	dir := absPath(filepath.Dir(filename))
	for _, p := range l.Requested {
		if pkg := l.Universe.Package(p); pkg != nil && absPath(pkg.Dir) == dir {
			return true
		}
	}
	return false
}

// ModuleOf names the module a file belongs to, as module@version when the
// file is in the module cache (module for a module of the workspace, or
// the directory when no go.mod is found above the file).
func ModuleOf(filename string) string {
	dir := absPath(filepath.Dir(filename))
	for d := dir; ; {
		if mod := ModulePath(filepath.Join(d, "go.mod")); mod != "" {
			if _, version, ok := strings.Cut(filepath.Base(d), "@"); ok {
				return mod + "@" + version
			}
			return mod
		}
		// The module cache holds modules without go.mod too; their
		// directory names them.
		if name, version, ok := strings.Cut(filepath.Base(d), "@"); ok && name != "" {
			return filepath.ToSlash(moduleCacheName(d)) + "@" + version
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// moduleCacheName is a module cache directory's module path: the path
// below .../pkg/mod/, without the version, with the cache's !x escapes of
// upper-case letters undone.
func moduleCacheName(dir string) string {
	slash := filepath.ToSlash(dir)
	if i := strings.LastIndex(slash, "/pkg/mod/"); i >= 0 {
		slash = slash[i+len("/pkg/mod/"):]
	}
	slash, _, _ = strings.Cut(slash, "@")
	var b strings.Builder
	for i := 0; i < len(slash); i++ {
		if slash[i] == '!' && i+1 < len(slash) {
			i++
			b.WriteString(strings.ToUpper(slash[i : i+1]))
			continue
		}
		b.WriteByte(slash[i])
	}
	return b.String()
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// ModulePath is the module a go.mod file declares; "" when there is none.
func ModulePath(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(s.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
