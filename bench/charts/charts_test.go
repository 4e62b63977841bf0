package charts

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The committed charts are the report's: BENCHMARKS.md links each, and
// each is what Draw draws from its tables (go run ./cmd/report -charts
// ../BENCHMARKS.md, from bench/, draws them again).
func TestChartsFresh(t *testing.T) {
	md, err := os.ReadFile("../../BENCHMARKS.md")
	if err != nil {
		t.Fatal(err)
	}
	if linked := Link(md); !bytes.Equal(linked, md) {
		t.Errorf("BENCHMARKS.md does not link its charts: run go run ./cmd/report -charts ../BENCHMARKS.md in bench/")
	}
	svgs, err := Draw(md)
	if err != nil {
		t.Fatal(err)
	}
	if len(svgs) < 10 {
		t.Errorf("%d charts drawn, want one per kind and per generator suite", len(svgs))
	}
	dir := filepath.Join("..", "..", Dir)
	committed, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	var names []string
	for name, b := range svgs {
		names = append(names, name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s/%s is stale or missing (%v): run go run ./cmd/report -charts ../BENCHMARKS.md in bench/", Dir, name, err)
		}
	}
	for _, f := range committed {
		if !slices.Contains(names, filepath.Base(f)) {
			t.Errorf("%s: a chart the report no longer draws: delete it", f)
		}
	}
	again, _ := Draw(md)
	for name := range svgs {
		if !bytes.Equal(svgs[name], again[name]) {
			t.Errorf("%s: two drawings differ", name)
		}
	}
}

// A table's cells become the chart's points, in the unit of the chart.
func TestParse(t *testing.T) {
	md := []byte("## Validating one object\n\n### CronTab\n\n| case | implementation | ns/op | ± |\n|---|---|--:|--:|\n" +
		"| create-valid | **ours** | 9.45 ns | 3% |\n| create-valid | crd | 36.3 µs | 37% |\n| update-valid | ours | 1.5 ms | 1% |\n\n" +
		"## Generator speed\n\n### The examples\n\n| generator | command | wall time (median) |\n|---|---|--:|\n| validation-gen | `x` | 0.31 s |\n| reference | `y` | 2.89 s |\n\n## Formats\n\n### Not drawn\n\n| case | implementation | ns/op |\n|---|---|--:|\n| a | b | 1 ns |\n")
	cs := parse(md)
	if len(cs) != 2 {
		t.Fatalf("%d charts, want 2", len(cs))
	}
	want := map[[2]string]float64{{"create-valid", "ours"}: 9.45, {"create-valid", "crd"}: 36300, {"update-valid", "ours"}: 1.5e6}
	for k, v := range want {
		if got := cs[0].values[k]; got != v {
			t.Errorf("%v = %v, want %v", k, got, v)
		}
	}
	if cs[0].file != "object-crontab.svg" || cs[1].file != "generator-the-examples.svg" || cs[1].values[[2]string{"reference", "reference"}] != 2.89 {
		t.Errorf("charts %+v %+v", cs[0], cs[1])
	}
	linked := Link(md)
	if !bytes.Contains(linked, []byte("### CronTab\n\n![CronTab](benchmarks/object-crontab.svg)\n\n| case")) || !bytes.Equal(Link(linked), linked) {
		t.Errorf("Link:\n%s", linked)
	}
}
