package generators

import (
	"errors"
	"fmt"
	"go/token"
	gotypes "go/types"
	"reflect"
	"sort"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/markers"
)

// BuildOptions configure how the model is built. Readonly packages are
// part of Loaded.
type BuildOptions struct {
	// CRDs reads the kinds of packages with +groupName, and their
	// kubebuilder markers, for CRD output.
	CRDs bool
}

type builder struct {
	l        *Loaded
	opts     BuildOptions
	types    map[types.Name]*Type
	external map[types.Name]*Type // readonly types with a Validate_ function
	pkgs     map[string]*Package  // by output path
	byInput  map[string]*Package  // by input path
	errs     []error
	visiting map[types.Name]bool
}

// Build turns the loaded packages into the model, checking every tag.
// All problems are returned together, each with its file and line.
func Build(l *Loaded, opts BuildOptions) (*Model, error) {
	b := &builder{
		l: l, opts: opts,
		types: map[types.Name]*Type{}, external: map[types.Name]*Type{},
		pkgs: map[string]*Package{}, byInput: map[string]*Package{},
		visiting: map[types.Name]bool{},
	}
	type selected struct {
		pkg *Package
		sel selection
	}
	var sels []selected
	for _, path := range l.Requested {
		pkg, sel, ok := b.packageTags(path)
		if !ok {
			continue
		}
		b.pkgs[pkg.Path] = pkg
		if _, dup := b.byInput[pkg.InputPath]; dup {
			b.errs = append(b.errs, fmt.Errorf("%s: two packages of the run read their types from %s", pkg.Path, pkg.InputPath))
			continue
		}
		b.byInput[pkg.InputPath] = pkg
		sels = append(sels, selected{pkg, sel})
	}
	// Types of packages in the run without a validation-gen tag are still
	// built when reached; they are written into their own package.
	for _, path := range l.Requested {
		if _, ok := b.byInput[path]; ok {
			continue
		}
		if _, ok := b.pkgs[path]; ok {
			continue
		}
		pkg := l.Universe.Package(path)
		p := &Package{Path: path, Name: pkg.Name, Dir: pkg.Dir, InputPath: path}
		b.pkgs[path] = p
		b.byInput[path] = p
	}
	for _, s := range sels {
		in := l.Universe.Package(s.pkg.InputPath)
		names := make([]string, 0, len(in.Types))
		for n := range in.Types {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			t := in.Types[n]
			lines, _ := l.typeLines(t.Name.Package, n)
			if !isExported(n) || !s.sel.matches(t, lines) {
				continue
			}
			if mt := b.typeOf(t, token.Position{}); mt != nil {
				mt.Root = true
			}
		}
	}
	var crdRoots []*CRDRoot
	if opts.CRDs {
		crdRoots = b.crdRoots()
	}
	b.propagate()
	b.markRecursive()
	if len(b.errs) > 0 {
		return nil, joinSorted(b.errs)
	}
	m := &Model{index: map[types.Name]*Type{}, CRDRoots: crdRoots}
	for n, t := range b.types {
		m.index[n] = t
	}
	for n, t := range b.external {
		m.index[n] = t
	}
	for _, t := range b.types {
		if !t.HasValidation && !t.Root {
			continue
		}
		if !t.HasValidation {
			continue
		}
		t.Pkg.Types = append(t.Pkg.Types, t)
		if t.Root {
			t.Pkg.Roots = append(t.Pkg.Roots, t)
		}
	}
	for _, p := range b.pkgs {
		if len(p.Types) == 0 && p.SchemeRegistry == "" {
			continue
		}
		sort.Slice(p.Types, func(i, j int) bool { return p.Types[i].Go.Name.Name < p.Types[j].Go.Name.Name })
		sort.Slice(p.Roots, func(i, j int) bool { return p.Roots[i].Go.Name.Name < p.Roots[j].Go.Name.Name })
		m.Packages = append(m.Packages, p)
	}
	sort.Slice(m.Packages, func(i, j int) bool { return m.Packages[i].Path < m.Packages[j].Path })
	return m, nil
}

