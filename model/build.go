package model

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// BuildOptions configure how the model is built. Readonly packages are
// part of Loaded.
type BuildOptions struct {
	// CRDs reads the kinds of packages with +groupName, and their
	// kubebuilder markers, for CRD output.
	CRDs bool
}

type builder struct {
	l        *source.Loaded
	opts     BuildOptions
	types    map[types.Name]*Type
	external map[types.Name]*Type // readonly types with a Validate_ function
	pkgs     map[string]*Package  // by output path
	byInput  map[string]*Package  // by input path
	errs     []error
	// unvalidatable are the named types of the run that hold nothing to
	// validate (interfaces, funcs, channels, named pointers).
	unvalidatable map[types.Name]bool
	// customClaimed are, by output package, the ValidateCustom_ functions
	// +k8s:customValidation tags call.
	customClaimed map[string]map[string]bool
	// constTagCache holds the parsed tags of constants (constTags).
	constTagCache map[string][]*markers.Tag
}

// Build turns the loaded packages into the model, checking every tag.
// All problems are returned together, each with its file and line.
func Build(l *source.Loaded, opts BuildOptions) (*Model, error) {
	b := &builder{
		l: l, opts: opts,
		types: map[types.Name]*Type{}, external: map[types.Name]*Type{},
		pkgs: map[string]*Package{}, byInput: map[string]*Package{},
		unvalidatable: map[types.Name]bool{},
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
		if first, dup := b.byInput[pkg.InputPath]; dup {
			b.errs = append(b.errs, markers.Errorf(pkg.selectedBy, "leave one of them out of the run: the package itself, or the one that reads it with +k8s:validation-gen-input",
				"packages %s and %s both read their types from %s, so both would declare its validation functions", first.Path, pkg.Path, pkg.InputPath))
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
		p := &Package{Path: path, Name: pkg.Name, Dir: pkg.Dir, InputPath: path, Declared: l.Declared(path)}
		b.pkgs[path] = p
		b.byInput[path] = p
	}
	for _, s := range sels {
		in := l.Universe.Package(s.pkg.InputPath)
		for _, n := range slices.Sorted(maps.Keys(in.Types)) {
			t := in.Types[n]
			lines, _ := l.TypeLines(t.Name.Package, n)
			if !gotype.IsExported(n) || !s.sel.matches(t, lines) {
				continue
			}
			if mt := b.typeOf(t, token.Position{}); mt != nil {
				mt.Root = true
			}
		}
	}
	b.tagged()
	var crdRoots []*CRDRoot
	if opts.CRDs {
		crdRoots = b.crdRoots()
	}
	for _, path := range l.Requested {
		b.untaggableTags(path)
	}
	b.propagate()
	b.markRecursive()
	b.checkFixedStops()
	b.checkGeneratedNames()
	b.checkFields()
	b.checkUpdates()
	b.checkRegistryRoots()
	b.checkCustomFuncs()
	b.checkConstTags()
	b.checkSchemeBuilders()
	if len(b.errs) > 0 {
		return nil, markers.JoinSorted(b.errs)
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
		if len(p.Types) == 0 {
			// Nothing to validate, nothing to register: Kubernetes'
			// generator writes no RegisterValidations either.
			continue
		}
		sort.Slice(p.Types, func(i, j int) bool { return p.Types[i].Go.Name.Name < p.Types[j].Go.Name.Name })
		sort.Slice(p.Roots, func(i, j int) bool { return p.Roots[i].Go.Name.Name < p.Roots[j].Go.Name.Name })
		m.Packages = append(m.Packages, p)
	}
	sort.Slice(m.Packages, func(i, j int) bool { return m.Packages[i].Path < m.Packages[j].Path })
	return m, nil
}

// inRun reports whether a package's sources were read in this run.
func (b *builder) inRun(pkg string) bool { return b.l.Indexed(pkg) }

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
	if b.unvalidatable[t.Name] {
		return nil
	}
	if len(t.TypeParams) > 0 || strings.Contains(t.Name.Name, "[") {
		// A generic type: its tags are errors (source's untaggable
		// declarations), and a field that holds an instance of it in a
		// validated struct is one (checkFields).
		b.unvalidatable[t.Name] = true
		return nil
	}
	lines, pos := b.l.TypeLines(t.Name.Package, t.Name.Name)
	if what := gotype.UnvalidatableKind(t); what != "" {
		b.unvalidatable[t.Name] = true
		b.rejectTags(lines, fmt.Sprintf("type %s is %s, which holds no value validation-gen can validate, so this tag would be checked nowhere", t.Name.Name, what),
			"remove the tag, or put it on a struct, a typedef of a string, number, bool, list or map, or their fields")
		return nil
	}
	if t.Kind == types.Alias && t.GoType != nil {
		t.Underlying = gotype.RealType(t.Underlying, t.GoType.Underlying())
	}
	if what, fix := gotype.UnsupportedValue(t); what != "" && t.Kind == types.Alias {
		if b.rejectTags(lines, fmt.Sprintf("type %s is %s, which validation-gen does not validate", t.Name.Name, what), fix) {
			lines = nil
		}
	}
	mt := &Type{Go: t, Pkg: pkg, Pos: pos}
	b.types[t.Name] = mt
	tt := gotype.NewTarget(markers.ScopeType, t, "type "+t.Name.Name)
	tags, errs := markers.Default.Parse(lines, tt)
	b.errs = append(b.errs, errs...)
	b.checkListTags(tags, t)
	mt.Tags = tags
	mt.Rules = b.withCustom(append(b.rules(tags), b.controllerGenRules(pkg, lines)...), mt, "", t.GoType)
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
		if tag.Def.Name == markers.NoLint {
			if b.l.InTypeDoc(t.Name.Package, t.Name.Name, markers.Line{Pos: tag.Pos}) {
				mt.NoLint = true
			} else {
				b.errs = append(b.errs, markers.Errorf(tag, "move it into the doc comment right above the type",
					"Kubernetes' generator reads +k8s:%s on a type only in the type's doc comment, not in the block above it that a blank line separates, so it would lint type %s", markers.NoLint, t.Name.Name))
			}
		}
		if tag.Def.Name == "enum" {
			mt.Enum, mt.EnumLevel, mt.enumTagged = b.enumValues(t), Level(tag.Level), true
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

func (b *builder) buildFields(mt *Type) {
	t := mt.Go
	groups, modes := &unionGroups{}, &modeTags{errs: len(b.errs)}
	var deps []pendingDependency
	defer func() {
		mt.Unions, mt.Modalities = groups.build(b), modes.build(b)
		b.resolveDependencies(mt, deps)
	}()
	for _, m := range t.Members {
		lines, pos := b.l.FieldLines(t.Name.Package, t.Name.Name, m.Name)
		jsonName, inline, skip := gotype.JSONOf(m)
		if !gotype.IsExported(m.Name) || skip {
			b.rejectTags(lines, fmt.Sprintf("field %s.%s is not serialised (unexported or json:\"-\"), so it cannot be validated", t.Name.Name, m.Name),
				"move the tag to a serialised field or remove it")
			continue
		}
		gt := gotype.FieldType(t, m.Name)
		if gotype.InvalidType(gt) {
			b.errs = append(b.errs, &markers.Error{Pos: pos,
				Msg: fmt.Sprintf("the type of field %s.%s does not compile (Go's type checker finds it undefined or invalid), so validation-gen cannot know what to validate", t.Name.Name, m.Name),
				Fix: "make the package build first: go build ./... names the error"})
			continue
		}
		if quoted := gotype.Quoted(m, gt); quoted != "" {
			b.errs = append(b.errs, &markers.Error{Pos: pos,
				Msg: fmt.Sprintf("field %s.%s is tagged json:\",string\", so encoding/json writes its %s as a JSON string, while every schema of it (a CRD's, OpenAPI's) and its checks read a %s: the API server would reject every object that sets it", t.Name.Name, m.Name, gotype.TypeString(gotype.RealType(m.Type, gt)), quoted),
				Fix: "drop ,string from the json tag (or declare the field a string)"})
			continue
		}
		mtyp := gotype.RealType(m.Type, gt)
		if what, fix := gotype.UnsupportedValue(mtyp); what != "" &&
			b.rejectTags(lines, fmt.Sprintf("field %s.%s is %s, which validation-gen does not validate", t.Name.Name, m.Name, what), fix) {
			continue
		}
		f := &Field{GoName: m.Name, JSONName: jsonName, Embedded: m.Embedded, Inline: inline, Go: mtyp, Pos: pos, Generic: gotype.GenericInstance(gt, t.Name.Package), NameTagged: gotype.JSONNamed(m)}
		desc := fmt.Sprintf("field %s.%s (%s)", t.Name.Name, m.Name, gotype.TypeString(mtyp))
		if r := gotype.Resolve(gotype.Deref(mtyp)); r.Kind == types.Slice && gotype.IsBytes(r) {
			desc += ", a []byte, which JSON writes as a base64 string, not a list"
		}
		ft := gotype.NewTarget(markers.ScopeField, mtyp, desc)
		tags, errs := markers.Default.Parse(lines, ft)
		b.errs = append(b.errs, errs...)
		b.checkListTags(tags, m.Type)
		f.Tags = tags
		f.Rules = b.withCustom(append(b.rules(tags), b.controllerGenRules(mt.Pkg, lines)...), mt, m.Name, gt)
		b.withDefault(f, lines, gt)
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
		deps = append(deps, dependencies(f, tags)...)
		modes.add(b, f, tags)
		mt.Fields = append(mt.Fields, f)
		// Opaque anywhere on the field (also eachVal=+k8s:opaqueType) lets
		// its types come from outside the run.
		b.reach(mtyp, pos, anyOpaque(f.Rules))
	}
}

// rejectTags reports the first validation tag among lines, with msg and
// fix, for a place no tag applies to; it reports whether there was one.
func (b *builder) rejectTags(lines []markers.Line, msg, fix string) bool {
	pos, tag := firstTagLine(lines)
	if tag == "" {
		return false
	}
	b.errs = append(b.errs, &markers.Error{Pos: pos, Tag: tag, Msg: msg, Fix: fix})
	return true
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
	var listType, unique, custom *markers.Tag
	var keys []*markers.Tag
	for _, tag := range tags {
		switch tag.Def.Name {
		case "listType":
			listType = tag
		case "listMapKey":
			keys = append(keys, tag)
		case "unique":
			unique = tag
		case "customUnique":
			custom = tag
		}
	}
	mapTag := listType // the tag that makes the list a list-map
	if unique != nil {
		switch {
		case listType == nil:
			b.errs = append(b.errs, markers.Errorf(unique, "add +k8s:listType=atomic", "+k8s:unique needs the list's +k8s:listType"))
			unique = nil
		case listType.Value != "atomic":
			b.errs = append(b.errs, markers.Errorf(unique, "remove +k8s:unique: listType="+listType.Value+" makes the items unique already",
				"+k8s:unique can only be used with listType=atomic"))
			unique = nil
		default:
			mapTag = unique
		}
	}
	isMap := mapTag != nil && mapTag.Value == "map"
	if isMap && len(keys) == 0 {
		b.errs = append(b.errs, markers.Errorf(mapTag, "add +k8s:listMapKey=<json name of the key field>", "%s=map needs at least one +k8s:listMapKey", mapTag.Def.Name))
	}
	if !isMap {
		for _, k := range keys {
			b.errs = append(b.errs, markers.Errorf(k, "add +k8s:listType=map (or unique=map on an atomic list), or remove +k8s:listMapKey", "+k8s:listMapKey is only meaningful on a listType=map list"))
		}
	}
	if custom != nil && (listType == nil || listType.Value == "atomic") && unique == nil {
		b.errs = append(b.errs, markers.Errorf(custom, "remove +k8s:customUnique, or make the list listType=set or map",
			"+k8s:customUnique turns off a uniqueness check, and this list has none"))
	}
	elem := gotype.Resolve(t)
	if elem.Kind == types.Slice || elem.Kind == types.Array {
		elem = gotype.Resolve(elem.Elem)
	}
	if elem.Kind == types.Pointer {
		elem = gotype.Resolve(elem.Elem)
	}
	if isMap && elem.Kind != types.Struct {
		b.errs = append(b.errs, markers.Errorf(mapTag, "use listType=set or atomic for lists of scalars", "%s=map needs a list of structs, not %s", mapTag.Def.Name, gotype.TypeString(t)))
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
			if name, _, skip := gotype.JSONOf(m); !skip && name == k.Value {
				found = &elem.Members[i]
			}
		}
		if found == nil {
			var names []string
			for _, m := range elem.Members {
				if name, inline, skip := gotype.JSONOf(m); !skip && !inline && gotype.IsExported(m.Name) {
					names = append(names, name)
				}
			}
			b.errs = append(b.errs, markers.Errorf(k, "name a field by its JSON name, one of: "+strings.Join(names, ", "),
				"listMapKey %q names no field of %s", k.Value, elem.Name.Name))
			continue
		}
		kt := gotype.Resolve(found.Type)
		if kt.Kind == types.Pointer {
			kt = gotype.Resolve(kt.Elem)
		}
		if kt.Kind != types.Builtin {
			b.errs = append(b.errs, markers.Errorf(k, "key fields must be strings, integers or booleans", "listMapKey %q is a %s", k.Value, gotype.TypeString(found.Type)))
		}
	}
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
	if opaque {
		return
	}
	if fns, ok := b.l.Readonly(t.Name.Package); ok {
		if _, ok := b.external[t.Name]; !ok {
			b.external[t.Name] = &Type{Go: t, HasValidation: fns["Validate_"+t.Name.Name], LazyPath: fns["ValidateAt_"+t.Name.Name]}
		}
		return
	}
	// In Kubernetes' layout (packages generated through
	// +k8s:validation-gen-input), a package of types outside the run whose
	// generated validation is published in <package>/validation is
	// validated by it, as Kubernetes' tree validates ObjectMeta through
	// apimachinery's meta/v1/validation. A package generated for itself
	// keeps apimachinery's types unvalidated (docs/kubernetes.md).
	// A type the published package declares no Validate_ for has none
	// (Kubernetes' generator writes one for every type with validation).
	if b.inputLayout() {
		if fpkg, fns, ok := b.l.Published(t.Name.Package); ok {
			if _, ok := b.external[t.Name]; !ok && fns["Validate_"+t.Name.Name] {
				b.external[t.Name] = &Type{Go: t, HasValidation: true, FuncPkg: fpkg}
			}
			return
		}
	}
	if noValidations(t.Name.Package) {
		return
	}
	b.errs = append(b.errs, &markers.Error{Pos: pos,
		Msg: fmt.Sprintf("type %s.%s is from package %s, which is not part of this run", gotype.PathBase(t.Name.Package), t.Name.Name, t.Name.Package),
		Fix: fmt.Sprintf("add the package to the run, pass --readonly-pkg=%s if it has its own generated validation, or tag the field +k8s:opaqueType", t.Name.Package)})
}

// inputLayout reports whether the run is laid out as Kubernetes lays out
// its own API: some package reads its types from another through
// +k8s:validation-gen-input.
func (b *builder) inputLayout() bool {
	for _, p := range b.pkgs {
		if p.InputPath != p.Path {
			return true
		}
	}
	return false
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

// untaggableTags reports validation tags on declarations that can carry
// none (funcs, vars, consts, aliases, generic types, fields of anonymous
// structs): no output would check them.
func (b *builder) untaggableTags(pkg string) {
	for _, u := range b.l.Untaggable(pkg) {
		b.rejectTags(u.Lines, fmt.Sprintf("a tag on %s is not read: %s", u.What, u.Why), u.Fix)
	}
}

// tagged builds every type of the run's packages that has tags, on itself
// or on its fields, even when no selected type reaches it: its tags are
// checked and applied (it gets Validate_ functions) rather than silently
// ignored. A type that opts out with +k8s:validation-gen=false is built
// only where it is reached.
func (b *builder) tagged() {
	inputs := make([]string, 0, len(b.byInput))
	for in := range b.byInput {
		inputs = append(inputs, in)
	}
	sort.Strings(inputs)
	var out []*types.Type
	for _, in := range inputs {
		gp := b.l.Universe.Package(in)
		for _, n := range slices.Sorted(maps.Keys(gp.Types)) {
			t := gp.Types[n]
			if _, built := b.types[t.Name]; built || b.unvalidatable[t.Name] {
				continue
			}
			lines, _ := b.l.TypeLines(in, n)
			if !b.hasTags(t, lines) {
				continue
			}
			if optedOut(lines) {
				out = append(out, t)
				continue
			}
			b.typeOf(t, token.Position{})
		}
	}
	// A type that opted out and that nothing reaches gets no function, but
	// its tags are still read: a misspelt or misplaced one is an error
	// wherever it is written (TAGS.md).
	for _, t := range out {
		if _, built := b.types[t.Name]; built {
			continue
		}
		b.typeOf(t, token.Position{})
		delete(b.types, t.Name)
	}
}

// hasTags reports whether a type or one of its fields carries a
// validation tag.
func (b *builder) hasTags(t *types.Type, lines []markers.Line) bool {
	if _, tag := firstTagLine(lines); tag != "" {
		return true
	}
	if t.Kind == types.Struct {
		for _, m := range t.Members {
			fl, _ := b.l.FieldLines(t.Name.Package, t.Name.Name, m.Name)
			if _, tag := firstTagLine(fl); tag != "" {
				return true
			}
		}
	}
	return false
}

// optedOut reports a type's +k8s:validation-gen=false.
func optedOut(lines []markers.Line) bool {
	choice, ok := typeChoice(lines)
	return ok && !choice
}

// checkGeneratedNames reports the package's own declarations that take a
// name the generated file declares: Validate_<T> and ValidateAt_<T> of
// every type with validation, and RegisterValidations.
func (b *builder) checkGeneratedNames() {
	taken := func(p *Package, name, fix string) {
		if pos, ok := p.Declared[name]; ok {
			b.errs = append(b.errs, &markers.Error{Pos: pos,
				Msg: fmt.Sprintf("package %s declares %s, which the generated file declares too", p.Name, name), Fix: fix})
		}
	}
	for _, t := range b.types {
		if !t.HasValidation || t.Pkg == nil {
			continue
		}
		n := t.Go.Name.Name
		fix := fmt.Sprintf("rename it: validation-gen writes Validate_%s and ValidateAt_%s for type %s, which has validation", n, n, n)
		taken(t.Pkg, "Validate_"+n, fix)
		taken(t.Pkg, "ValidateAt_"+n, fix)
	}
	for _, p := range b.pkgs {
		if p.SchemeRegistry != "" {
			taken(p, "RegisterValidations", "rename it, or set +k8s:validation-gen-scheme-registry=nil so that no RegisterValidations is generated")
		}
	}
}

// checkFields rejects, in the types the generated code reads, what it
// could not apply or compile: instances of generic types (their tags and
// the validation of their type arguments), values JSON cannot encode,
// validation behind a pointer to a pointer, and a field's listType that
// contradicts its type's.
func (b *builder) checkFields() {
	for _, t := range b.types {
		if !t.HasValidation && !t.Root {
			continue
		}
		if t.Go.Kind != types.Struct && t.Go.GoType != nil {
			if g := gotype.GenericInstance(t.Go.GoType.Underlying(), t.Go.Name.Package); g != "" {
				b.errs = append(b.errs, &markers.Error{Pos: t.Pos,
					Msg: fmt.Sprintf("type %s holds %s, an instance of a generic type: validation-gen generates no code for generic types, so it could neither check nor compare its values, and %s has validation", t.Go.Name.Name, g, t.Go.Name.Name),
					Fix: fmt.Sprintf("declare a non-generic type with the fields of %s and use it in %s", g, t.Go.Name.Name)})
			}
		}
		for _, f := range t.Fields {
			if what := gotype.Unencodable(f.Go); what != "" {
				b.errs = append(b.errs, &markers.Error{Pos: f.Pos,
					Msg: fmt.Sprintf("field %s.%s holds %s, which JSON cannot encode (encoding/json fails on the whole object), and %s has validation that would compare it", t.Go.Name.Name, f.GoName, what, t.Go.Name.Name),
					Fix: "tag the field json:\"-\" so that it is not part of the API, or give it a type JSON can encode"})
				continue
			}
			if gotype.MultiPointer(f.Go) && (ChecksSomething(f.Rules) || valueNeeds(f.Go, b.lookupAny)) {
				b.errs = append(b.errs, &markers.Error{Pos: f.Pos,
					Msg: fmt.Sprintf("field %s.%s holds a pointer to a pointer (%s), which validation-gen does not validate through, and it has validation", t.Go.Name.Name, f.GoName, gotype.TypeString(f.Go)),
					Fix: "use a single pointer (JSON reads both the same way)"})
				continue
			}
			b.checkListTypeConflict(t, f)
			if f.Generic == "" {
				continue
			}
			b.errs = append(b.errs, &markers.Error{Pos: f.Pos,
				Msg: fmt.Sprintf("field %s.%s holds %s, an instance of a generic type: validation-gen generates no code for generic types, so it could neither check nor compare this field, and %s has validation", t.Go.Name.Name, f.GoName, f.Generic, t.Go.Name.Name),
				Fix: fmt.Sprintf("declare a non-generic type with the fields of %s and use it for the field", f.Generic)})
		}
	}
}

// checkRegistryRoots makes sure that every root type registered by the
// generated RegisterValidations has the methods its registry's
// AddValidationFunc needs (runtime.Object's, for runtime.Scheme): else the
// generated file would not compile.
func (b *builder) checkRegistryRoots() {
	for _, t := range b.types {
		if !t.Root || !t.HasValidation || t.Pkg == nil || t.Pkg.SchemeRegistry == "" || t.Go.GoType == nil {
			continue
		}
		needs := b.l.RegistryNeeds(t.Pkg.SchemeRegistry)
		if len(needs) == 0 {
			continue
		}
		missing := b.l.MethodsMissing(t.Go, needs)
		if len(missing) == 0 {
			continue
		}
		b.errs = append(b.errs, &markers.Error{Pos: t.Pos,
			Msg: fmt.Sprintf("root type %s is registered with %s by the generated RegisterValidations, whose AddValidationFunc needs *%s to have %s; it has not", t.Go.Name.Name, t.Pkg.SchemeRegistry, t.Go.Name.Name, strings.Join(missing, " and ")),
			Fix: "generate its deep copies first (deepcopy-gen, or controller-gen object) and embed metav1.TypeMeta, or write +k8s:validation-gen-scheme-registry=nil for no RegisterValidations"})
	}
}

// lookupAny is the model type of a named type of the run or of a readonly
// package, or nil.
func (b *builder) lookupAny(t *types.Type) *Type {
	if mt := b.types[t.Name]; mt != nil {
		return mt
	}
	return b.external[t.Name]
}

// checkListTypeConflict rejects a field's listType that says otherwise
// than the listType of the field's list type: the Go validator would check
// both, and a CRD can hold only one.
func (b *builder) checkListTypeConflict(t *Type, f *Field) {
	var own *ListType
	for _, r := range f.Rules {
		if lt, ok := r.(ListType); ok {
			own = &lt
		}
	}
	if own == nil {
		return
	}
	ft := b.lookupAny(f.Go)
	if ft == nil {
		return
	}
	for _, r := range ft.Rules {
		lt, ok := r.(ListType)
		if !ok {
			continue
		}
		say := func(x ListType) string {
			s := "listType=" + x.Kind
			for _, k := range x.Keys {
				s += " listMapKey=" + k.JSONName
			}
			return s
		}
		b.errs = append(b.errs, &markers.Error{Pos: own.Pos, Tag: own.Tag,
			Msg: fmt.Sprintf("field %s.%s says %s, and its type %s says %s (%s): a list's type is said once, and Kubernetes' generator refuses it on both", t.Go.Name.Name, f.GoName, say(*own), ft.Go.Name.Name, say(lt), lt.Pos),
			Fix: "remove the field's list tags: the type's apply to the field"})
	}
}
