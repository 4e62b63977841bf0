package runcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// writeFiles writes each name → content below dir, creating directories.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

func openCache(t testing.TB) *Cache {
	t.Helper()
	c, err := Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// putSnapshot snapshots the given paths and stores result under key.
func putSnapshot(t testing.TB, c *Cache, key Key, result string, files, immutable, dirs, trees []string) {
	t.Helper()
	m, err := Snapshot(files, immutable, dirs, trees)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put(key, m, []byte(result)); err != nil {
		t.Fatal(err)
	}
}

func wantHit(t *testing.T, c *Cache, key Key, want string) {
	t.Helper()
	got, ok, why := c.Get(key)
	if !ok {
		t.Fatalf("Get missed (%s), want a hit", why)
	}
	if string(got) != want {
		t.Fatalf("Get = %q, want %q", got, want)
	}
}

func wantMiss(t *testing.T, c *Cache, key Key, wantWhy string) {
	t.Helper()
	got, ok, why := c.Get(key)
	if ok {
		t.Fatalf("Get hit with %q, want a miss (%s)", got, wantWhy)
	}
	if why != wantWhy {
		t.Fatalf("Get missed because %q, want %q", why, wantWhy)
	}
}

func TestPutGetRoundTrip(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"go.mod": "module x\n", "a/a.go": "package a\n", "mod/m.go": "package m\n"})
	c := openCache(t)
	key := NewKey("run", "1")
	m, err := Snapshot(
		[]string{filepath.Join(src, "go.mod"), filepath.Join(src, "a", "a.go")},
		[]string{filepath.Join(src, "mod", "m.go")},
		[]string{filepath.Join(src, "a")},
		[]string{src})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 2 || len(m.Immutable) != 1 || len(m.Dirs) != 1 || len(m.Trees) != 1 {
		t.Fatalf("Snapshot = %+v, want 2 files, 1 immutable file, 1 directory, 1 tree", m)
	}
	if want := sha256.Sum256([]byte("package a\n")); m.Files[filepath.Join(src, "a", "a.go")] != want {
		t.Errorf("Snapshot's sum of a.go is not the sha256 of its content")
	}
	result := []byte("outputs\x00and warnings")
	if err := c.Put(key, m, result); err != nil {
		t.Fatal(err)
	}
	wantHit(t, c, key, string(result))
	wantMiss(t, c, NewKey("run", "2"), "no entry")

	data, err := os.ReadFile(c.entryPath(key))
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := decodeEntry(key, data)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back) != fmt.Sprint(m) {
		t.Errorf("decoded manifest %+v, want %+v", back, m)
	}
}

func TestEntryPathIsShardedByKey(t *testing.T) {
	c := openCache(t)
	key := NewKey("x")
	if err := c.Put(key, Manifest{}, nil); err != nil {
		t.Fatal(err)
	}
	hexKey := key.String()
	if _, err := os.Stat(filepath.Join(c.dir, hexKey[:2], hexKey)); err != nil {
		t.Errorf("entry is not at <dir>/%s/<hex key>: %v", hexKey[:2], err)
	}
	wantHit(t, c, key, "")
}

func TestFileContentChangeMisses(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.go": "package a // one\n"})
	file := filepath.Join(src, "a.go")
	c := openCache(t)
	key := NewKey("k")
	putSnapshot(t, c, key, "r", []string{file}, nil, nil, nil)
	wantHit(t, c, key, "r")

	// Same size, same mtime: only the content tells.
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("package a // two\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(file, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.Stat(file); now.Size() != info.Size() || !now.ModTime().Equal(info.ModTime()) {
		t.Fatal("the rewritten file's size or mtime differs: the test would not isolate content hashing")
	}
	wantMiss(t, c, key, "changed: "+file)

	os.Remove(file)
	wantMiss(t, c, key, "removed: "+file)
}

