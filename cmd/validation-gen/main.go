// Command validation-gen generates Go validators (and, later, CRD
// manifests) from +k8s: comment tags on Go API types.
//
//	validation-gen [flags] <package patterns>
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/declval/validation-gen/generators"
	"github.com/declval/validation-gen/markers"
)

// strictEnv, set to true, is --strict, for a Makefile's or CI's
// environment.
const strictEnv = "VALIDATION_GEN_STRICT"

func main() {
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
	embeddedMeta := fs.Bool("crd-embedded-object-meta", false, "in CRDs of packages written for controller-gen, describe an ObjectMeta below the root (a pod template's) with name, namespace, labels, annotations and finalizers, as controller-gen's crd:generateEmbeddedObjectMeta=true")
	celTests := fs.Bool("cel-tests", false, "write beside each validation file with CEL rules compiled to Go a test (<output file>_cel_test.go) that compares them with the API server's CEL validator on random values")
	strict := fs.Bool("strict", os.Getenv(strictEnv) == "true" || os.Getenv(strictEnv) == "1",
		"make the warnings of the run's own packages errors: what controller-gen passes over in silence (an unknown, misplaced or misspelt marker); also "+strictEnv+"=true")
	docs := fs.Bool("docs", false, "print the tag reference (markdown) and exit")
	verbose := fs.CountP("verbose", "v", "log what is loaded and written")
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
	cfg := generators.Config{Patterns: fs.Args(), Readonly: *readonly, OutputFile: *outputFile, CRDDir: *crdDir, CRDOptions: *crdOptions, CRDStability: *crdStability, CRDEmbeddedObjectMeta: *embeddedMeta, CELTests: *celTests, Strict: *strict}
	if *header != "" {
		b, err := os.ReadFile(*header)
		if err != nil {
			fmt.Fprintf(stderr, "validation-gen: --go-header-file: %v\n", err)
			return 1
		}
		cfg.Header = b
	}
	if *verbose > 0 {
		cfg.Steps = &generators.Steps{}
	}
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "validation-gen: %v\n", err)
		return 1
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "validation-gen: warning: %v\n", w)
	}
	if len(warnings) > 0 {
		fmt.Fprintf(stderr, "validation-gen: %s; --strict makes those of the run's own packages errors\n", markers.Summary(warnings))
	}
	if *verify {
		done := cfg.Steps.Begin("compare")
		stale := generators.Stale(outs)
		done()
		if *verbose > 0 {
			fmt.Fprintf(stderr, "validation-gen: %s\n", cfg.Steps)
		}
		for _, s := range stale {
			fmt.Fprintf(stderr, "validation-gen: out of date: %s\n", s)
		}
		if len(stale) > 0 {
			fmt.Fprintln(stderr, "validation-gen: run the generator to update them")
			return 1
		}
		return 0
	}
	done := cfg.Steps.Begin("write")
	err = generators.Write(outs)
	done()
	if err != nil {
		fmt.Fprintf(stderr, "validation-gen: %v\n", err)
		return 1
	}
	if *verbose > 0 {
		fmt.Fprintf(stderr, "validation-gen: %s\n", cfg.Steps)
		for _, o := range outs {
			if o.Content == nil {
				fmt.Fprintf(stderr, "removed %s\n", o.Path)
			} else {
				fmt.Fprintf(stderr, "wrote %s\n", o.Path)
			}
		}
	}
	return 0
}
