package kubebuilder

import (
	"encoding/json"
	"fmt"
	"go/token"
	gotypes "go/types"
	"reflect"
	"slices"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/dialect"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

const metaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// QuantityPattern is the pattern controller-gen gives every Quantity,
// which its canonical string always matches.
const QuantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

type builder struct {
	l    *source.Loaded
	opts Options
	errs []error
	// stack are the named types being described, to stop at recursion;
	// unstacked is a kind's type while its own schema begins, which
	// controller-gen does not count as being described (recursion).
	stack     []types.Name
	unstacked types.Name
	// named caches the schema of each named type.
	named map[types.Name]*apiextv1.JSONSchemaProps
	// embeddedRules are the CEL rules a struct's embedded structs bring,
	// the last embedded first, which its schema lists after its own
	// (embeddedRulesLast).
	embeddedRules map[types.Name][]apiextv1.ValidationRule
	// folded are those rules as controller-gen joined them before v0.16.
	folded map[types.Name]foldedRules
	// positions and path record where each property of the kind being
	// built comes from.
	positions map[string]token.Position
	// written records the property paths of the kind being built that
	// encoding/json writes whatever the value (Kind.Written).
	written map[string]bool
	path    []string
	// traces are what each named type's schema recorded in positions and
	// written, below the type, replayed where the cached schema is used
	// again (the same type below another kind, or another field);
	// tracing are the traces being recorded, innermost last.
	traces  map[types.Name]*trace
	tracing []*trace
	// fields are where every field described is declared.
	fields map[Field]token.Position
	// rules are where each CEL rule's XValidation markers are written.
	rules map[string][]RuleMarker
	// cgMinor is the minor version of the controller-gen matched.
	cgMinor int
	// pkgLines are packageLines' answers, by package.
	pkgLines map[string][]markers.Line
	// reported keeps an error of a type of another package, described
	// once per kind but reported once.
	reported map[string]bool
}

func (b *builder) errorf(pos token.Position, tag, fix, format string, args ...any) {
	key := fmt.Sprintf("%s\x00%s\x00"+format, append([]any{pos, tag}, args...)...)
	if b.reported == nil {
		b.reported = map[string]bool{}
	}
	if b.reported[key] {
		return
	}
	b.reported[key] = true
	b.errs = append(b.errs, &markers.Error{Pos: pos, Tag: tag, Msg: fmt.Sprintf(format, args...), Fix: fix})
}

// rootSchema is a kind's schema: its type's, with metadata an object of
// any fields (the server's), as controller-gen writes it.
func (b *builder) rootSchema(t *types.Type) apiextv1.JSONSchemaProps {
	b.unstacked = t.Name
	s := b.namedSchema(t, token.Position{})
	b.unstacked = types.Name{} // if the schema was known already
	if f, ok := b.folded[t.Name]; ok {
		// Before v0.16 as well: the kind's own rules, then those of the
		// structs it embeds.
		s.XValidations, s.AllOf = foldRules(append([][]apiextv1.ValidationRule{f.own}, f.embedded...), slices.Clone(s.AllOf[:f.allOf]))
	} else if emb := b.embeddedRules[t.Name]; len(emb) > 0 {
		// controller-gen flattens the kind's embedded structs into the
		// kind itself, not into a field that refers to it: their rules
		// come before the kind's own.
		own := s.XValidations[:len(s.XValidations)-len(emb)]
		s.XValidations = append(slices.Clone(emb), own...)
	}
	if _, ok := s.Properties["metadata"]; ok {
		s.Properties["metadata"] = apiextv1.JSONSchemaProps{Type: "object"}
	}
	return s
}

// schemaOf is the schema of a value of Go type t, at a place with no
// markers of its own.
func (b *builder) schemaOf(t *types.Type, pos token.Position) apiextv1.JSONSchemaProps {
	switch t.Kind {
	case types.Pointer:
		if t.Name.Package != "" {
			// A named pointer type (type P *int32): its doc and markers
			// describe it, as controller-gen's reference to it does.
			return b.namedSchema(t, pos)
		}
		return b.schemaOf(t.Elem, pos)
	case types.Builtin:
		return b.builtin(t, pos)
	case types.Slice, types.Array:
		if t.Name.Package == "" || t.Kind == types.Array {
			if e := gotype.Resolve(t.Elem); t.Kind == types.Slice && e.Kind == types.Builtin && (e.Name.Name == "byte" || e.Name.Name == "uint8") {
				return apiextv1.JSONSchemaProps{Type: "string", Format: "byte"}
			}
			leave := b.enter("items")
			items := b.schemaOf(t.Elem, pos)
			leave()
			return apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}
		}
	case types.Map:
		if t.Name.Package == "" {
			b.checkMapKeys(t, pos)
			leave := b.enter("additionalProperties")
			vals := b.schemaOf(t.Elem, pos)
			leave()
			return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &vals}}
		}
	case types.Interface:
		b.errorf(pos, "", "mark the field +kubebuilder:validation:Schemaless (with +kubebuilder:validation:Type and +kubebuilder:pruning:PreserveUnknownFields as needed), or give it a concrete type",
			"%s has no schema: an interface can hold any value", gotype.TypeString(t))
		return apiextv1.JSONSchemaProps{}
	case types.Struct:
		if t.Name.Package == "" {
			b.errorf(pos, "", "declare a named struct type for the field", "an anonymous struct has no schema in controller-gen's dialect")
			return apiextv1.JSONSchemaProps{Type: "object"}
		}
	}
	if t.Name.Package != "" {
		return b.namedSchema(t, pos)
	}
	b.errorf(pos, "", "use a string, number, bool, struct, list or map", "%s has no JSON schema", gotype.TypeString(t))
	return apiextv1.JSONSchemaProps{}
}

