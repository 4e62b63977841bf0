package kubebuilder

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The CEL rules of real kubebuilder projects, benchmarked: hack/bench.sh
// sets KUBEBUILDER_CEL_BENCH to a file, and this test prepares the
// projects' modules as the differential test does, generates them with
// --cel-tests (whose files hold BenchmarkCompiledCELRules: the compiled
// rules against the server's CEL validator, see validationtest.BenchCEL),
// runs the benchmarks of the kinds below, and appends their output to the
// file, each named BenchmarkCELRules/kind=<project>.<version>.<Kind>/...
// as the report reads it. KUBEBUILDER_CEL_BENCH_ARGS are go test's flags
// (-count, -benchtime); KUBEBUILDER_CEL_BENCH_PROJECTS limits the
// projects (hack/bench.sh --smoke runs one).
const (
	celBenchEnv         = "KUBEBUILDER_CEL_BENCH"
	celBenchArgsEnv     = "KUBEBUILDER_CEL_BENCH_ARGS"
	celBenchProjectsEnv = "KUBEBUILDER_CEL_BENCH_PROJECTS"
)

// celBenchKinds are the kinds benchmarked, by project and API package:
// those with the most rules, and the most kinds of them.
var celBenchKinds = map[string]map[string][]string{
	"kueue": {"apis/kueue/v1beta2": {"Workload", "ClusterQueue", "ResourceFlavor", "Topology"}},
	"capi": {
		"bootstrap/kubeadm/v1beta2": {"KubeadmConfig"},
		"core/v1beta2":              {"Cluster", "MachineDrainRule"},
	},
	"gwapi": {"apis/v1": {"Gateway", "GRPCRoute"}},
}

func TestCELBenchmarks(t *testing.T) {
	out := os.Getenv(celBenchEnv)
	if out == "" {
		t.Skip(celBenchEnv + " is not set: hack/bench.sh runs this")
	}
	args := strings.Fields(os.Getenv(celBenchArgsEnv))
	only := strings.Fields(os.Getenv(celBenchProjectsEnv))
	f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range Projects {
		pkgs := celBenchKinds[p.Name]
		if pkgs == nil || (len(only) > 0 && !contains(only, p.Name)) {
			continue
		}
		dir := Prepare(t, p)
		RequireGenerator(t, dir)
		if out, err := Generate(t, dir, p, "--cel-tests"); err != nil {
			t.Fatalf("validation-gen on %s: %v\n%s", p, err, out)
		}
		for _, apiDir := range sortedKeys(pkgs) {
			kinds := pkgs[apiDir]
			pattern := "^BenchmarkCompiledCELRules$/^kind=(" + strings.Join(kinds, "|") + ")$"
			cmd := exec.Command("go", append(append([]string{"test", "-timeout=60m", "-run", "^$", "-bench", pattern, "-benchmem"}, args...), "./"+p.Name+"/"+apiDir)...)
			cmd.Dir = dir
			cmd.Env = envIn(dir)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			prefix := p.Name + "." + filepath.Base(apiDir) + "."
			sc := bufio.NewScanner(stdout)
			n := 0
			for sc.Scan() {
				line := sc.Text()
				if m := benchLine.FindStringSubmatch(line); m != nil {
					line = "BenchmarkCELRules/kind=" + prefix + m[1]
					n++
				} else if !strings.HasPrefix(line, "goos:") && !strings.HasPrefix(line, "goarch:") && !strings.HasPrefix(line, "cpu:") {
					t.Log(line)
					continue
				}
				if _, err := f.WriteString(line + "\n"); err != nil {
					t.Fatal(err)
				}
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("go test -bench in %s/%s: %v\n%s", p.Name, apiDir, err, stderr.String())
			}
			if n == 0 {
				t.Fatalf("%s/%s: no benchmark of %v ran", p.Name, apiDir, kinds)
			}
			t.Logf("%s/%s: %d benchmark results", p.Name, apiDir, n)
		}
	}
}

// benchLine is a result line of BenchmarkCompiledCELRules: the rest of
// its name (from the kind's name on) and its figures.
var benchLine = regexp.MustCompile(`^BenchmarkCompiledCELRules/kind=(.*)$`)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
