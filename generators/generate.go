package generators

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/declval/validation-gen/cel"
	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/golang"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// Config is one run of the generator.
type Config struct {
	// Dir is the working directory patterns are resolved in ("" = cwd).
	Dir        string
	Patterns   []string
	Readonly   []string
	OutputFile string // file name written in each package directory
	Header     []byte // license header, without the generated-code line
	// CRDDir, when set, receives one CustomResourceDefinition per kind
	// (<group>_<plural>.yaml); CRDOptions are the options treated as
	// enabled for ifEnabled/ifDisabled there.
	CRDDir     string
	CRDOptions []string
}

// Output is one file the run produces (Content nil: delete a stale file).
type Output struct {
	Path    string
	Content []byte
}

// Run loads, checks and renders everything, and returns the files to
// write. It writes nothing: a run with any error produces no output.
func Run(cfg Config) ([]Output, error) {
	if cfg.OutputFile == "" || strings.ContainsRune(cfg.OutputFile, filepath.Separator) {
		return nil, fmt.Errorf("--output-file must be a file name such as zz_generated.validations.go, got %q", cfg.OutputFile)
	}
	l, err := model.Load(cfg.Dir, cfg.Patterns, cfg.Readonly, []string{golang.BuildTag})
	if err != nil {
		return nil, err
	}
	m, err := model.Build(l, model.BuildOptions{CRDs: cfg.CRDDir != ""})
	if err != nil {
		return nil, err
	}
	if errs := cel.Check(m); len(errs) > 0 {
		return nil, markers.JoinSorted(errs)
	}
	var outs []Output
	written := map[string]bool{}
	for _, p := range m.Packages {
		src, err := golang.File(m, p, cfg.Header)
		if err != nil {
			return nil, err
		}
		path := filepath.Join(p.Dir, cfg.OutputFile)
		written[path] = true
		outs = append(outs, Output{Path: path, Content: src})
	}
	// A package of the run that no longer has validations loses its file,
	// but only a file this generator wrote.
	for _, pkg := range l.Requested {
		dir := l.Universe.Package(pkg).Dir
		path := filepath.Join(dir, cfg.OutputFile)
		if written[path] || !ownedFile(path) {
			continue
		}
		outs = append(outs, Output{Path: path})
	}
	if cfg.CRDDir != "" {
		enabled := map[string]bool{}
		for _, o := range cfg.CRDOptions {
			enabled[o] = true
		}
		crds, err := crd.Manifests(m, enabled)
		if err != nil {
			return nil, err
		}
		for _, c := range crds {
			outs = append(outs, Output{Path: filepath.Join(cfg.CRDDir, c.Name), Content: c.Content})
		}
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].Path < outs[j].Path })
	return outs, nil
}

func ownedFile(path string) bool {
	b, err := os.ReadFile(path)
	return err == nil && bytes.Contains(b, []byte(golang.GeneratedMarker))
}

// Stale lists the outputs that differ from what is on disk.
func Stale(outs []Output) []string {
	var stale []string
	for _, o := range outs {
		cur, err := os.ReadFile(o.Path)
		switch {
		case o.Content == nil && err == nil:
			stale = append(stale, o.Path+" (would be removed)")
		case o.Content != nil && (err != nil || !bytes.Equal(cur, o.Content)):
			stale = append(stale, o.Path)
		}
	}
	return stale
}

// Write writes the outputs atomically (a temporary file renamed over the
// target), leaving unchanged files untouched.
func Write(outs []Output) error {
	for _, o := range outs {
		if o.Content == nil {
			if err := os.Remove(o.Path); err != nil && !os.IsNotExist(err) {
				return err
			}
			continue
		}
		if cur, err := os.ReadFile(o.Path); err == nil && bytes.Equal(cur, o.Content) {
			continue
		}
		if err := writeAtomic(o.Path, o.Content); err != nil {
			return err
		}
	}
	return nil
}

func writeAtomic(path string, content []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after a successful rename
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
