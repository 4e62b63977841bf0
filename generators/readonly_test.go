package generators_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// appBehaviour runs inside testdata/readonly/app with the generated file.
const appBehaviour = `package app

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/generators/testdata/readonly/lib"
	"github.com/declval/validation-gen/generators/testdata/readonly/libgen"
)

func TestReadonlyPackagesAreCalled(t *testing.T) {
	obj := &App{Things: []lib.Thing{{Value: 1}, {Value: -1}}, Gadget: &libgen.Gadget{}, Plain: &lib.Unvalidated{X: -5}, Own: -1}
	errs := Validate_App(context.Background(), operation.Operation{}, field.NewPath("root"), obj, nil)
	want := []string{"root.things[1].value minimum", "root.gadget.size minimum", "root.own minimum"}
	if len(errs) != len(want) {
		t.Fatalf("got %v, want %v", errs, want)
	}
	for i, e := range errs {
		if got := e.Field + " " + e.Origin; got != want[i] {
			t.Errorf("error %d: got %q, want %q", i, got, want[i])
		}
	}
}
`

// Packages passed as --readonly-pkg are not written; their Validate_
// functions (with a *field.Path) or ValidateAt_ functions (lazy path, from
// an earlier validation-gen run) are called.
func TestReadonlyPackages(t *testing.T) {
	cfg := generators.Config{
		Dir:        wd(t),
		Patterns:   []string{"./testdata/readonly/app"},
		Readonly:   []string{"./testdata/readonly/lib", "./testdata/readonly/libgen"},
		OutputFile: outputFile,
	}
	outs, _, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 1 || !strings.HasSuffix(outs[0].Path, filepath.Join("readonly", "app", outputFile)) {
		t.Fatalf("outputs %v, want only the app's file", outs)
	}
	src := string(outs[0].Content)
	for _, want := range []string{"lib.Validate_Thing(ctx, op, ", "libgen.ValidateAt_Gadget(ctx, op, "} {
		if !strings.Contains(src, want) {
			t.Errorf("generated code does not call %s", want)
		}
	}
	if strings.Contains(src, "Unvalidated") {
		t.Errorf("a readonly type without Validate_ must not be called")
	}

	// Without --readonly-pkg, the types are from outside the run.
	cfg.Readonly = nil
	if _, _, err := generators.Run(cfg); err == nil || !strings.Contains(err.Error(), "--readonly-pkg") {
		t.Errorf("without readonly packages: %v", err)
	}

	if testing.Short() {
		return
	}
	// The generated code compiles and calls them, with the right paths.
	tmp := t.TempDir()
	gen := filepath.Join(tmp, "gen.go")
	test := filepath.Join(tmp, "app_test.go")
	if err := os.WriteFile(gen, outs[0].Content, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(test, []byte(appBehaviour), 0o644); err != nil {
		t.Fatal(err)
	}
	appDir := filepath.Dir(outs[0].Path)
	ov, _ := json.Marshal(map[string]any{"Replace": map[string]string{
		outs[0].Path:                         gen,
		filepath.Join(appDir, "app_test.go"): test,
	}})
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-timeout=10m", "-overlay", ovFile, "./testdata/readonly/app")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test of the generated code: %v\n%s", err, out)
	}
}
