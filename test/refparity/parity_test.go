// Package refparity checks that validation-gen reports what Kubernetes'
// own validation-gen (k8s.io/code-generator v0.37) reports, error for
// error, on the same API: both generators are run on one set of types in
// a temporary module, and random objects are validated by both.
package refparity

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// referenceVersion is the Kubernetes generator measured against.
const referenceVersion = "v0.37.2"

func TestParityWithKubernetesGenerator(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both generators in a temporary module")
	}
	// Every file of api/ is copied into both packages: the parity API may
	// be split by theme (one file per group of tags).
	files, err := filepath.Glob("api/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no parity API in api/: %v", err)
	}
	m := newTempModule(t, "example.com/parity")
	write := m.write
	for _, pkg := range []string{"ours", "ref"} {
		write(pkg+"/doc.go", "// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil\npackage "+pkg+"\n")
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(pkg+"/"+filepath.Base(f), strings.Replace(string(src), "package api", "package "+pkg, 1))
		}
	}
	write("parity_test.go", driver)

	run := func(args ...string) string {
		t.Helper()
		out, err := m.goCmd(args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}
	run("mod", "tidy")
	run("run", "github.com/declval/validation-gen/cmd/validation-gen", "--output-file", "zz_generated.validations.go", "./ours")
	run("run", "k8s.io/code-generator/cmd/validation-gen", "--output-file", "zz_generated.validations.go", "./ref")
	out := run("test", "-count=1", "-timeout=20m", "-v", "-run", "TestParity", ".")
	for _, line := range regexp.MustCompile(`(?m)^.*validationtest: .*$`).FindAllString(out, -1) {
		t.Log(strings.TrimSpace(line))
	}
	checkCoverage(t, out)
}

