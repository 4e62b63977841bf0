package k8sapi

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/declval/validation-gen/markers"
)

// apiPackage is a package of k8s.io/api (or apimachinery's meta/v1) as
// the harness sees it: where it is, whether it carries validation tags,
// its root types (structs that embed TypeMeta) and the constants of its
// string types (the values its enums, discriminators and modes take).
type apiPackage struct {
	Path, Dir string
	// Wrapper is the name of the package of the harness whose
	// +k8s:validation-gen-input reads this one (corev1, appsv1, ...).
	Wrapper string
	Tagged  bool
	Roots   []string
	Consts  map[string][]string // string type -> its constants' values
	// Bounds are the numbers the package's tags compare with.
	Bounds []int64
}

// tagLine is a comment line with a +k8s: tag; boundTag one whose payload
// is a number.
var (
	tagLine  = regexp.MustCompile(`^//\s*\+k8s:([a-zA-Z][a-zA-Z-]*)`)
	boundTag = regexp.MustCompile(`\+k8s:(?:minimum|maximum|minLength|maxLength|minItems|maxItems|maxBytes|minProperties|maxProperties)=(-?\d+)`)
)

// scanPackage reads a package's Go files (tests excluded).
func scanPackage(t *testing.T, path, dir string) *apiPackage {
	t.Helper()
	p := &apiPackage{Path: path, Dir: dir, Wrapper: wrapperName(path), Consts: map[string][]string{}}
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	bounds := map[int64]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("parsing %s: %v", name, err)
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				m := tagLine.FindStringSubmatch(c.Text)
				if m == nil {
					continue
				}
				if _, ok := markers.Default.Lookup(m[1]); ok && !strings.HasPrefix(m[1], "validation-gen") {
					p.Tagged = true
				}
				for _, b := range boundTag.FindAllStringSubmatch(c.Text, -1) {
					if n, err := strconv.ParseInt(b[1], 10, 64); err == nil {
						bounds[n] = true
					}
				}
			}
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range g.Specs {
				switch s := sp.(type) {
				case *ast.TypeSpec:
					if st, ok := s.Type.(*ast.StructType); ok && s.Name.IsExported() && s.TypeParams == nil && embedsTypeMeta(st) {
						p.Roots = append(p.Roots, s.Name.Name)
					}
				case *ast.ValueSpec:
					typ, ok := s.Type.(*ast.Ident)
					if g.Tok != token.CONST || !ok || !typ.IsExported() {
						continue
					}
					for _, v := range s.Values {
						if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if val, err := strconv.Unquote(lit.Value); err == nil {
								p.Consts[typ.Name] = append(p.Consts[typ.Name], val)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(p.Roots)
	for n := range bounds {
		p.Bounds = append(p.Bounds, n)
	}
	sort.Slice(p.Bounds, func(i, j int) bool { return p.Bounds[i] < p.Bounds[j] })
	return p
}

func embedsTypeMeta(st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if len(f.Names) != 0 {
			continue
		}
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "TypeMeta" {
			return true
		}
	}
	return false
}

// wrapperName names the harness package of an API package:
// k8s.io/api/core/v1 is corev1, apimachinery's meta/v1 metav1.
func wrapperName(path string) string {
	rest := strings.TrimPrefix(strings.TrimPrefix(path, "k8s.io/api/"), "k8s.io/apimachinery/pkg/apis/")
	return strings.NewReplacer("/", "", ".", "", "-", "").Replace(rest)
}

// wrapperDoc is the doc.go of a harness package, the layout of
// ../shared/upstream-harness: the validators are written into the harness
// package, the types stay in k8s.io/api.
func wrapperDoc(p *apiPackage) string {
	return fmt.Sprintf("// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-input=%s\n// +k8s:validation-gen-scheme-registry=nil\n\npackage %s\n", p.Path, p.Wrapper)
}

// customFuncs are the functions k8s.io/api's +k8s:customValidation tags
// call, which live in k8s.io/kubernetes; both generators' packages get the
// same ones. Each reports one error on one value, so that the calls'
// places, paths and levels are compared too.
var customFuncs = map[string]string{
	"corev1": `func ValidateCustom_EvictionResponder_Name(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value != nil && *value == "abc" {
		return field.ErrorList{field.Invalid(fldPath, *value, "custom: abc")}
	}
	return nil
}

func ValidateCustom_EvictionResponder_Priority(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *int32) field.ErrorList {
	if value != nil && *value == 5 {
		return field.ErrorList{field.Invalid(fldPath, *value, "custom: 5")}
	}
	return nil
}
`,
	"lifecyclev1alpha1": `func ValidateCustom_EvictionRequestSpec_Requester(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	if value != nil && *value == "example.com/gpu" {
		return field.ErrorList{field.Invalid(fldPath, *value, "custom: example.com/gpu")}
	}
	return nil
}
`,
}

// metav1Forwarder is what Kubernetes' generator needs to validate a type
// that reaches metav1.Condition from outside the Kubernetes tree:
// apimachinery's own ValidateCustom_Condition_LastTransitionTime, declared
// again in the harness package. validation-gen finds apimachinery's
// function itself.
const metav1Forwarder = `import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	upstream "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func ValidateCustom_Condition_LastTransitionTime(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *metav1.Time) field.ErrorList {
	return upstream.ValidateCustom_Condition_LastTransitionTime(ctx, op, fldPath, value, oldValue)
}
`

const customImports = `import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

`

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
