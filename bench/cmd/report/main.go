// Command report writes BENCHMARKS.md from one run of hack/bench.sh: the
// benchmark output of bench/ (go test -bench, -count ≥ 6), the generator
// measurements of cmd/genspeed and benchstat's own comparison. Medians and
// their 95% confidence intervals are computed as benchstat computes them
// (golang.org/x/perf/benchmath, no distributional assumption). It checks
// the goals of the benchmarks and, for every goal missed, profiles the
// benchmark that missed it with the compiled test binary and puts the top
// of the profile in the report.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"

	"github.com/declval/validation-gen/bench/charts"
	"github.com/declval/validation-gen/test/k8sapi/harness"
)

// implementations in report order, with what each is.
var implementations = []struct{ name, what string }{
	{"ours", "the `Validate_<Kind>` validation-gen generates (committed in `examples/`)"},
	{"handwritten", "idiomatic handwritten validation of the same rules, reporting the same errors, in the style of Kubernetes' own (`examples/apis/stable/v1/validation.go`, `bench/handwritten`)"},
	{"reference", "the `Validate_<Kind>` that Kubernetes' validation-gen (k8s.io/code-generator, the version `bench/go.mod` pins) generates from the same types during the run (`bench/cmd/refgen`; not committed)"},
	{"playground", "github.com/go-playground/validator on the same types written with its struct tags (`bench/playground`)"},
	{"crd", "the API server's validation of the custom resource on the CRD validation-gen generates from the same tags (`config/crd`): schema validator, list types and CEL, with ratcheting on update, on the object as kube-apiextensions-apiserver v0.37 holds it after decoding the request (`test/crdpipeline`)"},
}