func TestImmutableFileRemovedMisses(t *testing.T) {
	modcache := t.TempDir()
	writeFiles(t, modcache, map[string]string{"example.com/m@v1.0.0/m.go": "package m\n"})
	file := filepath.Join(modcache, "example.com", "m@v1.0.0", "m.go")
	c := openCache(t)
	key := NewKey("k")
	putSnapshot(t, c, key, "r", nil, []string{file}, nil, nil)

	// Only existence is checked: a changed immutable file is still a hit.
	if err := os.WriteFile(file, []byte("package m // edited in the module cache\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	wantHit(t, c, key, "r")

	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	wantMiss(t, c, key, "removed: "+file)
}

func TestFileAddedToDirMisses(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"p/a.go": "package p\n"})
	dir := filepath.Join(src, "p")
	c := openCache(t)
	key := NewKey("k")
	putSnapshot(t, c, key, "r", nil, nil, []string{dir}, nil)
	wantHit(t, c, key, "r")

	writeFiles(t, dir, map[string]string{"b.go": "package p\n"})
	wantMiss(t, c, key, "new or removed file in "+dir)
	os.Remove(filepath.Join(dir, "b.go"))
	wantHit(t, c, key, "r")

	// A file replaced by a directory of the same name is a different listing.
	if err := os.Remove(filepath.Join(dir, "a.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "a.go"), 0o777); err != nil {
		t.Fatal(err)
	}
	wantMiss(t, c, key, "new or removed file in "+dir)
}

func TestNewPackageUnderTreeMisses(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"go.mod": "module x\n", "a/a.go": "package a\n", "testdata/keep": "", ".git/HEAD": ""})
	c := openCache(t)
	key := NewKey("k")
	putSnapshot(t, c, key, "r", nil, nil, nil, []string{root})

	// What ./... does not match leaves the tree as it was.
	writeFiles(t, root, map[string]string{
		"testdata/p/p.go":    "package p\n",
		".git/objects/o.go":  "package o\n",
		"_skip/s.go":         "package s\n",
		"nested/go.mod":      "module x/nested\n",
		"nested/n.go":        "package nested\n",
		"nested/deep/d.go":   "package deep\n",
		"a/README.md":        "not Go\n",
		"a/_ignored.go":      "package a\n",
		"a/testdata/more.go": "package more\n",
	})
	wantHit(t, c, key, "r")

	writeFiles(t, root, map[string]string{"b/b.go": "package b\n"})
	wantMiss(t, c, key, "new or removed package under "+root)
	os.RemoveAll(filepath.Join(root, "b"))
	wantHit(t, c, key, "r")

	// A new file of an existing package, and a package made a module.
	writeFiles(t, root, map[string]string{"a/a2.go": "package a\n"})
	wantMiss(t, c, key, "new or removed package under "+root)
	os.Remove(filepath.Join(root, "a", "a2.go"))
	writeFiles(t, root, map[string]string{"a/go.mod": "module x/a\n"})
	wantMiss(t, c, key, "new or removed package under "+root)
}

func TestCorruptEntryMisses(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.go": "package a\n"})
	c := openCache(t)
	key := NewKey("k")
	putSnapshot(t, c, key, "result", []string{filepath.Join(src, "a.go")}, nil, []string{src}, []string{src})
	path := c.entryPath(key)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	corrupt := map[string][]byte{"empty": nil}
	for _, n := range []int{1, len(entryMagic), len(entryMagic) + 40, len(good) / 2, len(good) - 1} {
		corrupt[fmt.Sprintf("truncated to %d bytes", n)] = good[:n]
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{10, len(good), 4096} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		corrupt[fmt.Sprintf("%d random bytes", n)] = b
	}
	for i := range len(good) {
		b := bytes.Clone(good)
		b[i] ^= 0x40
		corrupt[fmt.Sprintf("byte %d flipped", i)] = b
	}
	// Another key's whole, valid entry under this key's name.
	corrupt["foreign entry"] = encodeEntry(NewKey("other"), Manifest{}, []byte("result"))
	for name, data := range corrupt {
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		if got, ok, why := c.Get(key); ok || why != "entry unreadable" {
			t.Errorf("%s: Get = %q, %v, %q; want a miss, entry unreadable", name, got, ok, why)
		}
	}
	if err := os.WriteFile(path, good, 0o666); err != nil {
		t.Fatal(err)
	}
	wantHit(t, c, key, "result")
}

// TestDecodeEntryRejectsMalformedBodies reaches the field parser past the
// checksum, as a file written by a future or foreign format would.
func TestDecodeEntryRejectsMalformedBodies(t *testing.T) {
	key := NewKey("k")
	withSum := func(body []byte) []byte {
		s := sha256.Sum256(body)
		return append(body, s[:]...)
	}
	head := append([]byte(entryMagic), key[:]...)
	for name, body := range map[string][]byte{
		"huge count":     append(bytes.Clone(head), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f),
		"count past end": append(bytes.Clone(head), 5, 1),
		"fields missing": append(bytes.Clone(head), 0, 0),
		"trailing bytes": append(bytes.Clone(head), 0, 0, 0, 0, 0, 9),
		"other version":  append([]byte(strings.Replace(entryMagic, "v1", "v9", 1)), append(key[:], 0, 0, 0, 0, 0)...),
	} {
		if _, _, err := decodeEntry(key, withSum(body)); err == nil {
			t.Errorf("%s: decodeEntry accepted it", name)
		}
	}
	if _, _, err := decodeEntry(key, withSum(append(bytes.Clone(head), 0, 0, 0, 0, 0))); err != nil {
		t.Errorf("an empty entry: %v", err)
	}
}