// checkMapKeys reports a map whose keys JSON cannot hold. A key of a type
// that writes itself as text is a string in JSON: controller-gen accepts
// it since v0.22, without a schema for the keys, as encoding/json writes
// it.
func (b *builder) checkMapKeys(t *types.Type, pos token.Position) {
	k := gotype.Resolve(t.Key)
	if k.Kind == types.Builtin && k.Name.Name == "string" || TextKey(t.Key) {
		return
	}
	why := "encoding/json cannot write them (JSON object keys are strings)"
	if k.Kind == types.Builtin && gotype.BuiltinKind(k.Name.Name) == "int" {
		// encoding/json writes integer keys as decimal text;
		// controller-gen refuses them all the same (VPA's
		// map[int]uint32, whose CRD it writes while failing).
		why = "controller-gen refuses them too (\"map keys must be strings\"), though encoding/json writes them as decimal text"
	}
	b.errorf(pos, "", "use a map with string keys, or keys of a type with a MarshalText method; or keep the Go type and give the field its schema by markers alone: +kubebuilder:validation:Schemaless, +kubebuilder:validation:Type=object and +kubebuilder:pruning:PreserveUnknownFields above it",
		"map keys of %s must be strings or implement encoding.TextMarshaler: %s", gotype.TypeString(t), why)
}

func (b *builder) builtin(t *types.Type, pos token.Position) apiextv1.JSONSchemaProps {
	switch gotype.BuiltinKind(t.Name.Name) {
	case "string":
		return apiextv1.JSONSchemaProps{Type: "string"}
	case "bool":
		return apiextv1.JSONSchemaProps{Type: "boolean"}
	case "float":
		return apiextv1.JSONSchemaProps{Type: "number"}
	}
	switch t.Name.Name {
	case "int32", "uint32":
		return apiextv1.JSONSchemaProps{Type: "integer", Format: "int32"}
	case "int64", "uint64":
		return apiextv1.JSONSchemaProps{Type: "integer", Format: "int64"}
	}
	return apiextv1.JSONSchemaProps{Type: "integer"}
}

// known are the types whose schema controller-gen fixes rather than
// builds from their Go declaration.
func (b *builder) known(t *types.Type) (apiextv1.JSONSchemaProps, bool) {
	intOrString := apiextv1.JSONSchemaProps{XIntOrString: true, AnyOf: []apiextv1.JSONSchemaProps{{Type: "integer"}, {Type: "string"}}}
	switch t.Name.Package + "." + t.Name.Name {
	case metaV1 + ".Time", metaV1 + ".MicroTime":
		return apiextv1.JSONSchemaProps{Type: "string", Format: "date-time"}, true
	case metaV1 + ".Duration":
		return apiextv1.JSONSchemaProps{Type: "string"}, true
	case metaV1 + ".Fields":
		return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true}}, true
	case metaV1 + ".ObjectMeta":
		if !b.opts.EmbeddedObjectMeta {
			return apiextv1.JSONSchemaProps{Type: "object"}, true
		}
		strMap := apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &apiextv1.JSONSchemaProps{Type: "string"}}}
		return apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{
			"annotations": strMap, "labels": strMap,
			"finalizers": {Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &apiextv1.JSONSchemaProps{Type: "string"}}},
			"name":       {Type: "string"}, "namespace": {Type: "string"},
		}}, true
	case "k8s.io/apimachinery/pkg/util/intstr.IntOrString":
		return intOrString, true
	case "k8s.io/api/core/v1.Protocol":
		if b.cgMinor < 16 {
			// Before v0.16 controller-gen wrote corev1.Protocol as a
			// known type with its default, in place of its +default
			// marker, which it did not read (fluent-operator's ports).
			return apiextv1.JSONSchemaProps{Type: "string", Default: &apiextv1.JSON{Raw: []byte(`"TCP"`)}}, true
		}
	case "k8s.io/apimachinery/pkg/api/resource.Quantity":
		intOrString.Pattern = QuantityPattern
		return intOrString, true
	case "k8s.io/apimachinery/pkg/runtime.RawExtension":
		return apiextv1.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptrTo(true)}, true
	case "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured":
		return apiextv1.JSONSchemaProps{Type: "object"}, true
	case "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON", "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1.JSON":
		return apiextv1.JSONSchemaProps{XPreserveUnknownFields: ptrTo(true)}, true
	}
	return apiextv1.JSONSchemaProps{}, false
}

