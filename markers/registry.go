// Package markers is the one registry of the +k8s: comment tags that
// validation-gen understands. Every check of a tag's placement and payload
// happens here, once, and every error carries the file and line of the tag.
// The tag reference printed by --docs is generated from the same registry.
package markers

import (
	"sort"
	"strings"

	"k8s.io/gengo/v2/codetags"
)

// Prefix is the comment prefix of every tag in the registry.
const Prefix = "+k8s:"

// Scope is a place a tag can be written.
type Scope uint16

const (
	ScopeType    Scope = 1 << iota // on a type definition
	ScopeField                     // on a struct field
	ScopeListVal                   // on list elements, through eachVal
	ScopeMapKey                    // on map keys, through eachKey
	ScopeMapVal                    // on map values, through eachVal
	ScopePackage                   // in a package's doc.go
	ScopeConst                     // on a constant
)

var scopeNames = []struct {
	s    Scope
	code string
	name string
}{
	{ScopeType, "T", "type definition"},
	{ScopeField, "F", "struct field"},
	{ScopeListVal, "LV", "list element"},
	{ScopeMapKey, "MK", "map key"},
	{ScopeMapVal, "MV", "map value"},
	{ScopePackage, "P", "package (doc.go)"},
	{ScopeConst, "C", "constant"},
}

// Codes is the short form used in the tag reference, e.g. "T F LV".
func (s Scope) Codes() string {
	var out []string
	for _, n := range scopeNames {
		if s&n.s != 0 {
			out = append(out, n.code)
		}
	}
	return strings.Join(out, " ")
}

// String names the scopes in words.
func (s Scope) String() string {
	var out []string
	for _, n := range scopeNames {
		if s&n.s != 0 {
			out = append(out, n.name)
		}
	}
	return strings.Join(out, ", ")
}

// Kind classifies the Go type a tag is written on, after typedefs are
// resolved and, where the tag allows it, one pointer is stripped.
type Kind uint16

const (
	KindString Kind = 1 << iota
	KindBool
	KindInt
	KindFloat
	KindStruct
	KindSlice
	KindMap
	KindPointer // a pointer the tag does not look through (e.g. required on *T)
	KindOther   // interfaces, funcs, channels
)

// KindAny is every kind.
const KindAny = KindString | KindBool | KindInt | KindFloat | KindStruct | KindSlice | KindMap | KindPointer | KindOther

var kindNames = []struct {
	k    Kind
	name string
}{
	{KindString, "string"}, {KindBool, "bool"}, {KindInt, "integer"}, {KindFloat, "float"},
	{KindStruct, "struct"}, {KindSlice, "slice"}, {KindMap, "map"}, {KindPointer, "pointer"},
	{KindOther, "interface/func/chan"},
}

func (k Kind) String() string {
	if k == KindAny {
		return "any"
	}
	var out []string
	for _, n := range kindNames {
		if k&n.k != 0 {
			out = append(out, n.name)
		}
	}
	return strings.Join(out, ", ")
}

// Payload is what a tag takes after "=".
type Payload int

const (
	PayloadNone       Payload = iota // +k8s:optional
	PayloadInt                       // +k8s:minimum=0
	PayloadNonNegInt                 // +k8s:maxLength=10
	PayloadChoice                    // +k8s:format=k8s-ip (one of Choices)
	PayloadString                    // +k8s:listMapKey=name
	PayloadFieldValue                // +k8s:neq="x": a literal of the field's type
	PayloadTag                       // +k8s:eachVal=+k8s:minimum=1
	PayloadRaw                       // package tags whose values are not codetags values
	// PayloadOptionalString is a message or nothing: +k8s:validateFalse="x".
	PayloadOptionalString
)

// Arg describes one argument a tag takes in parentheses.
type Arg struct {
	Name     string // "" for the positional argument
	Type     codetags.ArgType
	Required bool
	Doc      string
}

// Definition is one entry of the registry.
type Definition struct {
	Name   string
	Scopes Scope
	// Kinds the value at the tagged place may have. Pointer says whether
	// the tag also fits a pointer to one of those kinds.
	Kinds   Kind
	Pointer bool
	// NotKindDoc overrides the description of Kinds in docs and errors.
	KindsDoc string
	Args     []Arg
	Payload  Payload
	Choices  []string
	// ChoiceAliases are names users write for a choice, by what they
	// mean (the check's own name, a sibling tool's format): an error names
	// the choice.
	ChoiceAliases map[string]string
	// Repeatable tags may be written more than once at one place.
	Repeatable bool
	// Summary is one line for the reference; Check and Errors say what the
	// generated code checks and reports.
	Summary string
	Check   string
	Errors  string
	Example string
	// Implemented is false for tags of the contract that this version parses
	// and places but cannot generate yet; using one is an error that says so.
	Implemented bool
}

