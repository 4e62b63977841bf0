// Package harness lays out k8s.io/api for generation from outside the
// Kubernetes tree, as ../shared/upstream-harness does: one package per
// group/version whose doc.go reads the API package through
// +k8s:validation-gen-input, for validation-gen ("ours") and for
// Kubernetes' own generator ("ref") side by side. The parity test
// (test/k8sapi) and the benchmarks (bench/k8sapi) share it.
package harness

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/declval/validation-gen/markers"
)

// APIVersion is the k8s.io/api and k8s.io/apimachinery version laid out.
const APIVersion = "v0.37.2"

// ReferenceGenerator is Kubernetes' own validation-gen, the version whose
// k8s.io/api is laid out.
const ReferenceGenerator = "k8s.io/code-generator/cmd/validation-gen"

// TaggedPackages is how many packages of k8s.io/api APIVersion carry
// validation tags.
const TaggedPackages = 52

// MetaV1 is apimachinery's meta/v1, generated with the API packages: their
// types reach metav1.Condition, whose validation it declares.
const MetaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// Sides are the two generators' trees of harness packages.
var Sides = []string{"ours", "ref"}

// ReadonlyPkgs are the packages of apimachinery types k8s.io/api's types
// reach, passed to the reference with --readonly-pkg as
// k8s.io/code-generator's kube_codegen.sh passes them.
var ReadonlyPkgs = []string{
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"time",
}

// OursArgs and RefArgs are each generator's arguments for patterns.
func OursArgs(outputFile string, patterns ...string) []string {
	return append([]string{"--output-file", outputFile}, patterns...)
}

func RefArgs(outputFile string, patterns ...string) []string {
	args := []string{"--output-file", outputFile}
	for _, r := range ReadonlyPkgs {
		args = append(args, "--readonly-pkg", r)
	}
	return append(args, patterns...)
}

// Package is a package of k8s.io/api (or apimachinery's meta/v1) as the
// harness sees it: where it is, whether it carries validation tags, its
// root types (structs that embed TypeMeta) and the constants of its string
// types (the values its enums, discriminators and modes take).
type Package struct {
	Path, Dir string
	// Wrapper is the name of the harness package whose
	// +k8s:validation-gen-input reads this one (corev1, appsv1, ...).
	Wrapper string
	Tagged  bool
	Roots   []string
	Consts  map[string][]string // string type -> its constants' values
	// Bounds are the numbers the package's tags compare with.
	Bounds []int64
	// Options are the options its tags test (ifEnabled, ifDisabled).
	Options []string
}

// tagLine is a comment line with a +k8s: tag; boundTag one whose payload
// is a number.
var (
	tagLine  = regexp.MustCompile(`^//\s*\+k8s:([a-zA-Z][a-zA-Z-]*)`)
	boundTag = regexp.MustCompile(`\+k8s:(?:minimum|maximum|minLength|maxLength|minItems|maxItems|maxBytes|minProperties|maxProperties)=(-?\d+)`)
	// optionTag finds an option a tag tests, quoted or not.
	optionTag = regexp.MustCompile(`\+k8s:if(?:Enabled|Disabled)\(\s*"?([A-Za-z0-9_-]+)"?\s*\)`)
)

// Generated lists, in module dir (which requires k8s.io/api and
// k8s.io/apimachinery), the packages both generators generate: every
// package of k8s.io/api with validation tags, then meta/v1. It checks
// there are TaggedPackages of the first.
func Generated(dir string) ([]*Package, error) {
	out, err := goList(dir, "-f", "{{.ImportPath}} {{.Dir}}", "k8s.io/api/...", MetaV1)
	if err != nil {
		return nil, err
	}
	var pkgs []*Package
	var meta *Package
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		path, pdir, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("go list: %q", line)
		}
		p, err := Scan(path, pdir)
		if err != nil {
			return nil, err
		}
		switch {
		case path == MetaV1:
			meta = p
		case p.Tagged:
			pkgs = append(pkgs, p)
		}
	}
	// A package that gains or loses tags in a future k8s.io/api shows here.
	if len(pkgs) != TaggedPackages {
		return nil, fmt.Errorf("%d packages of k8s.io/api %s carry validation tags, want %d", len(pkgs), APIVersion, TaggedPackages)
	}
	if meta == nil {
		return nil, fmt.Errorf("go list did not find %s", MetaV1)
	}
	return append(pkgs, meta), nil
}