// namedSchema is the schema of a named type: its structure, its doc
// comment as description, then its own markers.
func (b *builder) namedSchema(t *types.Type, pos token.Position) apiextv1.JSONSchemaProps {
	if s, ok := b.known(t); ok {
		return s
	}
	if s, ok := b.named[t.Name]; ok {
		b.replay(b.traces[t.Name])
		return *s.DeepCopy()
	}
	if slices.Contains(b.stack, t.Name) {
		// A type that contains itself: controller-gen describes it down to
		// where it recurs and writes an empty schema there (its
		// flattener's placeholder for a type being flattened), to which
		// the field that refers to it adds its own markers. The API
		// server rejects such a node unless those give it a type or keep
		// unknown fields: the CRD's check says so at the field, from what
		// is recorded here.
		b.record(RecursionElem(gotype.TypeString(t)), pos, false)
		return apiextv1.JSONSchemaProps{}
	}
	if b.unstacked == t.Name {
		// A kind's type, which controller-gen flattens without marking
		// it: where it recurs, it is described once more.
		b.unstacked = types.Name{}
	} else {
		b.stack = append(b.stack, t.Name)
		defer func() { b.stack = b.stack[:len(b.stack)-1] }()
	}
	tr := &trace{depth: len(b.path), positions: map[string]token.Position{}, written: map[string]bool{}}
	b.traces[t.Name] = tr
	b.tracing = append(b.tracing, tr)
	defer func() { b.tracing = b.tracing[:len(b.tracing)-1] }()
	lines, tpos := b.typeLines(t.Name.Package, t.Name.Name)
	if tpos.IsValid() {
		pos = tpos
	}
	ms, errs := dialect.ControllerGenMarkers(lines, markers.CGOnType, b.own(t.Name.Package), b.cgMinor)
	b.errs = append(b.errs, errs...)
	var s apiextv1.JSONSchemaProps
	switch {
	case hasMethod(t, "MarshalJSON") && markerType(ms) != "":
		// A type that writes its own JSON says what it writes with
		// +kubebuilder:validation:Type: the markers alone describe it.
		s = b.apply(apiextv1.JSONSchemaProps{}, ms, pos)
		b.named[t.Name] = s.DeepCopy()
		return s
	case hasMethod(t, "MarshalText"):
		s = b.apply(apiextv1.JSONSchemaProps{Type: "string"}, ms, pos)
		if s.Type != "string" {
			b.errorf(pos, "", "remove +kubebuilder:validation:Type: the type encodes itself as a JSON string (MarshalText)", "type %s is a string in JSON, not %s", gotype.TypeString(t), s.Type)
		}
		b.named[t.Name] = s.DeepCopy()
		return s
	}
	if base, ok := b.l.DeclaredAs(t.Name.Package, t.Name.Name); ok {
		// type A B: controller-gen describes A as a reference to B with
		// A's own markers, which its flattening merges as a field's are
		// merged with its type's (B's markers hold for A too).
		s = b.withOwn(b.namedSchema(base, pos), b.l.TypeDescription(t.Name.Package, t.Name.Name, b.descriptions()), ms, pos)
		b.named[t.Name] = s.DeepCopy()
		return s
	}
	var embedded []apiextv1.ValidationRule
	var inlined []apiextv1.JSONSchemaProps
	switch t.Kind {
	case types.Struct:
		s, inlined = b.structSchema(t, pos)
	case types.Alias:
		u := t.Underlying
		if u.Name.Package == "" || u.Kind == types.Builtin {
			// A defined type of an unnamed shape (type L []T, type S
			// string): the shape is described here.
			c := *u
			c.Name = types.Name{Name: u.Name.Name}
			s = b.schemaOf(&c, pos)
		} else {
			s = b.schemaOf(u, pos)
		}
	default:
		c := *t
		c.Name = types.Name{}
		s = b.schemaOf(&c, pos)
	}
	s.Description = b.l.TypeDescription(t.Name.Package, t.Name.Name, b.descriptions())
	if m := marker(ms, "k8s:enum"); m != nil {
		b.k8sEnum(&s, t, m)
	}
	s = b.apply(s, ms, pos)
	if t.Kind == types.Struct {
		// The embedded structs are merged after the type's own markers,
		// as controller-gen flattens them into the struct's schema with
		// those: a keyword both set alike is kept once (since v0.22 for
		// minProperties and maxProperties), else both under allOf
		// (kgateway's AccessLogFilter and the FilterType it embeds).
		s, embedded = b.mergeInlined(s, inlined, pos)
	}
	switch {
	case len(embedded) > 0 && b.cgMinor < 16:
		// Before v0.16 controller-gen flattened CEL rules as any other
		// keyword: the embedded structs' rules, in their order, then the
		// type's own, each set where none is, else both under allOf.
		var parts [][]apiextv1.ValidationRule
		for _, in := range inlined {
			parts = append(parts, in.XValidations)
		}
		b.folded[t.Name] = foldedRules{allOf: len(s.AllOf), own: s.XValidations, embedded: parts}
		s.XValidations, s.AllOf = foldRules(append(parts, s.XValidations), s.AllOf)
	case len(embedded) > 0:
		s.XValidations = append(s.XValidations, embedded...)
		b.embeddedRules[t.Name] = embedded
	}
	b.named[t.Name] = s.DeepCopy()
	return s
}

// foldedRules are the CEL rules of a struct and of the structs it embeds
// that foldRules joined (before v0.16), and where in the struct's allOf
// it began: a kind's own come first (rootSchema).
type foldedRules struct {
	allOf    int
	own      []apiextv1.ValidationRule
	embedded [][]apiextv1.ValidationRule
}