// crdRoots finds the kinds: in packages with +groupName, the types that
// embed metav1.TypeMeta and have metav1.ObjectMeta.
func (b *builder) crdRoots() []*CRDRoot {
	var out []*CRDRoot
	for _, path := range b.l.Requested {
		group := ""
		for _, line := range b.l.packageLines(path) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line.Text), "+groupName="); ok {
				group = strings.Trim(strings.TrimSpace(v), `"`)
			}
		}
		if group == "" {
			continue
		}
		pkg := b.l.Universe.Package(path)
		names := make([]string, 0, len(pkg.Types))
		for n := range pkg.Types {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			t := pkg.Types[n]
			if t.Kind != types.Struct || !isKind(t) {
				continue
			}
			mt := b.typeOf(t, token.Position{})
			if mt == nil {
				continue
			}
			lines, _ := b.l.typeLines(path, n)
			mk, errs := parseCRDMarkers(lines)
			b.errs = append(b.errs, errs...)
			out = append(out, &CRDRoot{Type: mt, Group: group, Version: pkg.Name, Markers: mk})
		}
	}
	return out
}

// isKind reports whether a struct is a Kubernetes kind: it embeds TypeMeta
// and has ObjectMeta.
func isKind(t *types.Type) bool {
	var typeMeta, objectMeta bool
	for _, m := range t.Members {
		if m.Type.Name.Package != "k8s.io/apimachinery/pkg/apis/meta/v1" {
			continue
		}
		switch m.Type.Name.Name {
		case "TypeMeta":
			typeMeta = typeMeta || m.Embedded
		case "ObjectMeta":
			objectMeta = true
		}
	}
	return typeMeta && objectMeta
}

// joinSorted orders errors by file and line so output is deterministic.
func joinSorted(errs []error) error {
	pos := func(e error) (string, int) {
		var me *markers.Error
		if errors.As(e, &me) {
			return me.Pos.Filename, me.Pos.Line
		}
		return "", 0
	}
	sort.SliceStable(errs, func(i, j int) bool {
		fi, li := pos(errs[i])
		fj, lj := pos(errs[j])
		if fi != fj {
			return fi < fj
		}
		if li != lj {
			return li < lj
		}
		return errs[i].Error() < errs[j].Error()
	})
	var uniq []error
	for i, e := range errs {
		if i > 0 && e.Error() == errs[i-1].Error() {
			continue
		}
		uniq = append(uniq, e)
	}
	return errors.Join(uniq...)
}

func isExported(n string) bool { return n != "" && n[0] >= 'A' && n[0] <= 'Z' }

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
	for _, l := range typeLines {
		switch strings.TrimSpace(l.Text) {
		case markers.Prefix + "validation-gen=true":
			return true
		case markers.Prefix + "validation-gen=false":
			return false
		}
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

func (b *builder) packageTags(path string) (*Package, selection, bool) {
	gp := b.l.Universe.Package(path)
	lines := b.l.packageLines(path)
	tags, errs := markers.Default.Parse(lines, pkgTarget{path})
	b.errs = append(b.errs, errs...)
	pkg := &Package{Path: path, Name: gp.Name, Dir: gp.Dir, InputPath: path}
	var sel selection
	found := false
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		switch t.Def.Name {
		case "validation-gen":
			found = true
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
			pkg.InputPath = strings.Trim(v, `"`)
			if !b.inRun(pkg.InputPath) {
				b.errs = append(b.errs, markers.Errorf(t, "make sure the package exists and builds", "input package %s could not be loaded", pkg.InputPath))
			}
		case "validation-gen-scheme-registry":
			if v != "nil" {
				pkg.SchemeRegistry = v
			}
		case "supportsSubresource":
			pkg.Subresources = append(pkg.Subresources, t.Value)
		case "isSubresource":
			pkg.IsSubresource = t.Value
		}
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

// inRun reports whether a package's sources were read in this run.
func (b *builder) inRun(pkg string) bool { return b.l.indexed(pkg) }

// typeOf returns the model type of a named type of the run, building it on
// first use. It returns nil for builtins and for types outside the run.
func (b *builder) typeOf(t *types.Type, usePos token.Position) *Type {
	if mt, ok := b.types[t.Name]; ok {
		return mt
	}
	pkg := b.byInput[t.Name.Package]
	if pkg == nil {
		return nil
	}
	lines, pos := b.l.typeLines(t.Name.Package, t.Name.Name)
	if t.Kind == types.Alias && t.GoType != nil {
		t.Underlying = realType(t.Underlying, t.GoType.Underlying())
	}
	mt := &Type{Go: t, Pkg: pkg, Pos: pos}
	b.types[t.Name] = mt
	tt := &target{b: b, scope: markers.ScopeType, t: t, desc: "type " + t.Name.Name}
	tags, errs := markers.Default.Parse(lines, tt)
	b.errs = append(b.errs, errs...)
	b.checkListTags(tags, t)
	mt.Rules = append(b.rules(tags), b.xValidations(lines)...)
	if t.Kind != types.Struct {
		for _, r := range mt.Rules {
			if x, ok := r.(CEL); ok {
				b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
					Msg: fmt.Sprintf("a CEL rule on type %s, which is not a struct, is not supported", t.Name.Name),
					Fix: "put the rule on the fields of this type, or on the struct that holds them"})
			}
		}
	}
	for _, tag := range tags {
		switch tag.Def.Name {
		case "supportsSubresource":
			if checkSubresourcePath(b, tag) {
				mt.Subresources = append(mt.Subresources, tag.Value)
			}
		case "isSubresource":
			if checkSubresourcePath(b, tag) {
				mt.IsSubresource = tag.Value
			}
		}
		if tag.Def.Name == "validation-gen" && tag.Value != "true" && tag.Value != "false" {
			b.errs = append(b.errs, markers.Errorf(tag, "write +k8s:validation-gen=true or +k8s:validation-gen=false on a type",
				"on a type, +k8s:validation-gen opts in or out; %q is neither", tag.Value))
		}
		if tag.Def.Name == "supportsSubresource" && (pkg.IsSubresource != "" || hasTagNamed(tags, "isSubresource")) {
			b.errs = append(b.errs, markers.Errorf(tag, "move the type to the main package, or remove supportsSubresource",
				"type %s is the validation of a subresource (isSubresource), so it cannot support other subresources", t.Name.Name))
		}
		if tag.Def.Name == "enum" {
			mt.Enum = b.enumValues(t)
			if len(mt.Enum) == 0 {
				b.errs = append(b.errs, markers.Errorf(tag, fmt.Sprintf("declare constants of type %s in package %s", t.Name.Name, t.Name.Package),
					"type %s has no constants, so no value would be valid", t.Name.Name))
			}
		}
	}
	if t.Kind == types.Struct {
		b.buildFields(mt)
	} else {
		b.reach(t.Underlying, pos, false)
	}
	return mt
}

