//go:build generated

// Command coverage writes docs/k8s-coverage.md: for each kind of
// k8s.io/api whose API server strategy runs declarative validation, how
// much of Kubernetes' handwritten validation the tags cover
// (migration.CoverageReport). It needs the validators go run ./cmd/gen
// generates; hack/update-k8s-coverage.sh runs both.
//
// Usage, from bench/k8sapi: go run -tags generated ./cmd/coverage -o ../../docs/k8s-coverage.md [-json file]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/declval/validation-gen/bench/k8sapi/migration"
	"github.com/declval/validation-gen/validationtest"
)

func main() {
	out := flag.String("o", "", "the Markdown report (required)")
	jsonOut := flag.String("json", "", "also write the rows as JSON to this file")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: coverage -o report.md [-json rows.json]")
		os.Exit(2)
	}
	if err := run(*out, *jsonOut); err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(1)
	}
}

func run(out, jsonOut string) error {
	runs, err := migration.RunAll(migration.Mutations)
	if err != nil {
		return err
	}
	md, err := migration.CoverageReport(runs, "internal/generated/scratch-report")
	if err != nil {
		return err
	}
	if jsonOut != "" {
		cs := migration.Coverage(runs)
		f, err := os.Create(jsonOut)
		if err != nil {
			return err
		}
		if err := validationtest.WriteCoverageJSON(f, cs); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return writeFile(out, md)
}

// writeFile replaces path's content only once the whole report exists,
// through a temporary file in the same directory.
func writeFile(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".coverage-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