// foldRules is controller-gen's flattening, before v0.16, of the CEL
// rules of several schemas into one, in order: the rules of the first
// that has any are kept; the next that has any joins them under allOf, as
// two entries, and the next after is kept again (v15's fixture: two
// embedded structs' rules under allOf and the struct's own kept).
func foldRules(parts [][]apiextv1.ValidationRule, allOf []apiextv1.JSONSchemaProps) ([]apiextv1.ValidationRule, []apiextv1.JSONSchemaProps) {
	var kept []apiextv1.ValidationRule
	for _, p := range parts {
		switch {
		case len(p) == 0:
		case len(kept) == 0:
			kept = p
		default:
			allOf = append(allOf, apiextv1.JSONSchemaProps{XValidations: kept}, apiextv1.JSONSchemaProps{XValidations: p})
			kept = nil
		}
	}
	return kept, allOf
}

func markerType(ms []*markers.CGMarker) string {
	for _, m := range ms {
		if m.Def.Name == "kubebuilder:validation:Type" && !m.Items {
			return m.Str
		}
	}
	return ""
}

// TextKey reports whether encoding/json writes a map key of type k by its
// MarshalText (a key of a string kind it writes as it is, even with one).
func TextKey(k *types.Type) bool {
	r := gotype.Resolve(k)
	return (r.Kind != types.Builtin || r.Name.Name != "string") && hasMethod(k, "MarshalText")
}

// hasMethod reports whether a named type or a pointer to it has a method.
func hasMethod(t *types.Type, name string) bool {
	if t.GoType != nil {
		ms := gotypes.NewMethodSet(gotypes.NewPointer(t.GoType))
		for i := range ms.Len() {
			if ms.At(i).Obj().Name() == name {
				return true
			}
		}
		return false
	}
	_, ok := t.Methods[name]
	return ok
}

// structSchema describes a struct's own fields, and its required list as
// controller-gen decides it; the schemas of its embedded structs are
// returned apart, for mergeInlined.
func (b *builder) structSchema(t *types.Type, pos token.Position) (apiextv1.JSONSchemaProps, []apiextv1.JSONSchemaProps) {
	s := apiextv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextv1.JSONSchemaProps{}}
	var inlined []apiextv1.JSONSchemaProps
	var immutable []string
	optionalByDefault := b.packageOptional(t.Name.Package)
	for _, m := range t.Members {
		if b.opts.IgnoreUnexportedFields && !m.Embedded && !token.IsExported(m.Name) {
			continue
		}
		lines, fpos := b.l.AnyFieldLines(t.Name.Package, t.Name.Name, m.Name)
		if !fpos.IsValid() {
			fpos = pos
		}
		b.fields[Field{t.Name, m.Name}] = fpos
		tag, hasTag := reflect.StructTag(m.Tags).Lookup("json")
		if !hasTag {
			b.errorf(fpos, "", `give the field a json tag (json:"name" or json:",inline")`,
				"field %s.%s has no json tag, so its JSON name is not declared", t.Name.Name, m.Name)
			continue
		}
		if tag == "-" {
			continue
		}
		parts := strings.Split(tag, ",")
		name, opts := parts[0], parts[1:]
		inline := name == "" || slices.Contains(opts, "inline")
		// controller-gen (from v0.22) reads omitzero as omitempty: either
		// lets the JSON leave the field out.
		omitEmpty := slices.Contains(opts, "omitempty") || b.cgMinor >= 22 && slices.Contains(opts, "omitzero")
		ms, errs := dialect.ControllerGenMarkers(lines, markers.CGOnField, b.own(t.Name.Package), b.cgMinor)
		b.errs = append(b.errs, errs...)
		if b.own(t.Name.Package) && gotype.Quoted(m, gotype.FieldType(t, m.Name)) != "" && marker(ms, "kubebuilder:validation:Type") == nil {
			b.errs = append(b.errs, &markers.Warning{Kind: markers.JSONString, Pos: fpos,
				Msg:  fmt.Sprintf("field %s.%s is tagged json:\",string\", so encoding/json writes it as a JSON string, while its schema says a number or bool: the API server rejects every object that sets it", t.Name.Name, m.Name),
				Does: "reads the Go type and not the option, and writes the same schema",
				Fix:  "drop ,string from the json tag, or add +kubebuilder:validation:Type=string so that the CRD says what clients send"})
		}
		if inline {
			// The embedded field's own markers hold for the struct it
			// is flattened into, its rules before the embedded type's,
			// as controller-gen applies them.
			if hasMarker(ms, "kubebuilder:validation:Schemaless") {
				// Nothing of the embedded struct, its markers alone
				// (kruise's SidecarContainer embeds a corev1.Container
				// so, with PreserveUnknownFields).
				inlined = append(inlined, b.apply(apiextv1.JSONSchemaProps{}, ms, fpos))
				continue
			}
			in := b.schemaOf(gotype.RealType(m.Type, gotype.FieldType(t, m.Name)), fpos)
			if len(ms) > 0 {
				in = b.withOwn(in, "", ms, fpos)
			}
			inlined = append(inlined, in)
			continue
		}
		leave := b.enter("properties[" + name + "]")
		b.record("", fpos, !gotype.MayOmit(m, gotype.FieldType(t, m.Name)))
		fs := b.fieldSchema(t, m, ms, fpos)
		leave()
		s.Properties[name] = fs
		if b.required(ms, optionalByDefault, omitEmpty, fpos) {
			s.Required = append(s.Required, name)
		}
		if marker(ms, "k8s:immutable") != nil {
			immutable = append(immutable, name)
		}
	}
	// An optional immutable field may not be cleared either: the field's
	// own rule does not run when the new object leaves it out, so
	// controller-gen adds one to the struct.
	for _, name := range immutable {
		if !slices.Contains(s.Required, name) {
			s.XValidations = append(s.XValidations, apiextv1.ValidationRule{
				Rule:    fmt.Sprintf("!has(oldSelf.%s) || has(self.%s)", name, name),
				Message: fmt.Sprintf("field %s is immutable once set", name),
			})
		}
	}
	slices.Sort(s.Required)
	s.Required = slices.Compact(s.Required)
	return s, inlined
}

