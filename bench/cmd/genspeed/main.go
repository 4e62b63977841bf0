// Command genspeed measures how long generating takes, and how much
// memory, with validation-gen and with k8s.io/code-generator's
// validation-gen (the reference), on the same input. Two inputs
// (-suite):
//
//   - examples: the benchmarks' example packages, the copies cmd/refgen
//     makes (run it first), in a module of their own;
//   - k8sapi: every package of k8s.io/api that carries validation tags,
//     and apimachinery's meta/v1, laid out by bench/k8sapi's cmd/gen (run
//     it first) in bench/k8sapi: each generator generates its own tree of
//     harness packages, the same packages of k8s.io/api.
//
// Each generator is built once; then each run deletes the generated
// files and runs every generator once, in an order that alternates from
// run to run, so that both see the same machine. Wall time is the
// process's; peak memory is its maximum resident set size (getrusage).
// One untimed run of each warms the build and file caches first.
//
// Usage, from bench/: go run ./cmd/genspeed -suite examples -runs 6 -o genspeed.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/declval/validation-gen/bench/internal/kubecodegen"
	"github.com/declval/validation-gen/test/k8sapi/harness"
)

// Result is what genspeed writes (JSON), for cmd/report.
type Result struct {
	Suite string `json:"suite"`
	Runs  int    `json:"runs"`
	Input string `json:"input"`
	// Packages is the number of packages each generator generates.
	Packages   int         `json:"packages"`
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
	suite := flag.String("suite", "examples", "what to generate: examples (cmd/refgen's copies) or k8sapi (bench/k8sapi's layout of k8s.io/api)")
	out := flag.String("o", "genspeed.json", "where to write the results")
	flag.Parse()
	var err error
	switch *suite {
	case "examples":
		err = run(*runs, *out, *suite, examples)
	case "k8sapi":
		err = run(*runs, *out, *suite, k8sapi)
	default:
		p, ok := kbProjects[strings.TrimPrefix(*suite, "kubebuilder-")]
		if !ok || !strings.HasPrefix(*suite, "kubebuilder-") {
			err = fmt.Errorf("-suite=%s: want examples, k8sapi or kubebuilder-<project> (%s)", *suite, strings.Join(slices.Sorted(maps.Keys(kbProjects)), ", "))
			break
		}
		err = run(*runs, *out, *suite, p.setup)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genspeed:", err)
		os.Exit(1)
	}
}

// A job is what each generator is run on: in dir, with its arguments.
type job struct {
	name, bin, dir string
	args           []string
	// clean removes what the generator wrote, so that every run starts
	// alike.
	clean func() error
}

// setup builds the input of a suite in tmp and returns its jobs for the
// two generators' binaries, with the input's name and package count.
type setup func(tmp, ours, ref string) (jobs []job, input string, packages int, err error)

