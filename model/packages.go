package model

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// crdRoots finds the kinds: in packages with +groupName, the types that
// embed metav1.TypeMeta and have metav1.ObjectMeta.
func (b *builder) crdRoots() []*CRDRoot {
	var out []*CRDRoot
	for _, path := range b.l.Requested {
		group := ""
		var first token.Position
		for _, line := range b.l.PackageLines(path) {
			v, ok := strings.CutPrefix(strings.TrimSpace(line.Text), "+groupName=")
			if !ok {
				continue
			}
			g := strings.Trim(strings.TrimSpace(v), `"`)
			switch {
			case group == "":
				group, first = g, line.Pos
			case g != group:
				// A mistake, here as in Kubernetes' generator's packages;
				// controller-gen's reading takes the first with a warning.
				b.errs = append(b.errs, &markers.Error{Pos: line.Pos, Tag: strings.TrimPrefix(strings.TrimSpace(line.Text), "+"),
					Msg: fmt.Sprintf("the package already has +groupName=%s (%s:%d): a package is one API group", group, filepath.Base(first.Filename), first.Line),
					Fix: "delete this line, or the other"})
			}
		}
		if group == "" {
			continue
		}
		pkg := b.l.Universe.Package(path)
		for _, n := range slices.Sorted(maps.Keys(pkg.Types)) {
			t := pkg.Types[n]
			if t.Kind != types.Struct || !gotype.IsKind(t) {
				continue
			}
			mt := b.typeOf(t, token.Position{})
			if mt == nil {
				continue
			}
			lines, _ := b.l.TypeLines(path, n)
			mk, errs := markers.ParseCRDMarkers(lines)
			b.errs = append(b.errs, markers.AsErrors(errs)...)
			out = append(out, &CRDRoot{Type: mt, Group: group, Version: pkg.Name, Markers: mk})
		}
	}
	return out
}

// selection is the value of +k8s:validation-gen: which types of a
// package get entry points. The tag may be repeated; a type matching any
// criterion is selected.
type selection struct {
	all      bool
	fields   []string
	suffixes []string
}

// matches applies the package's criteria to a type, after the type's own
// +k8s:validation-gen=true|false, and never selects list types (those
// embedding metav1.ListMeta), as the Kubernetes generator does.
func (s selection) matches(t *types.Type, typeLines []markers.Line) bool {
	if choice, ok := typeChoice(typeLines); ok {
		return choice
	}
	if t.Kind == types.Struct {
		for _, m := range t.Members {
			if m.Embedded && m.Type.Name.Package == "k8s.io/apimachinery/pkg/apis/meta/v1" && m.Type.Name.Name == "ListMeta" {
				return false
			}
		}
	}
	if s.all {
		return true
	}
	for _, suffix := range s.suffixes {
		if strings.HasSuffix(t.Name.Name, suffix) {
			return true
		}
	}
	if t.Kind == types.Struct {
		for _, f := range s.fields {
			for _, m := range t.Members {
				if m.Name == f {
					return true
				}
			}
		}
	}
	return false
}

// typeChoice reads a type's own +k8s:validation-gen=true|false.
func typeChoice(typeLines []markers.Line) (choice, ok bool) {
	for _, l := range typeLines {
		switch strings.TrimSpace(l.Text) {
		case markers.Prefix + "validation-gen=true":
			return true, true
		case markers.Prefix + "validation-gen=false":
			return false, true
		}
	}
	return false, false
}