func TestConcurrentPutGetNeverTorn(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.go": "package a\n"})
	m, err := Snapshot([]string{filepath.Join(src, "a.go")}, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := openCache(t)
	key := NewKey("shared")
	const size = 256 << 10
	result := func(i int) []byte { return bytes.Repeat([]byte{byte(i)}, size) }
	if err := c.Put(key, m, result(0)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 20 {
				if err := c.Put(key, m, result(g*20+i)); err != nil {
					t.Error(err)
					return
				}
				// An entry is always there: each Get must see a whole one.
				got, ok, why := c.Get(key)
				if !ok {
					t.Errorf("Get missed (%s) while entries were being replaced", why)
					return
				}
				if len(got) != size || !bytes.Equal(got, result(int(got[0]))) {
					t.Errorf("Get returned a torn result of %d bytes", len(got))
					return
				}
			}
		})
	}
	wg.Wait()
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(c.entryPath(key)), "*.tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestNewKeyPrefixesLengths(t *testing.T) {
	if NewKey("ab", "c") == NewKey("a", "bc") {
		t.Error(`NewKey("ab", "c") == NewKey("a", "bc")`)
	}
	if NewKey("a") == NewKey("a", "") {
		t.Error(`NewKey("a") == NewKey("a", "")`)
	}
	if NewKey("a", "b") != NewKey("a", "b") {
		t.Error("NewKey is not deterministic")
	}
	if s := NewKey().String(); len(s) != 64 {
		t.Errorf("Key.String() = %q, want 64 hex digits", s)
	}
}