func (b *builder) enumValues(t *types.Type) []EnumValue {
	var out []EnumValue
	for name, c := range b.l.Universe.Package(t.Name.Package).Constants {
		if c.Underlying != t || c.ConstValue == nil {
			continue
		}
		out = append(out, EnumValue{Name: name, Value: *c.ConstValue})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Value != out[j].Value {
			return out[i].Value < out[j].Value
		}
		return out[i].Name < out[j].Name
	})
	// Two constants with one value are one allowed value.
	var uniq []EnumValue
	for i, v := range out {
		if i > 0 && v.Value == out[i-1].Value {
			continue
		}
		uniq = append(uniq, v)
	}
	return uniq
}

func (b *builder) buildFields(mt *Type) {
	t := mt.Go
	groups := &unionGroups{}
	defer func() { mt.Unions = groups.build(b) }()
	for _, m := range t.Members {
		lines, pos := b.l.fieldLines(t.Name.Package, t.Name.Name, m.Name)
		jsonName, inline, skip := jsonOf(m)
		if !isExported(m.Name) || skip {
			if tagPos, tag := firstTagLine(lines); tag != "" {
				b.errs = append(b.errs, &markers.Error{Pos: tagPos, Tag: tag,
					Msg: fmt.Sprintf("field %s.%s is not serialised (unexported or json:\"-\"), so it cannot be validated", t.Name.Name, m.Name),
					Fix: "move the tag to a serialised field or remove it"})
			}
			continue
		}
		mtyp := realType(m.Type, goFieldType(t, m.Name))
		f := &Field{GoName: m.Name, JSONName: jsonName, Embedded: m.Embedded, Inline: inline, Go: mtyp, Pos: pos}
		desc := fmt.Sprintf("field %s.%s (%s)", t.Name.Name, m.Name, typeString(mtyp))
		ft := &target{b: b, scope: markers.ScopeField, t: mtyp, desc: desc}
		tags, errs := markers.Default.Parse(lines, ft)
		b.errs = append(b.errs, errs...)
		b.checkListTags(tags, m.Type)
		f.Rules = append(b.rules(tags), b.xValidations(lines)...)
		if inline {
			for _, r := range f.Rules {
				if x, ok := r.(CEL); ok {
					// JSON flattens an inline field into its parent: it has
					// no value of its own for the rule to see.
					b.errs = append(b.errs, &markers.Error{Pos: x.Pos, Tag: x.Tag,
						Msg: fmt.Sprintf("a CEL rule on the inline field %s.%s is not applied: its fields are the parent's in JSON, and it has no value of its own", t.Name.Name, m.Name),
						Fix: fmt.Sprintf("write the rule on the type %s (it sees the inline fields as its own) or on the embedded type", t.Name.Name)})
				}
			}
		}
		groups.add(b, f, tags)
		mt.Fields = append(mt.Fields, f)
		// Opaque anywhere on the field (also eachVal=+k8s:opaqueType) lets
		// its types come from outside the run.
		b.reach(mtyp, pos, anyOpaque(f.Rules))
	}
}

