// Command validation-gen generates Go validators, and CRD manifests, from
// +k8s: comment tags and controller-gen's markers on Go API types.
//
//	validation-gen [flags] <package patterns>
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// strictEnv, set to true, is --strict, for a Makefile's or CI's
// environment.
const strictEnv = "VALIDATION_GEN_STRICT"

// gcPercent is the garbage collector's target when GOGC is not set: a run
// is a short process that allocates several times its live heap, and at
// Go's default of 100 the collector took a quarter of a kubebuilder
// project's run; at 200 the run is about 15% faster for about 30% more
// peak memory, still below controller-gen's and Kubernetes' generator's
// (BENCHMARKS.md). GOGC, when set, wins.
const gcPercent = 200

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("validation-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	outputFile := fs.String("output-file", "zz_generated.validations.go", "name of the file written into each package with validations")
	header := fs.String("go-header-file", "", "file whose content is put at the top of every generated file (a license header)")
	readonly := fs.StringSlice("readonly-pkg", nil, "package whose existing Validate_ functions may be called but which is not written (repeatable)")
	verify := fs.Bool("verify", false, "write nothing; exit 1 and list every file that would change")
	crdDir := fs.String("crd-dir", "", "directory for CustomResourceDefinition manifests, one per kind (<group>_<plural>.yaml); none when empty")
	crdOptions := fs.StringSlice("crd-options", nil, "options treated as enabled when resolving ifEnabled/ifDisabled in CRDs (repeatable)")
	crdStability := fs.String("crd-stability", "beta", "lowest stability level whose rules CRDs enforce: stable, beta (as Kubernetes 1.37 by default) or alpha")
	maxDescLen := fs.Int("crd-max-desc-len", -1, "cut every description in CRDs to at most this many bytes, at a sentence or word end (0 drops them), as controller-gen's crd:maxDescLen; -1 keeps them whole")
	cgVersion := fs.String("controller-gen-version", "", "the controller-gen version (v0.14.0 to "+kubebuilder.ControllerGenFollowed+"; v0.16.0 written as v0.16.1) whose CRDs to write where its versions differ (v0.15.0: descriptions with TODO lines kept, no +default; v0.20.1: enums of a field and its type both kept before v0.21, AtMostOneOf/ExactlyOneOf/AtLeastOneOf rules counted by a list filter before v0.22); default "+kubebuilder.ControllerGenFollowed)
	ignoreUnexported := fs.Bool("crd-ignore-unexported-fields", false, "in packages written for controller-gen, leave unexported fields out of CRDs and validators, as controller-gen's crd:ignoreUnexportedFields=true")
	embeddedMeta := fs.Bool("crd-embedded-object-meta", false, "in CRDs of packages written for controller-gen, describe an ObjectMeta below the root (a pod template's) with name, namespace, labels, annotations and finalizers, as controller-gen's crd:generateEmbeddedObjectMeta=true")
	celTests := fs.Bool("cel-tests", false, "write beside each validation file with CEL rules compiled to Go a test (<output file>_cel_test.go) that compares them with the API server's CEL validator on random values")
	strict := fs.Bool("strict", os.Getenv(strictEnv) == "true" || os.Getenv(strictEnv) == "1",
		"make the warnings of the run's own packages errors: what controller-gen passes over in silence (an unknown, misplaced or misspelt marker); also "+strictEnv+"=true")
	docs := fs.Bool("docs", false, "print the tag reference (markdown) and exit")
	verbose := fs.CountP("verbose", "v", "log what is written, the time of each step and the run cache's answer")
	noCache := fs.Bool("no-cache", false, "run without the run cache, by which a re-run with nothing changed, or --verify after a run, prints the run's warnings and loads nothing (also "+noCacheEnv+"=off; "+noCacheEnv+"=<dir> moves the cache from the user's cache directory)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: validation-gen [flags] <package patterns>\n\nGenerates Validate_<Type> functions from +k8s: tags, and from controller-gen's markers in\npackages written for controller-gen (with --crd-dir, their CRDs as controller-gen writes them).\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		// pflag prints nothing itself when it continues on error.
		fmt.Fprintf(stderr, "validation-gen: %v\nrun validation-gen --help for the flags\n", err)
		return 2
	}
	if *docs {
		fmt.Fprint(stdout, markers.Default.Markdown()+markers.CGMarkdown())
		return 0
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "validation-gen: no packages given; try: validation-gen ./...")
		return 2
	}
	if err := generators.CheckOutputFile(*outputFile); err != nil {
		fmt.Fprintf(stderr, "validation-gen: %v\n", err)
		return 2
	}
	cfg := generators.Config{Patterns: fs.Args(), Readonly: *readonly, OutputFile: *outputFile, CRDDir: *crdDir, CRDOptions: *crdOptions, CRDStability: *crdStability, CRDEmbeddedObjectMeta: *embeddedMeta, CRDIgnoreUnexportedFields: *ignoreUnexported, CELTests: *celTests, Strict: *strict}
	if *cgVersion != "" {
		var tooOld *kubebuilder.TooOldError
		var tooNew *kubebuilder.TooNewError
		if _, err := kubebuilder.ControllerGenMinor(*cgVersion); errors.As(err, &tooOld) || errors.As(err, &tooNew) {
			fmt.Fprintf(stderr, "validation-gen: --controller-gen-version: %v\n", err)
			return 2
		} else if err != nil {
			fmt.Fprintf(stderr, "validation-gen: --controller-gen-version: %v; fix: give the version of controller-gen the project's Makefile or go.mod pins, such as --controller-gen-version=v0.20.1\n", err)
			return 2
		}
		cfg.ControllerGenVersion = *cgVersion
	}
	if *maxDescLen >= 0 {
		cfg.CRDMaxDescLen = maxDescLen
	}
	if *header != "" {
		b, err := os.ReadFile(*header)
		if err != nil {
			fmt.Fprintf(stderr, "validation-gen: --go-header-file: %v\n", err)
			return 1
		}
		cfg.Header = b
	}
	logf := func(format string, args ...any) {
		if *verbose > 0 {
			fmt.Fprintf(stderr, "validation-gen: "+format+"\n", args...)
		}
	}
	if *verbose > 0 {
		cfg.Steps = &generators.Steps{}
	}
	var cache *runCache
	if !*noCache {
		done := cfg.Steps.Begin("cache")
		cache = openRunCache(cfg, logf)
		if cache != nil {
			if warnings, ok := cache.get(); ok {
				done()
				printWarnings(stderr, warnings)
				logf("%s", cfg.Steps)
				return 0
			}
		}
		done()
	}
	var loaded *source.Loaded
	cfg.Loaded = func(l *source.Loaded) { loaded = l }
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	printWarnings(stderr, warnings)
	if *verify {
		done := cfg.Steps.Begin("compare")
		stale := generators.Stale(outs)
		done()
		for _, s := range stale {
			fmt.Fprintf(stderr, "validation-gen: out of date: %s\n", s)
		}
		if len(stale) > 0 {
			logf("%s", cfg.Steps)
			fmt.Fprintf(stderr, "validation-gen: to update them, run: %s\n", updateCommand(invokedAs(), args))
			return 1
		}
	} else {
		done := cfg.Steps.Begin("write")
		err = generators.Write(outs)
		done()
		if err != nil {
			fmt.Fprintf(stderr, "validation-gen: %v\n", err)
			return 1
		}
		for _, o := range outs {
			if o.Content == nil {
				logf("removed %s", o.Path)
			} else {
				logf("wrote %s", o.Path)
			}
		}
	}
	if cache != nil {
		done := cfg.Steps.Begin("cache")
		if !*verify {
			// Written, the CRDs another controller-gen wrote are gone: a
			// re-run, as a run without the cache, has nothing to say of them.
			warnings = slices.DeleteFunc(warnings, func(w *markers.Warning) bool { return w.Kind == markers.ControllerGenVersion })
		}
		cache.put(loaded, cfg, outs, warnings)
		done()
	}
	logf("%s", cfg.Steps)
	return 0
}

