package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const tmpDoc = `// Package v1 is a small API outside the generator's module.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package v1
`

const tmpTypes = `package v1

// +k8s:enum
type Color string

const (
	ColorRed  Color = "Red"
	ColorBlue Color = "Blue"
)

type Widget struct {
	Spec WidgetSpec ` + "`json:\"spec\"`" + `
}

type WidgetSpec struct {
	// +k8s:required
	// +k8s:maxLength=10
	// +k8s:format=k8s-short-name
	Name string ` + "`json:\"name\"`" + `

	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 ` + "`json:\"replicas,omitempty\"`" + `

	// +k8s:optional
	Color Color ` + "`json:\"color,omitempty\"`" + `

	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:eachVal=+k8s:maxLength=3
	Tags []string ` + "`json:\"tags,omitempty\"`" + `

	// +k8s:ifEnabled("Strict")=+k8s:required
	Owner string ` + "`json:\"owner,omitempty\"`" + `
}
`

const tmpTest = `package v1

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func ptr[T any](v T) *T { return &v }

func shape(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, fmt.Sprintf("%s %s %q", e.Type, e.Field, e.Origin))
	}
	return out
}

func TestValidate(t *testing.T) {
	create := operation.Operation{Type: operation.Create, Options: map[string]bool{"Strict": false}}
	strict := operation.Operation{Type: operation.Create, Options: map[string]bool{"Strict": true}}
	cases := []struct {
		name string
		op   operation.Operation
		obj  Widget
		want []string
	}{
		{"valid", create, Widget{Spec: WidgetSpec{Name: "ok", Replicas: ptr(int32(1)), Color: ColorRed, Tags: []string{"a", "bcd"}}}, nil},
		{"required", create, Widget{}, []string{"Required value spec.name \"\""}},
		{"too long and bad format", create, Widget{Spec: WidgetSpec{Name: "Bad_Name_Too_Long"}}, []string{
			"Invalid value spec.name \"format=k8s-short-name\"",
			"Too long spec.name \"maxLength\"",
		}},
		{"minimum", create, Widget{Spec: WidgetSpec{Name: "ok", Replicas: ptr(int32(0))}}, []string{"Invalid value spec.replicas \"minimum\""}},
		{"enum", create, Widget{Spec: WidgetSpec{Name: "ok", Color: "Green"}}, []string{"Unsupported value spec.color \"\""}},
		{"eachVal", create, Widget{Spec: WidgetSpec{Name: "ok", Tags: []string{"a", "long"}}}, []string{"Too long spec.tags[1] \"maxLength\""}},
		{"maxItems", create, Widget{Spec: WidgetSpec{Name: "ok", Tags: []string{"a", "b", "c"}}}, []string{"Too many spec.tags \"maxItems\""}},
		{"ifEnabled on", strict, Widget{Spec: WidgetSpec{Name: "ok"}}, []string{"Required value spec.owner \"\""}},
		{"ifEnabled off", create, Widget{Spec: WidgetSpec{Name: "ok"}}, nil},
		{"option undefined", operation.Operation{Type: operation.Create}, Widget{Spec: WidgetSpec{Name: "ok"}}, []string{"Internal error spec.owner \"\""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := shape(Validate_Widget(context.Background(), c.op, nil, &c.obj, nil))
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestRatcheting(t *testing.T) {
	old := Widget{Spec: WidgetSpec{Name: "Bad_Name"}}
	obj := old
	op := operation.Operation{Type: operation.Update, Options: map[string]bool{"Strict": false}}
	if errs := Validate_Widget(context.Background(), op, nil, &obj, &old); len(errs) != 0 {
		t.Errorf("unchanged invalid value was re-validated on update: %v", errs)
	}
	obj.Spec.Name = "Also_Bad"
	if errs := Validate_Widget(context.Background(), op, nil, &obj, &old); len(errs) != 1 {
		t.Errorf("changed invalid value: got %v, want one error", errs)
	}
}

func TestFieldPathRoot(t *testing.T) {
	errs := Validate_Widget(context.Background(), operation.Operation{Type: operation.Create, Options: map[string]bool{"Strict": false}}, field.NewPath("items").Index(3), &Widget{}, nil)
	if len(errs) != 1 || errs[0].Field != "items[3].spec.name" {
		t.Errorf("got %v, want one error at items[3].spec.name", errs)
	}
}
`