// firstTagLine finds the first validation tag among comment lines.
func firstTagLine(lines []markers.Line) (token.Position, string) {
	for _, l := range lines {
		s := strings.TrimSpace(l.Text)
		if strings.HasPrefix(s, markers.Prefix) && !markers.ForeignTag(strings.TrimPrefix(s, markers.Prefix)) {
			return l.Pos, strings.TrimPrefix(s, "+")
		}
	}
	return token.Position{}, ""
}

// checkListTags checks listType and listMapKey against each other and
// against the list's element type.
func (b *builder) checkListTags(tags []*markers.Tag, t *types.Type) {
	var listType *markers.Tag
	var keys []*markers.Tag
	for _, tag := range tags {
		switch tag.Def.Name {
		case "listType":
			listType = tag
		case "listMapKey":
			keys = append(keys, tag)
		}
	}
	isMap := listType != nil && listType.Value == "map"
	if isMap && len(keys) == 0 {
		b.errs = append(b.errs, markers.Errorf(listType, "add +k8s:listMapKey=<json name of the key field>", "listType=map needs at least one +k8s:listMapKey"))
	}
	if !isMap {
		for _, k := range keys {
			b.errs = append(b.errs, markers.Errorf(k, "add +k8s:listType=map, or remove +k8s:listMapKey", "+k8s:listMapKey is only meaningful on a listType=map list"))
		}
	}
	elem := resolve(t)
	if elem.Kind == types.Slice || elem.Kind == types.Array {
		elem = resolve(elem.Elem)
	}
	if elem.Kind == types.Pointer {
		elem = resolve(elem.Elem)
	}
	if isMap && elem.Kind != types.Struct {
		b.errs = append(b.errs, markers.Errorf(listType, "use listType=set or atomic for lists of scalars", "listType=map needs a list of structs, not %s", typeString(t)))
		return
	}
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k.Value] {
			b.errs = append(b.errs, markers.Errorf(k, "list each key field once", "listMapKey %q is given twice", k.Value))
		}
		seen[k.Value] = true
		var found *types.Member
		for i, m := range elem.Members {
			if name, _, skip := jsonOf(m); !skip && name == k.Value {
				found = &elem.Members[i]
			}
		}
		if found == nil {
			var names []string
			for _, m := range elem.Members {
				if name, inline, skip := jsonOf(m); !skip && !inline && isExported(m.Name) {
					names = append(names, name)
				}
			}
			b.errs = append(b.errs, markers.Errorf(k, "name a field by its JSON name, one of: "+strings.Join(names, ", "),
				"listMapKey %q names no field of %s", k.Value, elem.Name.Name))
			continue
		}
		kt := resolve(found.Type)
		if kt.Kind == types.Pointer {
			kt = resolve(kt.Elem)
		}
		if kt.Kind != types.Builtin {
			b.errs = append(b.errs, markers.Errorf(k, "key fields must be strings, integers or booleans", "listMapKey %q is a %s", k.Value, typeString(found.Type)))
		}
	}
}

// jsonOf reads a member's json tag: its name, whether it is inlined and
// whether it is skipped.
func jsonOf(m types.Member) (name string, inline, skip bool) {
	tag, ok := reflect.StructTag(m.Tags).Lookup("json")
	parts := strings.Split(tag, ",")
	if tag == "-" {
		return "", false, true
	}
	for _, o := range parts[1:] {
		if o == "inline" {
			return "", true, false
		}
	}
	if m.Embedded && (!ok || parts[0] == "") {
		return "", true, false
	}
	if !ok || parts[0] == "" {
		return m.Name, false, false
	}
	return parts[0], false, false
}

