package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/runcache"
	"github.com/declval/validation-gen/source"
)

// noCacheEnv, set to "off" (VALIDATION_GEN_CACHE=off), is --no-cache; any
// other value is the cache's directory (runcache.Dir).
const noCacheEnv = "VALIDATION_GEN_CACHE"

// runCache is the run cache of one invocation: a re-run with nothing
// changed, or --verify after a run, prints the warnings the run printed
// and writes nothing, without loading a package. It is keyed on the
// generator's own build, the flags, the working directory, the header
// file's bytes and the go command's environment (go env); the entry's
// manifest covers every file the run read (runcache.Manifest), taken after
// the files were written, so that the state the entry describes is the one
// the run left.
type runCache struct {
	c   *runcache.Cache
	key runcache.Key
	// immutable are GOMODCACHE and GOROOT: read, never hashed.
	immutable []string
	start     time.Time
	log       func(format string, args ...any)
}

// cachedResult is what an entry stores: the run's warnings. The files are
// on disk as the entry's manifest says.
type cachedResult struct {
	Warnings []*markers.Warning
}

// openRunCache opens the cache for cfg, or returns nil when it is off or
// cannot be used (said at -v: a cache's trouble never fails a run).
func openRunCache(cfg generators.Config, log func(string, ...any)) *runCache {
	dir, err := runcache.Dir()
	if err != nil {
		if err != runcache.ErrDisabled {
			log("cache: %v; running without it", err)
		}
		return nil
	}
	c, err := runcache.Open(dir)
	if err != nil {
		log("cache: %v; running without it", err)
		return nil
	}
	build, err := buildID(c)
	if err != nil {
		log("cache: %v; running without it", err)
		return nil
	}
	env, err := goEnv(cfg.Dir)
	if err != nil {
		log("cache: go env: %v; running without it", err)
		return nil
	}
	wd := cfg.Dir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	parts := []string{"build", build, "dir", wd, "header", string(cfg.Header), "env", env.raw}
	// The flags as parsed, not as written: --crd-dir=x and --crd-dir x
	// are one run. --verify is left out: it reads what a run writes.
	parts = append(parts, "patterns", strings.Join(cfg.Patterns, "\x00"), "readonly", strings.Join(cfg.Readonly, "\x00"), "output", cfg.OutputFile,
		"crd-dir", absOrEmpty(cfg.CRDDir), "crd-options", strings.Join(cfg.CRDOptions, "\x00"),
		"crd-stability", cfg.CRDStability, "embedded-meta", strconv.FormatBool(cfg.CRDEmbeddedObjectMeta), "max-desc-len", maxDescLenKey(cfg.CRDMaxDescLen), "controller-gen-version", cfg.ControllerGenVersion, "ignore-unexported", strconv.FormatBool(cfg.CRDIgnoreUnexportedFields),
		"cel-tests", strconv.FormatBool(cfg.CELTests), "strict", strconv.FormatBool(cfg.Strict),
		"export-data", os.Getenv("VALIDATION_GEN_EXPORT_DATA"), "godebug", os.Getenv("GODEBUG"))
	return &runCache{c: c, key: runcache.NewKey(parts...), immutable: []string{env.modcache, env.goroot}, start: time.Now(), log: log}
}

func maxDescLenKey(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

func absOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}

// get returns the warnings of a run whose entry still holds.
func (rc *runCache) get() ([]*markers.Warning, bool) {
	b, ok, why := rc.c.Get(rc.key)
	if !ok {
		rc.log("cache: miss (%s)", why)
		return nil, false
	}
	var res cachedResult
	if err := json.Unmarshal(b, &res); err != nil {
		rc.log("cache: miss (entry unreadable)")
		return nil, false
	}
	rc.log("cache: hit")
	return res.Warnings, true
}