func sha256Hex(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

func TestBuildIDOf(t *testing.T) {
	c := openCache(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.BuildID()
	if err != nil {
		t.Fatal(err)
	}
	if want := sha256Hex(t, exe); id != want {
		t.Fatalf("BuildID = %s, want the sha256 of the test executable %s", id, want)
	}

	// A copy of the executable, with an mtime in the past.
	bin := filepath.Join(t.TempDir(), "validation-gen")
	in, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(bin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	in.Close()
	out.Close()
	past := time.Now().Add(-time.Hour).Truncate(time.Second)
	setMtime := func(tm time.Time) {
		t.Helper()
		if err := os.Chtimes(bin, tm, tm); err != nil {
			t.Fatal(err)
		}
	}
	setMtime(past)
	buildID := func() string {
		t.Helper()
		id, err := c.BuildIDOf(bin)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	id1 := buildID()
	if id1 != id {
		t.Fatalf("the copy's build ID %s differs from the executable's %s", id1, id)
	}

	// One more byte: size and mtime change, and the ID with them.
	f, err := os.OpenFile(bin, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0})
	f.Close()
	setMtime(past)
	id2 := buildID()
	if id2 == id1 || id2 != sha256Hex(t, bin) {
		t.Fatalf("after appending a byte BuildIDOf = %s, want the new sum %s (was %s)", id2, sha256Hex(t, bin), id1)
	}

	// Same size, new bytes, another mtime: the memo must not be used.
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] = 1
	if err := os.WriteFile(bin, data, 0o777); err != nil {
		t.Fatal(err)
	}
	setMtime(past.Add(time.Minute))
	id3 := buildID()
	if id3 == id2 || id3 != sha256Hex(t, bin) {
		t.Fatalf("after a same-size rewrite with a new mtime BuildIDOf = %s, want the new sum %s (was %s)", id3, sha256Hex(t, bin), id2)
	}

	// Same size, same mtime, same inode: the memo answers without hashing,
	// which the stale ID shows.
	data[len(data)-1] = 2
	if err := os.WriteFile(bin, data, 0o777); err != nil {
		t.Fatal(err)
	}
	setMtime(past.Add(time.Minute))
	if got := buildID(); got != id3 {
		t.Fatalf("BuildIDOf re-hashed a file whose path, size, mtime and inode were unchanged (got %s, memo %s)", got, id3)
	}

	if runtime.GOOS == "windows" {
		return
	}
	// Same size and mtime, but another file renamed over it: the inode tells.
	other := bin + ".new"
	if err := os.WriteFile(other, data, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(other, past.Add(time.Minute), past.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(other, bin); err != nil {
		t.Fatal(err)
	}
	if got := buildID(); got == id3 || got != sha256Hex(t, bin) {
		t.Fatalf("after a rename over the file BuildIDOf = %s, want the new sum %s", got, sha256Hex(t, bin))
	}
}

func setMtime(t *testing.T, path string, tm time.Time) {
	t.Helper()
	if err := os.Chtimes(path, tm, tm); err != nil {
		t.Fatal(err)
	}
}

func mtime(t *testing.T, path string) time.Time {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.ModTime()
}

func TestTrim(t *testing.T) {
	c := openCache(t)
	old, fresh := NewKey("old"), NewKey("fresh")
	for _, k := range []Key{old, fresh} {
		if err := c.Put(k, Manifest{}, []byte("r")); err != nil {
			t.Fatal(err)
		}
	}
	stamp := filepath.Join(c.dir, "trim.txt")
	writeStamp := func(tm time.Time) {
		t.Helper()
		if err := os.WriteFile(stamp, []byte(fmt.Sprint(tm.Unix())), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	setMtime(t, c.entryPath(old), now.Add(-6*24*time.Hour))
	setMtime(t, c.entryPath(fresh), now.Add(-4*24*time.Hour))

	// Trimmed less than a day ago: nothing is removed.
	writeStamp(now.Add(-23 * time.Hour))
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	wantHit(t, c, old, "r")
	setMtime(t, c.entryPath(old), now.Add(-6*24*time.Hour)) // the hit refreshed it

	writeStamp(now.Add(-2 * 24 * time.Hour))
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	wantMiss(t, c, old, "no entry")
	wantHit(t, c, fresh, "r")
	data, err := os.ReadFile(stamp)
	if err != nil {
		t.Fatal(err)
	}
	if sec, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err != nil || time.Since(time.Unix(sec, 0)) > time.Minute {
		t.Errorf("Trim did not stamp trim.txt with the time it trimmed: %q", data)
	}

	// A stamp in the future, as after the clock was set back, does not
	// stop trimming for good.
	setMtime(t, c.entryPath(fresh), now.Add(-6*24*time.Hour))
	writeStamp(now.Add(3 * 24 * time.Hour))
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	wantMiss(t, c, fresh, "no entry")
}

// TestInParallelStopsEarly: once a check fails, the checks not started are
// skipped, so that a miss does not cost hashing every file.
func TestInParallelStopsEarly(t *testing.T) {
	var calls atomic.Int64
	inParallel(1000, func(*worker, int) bool {
		calls.Add(1)
		return false
	})
	if n := calls.Load(); n > int64(runtime.GOMAXPROCS(0)) {
		t.Errorf("%d calls after every call failed, want at most one per goroutine (%d)", n, runtime.GOMAXPROCS(0))
	}
	seen := make([]atomic.Int32, 1000)
	inParallel(len(seen), func(_ *worker, i int) bool {
		seen[i].Add(1)
		return true
	})
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Fatalf("index %d done %d times, want once", i, n)
		}
	}
}

func TestGetRefreshesMtimeHourly(t *testing.T) {
	c := openCache(t)
	key := NewKey("k")
	if err := c.Put(key, Manifest{}, []byte("r")); err != nil {
		t.Fatal(err)
	}
	path := c.entryPath(key)
	halfHour := time.Now().Add(-30 * time.Minute).Truncate(time.Second)
	setMtime(t, path, halfHour)
	wantHit(t, c, key, "r")
	if got := mtime(t, path); !got.Equal(halfHour) {
		t.Errorf("a hit within the hour rewrote the mtime (%v, was %v)", got, halfHour)
	}
	setMtime(t, path, time.Now().Add(-2*time.Hour))
	wantHit(t, c, key, "r")
	if got := mtime(t, path); time.Since(got) > time.Minute {
		t.Errorf("a hit did not refresh an mtime two hours old (%v)", got)
	}

	// A miss does not keep an entry alive.
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.go": "package a\n"})
	putSnapshot(t, c, key, "r", []string{filepath.Join(src, "a.go")}, nil, nil, nil)
	os.Remove(filepath.Join(src, "a.go"))
	twoHours := time.Now().Add(-2 * time.Hour).Truncate(time.Second)
	setMtime(t, path, twoHours)
	c.Get(key)
	if got := mtime(t, path); !got.Equal(twoHours) {
		t.Errorf("a miss refreshed the entry's mtime")
	}
}

func TestDir(t *testing.T) {
	t.Setenv("VALIDATION_GEN_CACHE", "off")
	if _, err := Dir(); err != ErrDisabled {
		t.Errorf("VALIDATION_GEN_CACHE=off: Dir() error = %v, want ErrDisabled", err)
	}
	abs := filepath.Join(t.TempDir(), "c")
	t.Setenv("VALIDATION_GEN_CACHE", abs)
	if d, err := Dir(); d != abs || err != nil {
		t.Errorf("VALIDATION_GEN_CACHE=%s: Dir() = %q, %v", abs, d, err)
	}
	t.Setenv("VALIDATION_GEN_CACHE", "relative/cache")
	if _, err := Dir(); err == nil {
		t.Error("a relative VALIDATION_GEN_CACHE was accepted")
	}
	t.Setenv("VALIDATION_GEN_CACHE", "")
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skip("no user cache directory:", err)
	}
	if d, err := Dir(); d != filepath.Join(base, "validation-gen") || err != nil {
		t.Errorf("Dir() = %q, %v; want %s", d, err, filepath.Join(base, "validation-gen"))
	}
}

func TestOpenUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	writeFiles(t, filepath.Dir(file), map[string]string{"file": ""})
	if _, err := Open(filepath.Join(file, "cache")); err == nil {
		t.Error("Open below a regular file succeeded")
	}
	// An existing directory no one may write to, root included.
	if runtime.GOOS == "linux" {
		if _, err := Open("/proc/self"); err == nil {
			t.Error("Open of /proc/self, which cannot be written to, succeeded")
		}
	}
	dir := filepath.Join(t.TempDir(), "new", "cache")
	if _, err := Open(dir); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Open left files in the cache directory: %v", entries)
	}
}

func TestSnapshotErrors(t *testing.T) {
	if _, err := Snapshot([]string{"relative.go"}, nil, nil, nil); err == nil {
		t.Error("Snapshot accepted a relative path")
	}
	missing := filepath.Join(t.TempDir(), "missing.go")
	for _, args := range [][4][]string{{{missing}}, {nil, {missing}}, {nil, nil, {missing}}, {nil, nil, nil, {missing}}} {
		if _, err := Snapshot(args[0], args[1], args[2], args[3]); err == nil {
			t.Errorf("Snapshot%v of a missing path succeeded", args)
		}
	}
}

// BenchmarkGetHit is the cost of a hit: verifying 2,000 files of 10 KiB in
// 20 package directories and their tree.
func BenchmarkGetHit(b *testing.B) {
	root := b.TempDir()
	content := bytes.Repeat([]byte("package p // padding\n"), 10<<10/21+1)[:10<<10]
	var files, dirs []string
	for d := range 20 {
		dir := filepath.Join(root, fmt.Sprintf("p%02d", d))
		if err := os.MkdirAll(dir, 0o777); err != nil {
			b.Fatal(err)
		}
		dirs = append(dirs, dir)
		for f := range 100 {
			p := filepath.Join(dir, fmt.Sprintf("f%03d.go", f))
			if err := os.WriteFile(p, content, 0o666); err != nil {
				b.Fatal(err)
			}
			files = append(files, p)
		}
	}
	c := openCache(b)
	key := NewKey("bench")
	putSnapshot(b, c, key, "result", files, nil, dirs, []string{root})
	for b.Loop() {
		if _, ok, why := c.Get(key); !ok {
			b.Fatal(why)
		}
	}
}

// TestPutFailureIsAnError: a cache that cannot store an entry says so to
// the caller, which logs it and goes on; the run's result is not lost.
func TestPutFailureIsAnError(t *testing.T) {
	c := openCache(t)
	key := NewKey("k")
	shard := filepath.Dir(c.entryPath(key))
	if err := os.WriteFile(shard, nil, 0o666); err != nil { // a file where the subdirectory goes
		t.Fatal(err)
	}
	if err := c.Put(key, Manifest{}, []byte("r")); err == nil {
		t.Fatal("Put succeeded without a place to write the entry")
	}
	if _, ok, _ := c.Get(key); ok {
		t.Fatal("Get hit an entry Put could not write")
	}
}