// reach makes sure the named types a value of type t contains are built,
// and reports types from outside the run that the user must account for.
func (b *builder) reach(t *types.Type, pos token.Position, opaque bool) {
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		b.reach(t.Elem, pos, opaque)
		return
	case types.Map:
		b.reach(t.Key, pos, opaque)
		b.reach(t.Elem, pos, opaque)
		return
	case types.Builtin, types.Interface, types.Func, types.Chan, types.Unsupported:
		return
	}
	if t.Name.Package == "" {
		if t.Kind == types.Struct {
			for _, m := range t.Members {
				b.reach(m.Type, pos, opaque)
			}
		}
		return
	}
	if _, ok := b.byInput[t.Name.Package]; ok {
		b.typeOf(t, pos)
		return
	}
	if opaque || noValidations(t.Name.Package) {
		return
	}
	if fns, ok := b.l.readonly[t.Name.Package]; ok {
		if _, ok := b.external[t.Name]; !ok {
			b.external[t.Name] = &Type{Go: t, HasValidation: fns["Validate_"+t.Name.Name], LazyPath: fns["ValidateAt_"+t.Name.Name]}
		}
		return
	}
	b.errs = append(b.errs, &markers.Error{Pos: pos,
		Msg: fmt.Sprintf("type %s.%s is from package %s, which is not part of this run", pathBase(t.Name.Package), t.Name.Name, t.Name.Package),
		Fix: fmt.Sprintf("add the package to the run, pass --readonly-pkg=%s if it has its own generated validation, or tag the field +k8s:opaqueType", t.Name.Package)})
}

// noValidations lists packages whose types carry no declarative
// validation: the standard library and apimachinery's API machinery types
// (ObjectMeta, Time, Quantity, IntOrString, RawExtension, ...).
func noValidations(pkg string) bool {
	if !strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".") {
		return true // standard library
	}
	return strings.HasPrefix(pkg, "k8s.io/apimachinery/")
}