// put stores a run that succeeded, as the files now are. A file the run
// read that changed while it ran (its mtime after the run's start, other
// than the run's own outputs) keeps the entry out: the manifest would
// describe content the run did not see.
func (rc *runCache) put(l *source.Loaded, cfg generators.Config, outs []generators.Output, warnings []*markers.Warning) {
	if l == nil {
		return
	}
	reads := l.Reads(rc.immutable, cfg.Patterns)
	if cfg.CRDDir != "" {
		crdDir := absOrEmpty(cfg.CRDDir)
		if entries, err := os.ReadDir(crdDir); err == nil {
			reads.Dirs = append(reads.Dirs, crdDir)
			for _, e := range entries {
				if !e.IsDir() {
					reads.Files = append(reads.Files, filepath.Join(crdDir, e.Name()))
				}
			}
		}
	}
	written := map[string]bool{}
	for _, o := range outs {
		written[absOrEmpty(o.Path)] = true
		// The outputs as the run left them: one changed since (edited,
		// written by another generator or version, checked out again) is
		// a miss, so that the run writes it again and --verify reports
		// it. Not every output is read by a run (the --cel-tests file is
		// a test file, which go list leaves out); a removed one is
		// watched through its directory.
		if o.Content != nil {
			reads.Files = append(reads.Files, absOrEmpty(o.Path))
		} else {
			reads.Dirs = append(reads.Dirs, filepath.Dir(absOrEmpty(o.Path)))
		}
	}
	for _, f := range reads.Files {
		if fi, err := os.Stat(f); err == nil && fi.ModTime().After(rc.start) && !written[f] {
			rc.log("cache: not stored: %s changed during the run", f)
			return
		}
	}
	m, err := runcache.Snapshot(reads.Files, nil, reads.Dirs, reads.Trees)
	if err != nil {
		rc.log("cache: not stored: %v", err)
		return
	}
	b, err := json.Marshal(cachedResult{Warnings: warnings})
	if err != nil {
		rc.log("cache: not stored: %v", err)
		return
	}
	if err := rc.c.Put(rc.key, m, b); err != nil {
		rc.log("cache: not stored: %v", err)
		return
	}
	if err := rc.c.Trim(); err != nil {
		rc.log("cache: %v", err)
	}
	rc.log("cache: stored (%d files, %d directories, %d trees)", len(m.Files), len(m.Dirs), len(m.Trees))
}

// buildID identifies the generator's own build: the running executable's
// bytes (a test swaps it for another build).
var buildID = (*runcache.Cache).BuildID

// goEnvVars are the go command's settings that decide what go list
// loads.
var goEnvVars = []string{"GOVERSION", "GOROOT", "GOMODCACHE", "GOPATH", "GOFLAGS", "GOOS", "GOARCH", "GOWORK", "GOMOD",
	"CGO_ENABLED", "GOEXPERIMENT", "GOAMD64", "GOARM64", "GOARM", "GO386", "GOPPC64", "GORISCV64", "GOWASM", "GOMIPS", "GOMIPS64", "GOTOOLCHAIN"}

type goEnvironment struct {
	raw              string
	modcache, goroot string
}

func goEnv(dir string) (goEnvironment, error) {
	cmd := exec.Command("go", append([]string{"env", "-json"}, goEnvVars...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return goEnvironment{}, err
	}
	var vals map[string]string
	if err := json.Unmarshal(out, &vals); err != nil {
		return goEnvironment{}, err
	}
	return goEnvironment{raw: string(out), modcache: vals["GOMODCACHE"], goroot: vals["GOROOT"]}, nil
}

// printWarnings prints a run's warnings and their summary.
func printWarnings(stderr io.Writer, warnings []*markers.Warning) {
	for _, w := range warnings {
		fmt.Fprintf(stderr, "validation-gen: warning: %v\n", w)
	}
	if len(warnings) > 0 {
		fmt.Fprintf(stderr, "validation-gen: %s; --strict makes those of the run's own packages errors\n", markers.Summary(warnings))
	}
}
