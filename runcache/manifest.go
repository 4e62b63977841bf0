package runcache

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Sum is a sha256: of a file's content, of a directory's listing or of a
// tree's listing of package directories.
type Sum [sha256.Size]byte

// Manifest is what a run read, by absolute path, so that a later run can
// tell whether reading it again would give the same result.
type Manifest struct {
	// Files maps each file read outside immutable trees to the sha256 of its
	// content. Content decides, not size or mtime: tools that restore
	// mtimes (git checkout, rsync -t, cp -p) must not make a stale hit.
	Files map[string]Sum
	// Immutable lists the files read inside immutable trees (GOMODCACHE,
	// GOROOT), whose content is fixed by their module@version path, so
	// only their existence is checked.
	Immutable []string
	// Dirs maps each directory whose listing the run read to the sha256
	// of that listing (names, and whether each is a directory), so that a
	// new or removed file is seen.
	Dirs map[string]Sum
	// Trees maps each root of a ./... pattern to the sha256 of the
	// directories below it that could hold Go packages, each with its .go
	// files and go.mod, go.sum and go.work, so that a new package is seen.
	Trees map[string]Sum
}

// Snapshot builds the Manifest of the given absolute paths from the file
// system as it is now. Files are hashed concurrently, as are the listings.
func Snapshot(files, immutable, dirs, trees []string) (Manifest, error) {
	var checks []check
	for _, group := range []struct {
		kind  kind
		paths []string
	}{{fileContent, files}, {immutableFile, immutable}, {dirListing, dirs}, {treeListing, trees}} {
		for _, p := range group.paths {
			if !filepath.IsAbs(p) {
				return Manifest{}, fmt.Errorf("runcache: %q is not an absolute path", p)
			}
			checks = append(checks, check{kind: group.kind, path: filepath.Clean(p)})
		}
	}
	sums := make([]Sum, len(checks))
	errs := make([]error, len(checks))
	inParallel(len(checks), func(w *worker, i int) bool {
		sums[i], errs[i] = w.sum(checks[i])
		return errs[i] == nil
	})
	if err := errors.Join(errs...); err != nil {
		return Manifest{}, err
	}
	m := Manifest{Files: map[string]Sum{}, Dirs: map[string]Sum{}, Trees: map[string]Sum{}}
	for i, c := range checks {
		switch c.kind {
		case fileContent:
			m.Files[c.path] = sums[i]
		case immutableFile:
			m.Immutable = append(m.Immutable, c.path)
		case dirListing:
			m.Dirs[c.path] = sums[i]
		case treeListing:
			m.Trees[c.path] = sums[i]
		}
	}
	slices.Sort(m.Immutable)
	m.Immutable = slices.Compact(m.Immutable)
	return m, nil
}

// verify checks m against the file system now. It returns "" when every
// file, directory and tree is as recorded, and otherwise a short phrase
// naming one difference.
func (m Manifest) verify() (why string) {
	checks := make([]check, 0, len(m.Files)+len(m.Immutable)+len(m.Dirs)+len(m.Trees))
	// The cheap checks first: a miss found by a stat or a listing saves
	// hashing every file.
	for _, p := range m.Immutable {
		checks = append(checks, check{kind: immutableFile, path: p})
	}
	for p, s := range m.Dirs {
		checks = append(checks, check{kind: dirListing, path: p, want: s})
	}
	for p, s := range m.Trees {
		checks = append(checks, check{kind: treeListing, path: p, want: s})
	}
	for p, s := range m.Files {
		checks = append(checks, check{kind: fileContent, path: p, want: s})
	}
	whys := make([]string, len(checks))
	inParallel(len(checks), func(w *worker, i int) bool {
		c := checks[i]
		got, err := w.sum(c)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			whys[i] = "removed: " + c.path
		case err != nil:
			whys[i] = "unreadable: " + c.path
		case got != c.want:
			whys[i] = c.kind.changed() + c.path
		}
		return whys[i] == ""
	})
	for _, w := range whys {
		if w != "" {
			return w
		}
	}
	return ""
}

type kind uint8

const (
	fileContent kind = iota
	immutableFile
	dirListing
	treeListing
)

