package generators

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/declval/validation-gen/crd"
	"github.com/declval/validation-gen/golang"
)

// The generator writes only in the main modules of the run (never in the
// module cache, vendor/ or GOROOT, whatever the files there say), and there
// overwrites or removes only generated files: a Go file whose lines before
// its package clause include golang.GeneratedMarker (the convention Go
// tools read), or a CRD manifest whose leading comments include
// crd.GeneratedMarker. A Go file with golang.SharedMarker, the line of
// Kubernetes' generator (also validation-gen) and of this one before its
// marker named its module, is overwritten, since replacing that generator
// in place is what a switch is, but never removed: it may not be ours.
// Every other file in the way is an error before anything is written.

// ownedGo reports whether Go source carries the generated marker before
// its package clause.
func ownedGo(src []byte) bool { return goMarker(src) == golang.GeneratedMarker }

// replaceableGo reports whether Go source was written by either
// generator named validation-gen.
func replaceableGo(src []byte) bool { return goMarker(src) != "" }

// goMarker is the generated-code line of either validation-gen found
// before the package clause of Go source, or "".
func goMarker(src []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == golang.GeneratedMarker || line == golang.SharedMarker {
			return line
		}
		if strings.HasPrefix(line, "package ") {
			return ""
		}
	}
	return ""
}

// ownedCRD reports whether a CRD manifest carries the generated marker.
func ownedCRD(src []byte) bool {
	owned, _ := crdSources(src)
	return owned
}

// crdSources reads the leading comments of a CRD manifest: whether it
// carries the generated marker, and the packages it was generated from.
func crdSources(src []byte) (owned bool, sources []string) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case line == crd.GeneratedMarker:
			owned = true
		case strings.HasPrefix(line, crd.SourcesPrefix):
			for _, s := range strings.Split(strings.TrimPrefix(line, crd.SourcesPrefix), ",") {
				if s = strings.TrimSpace(s); s != "" {
					sources = append(sources, s)
				}
			}
		case strings.HasPrefix(line, "#"), line == "", line == "---":
		default:
			return owned, sources
		}
	}
	return owned, sources
}

// checkTarget makes sure the run may write path: nothing is there, or a
// file this generator may replace (owned reads its content).
//
// notOwned says what a file in the way lacks, hint is added to its fix.
func checkTarget(path string, owned func([]byte) bool, notOwned, hint string) error {
	fi, err := os.Stat(path)
	switch {
	case missing(err):
		return checkDir(filepath.Dir(path))
	case err != nil:
		return err
	case fi.IsDir():
		return fmt.Errorf("%s is a directory, where validation-gen would write a file; fix: move the directory, or choose another output name", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !owned(b) {
		return fmt.Errorf("%s exists and validation-gen did not write it (%s), so it is not overwritten; fix: %s", path, notOwned, hint)
	}
	return nil
}

// missing reports an error of a path that is not there: it does not
// exist, or a parent of it is a file.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// checkDir makes sure dir exists or can be made: it, or its nearest
// existing ancestor, is a directory.
func checkDir(dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("%s is a file, where validation-gen needs a directory for %s; fix: move the file, or choose another directory", d, dir)
			}
			return nil
		}
		if !missing(err) {
			return err
		}
		if parent := filepath.Dir(d); parent == d {
			return nil
		}
	}
}

// manifest is a YAML file of --crd-dir and its content.
type manifest struct {
	path    string
	content []byte
}

// readManifests reads the YAML files of dir (none when dir does not
// exist), once for the checks of a run that read them all.
func readManifests(dir string) ([]manifest, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []manifest
	for _, e := range entries {
		if e.IsDir() || !(strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out = append(out, manifest{path, b})
	}
	return out, nil
}

// staleCRDs lists the manifests of --crd-dir that this generator wrote
// from packages of this run and that the run no longer produces (a kind
// renamed or removed). A manifest from packages outside the run is left
// alone: another run writes it.
func staleCRDs(files []manifest, produced map[string]bool, inRun map[string]bool) []Output {
	var out []Output
	for _, f := range files {
		if !strings.HasSuffix(f.path, ".yaml") || produced[f.path] {
			continue
		}
		owned, sources := crdSources(f.content)
		if !owned || len(sources) == 0 {
			continue
		}
		ours := true
		for _, s := range sources {
			ours = ours && inRun[s]
		}
		if ours {
			out = append(out, Output{Path: f.path})
		}
	}
	return out
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

// Write commits the outputs as one step, leaving unchanged files
// untouched. Every new content is first written to a temporary file beside
// its target; only when all of them are written are they renamed over
// their targets and stale files removed. A failure before that point
// removes the temporary files (and the directories it made) and leaves
// every file as it was.
func Write(outs []Output) (err error) {
	type pending struct{ tmp, path string }
	var todo []pending
	var made []string // directories this call created, deepest last
	defer func() {
		if err == nil {
			return
		}
		for _, p := range todo {
			os.Remove(p.tmp)
		}
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i]) // only if empty
		}
	}()
	for _, o := range outs {
		if o.Content == nil {
			continue
		}
		if cur, err := os.ReadFile(o.Path); err == nil && bytes.Equal(cur, o.Content) {
			continue
		}
		dirs, err := mkdirs(filepath.Dir(o.Path))
		made = append(made, dirs...)
		if err != nil {
			return err
		}
		tmp, err := writeTemp(o.Path, o.Content)
		if err != nil {
			return err
		}
		todo = append(todo, pending{tmp, o.Path})
	}
	for i, p := range todo {
		if err := os.Rename(p.tmp, p.path); err != nil {
			todo = todo[i:]
			return err
		}
	}
	todo = nil
	for _, o := range outs {
		if o.Content == nil {
			if err := os.Remove(o.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// mkdirs makes dir and its missing parents, and returns those it made,
// outermost first.
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	sort.Slice(missing, func(i, j int) bool { return len(missing[i]) < len(missing[j]) })
	var made []string
	for _, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return made, err
		}
		made = append(made, d)
	}
	return made, nil
}

// writeTemp writes content to a new temporary file beside path.
func writeTemp(path string, content []byte) (string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	_, err = tmp.Write(content)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}
