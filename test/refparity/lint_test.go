package refparity

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/markers"
)

// lintCase is one package for both generators: the Kubernetes generator's
// lint accepts or rejects it, and validation-gen must do the same.
type lintCase struct {
	name    string
	version string // the package's last path element: its API version
	types   string
}

// lintCases cover each rule of the lint (where a wrapper goes, the
// stability of tags against the API version, presence tags) and nolint.
var lintCases = []lintCase{
	{"stable tags unwrapped", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:minimum=1
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"missing presence", "v1", `type T struct {
	TypeMeta int
	// +k8s:minimum=1
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"missing presence on a value", "v1", `type T struct {
	TypeMeta int
	// +k8s:minimum=1
	A int32 ` + "`json:\"a\"`" + `
}`},
	{"presence under ifEnabled", "v1", `type T struct {
	TypeMeta int
	// +k8s:ifEnabled("X")=+k8s:optional
	// +k8s:minimum=1
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"only optional", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	A *int32 ` + "`json:\"a,omitempty\"`" + `
	// +k8s:opaqueType
	B *int32 ` + "`json:\"b,omitempty\"`" + `
}`},
	{"transitive through a pointer", "v1", `type T struct {
	TypeMeta int
	S *S ` + "`json:\"s,omitempty\"`" + `
}
type S struct {
	// +k8s:optional
	// +k8s:maxLength=3
	X string ` + "`json:\"x,omitempty\"`" + `
}`},
	{"transitive through a struct value", "v1", `type T struct {
	TypeMeta int
	S S ` + "`json:\"s\"`" + `
}
type S struct {
	// +k8s:optional
	// +k8s:maxLength=3
	X string ` + "`json:\"x,omitempty\"`" + `
}`},
	{"transitive through a list", "v1", `type T struct {
	TypeMeta int
	L []S ` + "`json:\"l,omitempty\"`" + `
}
type S struct {
	// +k8s:optional
	// +k8s:maxLength=3
	X string ` + "`json:\"x,omitempty\"`" + `
}`},
	{"transitive but opaque", "v1", `type T struct {
	TypeMeta int
	// +k8s:opaqueType
	S *S ` + "`json:\"s,omitempty\"`" + `
}
type S struct {
	// +k8s:optional
	// +k8s:maxLength=3
	X string ` + "`json:\"x,omitempty\"`" + `
}`},
	{"transitive typedef", "v1", `type T struct {
	TypeMeta int
	N Name ` + "`json:\"n\"`" + `
}
// +k8s:maxLength=3
type Name string`},
	{"enum field", "v1", `type T struct {
	TypeMeta int
	P Phase ` + "`json:\"p\"`" + `
}
// +k8s:enum
type Phase string
const PhaseA Phase = "A"`},
	{"beta tag unwrapped in v1", "v1", `type T struct {
	TypeMeta int
	// +k8s:forbidden
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"beta tag behind beta in v1", "v1", `type T struct {
	TypeMeta int
	// +k8s:beta=+k8s:forbidden
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"beta tag behind ifEnabled in v1", "v1", `type T struct {
	TypeMeta int
	// +k8s:ifEnabled("X")=+k8s:forbidden
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"beta tag in v1beta1", "v1beta1", `type T struct {
	TypeMeta int
	// +k8s:forbidden
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag unwrapped in v1beta1", "v1beta1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:neq=5
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag in v1alpha1", "v1alpha1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:neq=5
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag behind beta", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:beta=+k8s:neq=5
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag behind alpha", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:alpha=+k8s:neq=5
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag chained", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:eachVal=+k8s:neq=5
	A []int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"alpha tag chained behind ifEnabled", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:ifEnabled("X")=+k8s:neq=5
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"wrapper inside a chain", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:ifEnabled("X")=+k8s:alpha=+k8s:minimum=1
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"wrapper inside eachVal", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:eachVal=+k8s:beta=+k8s:minimum=1
	A []int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"type tag stability", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	N Count ` + "`json:\"n,omitempty\"`" + `
}
// +k8s:monotonic
type Count int64`},
	{"nolint on the type", "v1", `// +k8s:validation-gen-nolint
type T struct {
	TypeMeta int
	// +k8s:minimum=1
	A *int32 ` + "`json:\"a,omitempty\"`" + `
}`},
	{"nolint on a type below", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	S *S ` + "`json:\"s,omitempty\"`" + `
}
// +k8s:validation-gen-nolint
type S struct {
	// +k8s:forbidden
	X *string ` + "`json:\"x,omitempty\"`" + `
}`},
	{"dependentRequired unwrapped", "v1", `type T struct {
	TypeMeta int
	// +k8s:optional
	// +k8s:dependentRequired("b")
	A *int32 ` + "`json:\"a,omitempty\"`" + `
	// +k8s:optional
	B *int32 ` + "`json:\"b,omitempty\"`" + `
}`},
	{"listType alone", "v1", `type T struct {
	TypeMeta int
	// +k8s:listType=atomic
	A []string ` + "`json:\"a,omitempty\"`" + `
}`},
	{"union member without presence", "v1", `type T struct {
	TypeMeta int
	// +k8s:unionMember
	A *int32 ` + "`json:\"a,omitempty\"`" + `
	// +k8s:unionMember
	B *int32 ` + "`json:\"b,omitempty\"`" + `
}`},
}

// TestLintParity runs both generators on each case: validation-gen must
// accept what Kubernetes' generator accepts and reject what it rejects.
func TestLintParity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both generators in a temporary module")
	}
	m := newTempModule(t, "example.com/lint")
	dir, write, goCmd := m.dir, m.write, m.goCmd
	write("tools.go", "//go:build tools\n\npackage tools\n\nimport (\n\t_ \"github.com/declval/validation-gen/cmd/validation-gen\"\n\t_ \"k8s.io/code-generator/cmd/validation-gen\"\n)\n")
	if out, err := goCmd("mod", "tidy"); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "bin")
	for name, pkg := range map[string]string{"ours": "github.com/declval/validation-gen/cmd/validation-gen", "ref": "k8s.io/code-generator/cmd/validation-gen"} {
		if out, err := goCmd("build", "-o", filepath.Join(bin, name), pkg); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	t.Run("every tag of the reference", func(t *testing.T) { checkRegistry(t, filepath.Join(bin, "ref")) })
	for i, c := range lintCases {
		for _, gen := range []string{"ours", "ref"} {
			pkg := filepath.Join(gen, string(rune('a'+i/26))+string(rune('a'+i%26)), c.version)
			write(filepath.Join(pkg, "doc.go"), "// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-scheme-registry=nil\npackage "+c.version+"\n")
			write(filepath.Join(pkg, "types.go"), "package "+c.version+"\n\n"+c.types+"\n")
		}
	}
	accepted := 0
	for i, c := range lintCases {
		t.Run(c.name, func(t *testing.T) {
			sub := string(rune('a'+i/26)) + string(rune('a'+i%26))
			run := func(gen string) (bool, string) {
				cmd := exec.Command(filepath.Join(bin, gen), "--output-file", "zz_generated.validations.go", "./"+gen+"/"+sub+"/"+c.version)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
				out, err := cmd.CombinedOutput()
				return err == nil, string(out)
			}
			okRef, outRef := run("ref")
			okOurs, outOurs := run("ours")
			if okRef != okOurs {
				t.Errorf("Kubernetes' generator accepts: %v; validation-gen accepts: %v\nreference:\n%s\nvalidation-gen:\n%s", okRef, okOurs, lastLines(outRef, 6), outOurs)
			}
			if okRef {
				accepted++
			}
		})
	}
	t.Logf("%d lint cases, %d accepted and %d rejected by Kubernetes' generator", len(lintCases), accepted, len(lintCases)-accepted)
}

// checkRegistry compares validation-gen's registry with the tags the
// reference documents (validation-gen --docs): each is known, generated,
// and has the stability the lint checks it by.
func checkRegistry(t *testing.T, ref string) {
	out, err := exec.Command(ref, "--docs").Output()
	if err != nil {
		t.Fatalf("%s --docs: %v", ref, err)
	}
	var docs []struct {
		Tag, StabilityLevel string
	}
	if err := json.Unmarshal(out, &docs); err != nil {
		t.Fatalf("reading the reference's --docs: %v", err)
	}
	if len(docs) < 45 {
		t.Fatalf("the reference documents %d tags; expected at least 45", len(docs))
	}
	for _, d := range docs {
		name := strings.TrimPrefix(d.Tag, "k8s:")
		def, ok := markers.Default.Lookup(name)
		if !ok || !def.Implemented {
			t.Errorf("+%s: a tag of the reference that validation-gen does not know or generate", d.Tag)
			continue
		}
		if got, want := def.Stability().String(), strings.ToLower(d.StabilityLevel); got != want {
			t.Errorf("+%s: stability %s here, %s in the reference", d.Tag, got, want)
		}
	}
	t.Logf("the reference's %d tags are in validation-gen's registry, with its stability levels", len(docs))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
