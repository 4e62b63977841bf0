package kubebuilder

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/test/kubebuilder/crddiff"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

const (
	// proofEnv, set to 1, runs TestRequireGenerator.
	proofEnv = "KUBEBUILDER_PROOF"
	// maxShown is how many differences a failure lists.
	maxShown = 50
)

// TestControllerGenCRDs runs the generator on the API package of each
// project and requires the CRDs it writes to be those controller-gen
// wrote, which the project commits: the same CRDs by name, and no
// difference crddiff reports (controller-gen's version annotation aside).
func TestControllerGenCRDs(t *testing.T) {
	if testing.Short() {
		t.Skipf("-short: not running the generator on %d kubebuilder projects from the module proxy", len(Projects))
	}
	for _, p := range Projects {
		t.Run(p.Name, func(t *testing.T) {
			if p.OwnCRDGenerator != "" {
				t.Skipf("%s: its CRDs are not controller-gen's alone: %s", p, p.OwnCRDGenerator)
			}
			p.Download(t)
			dir := Prepare(t, p)
			out, err := Generate(t, dir, p)
			if err != nil {
				t.Fatalf("validation-gen on %s (%s): %v\n%s", p, strings.Join(p.Packages(), " "), err, headLines(out, 100))
			}
			if out != "" {
				t.Logf("validation-gen printed:\n%s", headLines(out, 20))
			}
			checkWarnings(t, p, out)

			start := time.Now()
			problems, compared, err := compareDirs(p.WantDirs(t), filepath.Join(dir, "crds"), p)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("compared %d CRDs (%s)", compared, since(start))
			if len(problems) > 0 {
				shown := problems[:min(len(problems), maxShown)]
				t.Fatalf("%d differences between controller-gen's CRDs in %s/%s and ours (first %d):\n%s",
					len(problems), p, strings.Join(p.WantDirs(t), " "), len(shown), strings.Join(shown, "\n"))
			}
			switchOver(t, dir, p, out)
		})
	}
}

// cgVersionLine is controller-gen's annotation on the CRDs it writes.
var cgVersionLine = regexp.MustCompile(`(?m)^\s+controller-gen\.kubebuilder\.io/version: (\S+)$`)

// switchOver runs the generator again as the project switches: into a copy
// of the directories of controller-gen's committed CRDs. Each CRD it
// writes replaces controller-gen's in place, as the run into an empty
// directory wrote it, with that run's warnings: the CRDs are controller-gen's
// (TestControllerGenCRDs), so there is no controller-gen-version warning.
// A project that pins --controller-gen-version is switched once more
// without it: its CRDs then change, and one warning names its version.
func switchOver(t *testing.T, dir string, p Project, fresh string) {
	t.Helper()
	var versions []string
	copyCommitted := func(sw string) {
		for _, d := range p.WantDirs(t) {
			entries, err := os.ReadDir(d)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
					continue
				}
				b, err := os.ReadFile(filepath.Join(d, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, filepath.Join(sw, e.Name()), string(b))
				if m := cgVersionLine.FindSubmatch(b); m != nil && !slices.Contains(versions, string(m[1])) {
					versions = append(versions, string(m[1]))
				}
			}
		}
	}
	sw := filepath.Join(dir, "switch")
	copyCommitted(sw)
	out, err := Generate(t, dir, p, "--crd-dir", sw)
	if err != nil {
		t.Fatalf("switching %s: validation-gen refused controller-gen's committed CRDs: %v\n%s", p, err, headLines(out, 40))
	}
	entries, err := os.ReadDir(filepath.Join(dir, "crds"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		want, _ := os.ReadFile(filepath.Join(dir, "crds", e.Name()))
		if got, err := os.ReadFile(filepath.Join(sw, e.Name())); err != nil || string(got) != string(want) {
			t.Errorf("switching %s: %s is not the CRD written into an empty directory (%v)", p, e.Name(), err)
		}
	}
	if got, want := warningCounts(out), warningCounts(fresh); !maps.Equal(got, want) {
		t.Errorf("switching %s: warnings by kind %v, where the run into an empty directory gave %v:\n%s", p, got, want, headLines(warningLines(out), 10))
	}
	t.Logf("switched: the committed CRDs of controller-gen %v replaced", versions)
	var pinned string
	var flags []string
	for _, f := range p.Flags {
		if v, ok := strings.CutPrefix(f, "--controller-gen-version="); ok {
			pinned = v
			continue
		}
		flags = append(flags, f)
	}
	if pinned == "" {
		return
	}
	q := p
	q.Flags = flags
	sw = filepath.Join(dir, "switch-unpinned")
	copyCommitted(sw)
	out, err = Generate(t, dir, q, "--crd-dir", sw)
	if err != nil {
		t.Fatalf("switching %s without --controller-gen-version: %v\n%s", p, err, headLines(out, 40))
	}
	var ws []string
	for _, l := range strings.Split(warningLines(out), "\n") {
		if strings.Contains(l, "--controller-gen-version=") {
			ws = append(ws, l)
		}
	}
	if len(ws) != 1 || !strings.Contains(ws[0], "controller-gen "+pinned+" wrote this CRD") || !strings.Contains(ws[0], "fix: add --controller-gen-version="+pinned+" ") {
		t.Errorf("switching %s without --controller-gen-version=%s: want one warning naming it, got:\n%s", p, pinned, strings.Join(ws, "\n"))
	}
}