func pathBase(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// rules converts placed tags to rules, merging repeated chains (two
// eachVal lines become one EachVal with both rules).
func (b *builder) rules(tags []*markers.Tag) []Rule {
	var out []Rule
	for _, tag := range tags {
		r := b.rule(tag)
		if r == nil {
			continue
		}
		if lt, ok := r.(ListType); ok {
			lt.Keys = listKeys(tags)
			r = lt
		}
		out = mergeRule(out, r)
	}
	return out
}

// listKeys resolves the listMapKey tags among tags to the element's fields.
func listKeys(tags []*markers.Tag) []ListKey {
	var keys []ListKey
	for _, tag := range tags {
		if tag.Def.Name != "listMapKey" {
			continue
		}
		t, ok := tag.Target.(*target)
		if !ok {
			continue
		}
		elem := resolve(t.t)
		if elem.Kind == types.Slice || elem.Kind == types.Array {
			elem = resolve(elem.Elem)
		}
		if elem.Kind == types.Pointer {
			elem = resolve(elem.Elem)
		}
		for _, m := range elem.Members {
			if name, _, skip := jsonOf(m); !skip && name == tag.Value {
				keys = append(keys, ListKey{JSONName: name, GoName: m.Name, Go: realType(m.Type, goFieldType(elem, m.Name))})
			}
		}
	}
	return keys
}

func mergeRule(out []Rule, r Rule) []Rule {
	for i, prev := range out {
		switch p := prev.(type) {
		case EachVal:
			if n, ok := r.(EachVal); ok {
				p.Rules = mergeRule(p.Rules, n.Rules[0])
				out[i] = p
				return out
			}
		case EachKey:
			if n, ok := r.(EachKey); ok {
				p.Rules = mergeRule(p.Rules, n.Rules[0])
				out[i] = p
				return out
			}
		case Subfield:
			if n, ok := r.(Subfield); ok && n.JSONName == p.JSONName {
				p.Rules = mergeRule(p.Rules, n.Rules[0])
				out[i] = p
				return out
			}
		case IfOption:
			if n, ok := r.(IfOption); ok && n.Option == p.Option && n.Enabled == p.Enabled {
				p.Rules = mergeRule(p.Rules, n.Rules[0])
				out[i] = p
				return out
			}
		}
	}
	return append(out, r)
}

func (b *builder) rule(tag *markers.Tag) Rule {
	src := Src{Pos: tag.Pos, Tag: tag.Text}
	if !tag.Def.Implemented {
		b.errs = append(b.errs, markers.Errorf(tag, "remove it for now; it is planned", "+k8s:%s is part of the tag contract but not generated by this version yet", tag.Def.Name))
		return nil
	}
	chained := func() []Rule {
		if tag.Chained.Def.Name == "rule" {
			// A type's CEL rules are evaluated together, on the type's
			// schema; a chained one would reach the CRD but not the Go
			// validator (or the other way round).
			fix := "write the +k8s:rule on the type whose values it checks, or on this field or type, reading the value in the rule"
			if tag.Def.Name == "ifEnabled" || tag.Def.Name == "ifDisabled" {
				fix = "write +k8s:rule on the field or the type itself: a CEL rule cannot depend on an option"
			}
			b.errs = append(b.errs, markers.Errorf(tag, fix, "+k8s:rule cannot be chained from +k8s:%s", tag.Def.Name))
			return nil
		}
		if r := b.rule(tag.Chained); r != nil {
			return []Rule{r}
		}
		return nil
	}
	switch tag.Def.Name {
	case "required":
		return Required{src}
	case "optional":
		return Optional{src}
	case "forbidden":
		return Forbidden{src}
	case "minimum":
		return Minimum{src, tag.Int}
	case "maxLength":
		return MaxLength{src, tag.Int}
	case "maxItems":
		return MaxItems{src, tag.Int}
	case "format":
		return Format{src, tag.Value}
	case "neq":
		kind := "string"
		switch tag.ValueType {
		case "int":
			kind = "int"
		case "bool":
			kind = "bool"
		}
		return NEQ{Src: src, Kind: kind, Value: tag.Value, Int: tag.Int}
	case "eachVal":
		return EachVal{src, chained()}
	case "eachKey":
		return EachKey{src, chained()}
	case "subfield":
		name, _ := tag.Arg("")
		st := tag.Chained.Target.(*target)
		return Subfield{Src: src, JSONName: name, Field: &Field{GoName: st.goField, JSONName: name, Go: st.t, Pos: tag.Pos}, Rules: chained()}
	case "opaqueType":
		return Opaque{src}
	case "listType":
		return ListType{Src: src, Kind: tag.Value}
	case "listMapKey":
		return nil // read with listType
	case "item", "unionMember", "zeroOrOneOfMember", "unionDiscriminator":
		return nil // read by unionGroups.add, which needs the whole field
	case "ifEnabled", "ifDisabled":
		opt, _ := tag.Arg("")
		return IfOption{Src: src, Option: opt, Enabled: tag.Def.Name == "ifEnabled", Rules: chained()}
	case "rule":
		r := CEL{Src: src}
		r.Rule, _ = tag.Arg("rule")
		r.Message, _ = tag.Arg("message")
		r.MessageExpression, _ = tag.Arg("messageExpression")
		r.Reason, _ = tag.Arg("reason")
		r.FieldPath, _ = tag.Arg("fieldPath")
		v, _ := tag.Arg("optionalOldSelf")
		r.OptionalOldSelf = v == "true"
		if err := checkCEL(r); err != nil {
			b.errs = append(b.errs, markers.Errorf(tag, err.fix, "%s", err.msg))
			return nil
		}
		return r
	}
	return nil // enum and package tags are read where they apply
}

// checksSomething reports whether rules check anything by themselves:
// optional only decides whether other checks run, and opaqueType only
// stops them.
func checksSomething(rules []Rule) bool {
	for _, r := range rules {
		switch r.(type) {
		case Optional, Opaque:
		default:
			return true
		}
	}
	return false
}

// markRecursive flags the types that can reach themselves.
func (b *builder) markRecursive() {
	for _, t := range b.types {
		seen := map[types.Name]bool{}
		var walk func(*types.Type) bool
		walk = func(x *types.Type) bool {
			if x == nil {
				return false
			}
			if x.Name.Package != "" {
				if x.Name == t.Go.Name {
					return true
				}
				if seen[x.Name] {
					return false
				}
				seen[x.Name] = true
			}
			switch x.Kind {
			case types.Pointer, types.Slice, types.Array:
				return walk(x.Elem)
			case types.Map:
				return walk(x.Key) || walk(x.Elem)
			case types.Alias:
				return walk(x.Underlying)
			case types.Struct:
				for _, m := range x.Members {
					if walk(m.Type) {
						return true
					}
				}
			}
			return false
		}
		start := t.Go
		if start.Kind == types.Alias {
			t.Recursive = walk(start.Underlying)
			continue
		}
		for _, m := range start.Members {
			if walk(m.Type) {
				t.Recursive = true
				break
			}
		}
	}
}

// propagate computes HasValidation over the type graph, recursion included.
func (b *builder) propagate() {
	for _, t := range b.types {
		t.HasValidation = len(t.Rules) > 0 || len(t.Enum) > 0 || len(t.Unions) > 0
		for _, f := range t.Fields {
			if checksSomething(f.Rules) {
				t.HasValidation = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, t := range b.types {
			if t.HasValidation {
				continue
			}
			if b.reaches(t) {
				t.HasValidation = true
				changed = true
			}
		}
	}
}

// reaches reports whether a value of type t contains a value of a type
// that has validation.
func (b *builder) reaches(t *Type) bool {
	if t.Go.Kind != types.Struct {
		return b.valueNeeds(t.Go.Underlying)
	}
	for _, f := range t.Fields {
		if hasOpaque(f.Rules) {
			continue
		}
		if b.valueNeeds(f.Go) {
			return true
		}
	}
	return false
}

func anyOpaque(rules []Rule) bool {
	for _, r := range rules {
		switch x := r.(type) {
		case Opaque:
			return true
		case EachVal:
			if anyOpaque(x.Rules) {
				return true
			}
		case EachKey:
			if anyOpaque(x.Rules) {
				return true
			}
		}
	}
	return false
}

// eachOpaque reports whether elements (eachVal) or keys (eachKey) of a
// place are marked opaque.
func eachOpaque(rules []Rule, keys bool) bool {
	for _, r := range rules {
		switch x := r.(type) {
		case EachVal:
			if !keys && hasOpaque(x.Rules) {
				return true
			}
		case EachKey:
			if keys && hasOpaque(x.Rules) {
				return true
			}
		}
	}
	return false
}

func hasOpaque(rules []Rule) bool {
	for _, r := range rules {
		if _, ok := r.(Opaque); ok {
			return true
		}
	}
	return false
}

// valueNeeds reports whether validating a value of Go type t calls any
// type's validation function.
func (b *builder) valueNeeds(t *types.Type) bool { return valueNeeds(t, b.named) }

// named returns the model type (of the run or a readonly package) for a
// named Go type, or nil.
func (b *builder) named(t *types.Type) *Type {
	if t.Name.Package == "" {
		return nil
	}
	if mt, ok := b.types[t.Name]; ok {
		return mt
	}
	return b.external[t.Name]
}

// typeString renders a Go type for messages.
func typeString(t *types.Type) string {
	switch t.Kind {
	case types.Pointer:
		return "*" + typeString(t.Elem)
	case types.Slice:
		return "[]" + typeString(t.Elem)
	case types.Map:
		return "map[" + typeString(t.Key) + "]" + typeString(t.Elem)
	}
	if t.Name.Package != "" {
		return pathBase(t.Name.Package) + "." + t.Name.Name
	}
	return t.Name.Name
}

// pkgTarget is the package scope, for doc.go tags.
type pkgTarget struct{ path string }

func (p pkgTarget) Scope() markers.Scope        { return markers.ScopePackage }
func (p pkgTarget) Describe() string            { return "package " + p.path }
func (p pkgTarget) Kind() markers.Kind          { return markers.KindOther }
func (p pkgTarget) Deref() markers.Target       { return nil }
func (p pkgTarget) Elem() markers.Target        { return nil }
func (p pkgTarget) Key() markers.Target         { return nil }
func (p pkgTarget) Field(string) markers.Target { return nil }
func (p pkgTarget) IntRange() (int64, uint64)   { return 0, 0 }
func (p pkgTarget) Named() bool                 { return false }

// target is a typed place for markers.
type target struct {
	b       *builder
	scope   markers.Scope
	t       *types.Type
	desc    string
	goField string // for subfield targets
}

// resolve follows typedefs to the type that determines the kind.
func resolve(t *types.Type) *types.Type {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t
}

func (t *target) Scope() markers.Scope { return t.scope }
func (t *target) Describe() string     { return t.desc }
func (t *target) Named() bool          { return t.t.Name.Package != "" }

func (t *target) Kind() markers.Kind {
	r := resolve(t.t)
	switch r.Kind {
	case types.Pointer:
		return markers.KindPointer
	case types.Struct:
		return markers.KindStruct
	case types.Slice, types.Array:
		return markers.KindSlice
	case types.Map:
		return markers.KindMap
	case types.Builtin:
		switch {
		case r.Name.Name == "string":
			return markers.KindString
		case r.Name.Name == "bool":
			return markers.KindBool
		case strings.HasPrefix(r.Name.Name, "int"), strings.HasPrefix(r.Name.Name, "uint"), r.Name.Name == "byte", r.Name.Name == "rune":
			return markers.KindInt
		case strings.HasPrefix(r.Name.Name, "float"):
			return markers.KindFloat
		}
	}
	return markers.KindOther
}

func (t *target) sub(scope markers.Scope, ty *types.Type, desc string) *target {
	return &target{b: t.b, scope: scope, t: ty, desc: desc}
}

func (t *target) Deref() markers.Target {
	r := resolve(t.t)
	if r.Kind != types.Pointer {
		return nil
	}
	return t.sub(t.scope, r.Elem, t.desc)
}

func (t *target) Elem() markers.Target {
	r := resolve(t.t)
	switch r.Kind {
	case types.Slice, types.Array:
		return t.sub(markers.ScopeListVal, r.Elem, fmt.Sprintf("elements of %s (%s)", t.desc, typeString(r.Elem)))
	case types.Map:
		return t.sub(markers.ScopeMapVal, r.Elem, fmt.Sprintf("values of %s (%s)", t.desc, typeString(r.Elem)))
	}
	return nil
}

func (t *target) Key() markers.Target {
	r := resolve(t.t)
	if r.Kind != types.Map {
		return nil
	}
	return t.sub(markers.ScopeMapKey, r.Key, fmt.Sprintf("keys of %s (%s)", t.desc, typeString(r.Key)))
}

func (t *target) Field(jsonName string) markers.Target {
	r := resolve(t.t)
	if r.Kind == types.Pointer {
		r = resolve(r.Elem)
	}
	if r.Kind != types.Struct {
		return nil
	}
	for _, m := range r.Members {
		name, inline, skip := jsonOf(m)
		if skip || inline || !isExported(m.Name) || name != jsonName {
			continue
		}
		mt := realType(m.Type, goFieldType(r, m.Name))
		s := t.sub(markers.ScopeField, mt, fmt.Sprintf("field %s.%s (%s)", r.Name.Name, m.Name, typeString(mt)))
		s.goField = m.Name
		return s
	}
	return nil
}

func (t *target) IntRange() (int64, uint64) {
	r := resolve(t.t)
	if r.Kind == types.Pointer {
		r = resolve(r.Elem)
	}
	return markers.IntRange(r.Name.Name)
}

// goFieldType is the go/types type of a struct's field, or nil.
func goFieldType(t *types.Type, name string) gotypes.Type {
	if t.GoType == nil {
		return nil
	}
	st, ok := t.GoType.Underlying().(*gotypes.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == name {
			return f.Type()
		}
	}
	return nil
}

var builtins = map[string]*types.Type{}

// realType corrects gengo's builtins, which fold int8, uint8 and byte into
// one "byte" type, using the go/types type of the same value: the range of
// +k8s:minimum and the types in generated code depend on it.
func realType(t *types.Type, g gotypes.Type) *types.Type {
	if t == nil || g == nil {
		return t
	}
	switch t.Kind {
	case types.Builtin:
		basic, ok := g.(*gotypes.Basic)
		if !ok || basic.Name() == t.Name.Name {
			return t
		}
		name := basic.Name()
		if name == "byte" {
			name = "uint8"
		}
		if bt, ok := builtins[name]; ok {
			return bt
		}
		bt := &types.Type{Name: types.Name{Name: name}, Kind: types.Builtin, GoType: basic}
		builtins[name] = bt
		return bt
	case types.Pointer:
		if p, ok := g.(*gotypes.Pointer); ok {
			if e := realType(t.Elem, p.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Slice:
		if s, ok := g.(*gotypes.Slice); ok {
			if e := realType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Array:
		if s, ok := g.(*gotypes.Array); ok {
			if e := realType(t.Elem, s.Elem()); e != t.Elem {
				c := *t
				c.Elem = e
				return &c
			}
		}
	case types.Map:
		if m, ok := g.(*gotypes.Map); ok {
			k, e := realType(t.Key, m.Key()), realType(t.Elem, m.Elem())
			if k != t.Key || e != t.Elem {
				c := *t
				c.Key, c.Elem = k, e
				return &c
			}
		}
	}
	return t
}