// mergeInlined flattens the schemas of a struct's embedded structs into
// s, the struct's: their fields, required lists, rules and map types are
// the struct's; their docs are not. Their CEL rules are returned apart,
// the last embedded first (embeddedRulesLast).
func (b *builder) mergeInlined(s apiextv1.JSONSchemaProps, inlined []apiextv1.JSONSchemaProps, pos token.Position) (apiextv1.JSONSchemaProps, []apiextv1.ValidationRule) {
	embedded := embeddedRulesLast(inlined)
	for _, in := range inlined {
		in.Description, in.Title, in.Example, in.ExternalDocs = "", "", nil, nil
		in.XValidations = nil
		// A property both declare keeps the embedded struct's docs, even
		// none: controller-gen flattens the embedded struct's allOf into
		// the struct, its side last (prometheus-operator's
		// ProbeSpec.Authorization).
		for name, p := range in.Properties {
			if own, ok := s.Properties[name]; ok {
				own.Description, own.Title, own.Example, own.ExternalDocs = p.Description, p.Title, p.Example, p.ExternalDocs
				s.Properties[name] = own
			}
		}
		s = b.merge(in, s, pos)
	}
	slices.Sort(s.Required)
	s.Required = slices.Compact(s.Required)
	return s, embedded
}

// embeddedRulesLast are the CEL rules of a struct's embedded structs in
// the order controller-gen's flattening leaves them: each embedded
// struct's rules go before those flattened earlier, and all of them after
// the struct's own (its immutable fields' rules, then its type's
// markers'), since a struct reached through a field is flattened into
// that field's schema, which starts empty. prometheus-operator's
// PrometheusAgentSpec lists its 12 rules before the one of the
// CommonPrometheusFields it embeds.
func embeddedRulesLast(inlined []apiextv1.JSONSchemaProps) []apiextv1.ValidationRule {
	var out []apiextv1.ValidationRule
	for i := len(inlined) - 1; i >= 0; i-- {
		out = append(out, inlined[i].XValidations...)
	}
	return out
}

// presence are the markers that say whether a field is required, in
// the order controller-gen decides by: the first of them written on a
// field wins; +optional and +k8s:optional are one step, and so are
// +required and +k8s:required.
var presence = [][]string{
	{"kubebuilder:validation:Optional"}, {"kubebuilder:validation:Required"},
	{"optional", "k8s:optional"}, {"required", "k8s:required"},
}

// required is controller-gen's decision: a field's own marker, else the
// package's default, where a field is required unless omitempty. A
// field that says both is a warning: controller-gen takes the first
// step of presence without a word.
func (b *builder) required(ms []*markers.CGMarker, optionalByDefault, omitEmpty bool, pos token.Position) bool {
	if b.cgMinor < 16 {
		return b.requiredBefore16(ms, optionalByDefault, omitEmpty)
	}
	var said []*markers.CGMarker
	for _, step := range presence {
		for _, name := range step {
			if m := marker(ms, name); m != nil {
				said = append(said, m)
			}
		}
	}
	if len(said) == 0 {
		return !optionalByDefault && !omitEmpty
	}
	req := strings.HasSuffix(said[0].Def.Name, "Required") || strings.HasSuffix(said[0].Def.Name, "required")
	for _, m := range said[1:] {
		if other := strings.HasSuffix(m.Def.Name, "Required") || strings.HasSuffix(m.Def.Name, "required"); other != req {
			word := map[bool]string{true: "required", false: "optional"}
			b.errs = append(b.errs, &markers.Warning{Kind: markers.RequiredOptional, Pos: m.Pos, Tag: m.Text,
				Msg:  fmt.Sprintf("the field is marked both +%s and +%s", said[0].Text, m.Text),
				Does: fmt.Sprintf("takes +%s (its order: +kubebuilder:validation:Optional, +kubebuilder:validation:Required, +optional or +k8s:optional, +required or +k8s:required), so the field is %s (here too)", said[0].Text, word[req]),
				Fix:  "delete the line of the one you do not mean"})
			break
		}
	}
	return req
}