// TestRequireGenerator checks that the module Prepare makes can be made to
// require the generator and that the API package still compiles there.
func TestRequireGenerator(t *testing.T) {
	if os.Getenv(proofEnv) != "1" {
		t.Skipf("set %s=1 to build the kubebuilder projects' modules", proofEnv)
	}
	for _, p := range Projects {
		t.Run(p.Name, func(t *testing.T) {
			dir := Prepare(t, p)
			RequireGenerator(t, dir)
			start := time.Now()
			if out, err := goIn(dir, append([]string{"build"}, p.Packages()...)...); err != nil {
				t.Fatalf("go build %s: %v\n%s", p.Packages(), err, LastLines(out, 50))
			}
			t.Logf("go build %s (%s)", p.Packages(), since(start))
		})
	}
}

// TestCompareCommitted checks the comparison TestControllerGenCRDs makes
// on the projects' own CRDs: loaded strictly (no field unknown to the
// apiextensions/v1 types), written again as YAML with the changes that do
// not matter (another controller-gen version, required names and versions
// in another order) they compare equal; with changes that matter, each is
// reported.
func TestCompareCommitted(t *testing.T) {
	if testing.Short() {
		t.Skipf("-short: not comparing the CRDs of %d kubebuilder projects from the module proxy", len(Projects))
	}
	for _, p := range Projects {
		t.Run(p.Name, func(t *testing.T) {
			if p.OwnCRDGenerator != "" {
				t.Skipf("%s: its CRDs are not controller-gen's alone: %s", p, p.OwnCRDGenerator)
			}
			wantDir := p.WantDirs(t)
			theirs, err := loadDirs(wantDir, p.NotCRDs...)
			if err != nil {
				t.Fatal(err)
			}
			write := func(change func(c *apiextv1.CustomResourceDefinition)) string {
				dir := t.TempDir()
				for name, l := range theirs {
					c := l.crd.DeepCopy()
					change(c)
					b, err := yaml.Marshal(c)
					if err != nil {
						t.Fatal(err)
					}
					writeFile(t, filepath.Join(dir, name+".yaml"), "---\n"+string(b))
				}
				return dir
			}
			check := func(gotDir string, want []string) {
				t.Helper()
				problems, n, err := compareDirs(wantDir, gotDir, p)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%d differences:\n%s", len(problems), strings.Join(problems, "\n"))
				if n != len(theirs) {
					t.Errorf("compared %d CRDs, want %d", n, len(theirs))
				}
				want = slices.Sorted(slices.Values(want))
				problems = slices.Sorted(slices.Values(problems))
				if strings.Join(problems, "\n") != strings.Join(want, "\n") {
					t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
				}
			}

			check(write(func(c *apiextv1.CustomResourceDefinition) {
				c.Annotations[crddiff.VersionAnnotation] = "v0.0.1"
				slices.Reverse(c.Spec.Versions)
				for _, v := range c.Spec.Versions {
					reverseRequired(v.Schema.OpenAPIV3Schema)
				}
			}), nil)

			var want []string
			gotDir := write(func(c *apiextv1.CustomResourceDefinition) {
				v := &c.Spec.Versions[0]
				spec := v.Schema.OpenAPIV3Schema.Properties["spec"]
				if len(spec.Properties) == 0 {
					return // a kind whose spec has no fields (kueue's)
				}
				prop := sortedKeys(spec.Properties)[0]
				delete(spec.Properties, prop)
				spec.Description += "!"
				v.Schema.OpenAPIV3Schema.Properties["spec"] = spec
				path := "spec.versions[" + v.Name + "].schema.openAPIV3Schema.properties.spec"
				removed := theirs[c.Name].crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties[prop]
				present := "present (type " + removed.Type + ")"
				if removed.Type == "" {
					present = "present" // an int-or-string (kruise's maxUnavailable)
				}
				for _, d := range []crddiff.Difference{
					{Path: path + ".description", Want: strconv.Quote(strings.TrimSuffix(spec.Description, "!")), Got: strconv.Quote(spec.Description)},
					{Path: path + ".properties." + prop, Want: present, Got: crddiff.Absent},
				} {
					want = append(want, c.Name+": "+d.String())
				}
			})
			extra := theirs[sortedKeys(theirs)[0]].crd.DeepCopy()
			extra.Name = "extras.example.com"
			b, err := yaml.Marshal(extra)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(gotDir, "extra.yaml"), string(b))
			want = append(want, "extras.example.com (extra.yaml): written, but the project has no CRD of this name")
			check(gotDir, want)
		})
	}
}

