// Command genspeed measures how long generating the benchmarks' example
// packages takes, and how much memory, with validation-gen and with
// k8s.io/code-generator's validation-gen (the reference), on the same
// input: the copies cmd/refgen makes (run it first). Each generator is
// built once; then each run deletes the generated files and runs every
// generator once, in an order that alternates from run to run, so that
// both see the same machine. Wall time is the process's; peak memory is
// its maximum resident set size (getrusage). One untimed run of each
// warms the build and file caches first.
//
// Usage, from bench/: go run ./cmd/genspeed -runs 6 -o genspeed.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/declval/validation-gen/bench/internal/kubecodegen"
)

// Result is what genspeed writes (JSON), for cmd/report.
type Result struct {
	Runs       int         `json:"runs"`
	Input      string      `json:"input"`
	Generators []Generator `json:"generators"`
}

// Generator is one generator's measurements.
type Generator struct {
	Name    string    `json:"name"`
	Command string    `json:"command"`
	Seconds []float64 `json:"seconds"`
	PeakMiB []float64 `json:"peakMiB"`
}

func main() {
	runs := flag.Int("runs", 6, "timed runs of each generator")
	input := flag.String("input", "internal/reference", "the packages to generate (cmd/refgen's copies)")
	out := flag.String("o", "genspeed.json", "where to write the results")
	flag.Parse()
	if err := run(*runs, *input, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genspeed:", err)
		os.Exit(1)
	}
}

func run(runs int, input, out string) error {
	tmp, err := os.MkdirTemp("", "genspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	// The generators, as their users build them: ours from its own module,
	// the reference from this module (which pins it as a tool).
	ours, ref := filepath.Join(tmp, "validation-gen"), filepath.Join(tmp, "k8s-validation-gen")
	if err := goCmd("..", "build", "-o", ours, "./cmd/validation-gen"); err != nil {
		return err
	}
	if err := goCmd(".", "build", "-o", ref, kubecodegen.Generator); err != nil {
		return err
	}

	// The input, in a module of its own.
	mod := filepath.Join(tmp, "mod")
	if err := copyInput(input, mod); err != nil {
		return err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	gomod := "module example.com/genspeed\n\ngo 1.26.0\n\nrequire k8s.io/apimachinery v0.37.2\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}

	gens := []struct {
		g    Generator
		bin  string
		args []string
	}{
		{Generator{Name: "validation-gen"}, ours, []string{"--output-file", "zz_generated.validations.go", "./..."}},
		{Generator{Name: "validation-gen --crd-dir"}, ours, []string{"--output-file", "zz_generated.validations.go", "--crd-dir", filepath.Join(tmp, "crd"), "./..."}},
		{Generator{Name: "reference"}, ref, kubecodegen.Args("./...")},
	}
	for i := range gens {
		gens[i].g.Command = filepath.Base(gens[i].bin) + " " + strings.Join(gens[i].args, " ")
		gens[i].g.Command = strings.ReplaceAll(gens[i].g.Command, tmp+string(filepath.Separator), "")
	}
	for r := -1; r < runs; r++ { // run -1 warms up
		order := []int{0, 1, 2}
		if r%2 != 0 {
			slices.Reverse(order)
		}
		for _, i := range order {
			if err := clean(mod); err != nil {
				return err
			}
			secs, peak, err := measure(mod, gens[i].bin, gens[i].args)
			if err != nil {
				return fmt.Errorf("%s: %w", gens[i].g.Name, err)
			}
			if r >= 0 {
				gens[i].g.Seconds = append(gens[i].g.Seconds, secs)
				gens[i].g.PeakMiB = append(gens[i].g.PeakMiB, peak)
			}
		}
	}
	res := Result{Runs: runs, Input: input}
	for _, g := range gens {
		res.Generators = append(res.Generators, g.g)
		fmt.Printf("genspeed: %-26s median %.2fs, peak %.0f MiB\n", g.g.Name, median(g.g.Seconds), median(g.g.PeakMiB))
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(data, '\n'), 0o644)
}

// measure runs bin in dir and returns its wall time and peak RSS.
func measure(dir, bin string, args []string) (float64, float64, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	secs := time.Since(start).Seconds()
	if err != nil {
		return 0, 0, fmt.Errorf("%v\n%s", err, stderr.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, fmt.Errorf("no resource usage on this platform")
	}
	return secs, float64(ru.Maxrss) / 1024, nil // Linux: Maxrss in KiB
}

// copyInput copies the Go sources below src (no generated files) to dst.
func copyInput(src, dst string) error {
	n := 0
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasPrefix(d.Name(), "zz_generated") {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		n++
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("no Go files in %s: run go run ./cmd/refgen first", src)
	}
	return err
}

// clean removes what a generator wrote, so that every run starts alike.
func clean(mod string) error {
	if err := os.RemoveAll(filepath.Join(filepath.Dir(mod), "crd")); err != nil {
		return err
	}
	return filepath.WalkDir(mod, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "zz_generated") {
			return err
		}
		return os.Remove(p)
	})
}

func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s (in %s): %w", strings.Join(args, " "), dir, err)
	}
	return nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