// TestTemporaryModule uses the generator from a separate module, the way
// an API repository would: go run <this module>/cmd/validation-gen ./...,
// then builds and tests the generated code there.
func TestTemporaryModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.mod", "module example.com/tmpapi\n\ngo 1.26.0\n\nrequire github.com/declval/validation-gen v0.0.0\n\nreplace github.com/declval/validation-gen => "+root+"\n")
	write("go.sum", string(sum))
	write("apis/v1/doc.go", tmpDoc)
	write("apis/v1/types.go", tmpTypes)

	goCmd := func(args ...string) (string, error) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		var b bytes.Buffer
		cmd.Stdout, cmd.Stderr = &b, &b
		err := cmd.Run()
		return b.String(), err
	}
	mustGo := func(args ...string) string {
		t.Helper()
		out, err := goCmd(args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}
	mustGo("mod", "tidy")
	gen := []string{"run", "github.com/declval/validation-gen/cmd/validation-gen", "--output-file", "zz_generated.validations.go"}
	mustGo(append(gen, "./...")...)
	genFile := filepath.Join(dir, "apis", "v1", "zz_generated.validations.go")
	first, err := os.ReadFile(genFile)
	if err != nil {
		t.Fatalf("no generated file: %v", err)
	}
	// The tests need k8s.io/apimachinery, which the generated code already
	// imports; tidy again so the test's imports are in go.mod.
	write("apis/v1/widget_test.go", tmpTest)
	mustGo("mod", "tidy")
	if out := mustGo("vet", "./..."); strings.TrimSpace(out) != "" {
		t.Logf("go vet: %s", out)
	}
	if out, err := goCmd("test", "-count=1", "-timeout=10m", "-v", "./..."); err != nil {
		t.Errorf("go test in the temporary module failed: %v\n%s\ngenerated:\n%s", err, out, first)
	} else if !strings.Contains(out, "--- PASS: TestValidate/option_undefined") {
		t.Errorf("the temporary module's tests did not run:\n%s", out)
	}

	// --verify on fresh output: exit 0, nothing written.
	if out, err := goCmd(append(gen, "--verify", "./...")...); err != nil {
		t.Errorf("--verify on fresh output: %v\n%s", err, out)
	}
	// A second generation changes nothing.
	mustGo(append(gen, "./...")...)
	if again, _ := os.ReadFile(genFile); !bytes.Equal(first, again) {
		t.Errorf("second run changed the output")
	}

	// Make the output stale: --verify exits 1, names the file and does not write.
	write("apis/v1/types.go", strings.Replace(tmpTypes, "// +k8s:maxLength=10", "// +k8s:maxLength=12", 1))
	out, err := goCmd(append(gen, "--verify", "./...")...)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("--verify on stale output: err %v, want exit 1\n%s", err, out)
	}
	if !strings.Contains(out, filepath.Join("apis", "v1", "zz_generated.validations.go")) {
		t.Errorf("--verify does not name the stale file:\n%s", out)
	}
	// It names the command that updates them: the same, without --verify.
	if want := "to update them, run: go run github.com/declval/validation-gen/cmd/validation-gen --output-file zz_generated.validations.go ./...\n"; !strings.Contains(out, want) {
		t.Errorf("--verify does not name the command that updates the files (%q):\n%s", want, out)
	}
	if now, _ := os.ReadFile(genFile); !bytes.Equal(first, now) {
		t.Errorf("--verify wrote the file")
	}

	// A stale generated file for a package that lost its validations is
	// reported too (would be removed).
	write("apis/v1/types.go", "package v1\n\ntype Widget struct {\n\tName string `json:\"name\"`\n}\n")
	os.Remove(filepath.Join(dir, "apis", "v1", "widget_test.go"))
	out, err = goCmd(append(gen, "--verify", "./...")...)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("--verify with a file to remove: err %v, want exit 1\n%s", err, out)
	}
	if !strings.Contains(out, "zz_generated.validations.go") {
		t.Errorf("--verify does not name the file to remove:\n%s", out)
	}
	mustGo(append(gen, "./...")...)
	if _, err := os.Stat(genFile); !os.IsNotExist(err) {
		t.Errorf("generated file of a package without validations was not removed (stat: %v)", err)
	}
}