// reverseRequired reverses every list of required properties in s.
func reverseRequired(s *apiextv1.JSONSchemaProps) {
	if s == nil {
		return
	}
	slices.Reverse(s.Required)
	for k, p := range s.Properties {
		reverseRequired(&p)
		s.Properties[k] = p
	}
	if s.Items != nil {
		reverseRequired(s.Items.Schema)
	}
	if s.AdditionalProperties != nil {
		reverseRequired(s.AdditionalProperties.Schema)
	}
}

// compareDirs compares the CRDs of the .yaml files of two directories,
// matched by name: the committed ones, in wantDir, and those the generator
// wrote, in gotDir. It returns one line per difference (a CRD missing on
// either side is one) and how many CRDs wantDir has.
func compareDirs(wantDir []string, gotDir string, p Project) (problems []string, compared int, err error) {
	theirs, err := loadDirs(wantDir, p.NotCRDs...)
	if err != nil {
		return nil, 0, err
	}
	if len(theirs) == 0 {
		return nil, 0, fmt.Errorf("no CRDs in %s", wantDir)
	}
	ours, err := loadDir(gotDir)
	if err != nil {
		return nil, 0, err
	}
	for _, name := range sortedKeys(theirs) {
		want := theirs[name]
		got, ok := ours[name]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s (%s): no CRD of this name written; written: %s", name, filepath.Base(want.file), strings.Join(sortedKeys(ours), ", ")))
			continue
		}
		for _, d := range crddiff.Compare(want.crd, got.crd) {
			problems = append(problems, name+": "+d.String())
		}
	}
	for _, name := range sortedKeys(ours) {
		if _, ok := theirs[name]; !ok && !slices.Contains(p.Removed, name) {
			problems = append(problems, fmt.Sprintf("%s (%s): written, but the project has no CRD of this name", name, filepath.Base(ours[name].file)))
		}
	}
	return problems, len(theirs), nil
}

type loaded struct {
	file string
	crd  *apiextv1.CustomResourceDefinition
}

// loadDir loads the CRDs of the .yaml files of dir, by name.
func loadDir(dir string, skip ...string) (map[string]loaded, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	crds := map[string]loaded{}
	for _, f := range files {
		if slices.Contains(skip, filepath.Base(f)) {
			continue
		}
		cs, err := crddiff.Load(f)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if prev, ok := crds[c.Name]; ok {
				return nil, fmt.Errorf("CRD %s is in both %s and %s", c.Name, prev.file, f)
			}
			crds[c.Name] = loaded{file: f, crd: c}
		}
	}
	return crds, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// headLines is the first n lines of s, and a line that counts those left
// out.
func headLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}

// loadDirs loads the CRDs of several directories, by name.
func loadDirs(dirs []string, skip ...string) (map[string]loaded, error) {
	all := map[string]loaded{}
	for _, d := range dirs {
		m, err := loadDir(d, skip...)
		if err != nil {
			return nil, err
		}
		for k, v := range m {
			if prev, ok := all[k]; ok {
				return nil, fmt.Errorf("CRD %s is in both %s and %s", k, prev.file, v.file)
			}
			all[k] = v
		}
	}
	return all, nil
}

// summaryLine is the generator's count of its warnings by kind.
var summaryLine = regexp.MustCompile(`(?m)^validation-gen: (\d+) warnings? \(([^)]*)\)`)

// checkWarnings compares the warnings of a run of the generator on a
// project, by kind, with those the project is listed with.
func checkWarnings(t *testing.T, p Project, out string) {
	t.Helper()
	if got := warningCounts(out); !maps.Equal(got, p.Warnings) {
		t.Errorf("%s: warnings by kind %v, want %v (Project.Warnings and docs/kubebuilder.md's table):\n%s", p, got, p.Warnings, headLines(warningLines(out), 40))
	}
}

// warningCounts is the generator's summary of its warnings, by kind.
func warningCounts(out string) map[markers.WarningKind]int {
	got := map[markers.WarningKind]int{}
	if m := summaryLine.FindStringSubmatch(out); m != nil {
		for _, part := range strings.Split(m[2], ", ") {
			n, kind, _ := strings.Cut(part, " ")
			c, _ := strconv.Atoi(n)
			got[markers.WarningKind(kind)] = c
		}
	}
	return got
}

// warningLines are the warnings among the generator's output.
func warningLines(out string) string {
	var ws []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "validation-gen: warning: ") {
			ws = append(ws, l)
		}
	}
	return strings.Join(ws, "\n")
}