// requiredBefore16 is controller-gen v0.14's and v0.15's decision, by the package's
// default first: where fields are optional by default, a field is
// required with +kubebuilder:validation:Required; else unless it has
// omitempty, +kubebuilder:validation:Optional or +optional. Where v0.16's
// decision (a field's own marker first) differs, the marker they pass
// over is warned of.
func (b *builder) requiredBefore16(ms []*markers.CGMarker, optionalByDefault, omitEmpty bool) bool {
	req := marker(ms, "kubebuilder:validation:Required")
	opt := marker(ms, "kubebuilder:validation:Optional")
	if opt == nil {
		opt = marker(ms, "optional")
	}
	var is bool
	var by string
	if optionalByDefault {
		is, by = req != nil, "the package's fields are optional by default (+kubebuilder:validation:Optional on the package), and controller-gen before v0.16 then reads +kubebuilder:validation:Required alone"
	} else {
		is, by = !omitEmpty && opt == nil, "the package's fields are required by default, and controller-gen before v0.16 then makes a field optional by omitempty, +kubebuilder:validation:Optional or +optional alone"
	}
	// v0.16's decision: the field's first marker in this order.
	var said *markers.CGMarker
	for _, name := range []string{"kubebuilder:validation:Optional", "kubebuilder:validation:Required", "optional"} {
		if said = marker(ms, name); said != nil {
			break
		}
	}
	if said != nil && (said == req) != is {
		word := map[bool]string{true: "required", false: "optional"}
		b.errs = append(b.errs, &markers.Warning{Kind: markers.MisplacedMarker, Pos: said.Pos, Tag: said.Text,
			Msg:  by,
			Does: fmt.Sprintf("v0.%d passes this marker over, so the field is %s (here too, following that version; v0.16 and later make it %s)", b.cgMinor, word[is], word[!is]),
			Fix:  fmt.Sprintf("make the field's presence what v0.%d reads: omitempty in the json tag, or the package's default; or follow v0.16 or later (--controller-gen-version)", b.cgMinor)})
	}
	return is
}

func marker(ms []*markers.CGMarker, name string) *markers.CGMarker {
	for _, m := range ms {
		if m.Def.Name == name && !m.Items {
			return m
		}
	}
	return nil
}

// packageOptional reports whether a package says its fields are
// optional unless marked required (+kubebuilder:validation:Optional in
// its package comment).
func (b *builder) packageOptional(pkg string) bool {
	for _, l := range b.packageLines(pkg) {
		if strings.TrimSpace(l.Text) == "+kubebuilder:validation:Optional" {
			return true
		}
	}
	return false
}

// packageLines are the lines of a package's markers: its package comment,
// and the package's own markers written in the block a blank line above a
// type (packageOnly), which controller-gen's collector moves to the
// package (nginx's +kubebuilder:validation:Optional above its kinds).
func (b *builder) packageLines(pkg string) []markers.Line {
	if lines, ok := b.pkgLines[pkg]; ok {
		return lines
	}
	lines := b.l.PackageLines(pkg)
	if lines == nil {
		lines = b.l.AnyPackageLines(pkg)
	}
	var moved []markers.Line
	for _, name := range b.l.AnyTypeNames(pkg) {
		typeLines, _, docLine := b.l.AnyTypeLines(pkg, name)
		for _, l := range typeLines {
			if movedToPackage(l, docLine) {
				moved = append(moved, l)
			}
		}
	}
	if len(moved) > 0 {
		lines = append(slices.Clone(lines), moved...)
	}
	b.pkgLines[pkg] = lines
	return lines
}

// typeLines are the comment lines of a type's markers, less the package's
// own in the block above its doc comment (packageLines).
func (b *builder) typeLines(pkg, name string) ([]markers.Line, token.Position) {
	lines, pos, docLine := b.l.AnyTypeLines(pkg, name)
	moved := func(l markers.Line) bool { return movedToPackage(l, docLine) }
	if !slices.ContainsFunc(lines, moved) {
		return lines, pos
	}
	return slices.DeleteFunc(slices.Clone(lines), moved), pos
}

// movedToPackage reports a line of a type's marker block, above its doc
// comment (docLine), that controller-gen's collector moves to the package.
func movedToPackage(l markers.Line, docLine int) bool {
	return l.Pos.Line < docLine && packageOnly(l.Text)
}

// packageOnly reports a marker controller-gen reads on a package alone
// (its crd generator's: +groupName, +versionName, +kubebuilder:skip, and
// the package's default presence), which its collector moves from a type's
// marker block, outside the doc comment, to the package.
func packageOnly(text string) bool {
	name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(text), "+"), "=")
	switch strings.TrimSpace(name) {
	case "groupName", "versionName", "kubebuilder:skip", "kubebuilder:validation:Optional", "kubebuilder:validation:Required":
		return true
	}
	return false
}

// descriptions is how the version followed writes doc comments as
// descriptions: before v0.16 with every line kept.
func (b *builder) descriptions() source.DescriptionStyle {
	if b.cgMinor < 16 {
		return source.Kept
	}
	return source.Stripped
}

// aliasIgnored reports an alias whose doc and markers controller-gen
// does not read where a field names it: an alias of a named type named in
// its own package (to go/types, that type) and, before v0.17, named from
// any package: v0.16 loads packages with aliases resolved (Go's
// gotypesalias=0), so q.X is the type X aliases, where v0.17 and later
// describe q.X by its own doc and markers (a rule on Owner = Reference, in
// declaredas/conds).
func (b *builder) aliasIgnored(a source.Alias) bool {
	return a.Ignored || b.cgMinor < 17 && !a.OfBuiltin
}