// changed is how a miss names the difference a Sum of this kind found.
func (k kind) changed() string {
	switch k {
	case dirListing:
		return "new or removed file in "
	case treeListing:
		return "new or removed package under "
	}
	return "changed: "
}

// check is one path of a Manifest with what it should sum to.
type check struct {
	kind kind
	path string
	want Sum
}

// worker is one goroutine's reusable hash and read buffer: hashing
// thousands of small files should not allocate for each.
type worker struct {
	h   hash.Hash
	buf []byte
}

func (w *worker) sum(c check) (Sum, error) {
	switch c.kind {
	case fileContent:
		return w.fileSum(c.path)
	case immutableFile:
		_, err := os.Stat(c.path)
		return Sum{}, err
	case dirListing:
		return w.dirSum(c.path)
	default:
		return w.treeSum(c.path)
	}
}

func (w *worker) fileSum(path string) (Sum, error) {
	f, err := os.Open(path)
	if err != nil {
		return Sum{}, err
	}
	defer f.Close()
	w.h.Reset()
	// A plain read loop: io.CopyBuffer would hand the copy to
	// (*os.File).WriteTo, which allocates its own buffer each time.
	for {
		n, err := f.Read(w.buf)
		w.h.Write(w.buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			return Sum{}, err
		}
	}
	var s Sum
	w.h.Sum(s[:0])
	return s, nil
}

func (w *worker) dirSum(dir string) (Sum, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Sum{}, err
	}
	w.h.Reset()
	for _, e := range entries { // sorted by name
		writeString(w.h, e.Name())
		w.h.Write([]byte{typeLetter(e)})
	}
	var s Sum
	w.h.Sum(s[:0])
	return s, nil
}

func typeLetter(e fs.DirEntry) byte {
	switch {
	case e.IsDir():
		return 'd'
	case e.Type()&fs.ModeSymlink != 0:
		return 'l'
	}
	return 'f'
}

// treeSum hashes the directories below root that the go command's ./...
// could find a package in: as cmd/go it leaves out directories whose names
// start with '.' or '_', testdata, nested modules (a subdirectory with a
// go.mod) and symbolic links. It keeps vendor directories, which the go
// command leaves out in module mode: a change there costs a miss, never a
// stale hit.
func (w *worker) treeSum(root string) (Sum, error) {
	w.h.Reset()
	if err := w.walkTree(root, ".", true); err != nil {
		return Sum{}, err
	}
	var s Sum
	w.h.Sum(s[:0])
	return s, nil
}

func (w *worker) walkTree(root, rel string, top bool) error {
	entries, err := os.ReadDir(filepath.Join(root, rel))
	if err != nil {
		return err
	}
	if !top && slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == "go.mod" }) {
		return nil
	}
	writeString(w.h, rel)
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && (isGoFile(n) || n == "go.mod" || n == "go.sum" || n == "go.work") {
			writeString(w.h, n)
		}
	}
	w.h.Write([]byte{0}) // no name is empty: ends this directory's names
	for _, e := range entries {
		if n := e.Name(); e.IsDir() && n[0] != '.' && n[0] != '_' && n != "testdata" {
			if err := w.walkTree(root, filepath.Join(rel, n), false); err != nil {
				return err
			}
		}
	}
	return nil
}

// isGoFile is whether the go command reads name as a Go source file: it
// ignores files whose names start with '.' or '_'.
func isGoFile(name string) bool {
	return strings.HasSuffix(name, ".go") && name[0] != '.' && name[0] != '_'
}

// writeString writes s prefixed by its length, so that consecutive names
// cannot run together into the same bytes.
func writeString(h hash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}

// inParallel calls do(w, i) for every i in [0, n) on at most GOMAXPROCS
// goroutines, each with its own worker. Once any call returns false the
// calls not yet started are skipped.
func inParallel(n int, do func(w *worker, i int) bool) {
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			w := &worker{h: sha256.New(), buf: make([]byte, 32<<10)}
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if !do(w, i) {
					stop.Store(true)
				}
			}
		})
	}
	wg.Wait()
}