// invokedAs is how the user ran the generator: "go tool validation-gen"
// or "go run <package>" when the go command is its parent (read where the
// system tells: /proc), else the name of the binary.
func invokedAs() string {
	name := filepath.Base(os.Args[0])
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil {
		return name
	}
	parent := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
	if len(parent) < 3 || filepath.Base(parent[0]) != "go" || parent[1] != "tool" && parent[1] != "run" {
		return name
	}
	// go tool <name>, go run [build flags] <package>: up to the first
	// word that is not a flag.
	for i := 2; i < len(parent); i++ {
		if !strings.HasPrefix(parent[i], "-") {
			return strings.Join(append([]string{"go"}, parent[1:i+1]...), " ")
		}
	}
	return name
}

// updateCommand is the command that writes what --verify found stale:
// the same one, without --verify, its arguments quoted for a shell.
func updateCommand(prog string, args []string) string {
	out := []string{prog}
	for _, a := range args {
		if a == "--verify" || a == "-verify" || strings.HasPrefix(a, "--verify=") || strings.HasPrefix(a, "-verify=") {
			continue
		}
		out = append(out, shellQuote(a))
	}
	return strings.Join(out, " ")
}

// shellQuote quotes a word for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// printErrors prints a run's errors, one per line, each as the warnings
// are: after the program's name.
func printErrors(stderr io.Writer, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "validation-gen: %s\n", line)
	}
}
