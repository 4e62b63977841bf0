package source

import (
	"bufio"
	"go/build"
	"os"
	"os/exec"
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

// OutsideMainModules names, for each package of the run that is not in a
// main module of the go command (the module of the working directory, or
// those of its go.work), where it is instead: the module cache, vendor/,
// GOROOT. The generator writes into the directory of every package of the
// run, so such a package would be written where no run may write.
func (l *Loaded) OutsideMainModules() (map[string]string, error) {
	if len(l.Requested) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, path := range l.Requested {
		p := l.graph.byPath[path]
		if p == nil {
			continue
		}
		dir := ""
		if pk := l.Universe.Package(path); pk != nil {
			dir = pk.Dir
		}
		switch m := p.Module; {
		case m == nil && dir != "" && inDir(build.Default.GOROOT, dir):
			out[path] = "in GOROOT (" + dir + ")"
		case m == nil:
			out[path] = "in no module (" + dir + ")"
		case !m.Main:
			where := m.Path
			if m.Version != "" {
				where += "@" + m.Version
			}
			out[path] = "in " + where + ", a dependency of the run (" + dir + ")"
		}
	}
	return out, nil
}

// ForeignDir says why a directory the run would write in belongs to no
// module of the user ("" when it may): it is in the module cache, in
// GOROOT, or in a vendor directory, each shared or rewritten by the go
// command.
func ForeignDir(dir string) string {
	abs := absPath(dir)
	if root := build.Default.GOROOT; root != "" && inDir(root, abs) {
		return "it is in GOROOT (" + root + ")"
	}
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		if cache := strings.TrimSpace(string(out)); cache != "" && inDir(cache, abs) {
			return "it is in the Go module cache (" + cache + "), which every module of the machine shares"
		}
	}
	for d := abs; ; {
		if filepath.Base(d) == "vendor" {
			if _, err := os.Stat(filepath.Join(d, "modules.txt")); err == nil {
				return "it is in " + d + ", which go mod vendor rewrites"
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// inDir reports whether path is dir or below it.
func inDir(dir, path string) bool {
	dir, path = absPath(dir), absPath(path)
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	if r, err := filepath.EvalSymlinks(path); err == nil {
		path = r
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
