package generators_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// vetEverywhere vets the packages below dir for linux/amd64 and
// darwin/arm64: generated code must build wherever its input does.
func vetEverywhere(t *testing.T, dir string) {
	t.Helper()
	for _, platform := range [][2]string{{"linux", "amd64"}, {"darwin", "arm64"}} {
		cmd := exec.Command("go", "vet", "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS="+platform[0], "GOARCH="+platform[1], "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOOS=%s GOARCH=%s go vet ./...: %v\n%s", platform[0], platform[1], err, out)
		}
	}
}

// A declaration in a file that builds on some platforms only, which
// generated code would name or read, is an error naming it and its file;
// the same package with the declaration moved to a plain file generates
// code that vets on linux and darwin.
func TestPlatformSplitFiles(t *testing.T) {
	doc := "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\n// +k8s:validation-gen-nolint\npackage v1\n"
	cases := []struct {
		name, file, content, want string
	}{
		{"a type in a _linux.go file", "types_linux.go",
			"package v1\n\ntype Spec struct {\n\t// +k8s:minimum=1\n\tN int32 `json:\"n\"`\n}\n",
			"types_linux.go:3: Spec is declared in a file that builds only on some platforms (its file name builds it on linux only)"},
		{"an enum value under //go:build", "values.go",
			"//go:build experimental || linux\n\npackage v1\n\nconst ModeFast Mode = \"Fast\"\n",
			"values.go:5: ModeFast is declared in a file that builds only on some platforms (it builds only under //go:build experimental || linux)"},
	}
	base := "package v1\n\n// +k8s:enum\ntype Mode string\n\nconst ModeSlow Mode = \"Slow\"\n\ntype T struct {\n\t// +k8s:optional\n\tMode Mode `json:\"mode,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n"
	plainSpec := "package v1\n\ntype Spec struct {\n\t// +k8s:minimum=1\n\tN int32 `json:\"n\"`\n}\n"
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": base, "api/v1/" + c.file: c.content}
			if c.file != "types_linux.go" {
				files["api/v1/spec.go"] = plainSpec
			}
			dir := tempModule(t, files)
			outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "fix: declare") {
				t.Fatalf("error %v, want one containing %q and the fix", err, c.want)
			}
			if outs != nil {
				t.Errorf("%d outputs with the error", len(outs))
			}
		})
	}
	t.Run("unconstrained", func(t *testing.T) {
		dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": base, "api/v1/spec.go": plainSpec,
			// Declarations generated code does not reach may be constrained.
			"api/v1/helper_linux.go": "package v1\n\nfunc linuxOnly() int { return 1 }\n"})
		outs, _, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile})
		if err != nil {
			t.Fatal(err)
		}
		if err := generators.Write(outs); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "api", "v1", outputFile)); err != nil {
			t.Fatal(err)
		}
		vetEverywhere(t, dir)
	})
}

// In a package written for controller-gen, a kind declared in a file with
// a build constraint (Crossplane's //go:build !goverter) is a warning, as
// controller-gen writes its CRD and deep copies all the same: the run
// writes the CRD and the validators; --strict makes it an error.
func TestPlatformControllerGen(t *testing.T) {
	doc := "// +groupName=g.example.com\npackage v1\n"
	types := "//go:build !goverter\n\npackage v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\n" +
		"type Spec struct {\n\t// +kubebuilder:validation:MaxLength=5\n\tName string `json:\"name\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/doc.go": doc, "api/v1/types.go": types})
	crdDir := filepath.Join(dir, "crd")
	cfg := generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile, CRDDir: crdDir}
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, w := range warnings {
		if w.Kind == "constrained-file" {
			lines = append(lines, w.Pos.String()[len(dir)+1:]+" "+strings.SplitN(w.Msg, " is declared", 2)[0])
		}
	}
	if want := []string{"api/v1/types.go:8:6 Thing", "api/v1/types.go:14:6 Spec"}; !slices.Equal(lines, want) {
		t.Errorf("constrained-file warnings at %q, want %q (all: %v)", lines, want, warnings)
	}
	var wroteCRD, wroteGo bool
	for _, o := range outs {
		wroteCRD = wroteCRD || o.Path == filepath.Join(crdDir, "g.example.com_things.yaml")
		wroteGo = wroteGo || o.Path == filepath.Join(dir, "api", "v1", outputFile)
	}
	if !wroteCRD || !wroteGo {
		t.Errorf("the CRD (%v) and the validators (%v) are not written", wroteCRD, wroteGo)
	}
	cfg.Strict = true
	if _, _, err := generators.Run(cfg); err == nil || !strings.Contains(err.Error(), "it builds only under //go:build !goverter") {
		t.Errorf("--strict: %v", err)
	}
}

// A kind of a controller-gen package without deep copies yet (the first
// run of a new project) is a warning, and its RegisterValidations leaves
// the kind out, so that the file builds; once deep copies exist, the kind
// is registered.
func TestKindWithoutDeepCopy(t *testing.T) {
	types := "// +groupName=first.example.com\npackage v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
		"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\t// +kubebuilder:validation:MaxLength=3\n\tName string `json:\"name\"`\n}\n"
	dir := tempModule(t, map[string]string{"api/v1/types.go": types})
	cfg := generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile}
	outs, warnings, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || warnings[0].Kind != "not-registered" || !strings.Contains(warnings[0].Error(), "types.go:7:") ||
		!strings.Contains(warnings[0].Error(), "controller-gen object") {
		t.Fatalf("want one not-registered warning at the kind, got %v", warnings)
	}
	if err := generators.Write(outs); err != nil {
		t.Fatal(err)
	}
	vetEverywhere(t, dir)

	deepcopy := "//go:build !ignore_autogenerated\n\npackage v1\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n\n" +
		"func (in *Thing) DeepCopyObject() runtime.Object { out := *in; return &out }\n"
	if err := os.WriteFile(filepath.Join(dir, "api", "v1", "zz_generated.deepcopy.go"), []byte(deepcopy), 0o644); err != nil {
		t.Fatal(err)
	}
	outs, warnings, err = generators.Run(cfg)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("with deep copies: %v, warnings %v", err, warnings)
	}
	if err := generators.Write(outs); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "api", "v1", outputFile))
	if err != nil || !strings.Contains(string(b), "scheme.AddValidationFunc((*Thing)(nil)") {
		t.Fatalf("with deep copies the kind is not registered (%v):\n%s", err, b)
	}
	vetEverywhere(t, dir)
}
