// Package charts draws BENCHMARKS.md's pictures from its own tables: for
// each kind of "Validating one object" and "k8s.io/api", the time per
// case of every implementation; for each suite of "Generator speed", the
// wall time of every generator. Log scales, SVG (gonum.org/v1/plot). The
// report command links and draws them when it writes the report, and
// again when hack/bench.sh --generator replaces a section; the bench
// module's TestChartsFresh holds the committed ones to the report.
package charts

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Dir is where the charts go, beside the report.
const Dir = "benchmarks"

// A chart is one picture: its file name, its title, and its points
// (a row label, a series, a value).
type chart struct {
	file, title, unit string
	rows, series      []string
	values            map[[2]string]float64
}

// sections are the report's sections with charts, and how to read a
// table row of each: the columns of the row label, the series and the
// value.
var sections = map[string]struct {
	prefix, unit       string
	row, series, value string // column headers
}{
	"Validating one object": {"object", "ns/op", "case", "implementation", "ns/op"},
	"k8s.io/api":            {"k8sapi", "ns/op", "case", "implementation", "ns/op"},
	"Generator speed":       {"generator", "seconds", "", "generator", "wall time (median)"},
}

// parse finds the charts of a report.
func parse(md []byte) []*chart {
	var out []*chart
	var section string
	var cur *chart
	var header []string
	for _, line := range strings.Split(string(md), "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			section, cur = strings.TrimPrefix(line, "## "), nil
		case strings.HasPrefix(line, "### "):
			cur, header = nil, nil
			sec, ok := sections[section]
			if !ok {
				continue
			}
			title := strings.TrimPrefix(line, "### ")
			cur = &chart{file: sec.prefix + "-" + slug(title) + ".svg", title: title, unit: sec.unit, values: map[[2]string]float64{}}
			out = append(out, cur)
		case cur != nil && strings.HasPrefix(line, "|"):
			cells := cellsOf(line)
			if header == nil {
				header = cells
				continue
			}
			if strings.HasPrefix(cells[0], "---") || strings.HasPrefix(cells[0], ":-") {
				continue
			}
			sec := sections[section]
			get := func(col string) string {
				for i, h := range header {
					if h == col && i < len(cells) {
						return cells[i]
					}
				}
				return ""
			}
			row, series := get(sec.row), strings.Trim(get(sec.series), "*")
			if sec.row == "" {
				row = series
			}
			v, ok := duration(get(sec.value), sec.unit)
			if !ok || series == "" {
				continue
			}
			if !slices.Contains(cur.rows, row) {
				cur.rows = append(cur.rows, row)
			}
			if !slices.Contains(cur.series, series) {
				cur.series = append(cur.series, series)
			}
			cur.values[[2]string{row, series}] = v
		}
	}
	var drawn []*chart
	for _, c := range out {
		if len(c.values) > 0 {
			drawn = append(drawn, c)
		}
	}
	return drawn
}

func cellsOf(line string) []string {
	parts := strings.Split(strings.Trim(line, "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// duration reads "9.45 ns", "1.04 µs", "2.3 ms", "0.31 s" in the unit
// (ns or s).
func duration(cell, unit string) (float64, bool) {
	f := strings.Fields(cell)
	if len(f) != 2 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 0, false
	}
	scale := map[string]float64{"ns": 1, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}[f[1]]
	if scale == 0 {
		return 0, false
	}
	v *= scale
	if unit == "seconds" {
		v /= 1e9
	}
	return v, v > 0
}

// palette gives each series a color and a shape that stay the same from
// chart to chart (ours first, in black).
var palette = []color.Color{
	color.RGBA{0, 0, 0, 255}, color.RGBA{230, 97, 1, 255}, color.RGBA{94, 60, 153, 255},
	color.RGBA{27, 158, 119, 255}, color.RGBA{202, 0, 32, 255}, color.RGBA{5, 113, 176, 255},
}

var shapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{}, draw.RingGlyph{}}

// size is a chart's width and height: a line of height per row, and
// the legend's.
func (c *chart) size() (vg.Length, vg.Length) {
	return vg.Points(640), vg.Points(70 + 28*(float64(len(c.rows))+legendRows(len(c.series))))
}

func legendRows(series int) float64 { return 0.5 * float64(series) }

// styleOf is the palette and shape index of a series: the same
// implementation looks the same in every chart.
func styleOf(name string, index int) int {
	switch {
	case name == "ours" || name == "validation-gen":
		return 0
	case name == "handwritten":
		return 1
	case name == "reference":
		return 2
	case name == "playground":
		return 3
	case name == "crd" || strings.HasPrefix(name, "controller-gen"):
		return 4
	case strings.Contains(name, "cached"):
		return 5
	}
	return index
}

// svg draws a chart: a dot plot, one row per case, the value on a log
// scale, a glyph per series.
func (c *chart) svg() ([]byte, error) {
	p, err := c.plot()
	if err != nil {
		return nil, err
	}
	canvas := vgsvg.New(c.size())
	p.Draw(draw.New(canvas))
	var b bytes.Buffer
	if _, err := canvas.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// plot is a chart's plot, for any canvas.
func (c *chart) plot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = c.title
	p.X.Label.Text = c.unit + " (log scale)"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Legend.Left = false
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range c.values {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	p.X.Min, p.X.Max = lo/2, hi*2
	n := len(c.rows)
	for si, s := range c.series {
		var pts plotter.XYs
		for ri, r := range c.rows {
			if v, ok := c.values[[2]string{r, s}]; ok {
				// Rows top down; series spread a little inside their row.
				y := float64(n-1-ri) + (float64(si)-float64(len(c.series)-1)/2)*0.12
				pts = append(pts, plotter.XY{X: v, Y: y})
			}
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		style := styleOf(s, si)
		sc.GlyphStyle.Color = palette[style%len(palette)]
		sc.GlyphStyle.Shape = shapes[style%len(shapes)]
		sc.GlyphStyle.Radius = vg.Points(3)
		p.Add(sc)
		p.Legend.Add(s, sc)
	}
	var ticks []plot.Tick
	for ri, r := range c.rows {
		ticks = append(ticks, plot.Tick{Value: float64(n - 1 - ri), Label: r})
	}
	sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	// Room above the rows for the legend (half a row per series).
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4+legendRows(len(c.series))
	p.Add(plotter.NewGrid())
	return p, nil
}

// Draw draws the charts of a report: file name (in Dir) to SVG.
func Draw(md []byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, c := range parse(md) {
		b, err := c.svg()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.file, err)
		}
		out[c.file] = b
	}
	return out, nil
}

// Link puts each chart's image under its section's heading, once: the
// report refers to the charts Draw draws (in Dir, beside it).
func Link(md []byte) []byte {
	files := map[string]string{}
	for _, c := range parse(md) {
		files[c.title] = c.file
	}
	lines := strings.Split(string(md), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		title, ok := strings.CutPrefix(lines[i], "### ")
		file := files[title]
		if !ok || file == "" {
			continue
		}
		img := fmt.Sprintf("![%s](%s/%s)", title, Dir, file)
		if i+2 < len(lines) && lines[i+1] == "" && strings.HasPrefix(lines[i+2], "![") {
			i += 2 // linked already: written again below, as it is now
		}
		out = append(out, "", img)
	}
	return []byte(strings.Join(out, "\n"))
}