func (b *builder) packageTags(path string) (*Package, selection, bool) {
	gp := b.l.Universe.Package(path)
	lines := b.l.PackageLines(path)
	tags, errs := markers.Default.Parse(lines, gotype.PackageTarget{Path: path})
	b.errs = append(b.errs, errs...)
	pkg := &Package{Path: path, Name: gp.Name, Dir: gp.Dir, InputPath: path, Declared: b.l.Declared(path)}
	var sel selection
	found := false
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		switch t.Def.Name {
		case "validation-gen":
			found = true
			if pkg.selectedBy == nil {
				pkg.selectedBy = t
			}
			fix := "use *, false, TypesWithField=<Field> or TypesWithSuffix=<suffix>"
			switch {
			case v == "*":
				sel.all = true
			case v == "false":
				return nil, sel, false
			case strings.HasPrefix(v, "TypesWithField="):
				if f := strings.TrimPrefix(v, "TypesWithField="); isIdent(f) {
					sel.fields = append(sel.fields, f)
				} else {
					b.errs = append(b.errs, markers.Errorf(t, "name a field, e.g. TypesWithField=TypeMeta", "TypesWithField needs a field name, not %q", f))
				}
			case strings.HasPrefix(v, "TypesWithSuffix="):
				if s := strings.TrimPrefix(v, "TypesWithSuffix="); s != "" {
					sel.suffixes = append(sel.suffixes, s)
				} else {
					b.errs = append(b.errs, markers.Errorf(t, "give a suffix, e.g. TypesWithSuffix=Spec", "TypesWithSuffix needs a value"))
				}
			case isIdent(v):
				// Kubernetes' generator does not read a bare field name;
				// accepting it would make API repos depend on this tool.
				b.errs = append(b.errs, markers.Errorf(t, "write TypesWithField="+v, "%q is not a selection the Kubernetes generator reads", v))
			default:
				b.errs = append(b.errs, markers.Errorf(t, fix, "cannot read selection %q", v))
			}
		case "validation-gen-input":
			pkg.selectedBy = t
			pkg.InputPath = strings.Trim(v, `"`)
			if !b.inRun(pkg.InputPath) {
				b.errs = append(b.errs, markers.Errorf(t, "make sure the package exists and builds", "input package %s could not be loaded", pkg.InputPath))
			}
		case "validation-gen-scheme-registry":
			pkg.registryTag = t
			if v != "nil" {
				pkg.SchemeRegistry = v
				if err := b.l.CheckRegistry(v); err != nil {
					pkg.registryBroken = true
					b.errs = append(b.errs, markers.Errorf(t, "name the registry type by import path and name, e.g. k8s.io/apimachinery/pkg/runtime.Scheme, and make sure the package builds; or write nil for no RegisterValidations",
						"scheme registry %v", err))
				}
			}
		case "supportsSubresource":
			pkg.Subresources = append(pkg.Subresources, t.Value)
		case "isSubresource":
			pkg.IsSubresource = t.Value
		case markers.NoLint:
			pkg.NoLint = true
		case "validation-gen-test-fixture":
			b.errs = append(b.errs, markers.Errorf(t, "remove it, and test the generated validators with go test: call Validate_<Type> on objects that break each rule, or compare with handwritten validation (validationtest.Agree); +k8s:validateFalse and the other test tags work without it",
				"+k8s:validation-gen-test-fixture makes Kubernetes' generator write zz_generated.validations_test.go, which calls localSchemeBuilder.Test(t).ValidateFixtures(): a method of the registry of that generator's own tests (k8s.io/code-generator/cmd/validation-gen/testscheme), which compares every +k8s:validateFalse error with testdata/validate-false.json; validation-gen writes no test files"))
		case "validation-gen-test-targets":
			b.errs = append(b.errs, markers.Errorf(t, "remove it, and test the generated validators with go test: validate objects that break each rule (validationtest.Agree compares with handwritten validation)",
				"+k8s:validation-gen-test-targets makes Kubernetes' generator write zz_generated.validations_coverage_test.go, whose TestMain fails unless the tests observed every rule the tags declare (k8s.io/apimachinery/pkg/test/coverage), which only Kubernetes' own test registries record; validation-gen writes no test files"))
		}
	}
	if pkg.registryTag == nil {
		// As in Kubernetes' generator, a package registers its validations
		// unless it says nil.
		pkg.SchemeRegistry = DefaultSchemeRegistry
	}
	for _, t := range tags {
		if t.Def.Name == "supportsSubresource" || t.Def.Name == "isSubresource" {
			checkSubresourcePath(b, t)
		}
	}
	if pkg.IsSubresource != "" && len(pkg.Subresources) > 0 {
		for _, t := range tags {
			if t.Def.Name == "isSubresource" {
				b.errs = append(b.errs, markers.Errorf(t, "keep isSubresource in the subresource's own package and supportsSubresource in the main package",
					"a package cannot both be a subresource (isSubresource) and support subresources (supportsSubresource)"))
			}
		}
	}
	return pkg, sel, found
}