// ArgsDoc renders the argument list of the tag for docs.
func (d *Definition) ArgsDoc() string {
	if len(d.Args) == 0 {
		return ""
	}
	var parts []string
	for _, a := range d.Args {
		p := string(a.Type)
		if a.Name != "" {
			p = a.Name + ": " + p
		}
		if !a.Required {
			p += "?"
		}
		parts = append(parts, p)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// PayloadDoc renders the payload for docs.
func (d *Definition) PayloadDoc() string {
	switch d.Payload {
	case PayloadInt:
		return "=<integer>"
	case PayloadNonNegInt:
		return "=<integer ≥ 0>"
	case PayloadChoice:
		return "=" + strings.Join(d.Choices, "|")
	case PayloadString:
		return "=<string>"
	case PayloadFieldValue:
		return "=<value of the field's type>"
	case PayloadTag:
		return "=+<tag>"
	case PayloadRaw:
		return "=<value>"
	case PayloadOptionalString:
		return "[=<string>]"
	}
	return ""
}

// KindDoc describes the Go kinds a tag fits.
func (d *Definition) KindDoc() string {
	if d.KindsDoc != "" {
		return d.KindsDoc
	}
	s := d.Kinds.String()
	if d.Pointer {
		s += " (pointer ok)"
	}
	return s
}

// Registry holds the definitions by name.
type Registry struct {
	defs map[string]*Definition
}

// Lookup finds a definition by tag name (without the +k8s: prefix).
func (r *Registry) Lookup(name string) (*Definition, bool) {
	d, ok := r.defs[name]
	return d, ok
}

// All returns the definitions sorted by name.
func (r *Registry) All() []*Definition {
	out := make([]*Definition, 0, len(r.defs))
	for _, d := range r.defs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (r *Registry) add(d *Definition) {
	if _, dup := r.defs[d.Name]; dup {
		panic("markers: duplicate definition " + d.Name)
	}
	r.defs[d.Name] = d
}

const (
	scopeValue  = ScopeType | ScopeField | ScopeListVal | ScopeMapKey | ScopeMapVal
	kindsScalar = KindString | KindBool | KindInt | KindFloat
)

// Default is the registry of every tag validation-gen knows.
var Default = newDefault()

func newDefault() *Registry {
	r := &Registry{defs: map[string]*Definition{}}
	presence := KindAny &^ KindStruct
	r.add(&Definition{
		Name: "optional", Scopes: ScopeField, Kinds: presence, Pointer: true,
		KindsDoc: "any but a non-pointer struct",
		Summary:  "The field may be unset.",
		Check:    "An unset value (zero, nil or empty) stops every other check of the field.",
		Errors:   "none", Example: "+k8s:optional", Implemented: true,
	})
	r.add(&Definition{
		Name: "required", Scopes: ScopeField, Kinds: presence, Pointer: true,
		KindsDoc: "any but a non-pointer struct",
		Summary:  "The field must be set.",
		Check:    "The value is not zero, the pointer not nil, the slice or map not empty; when unset no other check of the field runs.",
		Errors:   "Required", Example: "+k8s:required", Implemented: true,
	})
	r.add(&Definition{
		Name: "forbidden", Scopes: ScopeField, Kinds: presence, Pointer: true,
		KindsDoc: "any but a non-pointer struct",
		Summary:  "The field must not be set.",
		Check:    "The value must be unset; when unset no other check of the field runs.",
		Errors:   "Forbidden", Example: "+k8s:forbidden", Implemented: true,
	})
	r.add(&Definition{
		Name: "minimum", Scopes: scopeValue, Kinds: KindInt, Pointer: true,
		Payload: PayloadInt,
		Summary: "Smallest allowed value.",
		Check:   "v >= n; the integer must fit the field's type.",
		Errors:  "Invalid / minimum", Example: "+k8s:minimum=0", Implemented: true,
	})
	r.add(&Definition{
		Name: "maximum", Scopes: scopeValue, Kinds: KindInt, Pointer: true,
		Payload: PayloadInt,
		Summary: "Largest allowed value.",
		Check:   "v <= n; the integer must fit the field's type.",
		Errors:  "Invalid / maximum", Example: "+k8s:maximum=65535", Implemented: true,
	})
	r.add(&Definition{
		Name: "minLength", Scopes: scopeValue, Kinds: KindString, Pointer: true,
		Payload: PayloadNonNegInt,
		Summary: "Shortest allowed string, in characters (runes).",
		Check:   "rune count >= n",
		Errors:  "TooShort / minLength", Example: "+k8s:minLength=1", Implemented: true,
	})
	r.add(&Definition{
		Name: "maxLength", Scopes: scopeValue, Kinds: KindString, Pointer: true,
		Payload: PayloadNonNegInt,
		Summary: "Longest allowed string, in characters (runes).",
		Check:   "rune count <= n",
		Errors:  "TooLong / maxLength", Example: "+k8s:maxLength=63", Implemented: true,
	})
	r.add(&Definition{
		Name: "maxBytes", Scopes: scopeValue, Kinds: KindString, Pointer: true,
		Payload: PayloadNonNegInt,
		Summary: "Longest allowed string, in bytes of its UTF-8 encoding.",
		Check:   "byte length <= n",
		Errors:  "TooLong / maxBytes", Example: "+k8s:maxBytes=256", Implemented: true,
	})
	r.add(&Definition{
		Name: "immutable", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindAny, Pointer: true,
		Summary: "The value may not change on update.",
		Check:   "On update, a value that differs from the old one (set, cleared or modified) is an error, and no other check of it runs. Without an old value to compare with (a new item, a new parent), every update is an error.",
		Errors:  "Invalid / immutable", Example: "+k8s:immutable", Implemented: true,
	})
	r.add(&Definition{
		Name: "update", Scopes: ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindAny, Pointer: true,
		Payload: PayloadChoice, Choices: []string{"NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"},
		Repeatable: true,
		Summary:    "How an update may change the value; repeat for several constraints.",
		Check: "On update: NoSet, an unset value may not be set; NoUnset, a set value may not be cleared; NoModify, a set value may not change to another set value; " +
			"NoAddItem and NoRemoveItem (lists with listType=set or map, and maps), no item may be added or removed. Unset is zero, nil or empty. " +
			"On list items and map values only NoModify applies. A reported constraint stops the other checks of the value.",
		Errors: "Invalid / update; Forbidden / update (NoAddItem at the item, NoRemoveItem at the list or the map key)", Example: "+k8s:update=NoModify", Implemented: true,
	})
	r.add(&Definition{
		Name: "monotonic", Scopes: ScopeType | ScopeField, Kinds: KindInt, Pointer: true,
		Summary: "An integer that may not decrease on update.",
		Check:   "On update, when both the old and the new value are set, new >= old.",
		Errors:  "Invalid / monotonic", Example: "+k8s:monotonic", Implemented: true,
	})
	r.add(&Definition{
		Name: "maxItems", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindSlice,
		Payload: PayloadNonNegInt,
		Summary: "Most items a list may hold.",
		Check:   "len <= n; a list with too many items gets no other check.",
		Errors:  "TooMany / maxItems", Example: "+k8s:maxItems=16", Implemented: true,
	})
	r.add(&Definition{
		Name: "minItems", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindSlice,
		Payload: PayloadNonNegInt,
		Summary: "Fewest items a list may hold.",
		Check:   "len >= n; an unset (empty) list has 0 items, so pair it with +k8s:optional to allow that.",
		Errors:  "TooFew / minItems", Example: "+k8s:minItems=1", Implemented: true,
	})
	r.add(&Definition{
		Name: "minProperties", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindMap,
		Payload: PayloadNonNegInt,
		Summary: "Fewest entries a map may hold.",
		Check:   "len >= n; an unset (empty) map has 0 entries, so pair it with +k8s:optional to allow that.",
		Errors:  "TooFew / minProperties", Example: "+k8s:minProperties=1", Implemented: true,
	})
	r.add(&Definition{
		Name: "maxProperties", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindMap,
		Payload: PayloadNonNegInt,
		Summary: "Most entries a map may hold.",
		Check:   "len <= n; a map with too many entries gets no other check.",
		Errors:  "TooMany / maxProperties", Example: "+k8s:maxProperties=32", Implemented: true,
	})
	r.add(&Definition{
		Name: "format", Scopes: scopeValue, Kinds: KindString, Pointer: true,
		Payload: PayloadChoice, Choices: []string{
			"k8s-extended-resource-name", "k8s-ip", "k8s-label-key", "k8s-label-value", "k8s-long-name",
			"k8s-long-name-caseless", "k8s-path-segment-name", "k8s-prefixed-label-key",
			"k8s-resource-fully-qualified-name", "k8s-resource-pool-name", "k8s-short-name", "k8s-uuid",
		},
		// apimachinery's check functions and the OpenAPI formats by the
		// same rule (a CRD's hostname is a DNS-1123 subdomain).
		ChoiceAliases: map[string]string{
			"dns-label": "k8s-short-name", "dns1123-label": "k8s-short-name", "dns-1123-label": "k8s-short-name", "dns1123label": "k8s-short-name",
			"dns-subdomain": "k8s-long-name", "dns1123-subdomain": "k8s-long-name", "dns-1123-subdomain": "k8s-long-name", "dns1123subdomain": "k8s-long-name", "hostname": "k8s-long-name",
			"ip": "k8s-ip", "ipv4": "k8s-ip", "ipv6": "k8s-ip", "uuid": "k8s-uuid",
			"label-key": "k8s-label-key", "qualified-name": "k8s-label-key", "label-value": "k8s-label-value",
		},
		Summary: "A well-known string format.",
		Check: "k8s-extended-resource-name: a domain-prefixed name (example.com/my-prop) outside kubernetes.io, not starting with requests., and a label key once requests. is put in front; " +
			"k8s-ip: an IPv4 (octets may have leading zeros) or IPv6 address; " +
			"k8s-label-key: a name of at most 63 characters (alphanumeric at both ends; '-', '_', '.' inside), optionally after a DNS-1123 subdomain and '/'; " +
			"k8s-label-value: empty, or such a name; " +
			"k8s-long-name: a DNS-1123 subdomain (at most 253 characters); " +
			"k8s-long-name-caseless (deprecated): a DNS-1123 subdomain in which upper case is allowed; " +
			"k8s-path-segment-name: not . or .., no '/' or '%' (no length limit, may be empty); " +
			"k8s-prefixed-label-key: a label key with its prefix; " +
			"k8s-resource-fully-qualified-name: a DNS-1123 subdomain of at most 63 characters, '/', a C identifier of at most 32 (as in Kubernetes, a value with two or more '/' is not checked); " +
			"k8s-resource-pool-name: DNS-1123 subdomains separated by '/', at most 253 characters in all; " +
			"k8s-short-name: a DNS-1123 label (at most 63 characters); " +
			"k8s-uuid: a lower-case UUID, 8-4-4-4-12 hexadecimal digits.",
		Errors: "Invalid / format=<name> (k8s-resource-pool-name and k8s-resource-fully-qualified-name: TooLong too)", Example: "+k8s:format=k8s-short-name", Implemented: true,
	})
	r.add(&Definition{
		Name: "enum", Scopes: ScopeType, Kinds: KindString,
		KindsDoc: "string typedef",
		Summary:  "The value is one of the typedef's constants.",
		Check:    "The value equals one of the constants of the type declared in its package.",
		Errors:   "NotSupported", Example: "+k8s:enum", Implemented: true,
	})
	r.add(&Definition{
		Name: "enumExclude", Scopes: ScopeConst, Kinds: KindString,
		KindsDoc: "constant of a +k8s:enum type",
		Summary:  "The constant is not a value of its enum type; under +k8s:ifEnabled/+k8s:ifDisabled, only while the option is (not) enabled.",
		Check:    "Left out of the enum's values, or (under an option) left out when the option has that state; an undefined option is an InternalError, as in Kubernetes. In a CRD, options are resolved with --crd-options.",
		Errors:   "NotSupported (the supported values without the excluded ones)", Example: "+k8s:enumExclude", Implemented: true,
	})
	r.add(&Definition{
		Name: "neq", Scopes: scopeValue, Kinds: KindString | KindBool | KindInt, Pointer: true,
		Payload: PayloadFieldValue,
		Summary: "A value the field must not have.",
		Check:   "v != x",
		Errors:  "Invalid / neq", Example: `+k8s:neq="default"`, Implemented: true,
	})
	r.add(&Definition{
		Name: "eachKey", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindMap,
		Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag to every key of a map.",
		Check:   "The chained tag on every key.",
		Errors:  "the chained tag's", Example: "+k8s:eachKey=+k8s:format=k8s-short-name", Implemented: true,
	})
	r.add(&Definition{
		Name: "eachVal", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindSlice | KindMap,
		Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag to every element of a list or value of a map.",
		Check:   "The chained tag on every element, at [i], or value, at [key].",
		Errors:  "the chained tag's", Example: "+k8s:eachVal=+k8s:minimum=1", Implemented: true,
	})
	r.add(&Definition{
		Name: "subfield", Scopes: ScopeType | ScopeField | ScopeListVal | ScopeMapVal, Kinds: KindStruct, Pointer: true,
		Args:    []Arg{{Type: codetags.ArgTypeString, Required: true, Doc: "JSON name of the sub-field"}},
		Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag to one field of a struct, from outside the struct.",
		Check:   "The chained tag on that field, at .<json-name>.",
		Errors:  "the chained tag's", Example: `+k8s:subfield("name")=+k8s:format=k8s-short-name`, Implemented: true,
	})
	r.add(&Definition{
		Name: "opaqueType", Scopes: ScopeField | ScopeListVal | ScopeMapKey | ScopeMapVal, Kinds: KindAny, Pointer: true,
		Summary: "Do not descend into the referenced type's own validations.",
		Check:   "Only the tags written at this place are checked; the type's own validation functions are not called. Also allows types from packages outside the run.",
		Errors:  "none", Example: "+k8s:opaqueType", Implemented: true,
	})
	r.add(&Definition{
		Name: "customValidation", Scopes: ScopeType | ScopeField, Kinds: KindAny, Pointer: true,
		Summary: "Call a handwritten function of the generated package: ValidateCustom_<Type>_<GoField> for a field, ValidateCustom_<Type> for a type.",
		Check: "The function is called as func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue V) field.ErrorList, " +
			"V being the value's type if a pointer, list, map or interface, else a pointer to it; a field's function is not called again on an update that left the field unchanged. " +
			"A missing or mistyped function, and a ValidateCustom_ function no tag calls, are generation errors. It has no CRD form.",
		Errors: "the function's, marked with the tag's level", Example: "+k8s:customValidation", Implemented: true,
	})
	r.add(&Definition{
		Name: "listType", Scopes: ScopeType | ScopeField, Kinds: KindSlice,
		Payload: PayloadChoice, Choices: []string{"atomic", "set", "map"},
		Summary: "How a list is merged and what makes its items unique.",
		Check:   "set: items are unique; map: items are unique by their listMapKey fields.",
		Errors:  "Duplicate at the later [j]", Example: "+k8s:listType=map", Implemented: true,
	})
	r.add(&Definition{
		Name: "unique", Scopes: ScopeType | ScopeField, Kinds: KindSlice,
		Payload: PayloadChoice, Choices: []string{"set", "map"},
		Summary: "Items of a listType=atomic list are unique: by value (set) or by their listMapKey fields (map).",
		Check:   "As listType=set or map checks and correlates the items, while the list stays atomic for server-side apply.",
		Errors:  "Duplicate at the later [j]", Example: "+k8s:unique=map", Implemented: true,
	})
	r.add(&Definition{
		Name: "customUnique", Scopes: ScopeType | ScopeField, Kinds: KindSlice,
		Payload: PayloadNone,
		Summary: "The uniqueness of a set or map list is checked by handwritten code, not generated.",
		Check:   "No Duplicate check; items are still correlated as the list type says.",
		Errors:  "none", Example: "+k8s:customUnique", Implemented: true,
	})
	r.add(&Definition{
		Name: "listMapKey", Scopes: ScopeType | ScopeField, Kinds: KindSlice,
		KindsDoc: "slice of struct",
		Payload:  PayloadString, Repeatable: true,
		Summary: "A field (JSON name) of the key of a listType=map list; repeat for composite keys.",
		Check:   "Part of the list-map key.",
		Errors:  "none", Example: "+k8s:listMapKey=name", Implemented: true,
	})
	r.add(&Definition{
		Name: "item", Scopes: ScopeField, Kinds: KindSlice,
		KindsDoc: "listType=map slice",
		Args:     []Arg{{Name: "<listMapKey>", Type: "string|int|bool", Required: true, Doc: "one per list-map key"}},
		Payload:  PayloadTag, Repeatable: true,
		Summary: "Apply a tag to the list-map item whose keys match.",
		Check:   "The chained tag on the matching item, at [i].",
		Errors:  "the chained tag's", Example: `+k8s:item(name: "primary")=+k8s:subfield("port")=+k8s:minimum=1`, Implemented: true,
	})
	unionArgs := []Arg{
		{Name: "union", Type: codetags.ArgTypeString, Doc: "the union's name, when a struct has more than one"},
		{Name: "memberName", Type: codetags.ArgTypeString, Doc: "the member's name (default: its JSON name)"},
	}
	r.add(&Definition{
		Name: "unionMember", Scopes: ScopeField | ScopeListVal, Kinds: KindAny, Pointer: true,
		KindsDoc: "pointer, slice, map or scalar field; any list-map item (via item)",
		Args:     unionArgs,
		Summary:  "A member of a union: exactly one member is set.",
		Check:    "Exactly one member of the union is set.",
		Errors:   "Invalid / union at the struct", Example: "+k8s:unionMember", Implemented: true,
	})
	r.add(&Definition{
		Name: "unionDiscriminator", Scopes: ScopeField, Kinds: KindString,
		Args:    unionArgs[:1],
		Summary: "The field that names the union's set member.",
		Check:   "The set member is the one the discriminator names.",
		Errors:  "Invalid / union at the member", Example: "+k8s:unionDiscriminator", Implemented: true,
	})
	r.add(&Definition{
		Name: "zeroOrOneOfMember", Scopes: ScopeField | ScopeListVal, Kinds: KindAny, Pointer: true,
		KindsDoc: "pointer, slice, map or scalar field; any list-map item (via item)",
		Args:     unionArgs,
		Summary:  "A member of a group of which at most one is set.",
		Check:    "At most one member is set.",
		Errors:   "Invalid / zeroOrOneOf at the struct", Example: "+k8s:zeroOrOneOfMember", Implemented: true,
	})
	for _, forbidden := range []bool{false, true} {
		name, must, errs := "dependentRequired", "must also be set", "Required / dependentRequired at the sibling"
		if forbidden {
			name, must, errs = "dependentForbidden", "must not be set", "Forbidden / dependentForbidden at the sibling"
		}
		r.add(&Definition{
			Name: name, Scopes: ScopeField,
			Kinds:      KindString | KindBool | KindInt | KindFloat | KindSlice | KindMap | KindPointer,
			KindsDoc:   "pointer, slice, map or scalar field (naming such a sibling)",
			Args:       []Arg{{Type: codetags.ArgTypeString, Required: true, Doc: "the JSON name of a sibling field"}},
			Repeatable: true,
			Summary:    "When this field is set, the named sibling field " + must + ".",
			Check: "A check of the struct: when this field is set (a non-nil pointer, a non-empty list or map, a non-zero scalar), the sibling " + must +
				". On update it is not checked again while neither field changed from set to unset or back. Also under +k8s:ifEnabled/+k8s:ifDisabled.",
			Errors:  errs,
			Example: `+k8s:` + name + `("schedule")`, Implemented: true,
		})
	}
	modality := Arg{Name: "modality", Type: codetags.ArgTypeString, Doc: "the modality (a letter, then letters, digits and _), when a struct has more than one discriminator"}
	r.add(&Definition{
		Name: "modeDiscriminator", Scopes: ScopeField, Kinds: KindString | KindBool,
		KindsDoc: "non-pointer string or bool",
		Args:     []Arg{modality},
		Summary:  "The field whose value is the mode of its modality: the +k8s:ifMode tags of the struct's fields apply by it.",
		Check:    "Nothing by itself; an absent discriminator is its zero value (\"\" or false).",
		Errors:   "none", Example: "+k8s:modeDiscriminator", Implemented: true,
	})
	r.add(&Definition{
		Name: "ifMode", Scopes: ScopeField, Kinds: KindAny &^ KindStruct, Pointer: true,
		KindsDoc: "any field but a non-pointer struct (make it a pointer)",
		Args: []Arg{{Type: "string|bool", Doc: "the mode (or mode:)"}, modality,
			{Name: "mode", Type: "string|bool", Doc: "the mode, named"}},
		Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag only in one mode: when the discriminator of the modality holds that value. " +
			"Supported chains: required, optional, forbidden, minimum, maximum, minLength, maxLength, maxBytes, format, neq, minItems, maxItems, minProperties, maxProperties, eachKey, behind alpha/beta and ifEnabled/ifDisabled (not eachVal, which Kubernetes' generator never applies in a mode).",
		Check: "At the struct, per field: in a mode the field has tags for, those tags, in the order Kubernetes runs them " +
			"(by the name of the outermost tag, then as written; required, optional, forbidden, maxItems and maxProperties stop the tags after the last of them); " +
			"in any other mode the field must be unset. An update that changes neither the discriminator nor the field is not checked again.",
		Errors:  "the chained tags' (none marked short-circuiting); Forbidden when set in another mode, at the field, marked with the level of its +k8s:ifMode tags when they all have the same",
		Example: `+k8s:ifMode("Limited")=+k8s:required`, Implemented: true,
	})
	for _, level := range []string{"alpha", "beta"} {
		enforced := "never enforced by Kubernetes 1.37 (handwritten validation stays authoritative); runtime.Migration drops them"
		if level == "beta" {
			enforced = "enforced by Kubernetes 1.37 unless the DeclarativeValidationBeta gate is off; runtime.Migration follows that gate"
		}
		r.add(&Definition{
			Name: level, Scopes: scopeValue, Kinds: KindAny, Pointer: true,
			Args:    []Arg{{Name: "since", Type: codetags.ArgTypeString, Doc: "the Kubernetes version (<major>.<minor>) that added the validation"}},
			Payload: PayloadTag, Repeatable: true,
			Summary: "Mark the chained tag's validation as " + level + " (rolling out): its errors carry that stability level.",
			Check:   "The chained tag, unchanged; its errors are marked " + level + " (field.Error.MarkAlpha/MarkBeta), " + enforced + ".",
			Errors:  "the chained tag's, marked " + level,
			Example: `+k8s:` + level + `(since: "1.36")=+k8s:maxItems=16`, Implemented: true,
		})
	}
	optArg := []Arg{{Type: codetags.ArgTypeString, Required: true, Doc: "the option name"}}
	r.add(&Definition{
		Name: "ifEnabled", Scopes: scopeValue | ScopeConst, Kinds: KindAny, Pointer: true,
		Args: optArg, Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag only when an option is enabled.",
		Check:   "The chained tag, when op.Options[option] is true.",
		Errors:  "the chained tag's; InternalError when the caller did not define the option",
		Example: `+k8s:ifEnabled("MyFeature")=+k8s:required`, Implemented: true,
	})
	r.add(&Definition{
		Name: "ifDisabled", Scopes: scopeValue | ScopeConst, Kinds: KindAny, Pointer: true,
		Args: optArg, Payload: PayloadTag, Repeatable: true,
		Summary: "Apply a tag only when an option is disabled.",
		Check:   "The chained tag, when op.Options[option] is false.",
		Errors:  "the chained tag's; InternalError when the caller did not define the option",
		Example: `+k8s:ifDisabled("MyFeature")=+k8s:forbidden`, Implemented: true,
	})
	r.add(&Definition{
		Name: "rule", Scopes: ScopeType | ScopeField, Kinds: KindAny, Pointer: true,
		KindsDoc: "any struct type or field",
		Args: []Arg{
			{Name: "rule", Type: codetags.ArgTypeString, Required: true, Doc: "the CEL expression; self is the value, oldSelf the old one"},
			{Name: "message", Type: codetags.ArgTypeString, Doc: "the error detail"},
			{Name: "messageExpression", Type: codetags.ArgTypeString, Doc: "a CEL expression that gives the error detail"},
			{Name: "reason", Type: codetags.ArgTypeString, Doc: "FieldValueInvalid (default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate"},
			{Name: "fieldPath", Type: codetags.ArgTypeString, Doc: "where the error is reported, below the value (e.g. .spec.replicas)"},
			{Name: "optionalOldSelf", Type: codetags.ArgTypeBool, Doc: "run a transition rule on create too, with oldSelf an optional"},
		},
		Repeatable: true,
		Summary:    "A CEL rule, with the API server's semantics (x-kubernetes-validations). Also read from +kubebuilder:validation:XValidation.",
		Check:      "The rule holds; a transition rule (oldSelf) only on update, when the old value exists, unless optionalOldSelf. Checked at generation time with the server's CEL environment and cost limits.",
		Errors:     "the reason's type (Invalid by default), at the value or fieldPath",
		Example:    `+k8s:rule(rule: "self.min <= self.max", message: "min must not exceed max")`, Implemented: true,
	})
	r.add(&Definition{
		Name: "supportsSubresource", Scopes: ScopePackage | ScopeType, Kinds: KindAny,
		Payload: PayloadString, Repeatable: true,
		Summary: "The root validation also serves this subresource (in doc.go: for every root type of the package).",
		Check:   "RegisterValidations accepts the root and these subresource paths; any other gets an InternalError.",
		Errors:  `InternalError "no validation found"`, Example: `+k8s:supportsSubresource="/status"`, Implemented: true,
	})
	r.add(&Definition{
		Name: "isSubresource", Scopes: ScopePackage | ScopeType, Kinds: KindAny,
		Payload: PayloadString,
		Summary: "This package's (or type's) validation serves only that subresource.",
		Check:   "Validations registered from this package serve only that subresource path, never the root.",
		Errors:  `InternalError "no validation found" for any other path`, Example: `+k8s:isSubresource="/scale"`, Implemented: true,
	})
	r.add(&Definition{
		Name: "validation-gen", Scopes: ScopePackage | ScopeType, Kinds: KindAny,
		Payload: PayloadRaw, Repeatable: true,
		Summary: "In doc.go: which types get a Validate_<Type> entry point: *, TypesWithField=<Field>, TypesWithSuffix=<suffix> (repeatable: any criterion selects), or false for none. On a type: true or false opts it in or out.",
		Check:   "Selected types (never list types embedding ListMeta) and every type they reach that has validations get a function.",
		Errors:  "none", Example: "+k8s:validation-gen=TypesWithField=TypeMeta", Implemented: true,
	})
	r.add(&Definition{
		Name: "validation-gen-input", Scopes: ScopePackage, Kinds: KindAny,
		Payload: PayloadRaw,
		Summary: "The types live in another package; the validators are written here.",
		Check:   "Types are read from the named import path.",
		Errors:  "none", Example: "+k8s:validation-gen-input=example.com/api/v1", Implemented: true,
	})
	r.add(&Definition{
		// Kubernetes' generator lints its own API style (every validated
		// field has a presence tag; non-stable tags behind alpha/beta);
		// packages and types written for it may turn that off. It reads
		// only the tag's name (parseNoLint), so a note may follow it.
		Name: NoLint, Scopes: ScopePackage | ScopeType, Kinds: KindAny,
		Payload: PayloadNone,
		Summary: "Turns off the Kubernetes generator's API-style lint, for the package (doc.go) or for a type and what it holds (in the type's doc comment); a note may follow after a space, as in k8s.io/api. Accepted so that packages written for it work unchanged.",
		Check:   "Nothing: validation-gen has no API-style lint; the tag is recorded on the package or type.",
		Errors:  "none", Example: "+k8s:validation-gen-nolint // Note: remove this when the API is GA", Implemented: true,
	})
	r.add(&Definition{
		Name: "validation-gen-scheme-registry", Scopes: ScopePackage, Kinds: KindAny,
		Payload: PayloadRaw,
		Summary: "The registry type of the generated RegisterValidations(scheme *<Type>) error, which an init() registers with the package's localSchemeBuilder, as Kubernetes' generator writes it. Without the tag, k8s.io/apimachinery/pkg/runtime.Scheme; nil for no registration.",
		Check:   "One function per root type with validations is added to the registry, dispatching on the subresource. The package must declare a localSchemeBuilder whose Register takes RegisterValidations (&runtime.SchemeBuilder as in k8s.io/api, or a vgruntime.Registry).",
		Errors:  "none", Example: "+k8s:validation-gen-scheme-registry=github.com/declval/validation-gen/runtime.Registry", Implemented: true,
	})
	addTesting(r)
	return r
}

// ForeignTag reports whether a +k8s: tag belongs to another generator
// (deepcopy-gen, openapi-gen, conversion-gen, ...), which validation-gen
// leaves alone. Tags of validation-gen itself are never foreign.
func ForeignTag(name string) bool {
	if strings.HasPrefix(name, "validation-gen") {
		return false
	}
	if i := strings.IndexAny(name, "=( "); i >= 0 {
		name = name[:i] // callers may pass the whole tag
	}
	return strings.Contains(name, "-gen") || name == "protobuf" || strings.HasPrefix(name, "protobuf.") || foreignTags[name]
}

// foreignTags are the +k8s: tags of other generators whose names do not
// say so: openapi-gen's model package (in every doc.go of k8s.io/api),
// go-to-protobuf's deprecated field numbers and conversion-gen's
// conversion-fn.
var foreignTags = map[string]bool{
	"openapi-model-package": true,
	"deprecated":            true,
	"conversion-fn":         true,
}
