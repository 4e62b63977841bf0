package source

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Reads is what a run read of the file system that can change its output,
// by absolute path, for the run cache (runcache.Snapshot): the Go files
// of every package of the graph outside immutable trees (the module cache,
// GOROOT), those directories' listings (a new file, a validation package
// below one), the main modules' go.mod, go.sum and go.work files (which
// fix every version read from the immutable trees), and the roots of the
// ./... patterns (a new package).
type Reads struct {
	Files, Dirs, Trees []string
}

// Reads lists what the load read, given the immutable roots (GOMODCACHE,
// GOROOT) and the patterns of the run.
func (l *Loaded) Reads(immutable []string, patterns []string) Reads {
	files, dirs, trees := map[string]bool{}, map[string]bool{}, map[string]bool{}
	immutableDir := func(d string) bool {
		for _, root := range immutable {
			if root != "" && (d == root || strings.HasPrefix(d, root+string(filepath.Separator))) {
				return true
			}
		}
		return false
	}
	addDir := func(d string) {
		if d == "" || immutableDir(d) || dirs[d] {
			return
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			return
		}
		dirs[d] = true
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
				files[filepath.Join(d, name)] = true
			}
		}
	}
	modules := map[string]bool{}
	for _, p := range l.graph.listed {
		d := absPath(packageDir(p))
		addDir(d)
		addDir(filepath.Join(d, "validation")) // Published, validationPackages
		if p.Module != nil && p.Module.Main && p.Module.Dir != "" {
			modules[absPath(p.Module.Dir)] = true
		}
	}
	for m := range modules {
		for _, name := range []string{"go.mod", "go.sum", "go.work", "go.work.sum"} {
			if _, err := os.Stat(filepath.Join(m, name)); err == nil {
				files[filepath.Join(m, name)] = true
			}
		}
		if _, err := os.Stat(filepath.Join(m, "vendor", "modules.txt")); err == nil {
			files[filepath.Join(m, "vendor", "modules.txt")] = true
		}
	}
	wd := absPath(workDir(l.dir))
	for _, pat := range patterns {
		root, ok := strings.CutSuffix(pat, "/...")
		if !ok {
			if pat != "..." {
				continue
			}
			root = "."
		}
		switch {
		case filepath.IsAbs(root):
		case root == "." || root == ".." || strings.HasPrefix(root, "./") || strings.HasPrefix(root, "../"):
			root = filepath.Join(wd, root)
		default:
			// An import path pattern: below the main module it names.
			root = ""
			for _, p := range l.graph.listed {
				if m := p.Module; m != nil && m.Main && m.Dir != "" && (pat == m.Path+"/..." || strings.HasPrefix(pat, m.Path+"/")) {
					rest := strings.TrimPrefix(strings.TrimSuffix(pat, "/..."), m.Path)
					root = filepath.Join(m.Dir, filepath.FromSlash(rest))
					break
				}
			}
		}
		if root != "" && !immutableDir(absPath(root)) {
			if fi, err := os.Stat(root); err == nil && fi.IsDir() {
				trees[absPath(root)] = true
			}
		}
	}
	return Reads{Files: sorted(files), Dirs: sorted(dirs), Trees: sorted(trees)}
}

func sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