func hasTagNamed(tags []*markers.Tag, name string) bool {
	for _, t := range tags {
		if t.Def.Name == name {
			return true
		}
	}
	return false
}

// checkSubresourcePath checks the value of a subresource tag.
func checkSubresourcePath(b *builder, t *markers.Tag) bool {
	if t.Value == "/" {
		b.errs = append(b.errs, markers.Errorf(t, `name a subresource, e.g. "/status"; the root is always served`, "%q is the root, not a subresource", t.Value))
		return false
	}
	if !strings.HasPrefix(t.Value, "/") || strings.HasSuffix(t.Value, "/") {
		b.errs = append(b.errs, markers.Errorf(t, `write the subresource path with its leading slash, e.g. "/status"`, "%q is not a subresource path", t.Value))
		return false
	}
	return true
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// DefaultSchemeRegistry is the registry of a package without
// +k8s:validation-gen-scheme-registry, as in Kubernetes' generator.
const DefaultSchemeRegistry = "k8s.io/apimachinery/pkg/runtime.Scheme"

// checkSchemeBuilders makes sure that every package that registers its
// validations declares the localSchemeBuilder the generated init()
// registers them with, as Kubernetes' generator writes it, and that its
// Register takes RegisterValidations: else the generated file would not
// compile.
func (b *builder) checkSchemeBuilders() {
	registering := map[*Package]bool{}
	for _, t := range b.types {
		if t.Root && t.HasValidation && t.Pkg != nil && t.Pkg.SchemeRegistry != "" && !t.Pkg.registryBroken {
			registering[t.Pkg] = true
		}
	}
	for _, p := range slices.SortedFunc(maps.Keys(registering), func(x, y *Package) int { return strings.Compare(x.Path, y.Path) }) {
		sb, err := b.l.SchemeBuilder(p.Path)
		if err != nil {
			b.errs = append(b.errs, err)
			continue
		}
		at, subject := p.selectedBy, fmt.Sprintf("package %s has no +k8s:validation-gen-scheme-registry, so it", p.Path)
		if p.registryTag != nil {
			at, subject = p.registryTag, "package "+p.Path
		}
		registers := fmt.Sprintf("%s registers its validations with %s from a generated func init() { localSchemeBuilder.Register(RegisterValidations) }, as Kubernetes' generator does", subject, p.SchemeRegistry)
		builder := "a localSchemeBuilder whose Register takes func(*" + p.SchemeRegistry + ") error"
		switch p.SchemeRegistry {
		case DefaultSchemeRegistry:
			builder = "localSchemeBuilder = &SchemeBuilder (a runtime.SchemeBuilder) as k8s.io/api's register.go does"
		case "github.com/declval/validation-gen/runtime.Registry":
			builder = "var localSchemeBuilder = vgruntime.NewRegistry() (a runtime.Registry of this module registers directly)"
		}
		fix := "declare " + builder + ", or set +k8s:validation-gen-scheme-registry=nil for no RegisterValidations"
		if !sb.Found {
			b.errs = append(b.errs, markers.Errorf(at, fix, "%s; the package declares no localSchemeBuilder, so that would not compile", registers))
			continue
		}
		if err := sb.CheckRegister(p.SchemeRegistry); err != nil {
			b.errs = append(b.errs, markers.Errorf(at, fix, "%s; that would not compile: localSchemeBuilder (%s:%d) %v", registers, sb.Pos.Filename, sb.Pos.Line, err))
		}
	}
}