func main() {
	var o options
	flag.StringVar(&o.raw, "raw", "", "go test -bench output")
	flag.StringVar(&o.genspeed, "genspeed", "", "cmd/genspeed outputs (JSON), comma-separated, one table each")
	flag.StringVar(&o.benchstat, "benchstat", "", "benchstat output to append")
	flag.StringVar(&o.removed, "removed", "", "cmd/refgen's list of tags left out of the reference's input")
	flag.StringVar(&o.binary, "test-binary", "", "the compiled benchmarks (go test -c), to profile missed goals; none: no profiles")
	flag.StringVar(&o.k8sapiBinary, "k8sapi-test-binary", "", "the compiled benchmarks of bench/k8sapi, to profile their missed goals")
	flag.StringVar(&o.celBinary, "cel-test-binary", "", "the compiled tests of examples/apis/gadgets/v1 (BenchmarkCELRules), to profile their missed goals")
	flag.StringVar(&o.profileTime, "profile-benchtime", "2s", "benchtime of a profile run")
	flag.StringVar(&o.out, "o", "BENCHMARKS.md", "the report to write")
	flag.StringVar(&o.commit, "commit", "", "the commit measured")
	flag.StringVar(&o.date, "date", "", "when the run started")
	flag.StringVar(&o.loadBefore, "load-before", "", "/proc/loadavg before the run")
	flag.StringVar(&o.loadAfter, "load-after", "", "/proc/loadavg after the run")
	flag.StringVar(&o.command, "command", "hack/bench.sh", "the command that made the run, for the report")
	flag.IntVar(&o.refMaxItems, "reference-max-items", 0, "the largest list the run validated with the reference (0: all)")
	generatorOnly := flag.Bool("generator-only", false, "write only the Generator speed section (of -genspeed), for hack/bench.sh --generator to put in place of the report's")
	chartsOf := flag.String("charts", "", "link and draw the charts of this report, written already (hack/bench.sh --generator, after it replaces a section)")
	flag.Parse()
	if *chartsOf != "" {
		md, err := os.ReadFile(*chartsOf)
		if err == nil {
			err = writeReport(*chartsOf, md)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(1)
		}
		return
	}
	if *generatorOnly {
		var b bytes.Buffer
		err := generatorSection(&b, o)
		if err == nil {
			err = os.WriteFile(o.out, b.Bytes(), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

type options struct {
	raw, genspeed, benchstat, removed, binary, profileTime, out string
	k8sapiBinary                                                string
	celBinary                                                   string
	commit, date, loadBefore, loadAfter, command                string
	refMaxItems                                                 int
}

// key names one benchmark (all runs of it).
type key struct {
	bench string // Validate, Lists or KubernetesAPI
	kind  string // Validate: the kind; Lists: Fleet
	cas   string
	items int // Lists only
	impl  string
}

func (k key) String() string {
	if k.bench == "Lists" {
		return fmt.Sprintf("Lists/case=%s/items=%d/impl=%s", k.cas, k.items, k.impl)
	}
	return fmt.Sprintf("%s/kind=%s/case=%s/impl=%s", k.bench, k.kind, k.cas, k.impl)
}

// regexp is the -test.bench pattern of exactly this benchmark.
func (k key) regexp() string {
	if k.bench == "Lists" {
		return fmt.Sprintf("^BenchmarkLists$/^case=%s$/^items=%d$/^impl=%s$", k.cas, k.items, k.impl)
	}
	return fmt.Sprintf("^Benchmark%s$/^kind=%s$/^case=%s$/^impl=%s$", k.bench, k.kind, k.cas, k.impl)
}

// stat is the summary of one benchmark's runs.
type stat struct {
	runs           int
	ns             benchmath.Summary
	bytes, allocs  float64 // medians
	nsRaw          []float64
	bytesR, allocR []float64
}

type results struct {
	stats map[key]*stat
	order []key // first appearance
	conf  map[string]string
}

// nameRE splits a benchmark's name as benchfmt gives it (without
// "Benchmark", with the GOMAXPROCS suffix).
var nameRE = regexp.MustCompile(`^(?:Benchmark)?(Validate|Lists|KubernetesAPI|Formats|CELRules)/(.*?)(-\d+)?$`)

func read(path string) (*results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res := &results{stats: map[key]*stat{}, conf: map[string]string{}}
	r := benchfmt.NewReader(f, path)
	for r.Scan() {
		rec, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		for _, c := range rec.Config {
			if c.File {
				res.conf[c.Key] = string(c.Value)
			}
		}
		m := nameRE.FindStringSubmatch(rec.Name.String())
		if m == nil {
			continue
		}
		k := key{bench: m[1]}
		for _, part := range strings.Split(m[2], "/") {
			name, value, _ := strings.Cut(part, "=")
			switch name {
			case "kind":
				k.kind = value
			case "case":
				k.cas = value
			case "items":
				k.items, _ = strconv.Atoi(value)
			case "impl":
				k.impl = value
			}
		}
		if k.bench == "Lists" {
			k.kind = "Fleet"
		}
		s := res.stats[k]
		if s == nil {
			s = &stat{}
			res.stats[k] = s
			res.order = append(res.order, k)
		}
		s.runs++
		for _, v := range rec.Values {
			switch v.Unit {
			case "sec/op":
				s.nsRaw = append(s.nsRaw, v.Value*1e9)
			case "ns/op":
				s.nsRaw = append(s.nsRaw, v.Value)
			case "B/op":
				s.bytesR = append(s.bytesR, v.Value)
			case "allocs/op":
				s.allocR = append(s.allocR, v.Value)
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if len(res.order) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", path)
	}
	for _, s := range res.stats {
		s.ns = summarize(s.nsRaw)
		s.bytes = summarize(s.bytesR).Center
		s.allocs = summarize(s.allocR).Center
	}
	return res, nil
}

func summarize(xs []float64) benchmath.Summary {
	if len(xs) == 0 {
		return benchmath.Summary{Center: math.NaN()}
	}
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(slices.Clone(xs), &benchmath.DefaultThresholds), 0.95)
}

// A goal is one of the benchmarks' goals, checked per benchmark.
type goal struct {
	name   string
	checks []check
}

type check struct {
	k      key // the benchmark of ours the check is about
	ok     bool
	detail string
}

func (g goal) missed() []check {
	var out []check
	for _, c := range g.checks {
		if !c.ok {
			out = append(out, c)
		}
	}
	return out
}

func goals(res *results) []goal {
	ours := func(yield func(key, *stat) bool) {
		for _, k := range res.order {
			if k.impl == "ours" {
				if !yield(k, res.stats[k]) {
					return
				}
			}
		}
	}
	other := func(k key, impl string) *stat {
		k.impl = impl
		return res.stats[k]
	}
	zero := goal{name: "0 allocs/op on valid objects"}
	hand := goal{name: "within 1.5× of the handwritten code"}
	ref := goal{name: "at least 5× faster than the reference generator's output"}
	lin := goal{name: "list checks linear from 1k to 100k items"}
	cel := goal{name: "CEL rules compiled to Go at least 20× faster than the API server's CEL validator"}
	for k, s := range ours {
		if valid(k.cas) {
			zero.checks = append(zero.checks, check{k, s.allocs == 0, fmt.Sprintf("%s allocs/op", num(s.allocs))})
		}
		// Kubernetes' handwritten validation checks every rule of its
		// kind, of which k8s.io/api's tags declare a part: not a measure
		// of the same work.
		if h := other(k, "handwritten"); h != nil && k.bench != "KubernetesAPI" {
			r := s.ns.Center / h.ns.Center
			hand.checks = append(hand.checks, check{k, r <= 1.5, fmt.Sprintf("%s× the handwritten time", ratio(r))})
		}
		if rf := other(k, "reference"); rf != nil {
			r := rf.ns.Center / s.ns.Center
			ref.checks = append(ref.checks, check{k, r >= 5, fmt.Sprintf("%s× faster than the reference", ratio(r))})
		}
		if sv := other(k, "server"); sv != nil && k.bench == "CELRules" {
			r := sv.ns.Center / s.ns.Center
			cel.checks = append(cel.checks, check{k, r >= 20, fmt.Sprintf("%s× faster than the server's CEL validator", ratio(r))})
		}
		if k.bench == "Lists" && k.items == 100000 {
			small := k
			small.items = 1000
			if s1 := res.stats[small]; s1 != nil {
				per1, per100 := s1.ns.Center/1000, s.ns.Center/100000
				r := per100 / per1
				// The exponent k of time ∝ items^k between the two sizes:
				// 1 for a linear check, 2 for a pairwise one.
				exp := math.Log(s.ns.Center/s1.ns.Center) / math.Log(100)
				lin.checks = append(lin.checks, check{k, r <= 2, fmt.Sprintf("%s ns/item at 1k, %s ns/item at 100k (%s×; time ∝ items^%.2f)", num(per1), num(per100), ratio(r), exp)})
			}
		}
	}
	return []goal{zero, hand, ref, lin, cel}
}

// valid tells the cases whose object is valid.
func valid(cas string) bool {
	return cas == "valid" || strings.HasSuffix(cas, "-valid") || cas == "update-unchanged" || cas == "update-changed" || cas == "update-one-changed"
}

func run(o options) error {
	res, err := read(o.raw)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# Benchmarks\n\n")
	p("<!-- Written by hack/bench.sh (bench/cmd/report) from one run; do not edit by hand. -->\n\n")
	p("The validators validation-gen generates, side by side with every alternative, in one run: the same ")
	p("objects of the same kinds (the examples' and Kubernetes' own), validated on create and on update. Every figure is the median of ")
	p("%d runs of the benchmark, as benchstat computes it, with its 95%% confidence interval; ratios are ", minRuns(res))
	p("medians divided by medians from this same run.\n\n")

	p("## Machine and commands\n\n")
	p("| | |\n|---|---|\n")
	if o.date != "" {
		p("| date | %s |\n", o.date)
	}
	if o.commit != "" {
		p("| commit | %s |\n", o.commit)
	}
	p("| cpu | %s |\n", orDash(res.conf["cpu"]))
	p("| cores (`nproc`) | %d |\n", runtime.NumCPU())
	p("| go | %s %s/%s |\n", runtime.Version(), orDash(res.conf["goos"]), orDash(res.conf["goarch"]))
	if o.loadBefore != "" || o.loadAfter != "" {
		p("| load average (1, 5, 15 min) | before: %s; after: %s |\n", orDash(firstFields(o.loadBefore, 3)), orDash(firstFields(o.loadAfter, 3)))
	}
	p("\nTo reproduce: `%s` (it runs `go run ./cmd/refgen`, then `go test -tags reference -run '^$' -bench . -benchmem -count N` in `bench/`, ", o.command)
	p("`go run ./cmd/gen` and `go test -tags generated -bench . -benchmem -count N` in `bench/k8sapi/`, ")
	p("`go run ./cmd/genspeed` for each suite (the examples, k8s.io/api, three kubebuilder projects), `go tool benchstat -col /impl` and `go run ./cmd/report`; `BENCH_COUNT` and `BENCH_TIME` change the count and benchtime). ")
	p("The implementations of the example kinds (those of k8s.io/api's kinds are in [k8s.io/api](#k8sioapi)):\n\n")
	for _, impl := range implementations {
		p("- **%s**: %s.\n", impl.name, impl.what)
	}
	p("\nWhat they do not share: go-playground has no notion of an update, so on update it validates the new object whole (no ratcheting); ")
	p("the reference generator does not implement some tags, which were left out of its copy of the types (listed at the end), so it does a little less work on the Gadget kind. ")
	p("Before a benchmark is timed, every implementation must reach the case's verdict (valid or not); the numbers of errors differ by design ")
	p("(the API server skips its CEL rules after some errors; go-playground reports per tag).\n\n")

	gs := goals(res)
	p("## Goals\n\n")
	p("| goal | met | missed by |\n|---|---|---|\n")
	for _, g := range gs {
		if len(g.checks) == 0 {
			p("| %s | not measured in this run | |\n", g.name)
			continue
		}
		miss := g.missed()
		var by []string
		for _, c := range miss {
			by = append(by, fmt.Sprintf("%s (%s)", benchLabel(c.k), c.detail))
		}
		p("| %s | %d of %d benchmarks | %s |\n", g.name, len(g.checks)-len(miss), len(g.checks), orDash(strings.Join(by, "; ")))
	}
	p("\nEach goal is checked on every benchmark it applies to, with medians: allocs/op of ours on every case whose object is valid; ")
	p("ours' time at most 1.5 times the handwritten code's (the examples' handwritten code, which checks the same rules; not Kubernetes' handwritten validation of k8s.io/api's kinds, which checks more); the reference's time at least 5 times ours (where the reference ran); ")
	p("ours' time per item at 100,000 items at most twice its time per item at 1,000 (a check that compares items pairwise would take 100 times as long per item). ")
	p("Every benchmark measures the steady state of a running server: before timing, it collects the garbage of its setup and validates once on every processor, ")
	p("so that what an implementation recycles through sync.Pools (ours: the hash indexes of lists of more than 16 items; go-playground: its own buffers) is ready on each processor, as it is after a server's first requests. ")
	p("The details of every check are in the tables below (the `×ours` columns); missed goals are profiled in [Why goals were missed](#why-goals-were-missed).\n\n")

	p("## Validating one object\n\n")
	p("Cases: `create-valid` passes every rule; `create-invalid` breaks most of them; `update-unchanged` is a valid object over a deep copy ")
	p("of itself (ratcheting skips everything); `update-changed` changes every validated field to other valid values; `update-invalid` is the invalid ")
	p("object over a valid old one. Each ×ours is the implementation's median over ours (above 1: slower, or more memory, than ours).\n\n")
	for _, kind := range kindsOf(res, "Validate") {
		p("### %s\n\n", kind)
		table(&b, res, func(k key) bool { return k.bench == "Validate" && k.kind == kind }, false)
	}

	p("## Large lists\n\n")
	p("The Fleet kind (`examples/apis/gadgets/v1/fleet_types.go`): a list-map of devices (keyed by name, each with rules of its own) and a list-set of ")
	p("zones, one per ten devices. `create-valid` checks every item and both lists' uniqueness; `create-duplicate` repeats the first device's name in the last; ")
	p("`update-one-changed` changes one device, so the list is walked, every item correlated with its old self by key and only the changed one validated again. ")
	p("ns/item divides by the number of devices; a linear check keeps it flat as the list grows.\n\n")
	table(&b, res, func(k key) bool { return k.bench == "Lists" }, true)
	if o.refMaxItems > 0 {
		p("The reference was run on lists of up to %d items only (`BENCH_REFERENCE_MAX_ITEMS`): its uniqueness and correlation checks of lists compare items pairwise, ", o.refMaxItems)
		p("so its time grows with the square of the list. ")
		for _, g := range growth(res, "reference") {
			p("%s ", g)
		}
		p("\n\n")
	}

	if kinds := kindsOf(res, "KubernetesAPI"); len(kinds) > 0 {
		p("## k8s.io/api\n\n")
		p("Kubernetes' own kinds, validated by three implementations (`bench/k8sapi`):\n\n")
		p("- **ours**: the `Validate_<Kind>` validation-gen generates from k8s.io/api %s's tags, laid out as `test/k8sapi/harness` lays them out for the parity test ", harness.APIVersion)
		p("(one package per group/version reading k8s.io/api through `+k8s:validation-gen-input`), generated during the run (`bench/k8sapi/cmd/gen`; not committed);\n")
		p("- **reference**: the `Validate_<Kind>` Kubernetes' validation-gen (k8s.io/code-generator %s) generates from the same tags in the same layout, during the run;\n", harness.APIVersion)
		p("- **handwritten**: Kubernetes' handwritten validation of the kind (k8s.io/kubernetes v1.37.2, `pkg/apis/<group>/validation`, imported as a module with its staging modules replaced by their releases), ")
		p("called as the kind's registry strategy calls it (`Validate` on create, `ValidateUpdate` on update, with the options the strategy computes on every call), on the internal type the API server converts to (converted before timing). ")
		p("It checks every rule of the kind, of which the tags declare a part (in v1.37, a few fields of each kind), so it does more work than the generated code: its column says what the whole of Kubernetes' validation of that kind costs, not what the same rules cost.\n\n")
		p("Every object is defaulted as the API server defaults it before validating; the options are every Kubernetes feature gate at its default, as the server passes them. ")
		p("The objects are written as users write them (`bench/k8sapi/objects_test.go`): a Pod of one container with ports, resources, a probe, a volume and two tolerations; ")
		p("controllers with that template; a Service of two ports; a ResourceClaim of two requests with a constraint and a configuration; a DeviceClass with a CEL selector and a configuration; ")
		p("a StorageClass; a NetworkPolicy with ingress and egress rules. `create-invalid` sets metadata.generation to -1 (apimachinery's meta/v1 tags) and breaks one rule of the kind's own tags where it has one; ")
		p("`update-changed` changes what the kind lets change. Before timing, every implementation must reach each case's verdict, and both generators' outputs must report the same errors (`TestGeneratorsAgree`).\n\n")
		for _, kind := range kinds {
			p("### %s\n\n", kind)
			table(&b, res, func(k key) bool { return k.bench == "KubernetesAPI" && k.kind == kind }, false)
		}
	}

	if formats := kindsOf(res, "Formats"); len(formats) > 0 {
		p("## Formats\n\n")
		p("Each format check alone (`BenchmarkFormats`, `bench/formats_test.go`), on one valid and one invalid value at the path `spec.items[3].name`: ")
		p("**ours** is what the generated code calls (validation-gen's runtime: byte loops, with apimachinery's own messages), ")
		p("**reference** what the reference generator's output calls (`k8s.io/apimachinery/pkg/api/validate`: regular expressions), each with its own kind of field path, built in the loop as generated code builds it. ")
		p("That the two give the same messages on every input is tested on 10,000,000 random strings (`TestNamesMatchApimachinery` in `runtime/`) and by `FuzzNames`.\n\n")
		p("| format | case | ours | reference | ×ours | ours allocs/op | reference allocs/op |\n|---|---|--:|--:|--:|--:|--:|\n")
		for _, f := range formats {
			for _, cas := range []string{"valid", "invalid"} {
				ko := key{bench: "Formats", kind: f, cas: cas, impl: "ours"}
				kr := ko
				kr.impl = "reference"
				so, sr := res.stats[ko], res.stats[kr]
				if so == nil || sr == nil {
					continue
				}
				p("| %s | %s | %s | %s | %s | %s | %s |\n", f, cas, duration(so.ns.Center), duration(sr.ns.Center), ratio(sr.ns.Center/so.ns.Center), num(so.allocs), num(sr.allocs))
			}
		}
		p("\n")
	}

	if kinds := kindsOf(res, "CELRules"); len(kinds) > 0 {
		p("## CEL rules\n\n")
		p("The CEL rules of a kind alone. Scaler (`BenchmarkCELRules`, `examples/apis/gadgets/v1/cel_bench_test.go`): the kind's own rules, its spec's and each list item's, each at its place, on a valid object. ")
		p("The kinds named `<project>.<version>.<Kind>` are real kubebuilder projects' (sigs.k8s.io/kueue v0.17.0, sigs.k8s.io/cluster-api v1.14.2, sigs.k8s.io/gateway-api v1.6.3, their types unchanged), with every CEL rule of their CRDs: ")
		p("`test/kubebuilder`'s `TestCELBenchmarks` generates them with `--cel-tests` and runs the generated `BenchmarkCompiledCELRules` (`validationtest.BenchCEL`), on the most populated of 400 random objects the server accepts (create-valid) and on the first it rejects (create-invalid). ")
		p("**ours** is the code validation-gen compiles the rules to (`golang/celgo`); **interpreted** is the API server's CEL validator called from the Go value (`runtime/celrules`, what a type outside the compiled subset uses: conversion to unstructured, then the validator); ")
		p("**server** is the server's CEL validator alone, on values already decoded, with its ratcheting on update. ")
		p("That the compiled rules give the server's errors is tested on random objects by each package's generated `TestCompiledCELRules`.\n\n")
		p("| kind | case | ours | interpreted | server | ×server | ours allocs/op | server allocs/op |\n|---|---|--:|--:|--:|--:|--:|--:|\n")
		for _, kind := range kinds {
			for _, cas := range []string{"create-valid", "update-changed", "create-invalid"} {
				ko := key{bench: "CELRules", kind: kind, cas: cas, impl: "ours"}
				ki, ks := ko, ko
				ki.impl, ks.impl = "interpreted", "server"
				so, si, ss := res.stats[ko], res.stats[ki], res.stats[ks]
				if so == nil || si == nil || ss == nil {
					continue
				}
				p("| %s | %s | %s | %s | %s | %s | %s | %s |\n", kind, cas, duration(so.ns.Center), duration(si.ns.Center), duration(ss.ns.Center), ratio(ss.ns.Center/so.ns.Center), num(so.allocs), num(ss.allocs))
			}
		}
		p("\n")
	}

	if o.genspeed != "" {
		if err := generatorSection(&b, o); err != nil {
			return err
		}
	}

	p("## Why goals were missed\n\n")
	anyMiss := false
	profiled := map[key]bool{}
	for _, g := range gs {
		for _, c := range g.missed() {
			anyMiss = true
			p("- **%s**: %s, %s.\n", g.name, benchLabel(c.k), c.detail)
		}
	}
	if !anyMiss {
		p("Every goal was met in this run.\n\n")
	} else {
		p("\nBuilding errors bounds these ratios: every implementation allocates each error on the heap. Ours builds an error in one allocation, with its field path, a detail made for it, its bad value and a list of itself (`runtime/newerror.go`); ")
		p("the handwritten code and the reference build three or four with k8s.io/apimachinery's `field.Invalid` and the others (the error, the path's string, the detail, the list), and the garbage collector's work grows with them. ")
		p("The format checks are ours (byte loops, see [Formats](#formats)); the reference's are regular expressions, but for UUIDs, a byte loop too, where the one error is most of the work. ")
		p("Where building errors is most of the work (invalid objects), no generated code can be much faster than another; the profiles below show how much of ours' time it takes.\n\n")
		for _, g := range gs {
			for _, c := range g.missed() {
				if !profiled[c.k] && c.k.bench == "CELRules" && strings.Contains(c.k.kind, ".") {
					// A kubebuilder project's kind (<project>.<version>.<Kind>).
					profiled[c.k] = true
					p("The CEL rules of %s run in a module test/kubebuilder generates for the project, which this report does not rebuild; to profile them: `cd test && KUBEBUILDER_CEL_BENCH=/tmp/cel.txt KUBEBUILDER_CEL_BENCH_PROJECTS=<project> KUBEBUILDER_CEL_BENCH_ARGS='-count 1 -benchtime 3s -cpuprofile /tmp/cel.prof' go test -run '^TestCELBenchmarks$' ./kubebuilder/` (with the project's `celBenchKinds` cut to the kind), then `go tool pprof -top /tmp/cel.prof`.\n\n", benchLabel(c.k))
					continue
				}
				if profiled[c.k] || o.binary == "" || (c.k.bench == "KubernetesAPI" && o.k8sapiBinary == "") || (c.k.bench == "CELRules" && o.celBinary == "") {
					continue
				}
				profiled[c.k] = true
				prof, err := profile(o, c.k, strings.HasPrefix(g.name, "0 allocs"))
				if err != nil {
					return err
				}
				p("<details><summary>profile of %s (%s)</summary>\n\n```text\n%s```\n\n</details>\n\n", benchLabel(c.k), g.name, prof)
			}
		}
		if o.binary == "" {
			p("(This run made no profiles.)\n\n")
		}
	}

	if o.removed != "" {
		data, err := os.ReadFile(o.removed)
		if err != nil {
			return err
		}
		p("## Tags left out of the reference generator's input\n\n")
		p("k8s.io/code-generator's validation-gen does not implement these tags; `bench/cmd/refgen` removed them from its copy of the types (every other tag is the same):\n\n```text\n%s```\n\n", data)
	}
	if o.benchstat != "" {
		data, err := os.ReadFile(o.benchstat)
		if err != nil {
			return err
		}
		p("## benchstat\n\n`go tool benchstat -col /impl` on the same run: every implementation against ours, with benchstat's own test of significance.\n\n```text\n%s```\n", data)
	}
	return writeReport(o.out, b.Bytes())
}

// writeReport writes the report with its charts linked, and the charts
// (package charts) in charts.Dir beside it.
func writeReport(path string, md []byte) error {
	md = charts.Link(md)
	svgs, err := charts.Draw(md)
	if err != nil {
		return err
	}
	dir := filepath.Join(filepath.Dir(path), charts.Dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, b := range svgs {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(path, md, 0o644)
}

// growth describes how an implementation's time per item grows from the
// smallest list to the largest it was run on, per case.
func growth(res *results, impl string) []string {
	var out []string
	for _, k := range res.order {
		if k.bench != "Lists" || k.impl != impl {
			continue
		}
		lo, hi := k, k
		for _, k2 := range res.order {
			if k2.bench == "Lists" && k2.impl == impl && k2.cas == k.cas {
				if k2.items < lo.items {
					lo = k2
				}
				if k2.items > hi.items {
					hi = k2
				}
			}
		}
		if k != lo || lo == hi {
			continue
		}
		per := func(k key) float64 { return res.stats[k].ns.Center / float64(k.items) }
		out = append(out, fmt.Sprintf("In %s, its time per item grew %s× from %d to %d items (%s× more items);", k.cas, ratio(per(hi)/per(lo)), lo.items, hi.items, ratio(float64(hi.items)/float64(lo.items))))
	}
	if len(out) > 0 {
		out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], ";") + "."
	}
	return out
}

func benchLabel(k key) string {
	if k.bench == "Lists" {
		return fmt.Sprintf("Fleet %s, %d items", k.cas, k.items)
	}
	if k.bench == "KubernetesAPI" {
		return "k8s.io/api " + k.kind + " " + k.cas
	}
	if k.bench == "Formats" {
		return "format " + k.kind + " " + k.cas
	}
	if k.bench == "CELRules" {
		return "the CEL rules of " + k.kind + " " + k.cas
	}
	return k.kind + " " + k.cas
}

func kindsOf(res *results, bench string) []string {
	var out []string
	for _, k := range res.order {
		if k.bench == bench && !slices.Contains(out, k.kind) {
			out = append(out, k.kind)
		}
	}
	return out
}

// table writes one row per benchmark that keep selects, grouped by case,
// with each figure's ratio to ours.
func table(b *bytes.Buffer, res *results, keep func(key) bool, perItem bool) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	if perItem {
		p("| case | items | implementation | ns/op | ± | ns/item | ×ours | B/op | ×ours | allocs/op | ×ours |\n|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	} else {
		p("| case | implementation | ns/op | ± | ×ours | B/op | ×ours | allocs/op | ×ours |\n|---|---|--:|--:|--:|--:|--:|--:|--:|\n")
	}
	for _, k := range res.order {
		if !keep(k) {
			continue
		}
		s := res.stats[k]
		ours := k
		ours.impl = "ours"
		o := res.stats[ours]
		rel := func(v, base float64) string {
			switch {
			case k.impl == "ours":
				return ""
			case o == nil:
				return "–"
			case base == 0 && v == 0:
				return "="
			case base == 0:
				return "ours: 0"
			}
			return ratio(v / base)
		}
		var oNs, oB, oA float64
		if o != nil {
			oNs, oB, oA = o.ns.Center, o.bytes, o.allocs
		}
		impl := k.impl
		if impl == "ours" {
			impl = "**ours**"
		}
		if perItem {
			p("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", k.cas, k.items, impl, duration(s.ns.Center), pct(s.ns), num(s.ns.Center/float64(k.items)),
				rel(s.ns.Center, oNs), bytesStr(s.bytes), rel(s.bytes, oB), num(s.allocs), rel(s.allocs, oA))
		} else {
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", k.cas, impl, duration(s.ns.Center), pct(s.ns),
				rel(s.ns.Center, oNs), bytesStr(s.bytes), rel(s.bytes, oB), num(s.allocs), rel(s.allocs, oA))
		}
	}
	p("\n")
}

// generatorSection is the Generator speed section: one table per
// cmd/genspeed result.
func generatorSection(b *bytes.Buffer, o options) error {
	fmt.Fprintf(b, "## Generator speed\n\n")
	fmt.Fprintf(b, "Measured %s at %s on %d cores (load average before: %s; after: %s); to reproduce: `hack/bench.sh` (the whole report) or `hack/bench.sh --generator` (this section alone, about 10 minutes). "+
		"*Cold* is a run with validation-gen's run cache off (`--no-cache`; the go command's build cache, which holds the dependencies' export data, warm, as after any build); *cached* is the same run again with nothing changed.\n\n",
		orDash(o.date), orDash(o.commit), runtime.NumCPU(), orDash(o.loadBefore), orDash(o.loadAfter))
	for _, f := range strings.Split(o.genspeed, ",") {
		if err := genspeedSection(b, f); err != nil {
			return err
		}
	}
	return nil
}

func genspeedSection(b *bytes.Buffer, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var gs struct {
		Suite      string `json:"suite"`
		Runs       int    `json:"runs"`
		Input      string `json:"input"`
		Packages   int    `json:"packages"`
		Generators []struct {
			Name    string    `json:"name"`
			Command string    `json:"command"`
			Seconds []float64 `json:"seconds"`
			PeakMiB []float64 `json:"peakMiB"`
		} `json:"generators"`
	}
	if err := json.Unmarshal(data, &gs); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	switch {
	case strings.HasPrefix(gs.Suite, "kubebuilder-"):
		p("### %s\n\n", gs.Input)
		pkgs := fmt.Sprintf("%d API packages", gs.Packages)
		if gs.Packages == 1 {
			pkgs = "API package"
		}
		p("A real kubebuilder project, unchanged: its %s copied into a module that requires the project at its version (every dependency at the project's versions), ", pkgs)
		p("generated by the controller-gen version that wrote its committed CRDs (the CRDs only) and by validation-gen (the same CRDs and the Go validators). ")
	case gs.Suite == "k8sapi":
		p("### %s\n\n", gs.Input)
		p("Generating the validators of every package of %s that carries validation tags and of apimachinery's meta/v1 (%d packages), ", gs.Input, gs.Packages)
		p("in `bench/k8sapi` as `bench/k8sapi/cmd/gen` lays them out: each generator generates its own tree of harness packages reading the same packages of k8s.io/api. ")
	default:
		p("### The examples\n\n")
		p("Generating the validators of the benchmarks' example packages (the copies `bench/cmd/refgen` makes, %s, %d packages: the same input for both generators). ", gs.Input, gs.Packages)
	}
	p("Each generator built once and run %d times, alternating, after one untimed run each (`bench/cmd/genspeed -suite %s`). Wall time of the process and its peak resident memory (getrusage); ", gs.Runs, orDash(gs.Suite))
	p("every generator loads the packages through `go list`.\n\n")
	p("| generator | command | wall time (median) | ± | peak memory (median) | ×validation-gen (time) |\n|---|---|--:|--:|--:|--:|\n")
	var base float64
	for _, g := range gs.Generators {
		t := summarize(g.Seconds)
		if base == 0 {
			base = t.Center
		}
		p("| %s | `%s` | %.2f s | %s | %.0f MiB | %s |\n", g.Name, g.Command, t.Center, pct(t), summarize(g.PeakMiB).Center, ratio(t.Center/base))
	}
	p("\n")
	return nil
}

// profile runs one benchmark of ours with the CPU (or, for allocations,
// the memory) profiler and returns the top of the profile.
func profile(o options, k key, allocs bool) (string, error) {
	dir, err := os.MkdirTemp("", "bench-profile")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	prof := filepath.Join(dir, "prof.out")
	args := []string{"-test.run", "^$", "-test.bench", k.regexp(), "-test.benchmem", "-test.benchtime", o.profileTime}
	sample := "-sample_index=cpu"
	if allocs {
		args = append(args, "-test.memprofile", prof, "-test.memprofilerate", "1")
		sample = "-sample_index=alloc_objects"
	} else {
		args = append(args, "-test.cpuprofile", prof)
	}
	binary := o.binary
	if k.bench == "KubernetesAPI" {
		binary = o.k8sapiBinary
	}
	if k.bench == "CELRules" {
		binary = o.celBinary
	}
	cmd := exec.Command(binary, args...)
	cmd.Stderr = os.Stderr
	if out, err := cmd.Output(); err != nil {
		return "", fmt.Errorf("profiling %s: %v\n%s", k, err, out)
	}
	top, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=20", sample, binary, prof).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("pprof of %s: %v\n%s", k, err, top)
	}
	name := filepath.Base(binary)
	cmdLine := name + " " + strings.Join(args, " ")
	cmdLine = strings.ReplaceAll(cmdLine, prof, "prof.out")
	return "$ " + cmdLine + "\n$ go tool pprof -top -nodecount=20 " + sample + " " + name + " prof.out\n" + dropHeader(string(top)), nil
}

// dropHeader removes pprof's lines naming the binary and the time of the
// profile, which differ from run to run.
func dropHeader(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "File:") || strings.HasPrefix(l, "Build ID:") || strings.HasPrefix(l, "Time:") {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func minRuns(res *results) int {
	n := 0
	for _, s := range res.stats {
		if n == 0 || s.runs < n {
			n = s.runs
		}
	}
	return n
}

func duration(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "–"
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	default:
		return fmt.Sprintf("%.3g ns", ns)
	}
}

func bytesStr(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v >= 1<<20:
		return fmt.Sprintf("%.3g MiB", v/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.3g KiB", v/(1<<10))
	default:
		return fmt.Sprintf("%.0f", v)
	}
}

func num(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e6 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func ratio(r float64) string {
	switch {
	case math.IsNaN(r) || math.IsInf(r, 0):
		return "–"
	case r >= 10:
		return fmt.Sprintf("%.0f", r)
	default:
		return fmt.Sprintf("%.2f", r)
	}
}

// pct is the confidence interval as benchstat prints it.
func pct(s benchmath.Summary) string {
	if math.IsNaN(s.Center) {
		return "–"
	}
	return s.PctRangeString()
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "–"
	}
	return s
}

func firstFields(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}
