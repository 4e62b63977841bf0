// Package runcache is the generator's cache of whole runs: a re-run with
// nothing changed returns the stored result instead of loading and
// generating again, as the go command keeps its build cache. An entry is
// found by a Key (the generator's build, flags, working directory, ...)
// and used only when its Manifest (every file, directory and ./... tree the
// run read) still matches the file system.
//
// A failure of the cache itself never fails a run: Open and Put return
// errors for the caller to log and go on without the cache, and a missing,
// corrupt or stale entry is a miss.
package runcache

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrDisabled is Dir's error when VALIDATION_GEN_CACHE=off.
var ErrDisabled = errors.New("runcache: disabled by VALIDATION_GEN_CACHE=off")

// Dir is the cache directory: $VALIDATION_GEN_CACHE, which must be an
// absolute path (a relative one would name a different cache in each
// working directory) or "off", else validation-gen in the user's cache
// directory.
func Dir() (string, error) {
	if d := os.Getenv("VALIDATION_GEN_CACHE"); d != "" {
		if d == "off" {
			return "", ErrDisabled
		}
		if !filepath.IsAbs(d) {
			return "", fmt.Errorf("runcache: VALIDATION_GEN_CACHE=%s is not an absolute path", d)
		}
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("runcache: %w (set VALIDATION_GEN_CACHE)", err)
	}
	return filepath.Join(base, "validation-gen"), nil
}

// Cache is an opened cache directory.
type Cache struct {
	dir string
}

// The go command's trimming: entries unused for trimLimit are removed, at
// most once every trimInterval, and a hit refreshes an entry's mtime at
// most once every mtimeInterval, so that hits cost no write.
const (
	trimLimit     = 5 * 24 * time.Hour
	trimInterval  = 24 * time.Hour
	mtimeInterval = time.Hour
)

// Open opens the cache in dir, creating it if needed. A directory it
// cannot write to is an error: the caller then runs without a cache.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("runcache: %w", err)
	}
	// MkdirAll succeeds on an existing directory it could not create: only
	// writing tells.
	probe, err := createTemp(dir, "probe")
	if err != nil {
		return nil, fmt.Errorf("runcache: cannot write to %s: %w", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return &Cache{dir: dir}, nil
}

// entryPath is where key's entry lives: under a subdirectory named by the
// key's first two hex digits, as the go command spreads its cache.
func (c *Cache) entryPath(key Key) string {
	k := key.String()
	return filepath.Join(c.dir, k[:2], k)
}

// Get returns the result stored under key if the run it came from read
// nothing that has changed since. On a miss, why says in a short phrase
// what kept the entry from being used.
func (c *Cache) Get(key Key) (result []byte, ok bool, why string) {
	path := c.entryPath(key)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, "no entry"
	}
	if err != nil {
		return nil, false, "entry unreadable"
	}
	info, err := f.Stat()
	var data []byte
	if err == nil {
		data, err = io.ReadAll(f)
	}
	f.Close()
	if err != nil {
		return nil, false, "entry unreadable"
	}
	m, result, err := decodeEntry(key, data)
	if err != nil {
		return nil, false, "entry unreadable"
	}
	if why := m.verify(); why != "" {
		return nil, false, why
	}
	if now := time.Now(); now.Sub(info.ModTime()) > mtimeInterval {
		os.Chtimes(path, now, now) // best effort: a stale mtime only trims the entry early
	}
	return result, true, ""
}

// Put stores result under key with the Manifest of what its run read. The
// entry is written to a temporary file and renamed into place, so that a
// concurrent Get sees the whole old entry or the whole new one. An error
// is the cache's failure, not the run's: the caller logs it and goes on.
func (c *Cache) Put(key Key, m Manifest, result []byte) error {
	path := c.entryPath(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return fmt.Errorf("runcache: %w", err)
	}
	if err := writeFileAtomic(path, encodeEntry(key, m, result)); err != nil {
		return fmt.Errorf("runcache: %w", err)
	}
	return nil
}

// Trim removes the entries (and any temporary files left by an
// interrupted Put) not used for five days. It does the work at most once a
// day, as recorded in trim.txt, so the caller may call it after every run.
func (c *Cache) Trim() error {
	now := time.Now()
	stamp := filepath.Join(c.dir, "trim.txt")
	if data, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil {
			// A stamp in the future (a clock set back) does not stop trimming.
			if d := now.Sub(time.Unix(t, 0)); d >= 0 && d < trimInterval {
				return nil
			}
		}
	}
	cutoff := now.Add(-trimLimit)
	var errs []error
	for i := range 256 {
		sub := filepath.Join(c.dir, fmt.Sprintf("%02x", i))
		entries, err := os.ReadDir(sub)
		if err != nil {
			continue // no entry has used this subdirectory yet
		}
		for _, e := range entries {
			info, err := e.Info()
			if err == nil && info.Mode().IsRegular() && info.ModTime().Before(cutoff) {
				if err := os.Remove(filepath.Join(sub, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
					errs = append(errs, err)
				}
			}
		}
	}
	if err := writeFileAtomic(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("runcache: trim: %w", err)
	}
	return nil
}

// writeFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that no reader sees part of it.
func writeFileAtomic(path string, data []byte) error {
	f, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// createTemp is os.CreateTemp with the mode of an ordinary file (0o666 less
// the umask) rather than 0o600, so a cache shared by a group stays usable.
func createTemp(dir, prefix string) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, fmt.Sprintf("%s.tmp-%016x", prefix, rand.Uint64()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, os.ErrExist) && try < 10 {
			continue
		}
		return f, err
	}
}