// checkCoverage compares what the random objects made the reference
// report (each place, Type, Origin and level at least once) with
// coverage.txt, so that a change of the parity API or of the random
// objects that leaves a tag unexercised shows in review. Refresh it with
// REFPARITY_UPDATE=1.
func checkCoverage(t *testing.T, out string) {
	t.Helper()
	var got []string
	for _, m := range regexp.MustCompile(`(?m)coverage: (.*)$`).FindAllStringSubmatch(out, -1) {
		got = append(got, strings.TrimSpace(m[1]))
	}
	text := strings.Join(got, "\n") + "\n"
	if os.Getenv("REFPARITY_UPDATE") != "" {
		if err := os.WriteFile("coverage.txt", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("coverage.txt")
	if err != nil {
		t.Fatalf("%v (write it with REFPARITY_UPDATE=1)", err)
	}
	if string(want) == text {
		t.Logf("%d places, types and origins exercised, as coverage.txt lists", len(got))
		return
	}
	wantSet := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		wantSet[l] = true
	}
	gotSet := map[string]bool{}
	for _, l := range got {
		gotSet[l] = true
		if !wantSet[l] {
			t.Errorf("newly exercised (add it with REFPARITY_UPDATE=1): %s", l)
		}
	}
	for l := range wantSet {
		if !gotSet[l] {
			t.Errorf("no longer exercised: %s", l)
		}
	}
}

// driver is the test run inside the temporary module: the random objects
// of validationtest, validated by the reference's Validate_Parity (on a
// field-by-field copy into its own identical types) and by ours.
const driver = `package parity

import (
	"context"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
	"example.com/parity/ours"
	"example.com/parity/ref"
)

func TestParity(t *testing.T) {
	reference := func(ctx context.Context, op operation.Operation, obj, old *ours.Parity) field.ErrorList {
		return ref.Validate_Parity(ctx, op, nil, convert[ref.Parity](obj), convert[ref.Parity](old))
	}
	// Beyond validationtest's comparison (by place), the two must report
	// the same number of errors of each Type, Field, Origin, stability
	// level and ShortCircuit mark.
	var counted []string
	covered := map[string]bool{}
	generated := func(ctx context.Context, op operation.Operation, obj, old *ours.Parity) field.ErrorList {
		got := ours.Validate_Parity(ctx, op, nil, obj, old)
		want := reference(ctx, op, obj, old)
		if a, b := keys(got), keys(want); a != b && len(counted) < 10 {
			counted = append(counted, "ours:\n"+a+"reference:\n"+b)
		}
		for _, e := range want {
			covered[coverageKey(e)] = true
		}
		return got
	}
	defer func() {
		for _, c := range counted {
			t.Errorf("error counts differ:\n%s", c)
		}
		var lines []string
		for k := range covered {
			lines = append(lines, k)
		}
		sort.Strings(lines)
		for _, l := range lines {
			t.Log("coverage: " + l)
		}
	}()
	// The third run defines no option: every tag behind ifEnabled or
	// ifDisabled then reports an InternalError, with its level.
	for _, options := range []map[string]bool{{"Strict": true}, {"Strict": false}, {}} {
		rep := validationtest.Agree(t, validationtest.Config{Seed: 11, Objects: 3000, Options: options}, reference, generated)
		if rep.Invalid == 0 || rep.Invalid == rep.Validations {
			t.Errorf("objects should be valid and invalid alike: %s", rep)
		}
	}
}

// coverageKey is what an error shows the run exercised: its place with
// list indexes as [*] and, from the first map key on (a random string,
// which may hold brackets and dots), only [key]; its Type, Origin and
// level.
func coverageKey(e *field.Error) string {
	var b strings.Builder
	p := e.Field
	for i := 0; i < len(p); i++ {
		if p[i] != '[' {
			b.WriteByte(p[i])
			continue
		}
		j := i + 1
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
		}
		if j > i+1 && j < len(p) && p[j] == ']' {
			b.WriteString("[*]")
			i = j
			continue
		}
		b.WriteString("[key]")
		break
	}
	return b.String() + " " + string(e.Type) + " " + e.Origin + " " + vgruntime.StabilityLevel(e)
}

func keys(errs field.ErrorList) string {
	var out []string
	for _, e := range errs {
		out = append(out, string(e.Type)+" "+e.Field+" "+e.Origin+" "+vgruntime.StabilityLevel(e)+" short-circuit="+strconv.FormatBool(e.ShortCircuit))
	}
	sort.Strings(out)
	return strings.Join(out, "\n") + "\n"
}

// convert copies a value into the same-shaped type of the other package.
func convert[D, S any](s *S) *D {
	if s == nil {
		return nil
	}
	d := new(D)
	copyValue(reflect.ValueOf(d).Elem(), reflect.ValueOf(s).Elem())
	return d
}

func copyValue(d, s reflect.Value) {
	switch s.Kind() {
	case reflect.Pointer:
		if s.IsNil() {
			return
		}
		p := reflect.New(d.Type().Elem())
		copyValue(p.Elem(), s.Elem())
		d.Set(p)
	case reflect.Struct:
		for i := 0; i < s.NumField(); i++ {
			copyValue(d.Field(i), s.Field(i))
		}
	case reflect.Slice:
		if s.IsNil() {
			return
		}
		n := reflect.MakeSlice(d.Type(), s.Len(), s.Len())
		for i := 0; i < s.Len(); i++ {
			copyValue(n.Index(i), s.Index(i))
		}
		d.Set(n)
	case reflect.Map:
		if s.IsNil() {
			return
		}
		n := reflect.MakeMapWithSize(d.Type(), s.Len())
		it := s.MapRange()
		for it.Next() {
			k := reflect.New(d.Type().Key()).Elem()
			copyValue(k, it.Key())
			v := reflect.New(d.Type().Elem()).Elem()
			copyValue(v, it.Value())
			n.SetMapIndex(k, v)
		}
		d.Set(n)
	default:
		d.Set(s.Convert(d.Type()))
	}
}
`