func run(runs int, out, suite string, s setup) error {
	tmp, err := os.MkdirTemp("", "genspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// A run cache of the measurement's own: the cached jobs fill it in
	// the untimed run.
	os.Setenv("VALIDATION_GEN_CACHE", filepath.Join(tmp, "cache"))

	// The generators, as their users build them: ours from its own module,
	// the reference from this module (which pins it as a tool).
	ours, ref := filepath.Join(tmp, "validation-gen"), filepath.Join(tmp, "k8s-validation-gen")
	if err := goCmd("..", "build", "-o", ours, "./cmd/validation-gen"); err != nil {
		return err
	}
	if err := goCmd(".", "build", "-o", ref, kubecodegen.Generator); err != nil {
		return err
	}
	jobs, input, packages, err := s(tmp, ours, ref)
	if err != nil {
		return err
	}
	gens := make([]Generator, len(jobs))
	for i, j := range jobs {
		gens[i].Name = j.name
		gens[i].Command = strings.ReplaceAll(filepath.Base(j.bin)+" "+strings.Join(j.args, " "), tmp+string(filepath.Separator), "")
	}
	for r := -1; r < runs; r++ { // run -1 warms up
		order := make([]int, len(jobs))
		for i := range order {
			order[i] = i
		}
		if r%2 != 0 {
			slices.Reverse(order)
		}
		for _, i := range order {
			if err := jobs[i].clean(); err != nil {
				return err
			}
			secs, peak, err := measure(jobs[i].dir, jobs[i].bin, jobs[i].args)
			if err != nil {
				return fmt.Errorf("%s: %w", jobs[i].name, err)
			}
			if r >= 0 {
				gens[i].Seconds = append(gens[i].Seconds, secs)
				gens[i].PeakMiB = append(gens[i].PeakMiB, peak)
			}
		}
	}
	res := Result{Suite: suite, Runs: runs, Input: input, Packages: packages, Generators: gens}
	for _, g := range gens {
		fmt.Printf("genspeed: %s: %-26s median %.2fs, peak %.0f MiB\n", input, g.Name, median(g.Seconds), median(g.PeakMiB))
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(data, '\n'), 0o644)
}

// examples is the suite of cmd/refgen's copies, in a module of their own.
func examples(tmp, ours, ref string) ([]job, string, int, error) {
	const input = "internal/reference"
	mod := filepath.Join(tmp, "mod")
	packages, err := copyInput(input, mod)
	if err != nil {
		return nil, "", 0, err
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return nil, "", 0, err
	}
	if err := os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644); err != nil {
		return nil, "", 0, err
	}
	gomod := "module example.com/genspeed\n\ngo 1.26.0\n\nrequire k8s.io/apimachinery v0.37.2\n"
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, "", 0, err
	}
	crd := filepath.Join(tmp, "crd")
	clean := func() error {
		if err := os.RemoveAll(crd); err != nil {
			return err
		}
		return removeGenerated(mod)
	}
	return []job{
		{"validation-gen", ours, mod, []string{"--no-cache", "--output-file", "zz_generated.validations.go", "./..."}, clean},
		{"validation-gen --crd-dir", ours, mod, []string{"--no-cache", "--output-file", "zz_generated.validations.go", "--crd-dir", crd, "./..."}, clean},
		{"reference", ref, mod, kubecodegen.Args("./..."), clean},
	}, input, packages, nil
}

// k8sapi is the suite of k8s.io/api, in bench/k8sapi as its cmd/gen laid
// it out: each generator generates its own side.
func k8sapi(tmp, ours, ref string) ([]job, string, int, error) {
	const mod, tree = "k8sapi", "internal/generated"
	side := func(name string) (string, int, error) {
		dir := filepath.Join(mod, tree, name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", 0, fmt.Errorf("%w: run go run ./cmd/gen in bench/k8sapi first", err)
		}
		return "./" + tree + "/" + name + "/...", len(entries), nil
	}
	oursPattern, packages, err := side("ours")
	if err != nil {
		return nil, "", 0, err
	}
	refPattern, refPackages, err := side("ref")
	if err != nil {
		return nil, "", 0, err
	}
	if packages != refPackages {
		return nil, "", 0, fmt.Errorf("bench/k8sapi: %d packages for validation-gen, %d for the reference", packages, refPackages)
	}
	clean := func(name string) func() error {
		return func() error { return removeGenerated(filepath.Join(mod, tree, name)) }
	}
	return []job{
		{"validation-gen", ours, mod, append([]string{"--no-cache"}, harness.OursArgs("zz_generated.validations.go", oursPattern)...), clean("ours")},
		// The same run again with nothing changed: the run cache's answer.
		{"validation-gen, cached", ours, mod, harness.OursArgs("zz_generated.validations.go", oursPattern), keep},
		{"validation-gen --verify, cached", ours, mod, append([]string{"--verify"}, harness.OursArgs("zz_generated.validations.go", oursPattern)...), keep},
		{"reference", ref, mod, harness.RefArgs("zz_generated.validations.go", refPattern), clean("ref")},
	}, "k8s.io/api " + harness.APIVersion, packages, nil
}

// keep is the clean of a cached job: the files the last run wrote are
// what the cache entry describes.
func keep() error { return nil }

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

// copyInput copies the Go sources below src (no generated files) to dst
// and returns the number of packages.
func copyInput(src, dst string) (int, error) {
	n := 0
	dirs := map[string]bool{}
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
		dirs[filepath.Dir(rel)] = true
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("no Go files in %s: run go run ./cmd/refgen first", src)
	}
	return len(dirs), err
}

// removeGenerated removes the generated files below dir.
func removeGenerated(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
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