// Scan reads a package's Go files (tests excluded).
func Scan(path, dir string) (*Package, error) {
	p := &Package{Path: path, Dir: dir, Wrapper: WrapperName(path), Consts: map[string][]string{}}
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	bounds := map[int64]bool{}
	options := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", name, err)
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
				for _, o := range optionTag.FindAllStringSubmatch(c.Text, -1) {
					options[o[1]] = true
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
	for o := range options {
		p.Options = append(p.Options, o)
	}
	sort.Strings(p.Options)
	return p, nil
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

// WrapperName names the harness package of an API package:
// k8s.io/api/core/v1 is corev1, apimachinery's meta/v1 metav1.
func WrapperName(path string) string {
	rest := strings.TrimPrefix(strings.TrimPrefix(path, "k8s.io/api/"), "k8s.io/apimachinery/pkg/apis/")
	return strings.NewReplacer("/", "", ".", "", "-", "").Replace(rest)
}

// Custom says what the harness packages' +k8s:customValidation functions
// do. k8s.io/api's tags call functions that live in k8s.io/kubernetes,
// which the parity test's module does not require.
type Custom int

const (
	// StubCustom functions each report one error on one value of their
	// own, so that the calls' places, paths and levels are compared
	// without k8s.io/kubernetes.
	StubCustom Custom = iota
	// KubernetesCustom functions forward to k8s.io/kubernetes' own, for a
	// module that requires it (bench/k8sapi): the generated validators
	// then report what the API server's do, on every object.
	KubernetesCustom
)

// Mode is what the harness packages hold besides their doc.go.
type Mode struct {
	// Custom says what their customValidation functions do.
	Custom Custom
	// Register has the generated RegisterValidations register the
	// package's validators with its localSchemeBuilder, which the harness
	// declares with an AddToScheme as k8s.io/api's packages do: a
	// runtime.Scheme given them dispatches by type and subresource as the
	// API server's does. Without it the generators write no registration.
	Register bool
}

// Write writes the harness packages of pkgs under dir/<side>/<wrapper>
// for both sides: the doc.go, the customValidation functions k8s.io/api's
// tags call, and, for the reference only, the metav1 forwarder.
func Write(dir string, pkgs []*Package, mode Mode) error {
	for _, side := range Sides {
		for _, p := range pkgs {
			if err := WritePackage(filepath.Join(dir, side, p.Wrapper), p, mode); err != nil {
				return err
			}
		}
	}
	// Only Kubernetes' generator needs apimachinery's function declared
	// again: validation-gen calls it where apimachinery declares it.
	return writeFile(filepath.Join(dir, "ref", "metav1", "custom.go"), "package metav1\n\n"+metav1Forwarder)
}

// WritePackage writes one harness package in dir: its doc.go, the
// customValidation functions its types' tags call, and its scheme
// builder when mode registers.
func WritePackage(dir string, p *Package, mode Mode) error {
	if err := writeFile(filepath.Join(dir, "doc.go"), wrapperDoc(p, mode.Register)); err != nil {
		return err
	}
	if mode.Register {
		if err := writeFile(filepath.Join(dir, "register.go"), fmt.Sprintf(registerSource, p.Wrapper)); err != nil {
			return err
		}
	}
	if src := customSource(p.Wrapper, mode.Custom); src != "" {
		return writeFile(filepath.Join(dir, "custom.go"), src)
	}
	return nil
}

// wrapperDoc is the doc.go of a harness package: the validators are
// written into the harness package, the types stay in k8s.io/api.
func wrapperDoc(p *Package, register bool) string {
	registry := "// +k8s:validation-gen-scheme-registry=nil\n"
	if register {
		registry = ""
	}
	return fmt.Sprintf("// +k8s:validation-gen=TypesWithField=TypeMeta\n// +k8s:validation-gen-input=%s\n%s\npackage %s\n", p.Path, registry, p.Wrapper)
}

// registerSource is the register.go of a harness package that registers
// (Mode.Register): the scheme builder the generated init() registers
// RegisterValidations with, as k8s.io/api declares it.
const registerSource = `package %s

import "k8s.io/apimachinery/pkg/runtime"

var schemeBuilder runtime.SchemeBuilder

var localSchemeBuilder = &schemeBuilder

// AddToScheme adds the package's validators to a scheme.
func AddToScheme(s *runtime.Scheme) error { return localSchemeBuilder.AddToScheme(s) }
`

// customFunc is one function k8s.io/api's +k8s:customValidation tags call.
type customFunc struct {
	name       string
	valueType  string // the Go type the value and old value point to
	kubernetes string // the k8s.io/kubernetes package that declares it
	// stubValue is the one value the stub reports, written as Go.
	stubValue string
}

// customFuncs are the customValidation functions of k8s.io/api
// APIVersion, by harness package.
var customFuncs = map[string][]customFunc{
	"corev1": {
		{"ValidateCustom_EvictionResponder_Name", "string", "k8s.io/kubernetes/pkg/apis/core/v1", `"abc"`},
		{"ValidateCustom_EvictionResponder_Priority", "int32", "k8s.io/kubernetes/pkg/apis/core/v1", "5"},
	},
	"lifecyclev1alpha1": {
		{"ValidateCustom_EvictionRequestSpec_Requester", "string", "k8s.io/kubernetes/pkg/apis/lifecycle/v1alpha1", `"example.com/gpu"`},
	},
}

// customSource is the custom.go of a harness package, or "" when its
// types call no customValidation function.
func customSource(wrapper string, custom Custom) string {
	funcs := customFuncs[wrapper]
	if len(funcs) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"context\"\n\n\t\"k8s.io/apimachinery/pkg/api/operation\"\n\t\"k8s.io/apimachinery/pkg/util/validation/field\"\n", wrapper)
	if custom == KubernetesCustom {
		fmt.Fprintf(&b, "\tkubernetes %q\n", funcs[0].kubernetes)
	}
	b.WriteString(")\n")
	for _, f := range funcs {
		fmt.Fprintf(&b, "\nfunc %s(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *%s) field.ErrorList {\n", f.name, f.valueType)
		if custom == KubernetesCustom {
			fmt.Fprintf(&b, "\treturn kubernetes.%s(ctx, op, fldPath, value, oldValue)\n}\n", f.name)
			continue
		}
		fmt.Fprintf(&b, "\tif value != nil && *value == %s {\n\t\treturn field.ErrorList{field.Invalid(fldPath, *value, \"custom: \"+%q)}\n\t}\n\treturn nil\n}\n", f.stubValue, strings.Trim(f.stubValue, `"`))
	}
	return b.String()
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

func writeFile(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}

func goList(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		return "", fmt.Errorf("go list %s: %v\n%s", strings.Join(args, " "), err, ee.Stderr)
	}
	return string(out), err
}