// ignoredAliasMarkers warns of the markers of an alias controller-gen
// reads none of (aliasIgnored): they describe nothing.
func (b *builder) ignoredAliasMarkers(a source.Alias) {
	am, _ := dialect.ControllerGenMarkers(a.Lines, markers.CGOnType, b.own(a.Pkg), b.cgMinor)
	msg := fmt.Sprintf("%s is an alias of a named type, which its package's fields name as that type", a.Name)
	does := "reads no marker of the alias, so nothing checks it (nor here)"
	fix := fmt.Sprintf("put the marker on the aliased type or on the fields that use %s, or declare %s as a type of its own (without =)", a.Name, a.Name)
	switch {
	case !a.Ignored:
		msg = fmt.Sprintf("%s is an alias of a named type, which controller-gen before v0.17 reads as that type", a.Name)
		does = fmt.Sprintf("v0.%d reads no marker of the alias, so nothing checks it (nor here, following that version)", b.cgMinor)
		fix = fmt.Sprintf("put the marker on the aliased type or on the fields that use %s, or declare %s as a type of its own (without =); --controller-gen-version=v0.17.0 or later applies it, as those versions do", a.Name, a.Name)
	case b.cgMinor >= 20:
		// gateway-api v1.2.1's aliases, under nginx-gateway-fabric.
		does = "reads no marker of the alias into the schema, so nothing checks it (nor here), and from v0.20 may stop with an error or panic on it (controller-tools issue 1289)"
	}
	for _, m := range am {
		b.errs = append(b.errs, &markers.Warning{Kind: markers.MisplacedMarker, Pos: m.Pos, Tag: m.Text, Msg: msg, Does: does, Fix: fix})
	}
}

// aliasFieldSchema is the schema of a field whose type names an alias
// (type X = T) controller-gen describes by the alias's own doc and
// markers, as it describes a named type: T's schema with them, merged
// with the field's as any named type's; or, where the field's type names
// X inside lists and maps ([]X, map[string]X, map[string][]X; cilium's
// MatchLabelsValue), the schema of the items or values there.
func (b *builder) aliasFieldSchema(ft *types.Type, a source.Alias, doc string, ms []*markers.CGMarker, pos token.Position) apiextv1.JSONSchemaProps {
	am, errs := dialect.ControllerGenMarkers(a.Lines, markers.CGOnType, b.own(a.Pkg), b.cgMinor)
	b.errs = append(b.errs, errs...)
	desc := a.Description
	if b.descriptions() == source.Kept {
		desc = a.DescriptionKept
	}
	alias := func(t *types.Type) apiextv1.JSONSchemaProps {
		if t.Kind == types.Pointer && t.Name.Package == "" {
			t = t.Elem
		}
		if a.OfBuiltin {
			s := b.schemaOf(t, a.Pos)
			s.Description = desc
			return b.apply(s, am, a.Pos)
		}
		return b.withOwn(b.schemaOf(t, a.Pos), desc, am, a.Pos)
	}
	if a.Shape == "" {
		return b.withOwn(alias(ft), doc, ms, pos)
	}
	// at is the schema of t, whose type names the alias where shape's
	// steps lead.
	var at func(t *types.Type, shape string) apiextv1.JSONSchemaProps
	at = func(t *types.Type, shape string) apiextv1.JSONSchemaProps {
		if t.Kind == types.Pointer && t.Name.Package == "" {
			t = t.Elem
		}
		switch {
		case shape == "":
			return alias(t)
		case shape[0] == 'S' && t.Kind == types.Slice && t.Name.Package == "":
			leave := b.enter("items")
			items := at(t.Elem, shape[1:])
			leave()
			return apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &items}}
		case shape[0] == 'M' && t.Kind == types.Map && t.Name.Package == "":
			b.checkMapKeys(t, pos)
			leave := b.enter("additionalProperties")
			vals := at(t.Elem, shape[1:])
			leave()
			return apiextv1.JSONSchemaProps{Type: "object", AdditionalProperties: &apiextv1.JSONSchemaPropsOrBool{Allows: true, Schema: &vals}}
		}
		return b.schemaOf(t, pos) // a type the steps do not describe
	}
	s := at(ft, a.Shape)
	s.Description = doc
	return b.apply(s, ms, pos)
}

// withOwn is a named type's schema where it is used (by a field, an
// embedded field, a type declared as it): the type's schema merged with
// the description and markers written there, as controller-gen merges
// them (merge).
func (b *builder) withOwn(typeSide apiextv1.JSONSchemaProps, desc string, ms []*markers.CGMarker, pos token.Position) apiextv1.JSONSchemaProps {
	return b.merge(typeSide, b.apply(apiextv1.JSONSchemaProps{Description: desc}, ms, pos), pos)
}

// fieldSchema is a field's schema: its type's, merged with its own doc
// and markers as controller-gen merges them (merge).
func (b *builder) fieldSchema(parent *types.Type, m types.Member, ms []*markers.CGMarker, pos token.Position) apiextv1.JSONSchemaProps {
	doc := b.l.FieldDescription(parent.Name.Package, parent.Name.Name, m.Name, b.descriptions())
	if hasMarker(ms, "kubebuilder:validation:Schemaless") {
		return b.apply(apiextv1.JSONSchemaProps{Description: doc}, ms, pos)
	}
	ft := gotype.RealType(m.Type, gotype.FieldType(parent, m.Name))
	if a, ok := b.l.FieldAlias(parent.Name.Package, parent.Name.Name, m.Name); ok && !b.aliasIgnored(a) {
		return b.aliasFieldSchema(ft, a, doc, ms, pos)
	} else if ok {
		b.ignoredAliasMarkers(a)
	}
	named := ft
	if named.Kind == types.Pointer && named.Name.Package == "" {
		named = named.Elem
	}
	if named.Name.Package == "" || named.Kind == types.Builtin {
		s := b.schemaOf(ft, pos)
		s.Description = doc
		return b.apply(s, ms, pos)
	}
	typeSide := b.schemaOf(named, pos)
	fieldSide := b.apply(apiextv1.JSONSchemaProps{Description: doc}, ms, pos)
	if b.cgMinor >= 23 && named.Name.Package == parent.Name.Package && marker(ms, "k8s:required") != nil && !hasMarker(ms, "kubebuilder:validation:MinProperties") {
		// controller-gen (v0.23) knows a named type of the field's own
		// package when it applies +k8s:required: a string or list of it
		// may not be empty (minLength, minItems), where a type of another
		// package, a reference then, gets minProperties.
		one := ptrTo(int64(1))
		switch typeSide.Type {
		case "string":
			fieldSide.MinProperties = nil
			if fieldSide.MinLength == nil && typeSide.MinLength == nil {
				fieldSide.MinLength = one
			}
		case "array":
			fieldSide.MinProperties = nil
			if fieldSide.MinItems == nil && typeSide.MinItems == nil {
				fieldSide.MinItems = one
			}
		}
	}
	return b.merge(typeSide, fieldSide, pos)
}

func hasMarker(ms []*markers.CGMarker, name string) bool {
	for _, m := range ms {
		if m.Def.Name == name {
			return true
		}
	}
	return false
}

// RuleElem ends the Positions key (path.RuleElem(key)) that says which
// XValidation marker wrote the rule of RuleKey key at path (no server
// path ends so): the same rule may be written on several types.
func RuleElem(key string) string { return "(rule " + key + ")" }

// RecursionElem ends the Positions key (path.RecursionElem(type)) that
// says the node at path is where type recurs, described by an empty
// schema as controller-gen describes it; its position is the type's
// reference there.
func RecursionElem(typeName string) string { return "(recursion " + typeName + ")" }

// Recursion reports the type that recurs at the node at path, if one
// does (RecursionElem); the first by name, should several be recorded.
func Recursion(positions map[string]token.Position, path string) (string, bool) {
	prefix := RecursionElem("")
	if path != "" {
		prefix = path + "." + prefix
	}
	prefix = strings.TrimSuffix(prefix, ")")
	var names []string
	for k := range positions {
		if name, ok := strings.CutPrefix(k, prefix); ok && strings.HasSuffix(name, ")") {
			names = append(names, strings.TrimSuffix(name, ")"))
		}
	}
	if len(names) == 0 {
		return "", false
	}
	return slices.Min(names), true
}

// trace is what a named type's schema recorded below the type: the
// positions and the always-written properties, by path from the type.
type trace struct {
	depth     int // len(builder.path) where the type's schema began
	positions map[string]token.Position
	written   map[string]bool
}

// record records, at the current path (and below it, a path of its own
// when below is not ""), where the property comes from and whether
// encoding/json always writes it: in the kind being built, and in the
// traces of the named types being described, for their next use.
func (b *builder) record(below string, pos token.Position, written bool) {
	at := func(depth int) string {
		path := strings.Join(b.path[depth:], ".")
		switch {
		case below == "":
			return path
		case path == "":
			return below
		}
		return path + "." + below
	}
	if b.positions != nil {
		b.positions[at(0)] = pos
	}
	if written && b.written != nil {
		b.written[at(0)] = true
	}
	for _, tr := range b.tracing {
		rel := at(tr.depth)
		tr.positions[rel] = pos
		if written {
			tr.written[rel] = true
		}
	}
}

// replay records a named type's trace below the current path, where its
// cached schema is used.
func (b *builder) replay(tr *trace) {
	if tr == nil {
		return
	}
	for rel, pos := range tr.positions {
		b.record(rel, pos, tr.written[rel])
	}
}

func (b *builder) enter(elem string) func() {
	b.path = append(b.path, elem)
	return func() { b.path = b.path[:len(b.path)-1] }
}

func ptrTo[T any](v T) *T { return &v }

// own reports whether a package is one of the run's.
func (b *builder) own(pkg string) bool {
	return slices.Contains(b.l.Requested, pkg)
}

// k8sEnum is +k8s:enum on a string type, as controller-gen reads it: the
// string constants of the type in its own package, sorted as JSON, are
// its enum.
func (b *builder) k8sEnum(s *apiextv1.JSONSchemaProps, t *types.Type, m *markers.CGMarker) {
	if u := gotype.Resolve(t); u.Kind != types.Builtin || gotype.BuiltinKind(u.Name.Name) != "string" {
		b.errorf(m.Pos, m.Text, "write +k8s:enum on a string type only, or delete the line",
			"enum type must be a string, not %s", gotype.TypeString(t))
		return
	}
	var raw []string
	for _, v := range b.l.StringConsts(t.Name.Package, t.Name.Name) {
		j, _ := json.Marshal(v)
		raw = append(raw, string(j))
	}
	if len(raw) == 0 {
		b.errorf(m.Pos, m.Text, fmt.Sprintf(`declare its values as constants of the type: const X %s = "x"`, t.Name.Name),
			"no enum values found for type %s", t.Name.Name)
		return
	}
	slices.Sort(raw)
	s.Type, s.Enum = "string", nil
	for _, r := range raw {
		s.Enum = append(s.Enum, apiextv1.JSON{Raw: []byte(r)})
	}
}
