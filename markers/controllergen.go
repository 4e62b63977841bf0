package markers

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// controller-gen's markers, read as controller-gen reads them, for
// packages written for controller-gen (the kubebuilder dialect): a typed
// registry with the argument syntax of controller-tools' marker parser.
// Every marker below is applied by both the CRD schema and the Go
// validator; one that is not in the registry is an error where it is
// written, never a silent loss.

// CGValue is the kind of a controller-gen marker's argument.
type CGValue int

const (
	CGFlag    CGValue = iota // no argument, or =true / =false
	CGInt                    // an integer
	CGFloat                  // a number
	CGString                 // a string (bare, "quoted" or `raw`)
	CGStrings                // a list: {a,b} or a;b
	CGAny                    // any JSON value in controller-gen's syntax
	CGArgs                   // key=value pairs
	CGNone                   // no argument at all (=true is an error, as in controller-gen)
)

// CGPlace is where a controller-gen marker may be written.
type CGPlace uint8

const (
	CGOnField CGPlace = 1 << iota
	CGOnType
	CGOnPackage
)

// CGDef describes one controller-gen marker.
type CGDef struct {
	Name  string // as written after "+": "kubebuilder:validation:Minimum"
	Value CGValue
	Keys  []string // CGArgs: the keys, the required ones first
	// NeedKeys is how many of Keys are required.
	NeedKeys int
	Places   CGPlace
	// Items: the marker also has the +kubebuilder:validation:items: form,
	// which applies it to the items of a list.
	Items bool
	Doc   string
	// FieldError, when set, is the error controller-gen gives the marker
	// on a field (it registers +k8s:enum on fields only to reject it).
	FieldError string
}

// CGMarker is one parsed controller-gen marker.
type CGMarker struct {
	Def  *CGDef
	Text string // as written, without the leading "+"
	Pos  token.Position
	// Items is set for the +kubebuilder:validation:items: form.
	Items bool
	// Raw is the argument as written, after the = (+default's JSON).
	Raw   string
	Bool  bool
	Int   int64
	Float float64
	Str   string
	Strs  []string
	// Any is the value of a CGAny marker, as encoding/json would decode
	// it (string, bool, int64, float64, []any, map[string]any).
	Any  any
	Args map[string]string
}

const kbValidation = "kubebuilder:validation:"

var cgDefs = map[string]*CGDef{}

func cg(d CGDef) {
	cgDefs[d.Name] = &d
}

func init() {
	num := func(name string, v CGValue, doc string) {
		cg(CGDef{Name: kbValidation + name, Value: v, Places: CGOnField | CGOnType, Items: true, Doc: doc})
	}
	num("Minimum", CGFloat, "the value is at least N (minimum)")
	num("Maximum", CGFloat, "the value is at most N (maximum)")
	num("ExclusiveMinimum", CGFlag, "the minimum excludes N itself")
	num("ExclusiveMaximum", CGFlag, "the maximum excludes N itself")
	num("MultipleOf", CGFloat, "the value is a multiple of N")
	num("MinLength", CGInt, "a string has at least N characters")
	num("MaxLength", CGInt, "a string has at most N characters")
	num("Pattern", CGString, "a string matches the regular expression (not anchored)")
	num("MinItems", CGInt, "a list has at least N items")
	num("MaxItems", CGInt, "a list has at most N items")
	num("UniqueItems", CGFlag, "a list's items are unique (no two are equal)")
	num("MinProperties", CGInt, "an object or map has at least N properties")
	num("MaxProperties", CGInt, "an object or map has at most N properties")
	num("Enum", CGStrings, "the value is one of these (any JSON values)")
	num("Format", CGString, "the OpenAPI format the server checks")
	num("Type", CGString, "overrides the schema type")
	num("Nullable", CGFlag, "null is a value (kept, not pruned)")
	num("XPreserveUnknownFields", CGFlag, "unknown fields below are kept")
	num("XEmbeddedResource", CGFlag, "the object is a Kubernetes object (apiVersion, kind, metadata)")
	num("XIntOrString", CGFlag, "the value is an integer or a string")
	cg(CGDef{Name: kbValidation + "XValidation", Value: CGArgs, Keys: []string{"rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"},
		NeedKeys: 1, Places: CGOnField | CGOnType, Items: true, Doc: "a CEL rule (x-kubernetes-validations)"})
	cg(CGDef{Name: kbValidation + "EmbeddedResource", Value: CGFlag, Places: CGOnField, Doc: "the field is a Kubernetes object"})
	cg(CGDef{Name: kbValidation + "Schemaless", Value: CGFlag, Places: CGOnField, Doc: "the field's schema is left empty"})
	cg(CGDef{Name: kbValidation + "Required", Value: CGFlag, Places: CGOnField | CGOnPackage, Doc: "the field must be present (in doc.go: every field without +optional)"})
	cg(CGDef{Name: kbValidation + "Optional", Value: CGFlag, Places: CGOnField | CGOnPackage, Doc: "the field may be absent (in doc.go: every field without +required)"})
	for _, n := range []string{"AtMostOneOf", "ExactlyOneOf", "AtLeastOneOf"} {
		cg(CGDef{Name: kbValidation + n, Value: CGStrings, Places: CGOnType, Doc: "a CEL rule over the named fields' presence"})
	}
	cg(CGDef{Name: "kubebuilder:default", Value: CGAny, Places: CGOnField, Doc: "the default the server writes for an absent value"})
	cg(CGDef{Name: "default", Value: CGAny, Places: CGOnField, Doc: "the default (Kubernetes' spelling, a JSON value)"})
	cg(CGDef{Name: "kubebuilder:title", Value: CGAny, Places: CGOnField | CGOnType, Doc: "the schema's title"})
	cg(CGDef{Name: "kubebuilder:example", Value: CGAny, Places: CGOnField, Doc: "the schema's example"})
	cg(CGDef{Name: "kubebuilder:externalDocs", Value: CGArgs, Keys: []string{"url", "description"}, Places: CGOnField | CGOnType, Doc: "the schema's externalDocs"})
	cg(CGDef{Name: "kubebuilder:pruning:PreserveUnknownFields", Value: CGFlag, Places: CGOnField | CGOnType, Doc: "unknown fields below are kept"})
	cg(CGDef{Name: "optional", Value: CGFlag, Places: CGOnField, Doc: "the field may be absent"})
	cg(CGDef{Name: "required", Value: CGFlag, Places: CGOnField, Doc: "the field must be present"})
	// The +k8s: tags controller-gen reads itself (v0.23), with its meaning;
	// the dialect package says what the others do in its packages.
	cg(CGDef{Name: "k8s:optional", Value: CGNone, Places: CGOnField, Doc: "the field may be absent"})
	cg(CGDef{Name: "k8s:required", Value: CGNone, Places: CGOnField, Doc: "the field must be present, and a string, list or object not empty (minLength, minItems, minProperties 1)"})
	cg(CGDef{Name: "k8s:immutable", Value: CGNone, Places: CGOnField, Doc: "the field may not change once set (self == oldSelf, field is immutable)"})
	cg(CGDef{Name: "k8s:enum", Value: CGNone, Places: CGOnType | CGOnField, FieldError: "k8s:enum must be set on a type, not a field",
		Doc: "a string type's values are its string constants (enum)"})
	cg(CGDef{Name: "nullable", Value: CGFlag, Places: CGOnField, Doc: "null is a value"})
	cg(CGDef{Name: "listType", Value: CGString, Places: CGOnField | CGOnType, Doc: "atomic, set or map (x-kubernetes-list-type)"})
	cg(CGDef{Name: "listMapKey", Value: CGString, Places: CGOnField | CGOnType, Doc: "a key field of a list-map (repeatable)"})
	cg(CGDef{Name: "mapType", Value: CGString, Places: CGOnField | CGOnType, Doc: "atomic or granular (x-kubernetes-map-type)"})
	cg(CGDef{Name: "structType", Value: CGString, Places: CGOnField | CGOnType, Doc: "atomic or granular (x-kubernetes-map-type of a struct)"})
}

// CGLookup returns the definition of a controller-gen marker name.
func CGLookup(name string) (*CGDef, bool) {
	d, ok := cgDefs[name]
	return d, ok
}

// CGDefs are the controller-gen markers, sorted by name.
func CGDefs() []*CGDef {
	var out []*CGDef
	for _, d := range cgDefs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// cgIgnored are markers of the kubebuilder dialect that other tools
// read (deepcopy, clients, RBAC, webhooks, Kubernetes' own generators)
// or that name the CRD rather than the schema (read by ParseCRDMarkers).
var cgIgnored = []string{"kubebuilder:object:", "kubebuilder:rbac:", "kubebuilder:webhook:", "kubebuilder:ac:",
	"kubebuilder:resource", "kubebuilder:subresource:", "kubebuilder:printcolumn", "kubebuilder:selectablefield",
	"kubebuilder:storageversion", "kubebuilder:skipversion", "kubebuilder:unservedversion", "kubebuilder:deprecatedversion",
	"kubebuilder:metadata", "kubebuilder:skip"}

// ParseControllerGen reads the controller-gen markers among a type's,
// field's or package's comment lines. Lines that are not controller-gen
// schema markers (other generators' +tags, prose) are left alone; a
// +kubebuilder: marker of no known family, a misplaced marker or a
// malformed argument is an error naming its line.
func ParseControllerGen(lines []Line, place CGPlace) ([]*CGMarker, []error) {
	var out []*CGMarker
	var errs []error
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		if !strings.HasPrefix(text, "+") {
			continue
		}
		body := text[1:]
		name, arg, hasArg := cutMarker(body)
		items := false
		if rest, ok := strings.CutPrefix(name, kbValidation+"items:"); ok {
			name, items = kbValidation+rest, true
		}
		def, ok := cgDefs[name]
		if i := strings.LastIndexByte(name, ':'); !ok && i > 0 {
			if d, found := cgDefs[name[:i]]; found && d.Value != CGArgs {
				if !hasArg {
					// controller-gen splits the argument off at a colon
					// only before an =: it reads UniqueItems:true as an
					// unknown marker and applies nothing; so does this
					// generator, and says so.
					fix := "write +" + name[:i] + "=" + name[i+1:] + " to have it checked, or delete the line"
					if name[:i] == kbValidation+"UniqueItems" {
						// uniqueItems: true is one the API server refuses.
						fix = "to have the items checked unique, write +listType=set (the API server refuses uniqueItems: true in a CRD); else delete the line"
					}
					errs = append(errs, &Warning{Kind: ColonArgument, Pos: l.Pos, Tag: body,
						Msg:  "names no marker: +" + name[:i] + " takes its value after =, not after a colon",
						Does: "reads it as an unknown marker and ignores it, so nothing checks it (nor here)",
						Fix:  fix})
					continue
				}
				// Enum:=a;b: controller-gen drops the last segment of
				// the name before an = when the whole is no marker.
				name, def, ok = name[:i], d, true
			}
		}
		if !ok {
			if w := unknownMarker(l, body, name, arg, hasArg); w != nil {
				errs = append(errs, w)
			}
			continue
		}
		bad := func(msg, fix string) {
			errs = append(errs, &Error{Pos: l.Pos, Tag: body, Msg: msg, Fix: fix})
		}
		if (place == CGOnPackage && name != kbValidation+"Required" && name != kbValidation+"Optional") || def.Places&place == 0 {
			if place == CGOnPackage {
				continue // doc.go's prose and package markers of other tools
			}
			// controller-gen looks a marker up among those of the place it
			// is written on, and passes over one it does not find there.
			errs = append(errs, &Warning{Kind: MisplacedMarker, Pos: l.Pos, Tag: body,
				Msg:  fmt.Sprintf("+%s is not read on a %s", name, cgPlaceWord(place)),
				Does: "ignores it there, so it changes nothing (nor here)",
				Fix:  misplacedFix(name, def, place)})
			continue
		}
		if def.FieldError != "" && place == CGOnField {
			bad(def.FieldError, "write it on the type, or delete the line")
			continue
		}
		if items && !def.Items {
			errs = append(errs, &Warning{Kind: UnknownMarker, Pos: l.Pos, Tag: body,
				Msg:  "+" + name + " has no items: form",
				Does: "reads it as an unknown marker and ignores it, so nothing checks it (nor here)",
				Fix:  "write +" + name + " on the list's item type instead, or delete the line"})
			continue
		}
		m := &CGMarker{Def: def, Text: body, Pos: l.Pos, Items: items, Raw: strings.TrimSpace(arg)}
		if err := m.parseArg(arg, hasArg); err != nil {
			bad(err.Error(), "write +"+name+cgExample(def))
			continue
		}
		out = append(out, m)
	}
	return out, errs
}

// trailingSemicolon reports whether a marker argument is a list written
// a;b; (an explicit empty string, a;"", is a value).
func trailingSemicolon(arg string) bool {
	arg = strings.TrimSpace(arg)
	return !strings.HasPrefix(arg, "{") && strings.HasSuffix(arg, ";")
}

// unknownMarker is the warning for a marker controller-gen does not know,
// which it passes over in silence; nil for those of other tools.
func unknownMarker(l Line, body, name, arg string, hasArg bool) *Warning {
	if !unknownOfOurs(body, name) {
		return nil
	}
	if kyvernoMarkers[strings.TrimSuffix(name, ":")] {
		// Kyverno's controller-gen (hack/controller-gen) writes them as
		// the schema keywords they name: deleting the line would lose
		// them from its CRDs too.
		return &Warning{Kind: UnknownMarker, Pos: l.Pos, Tag: body, Msg: "no controller-gen marker has this name: it is one of Kyverno's controller-gen, which writes it as the schema keyword " + strings.TrimSuffix(strings.TrimPrefix(name, "kubebuilder:"), ":"),
			Does: "(as released) passes over unknown markers in silence; Kyverno's build applies it, validation-gen does not, so neither its CRD nor its Go validator checks it",
			Fix:  "keep Kyverno's controller-gen for this package's CRDs, or write the constraint as a rule, +kubebuilder:validation:XValidation:rule=\"...\",message=\"...\", which both read"}
	}
	fix := "delete the line (validation-gen --docs lists the controller-gen markers)"
	near := ClosestControllerGen(name)
	if rest, ok := strings.CutPrefix(name, kbValidation); ok {
		// items: written otherwise (External Secrets' Items:MinLength):
		// the items form of the marker the rest names.
		if seg, after, ok := strings.Cut(rest, ":"); ok && strings.EqualFold(seg, "items") && seg != "items" {
			if m := ClosestControllerGen(kbValidation + after); m != "" && cgDefs[m].Items {
				near = kbValidation + "items:" + strings.TrimPrefix(m, kbValidation)
			}
		}
	}
	if near == "" {
		near = sameLastName(name)
	}
	if near == "" {
		if crd, key := crdMarkerOfKey(name); crd != "" {
			// The key of a CRD marker written as a marker (solr-operator's
			// +kubebuilder:categories=all).
			fix = "write +kubebuilder:" + crd + ":" + key
			if hasArg {
				fix += "=" + arg
			}
			fix += " on the kind, if that is what it means; else delete the line"
		} else if c := Closest(strings.TrimPrefix(name, "kubebuilder:"), slices.Sorted(maps.Keys(crdMarkerKeys))); c != "" && EditDistance(strings.TrimPrefix(name, "kubebuilder:"), c) <= 2 {
			fix = "write +kubebuilder:" + c + " (a CRD marker, on the kind), if that is what it means; else delete the line"
		}
	}
	if near != "" {
		fix = "write +" + near
		if hasArg {
			fix += "=" + arg
			if d := cgDefs[near]; d != nil && (&CGMarker{Def: d}).parseArg(arg, true) != nil {
				// A marker of a close name that does not take this
				// argument (+kubebuilder:validation:Items={type=object} is
				// no MaxItems, kgateway): a fix controller-gen would refuse.
				fix = fmt.Sprintf("delete the line (the closest marker, +%s, takes %s, not %s)", near, strings.TrimLeft(cgExample(d), "=:"), arg)
			}
		}
	}
	return &Warning{Kind: UnknownMarker, Pos: l.Pos, Tag: body, Msg: "no controller-gen marker has this name",
		Does: "passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not)", Fix: fix}
}

// UnknownReportedOnType reports whether ParseControllerGen warns of tag
// (a marker without its "+") on a type as a marker no controller-gen
// marker has the name of: the CRD markers' parser, which reads a kind's
// lines too, leaves such a line to it, so that a line gets one warning.
func UnknownReportedOnType(tag string) bool {
	name, _, _ := cutMarker(tag)
	return cgDefs[name] == nil && unknownOfOurs(tag, name)
}

// unknownOfOurs reports whether unknownMarker warns of a marker (body,
// its name) no schema marker has the name of: a +kubebuilder: one of no
// other generator's family (CRD, RBAC, webhook markers).
func unknownOfOurs(body, name string) bool {
	return strings.HasPrefix(body, "kubebuilder:") && !cgIgnoredName(name)
}

// crdMarkerOfKey is the CRD marker one of whose keys name's last segment
// is (categories: resource), if one is.
func crdMarkerOfKey(name string) (crd, key string) {
	last := name[strings.LastIndex(name, ":")+1:]
	for _, m := range slices.Sorted(maps.Keys(crdMarkerKeys)) {
		for _, k := range crdMarkerKeys[m] {
			if strings.EqualFold(k, last) {
				return m, k
			}
		}
	}
	return "", ""
}

// kyvernoMarkers are the markers of Kyverno's own controller-gen build
// (hack/controller-gen: a schema appended to oneOf, a schema for not).
var kyvernoMarkers = map[string]bool{"kubebuilder:oneOf": true, "kubebuilder:not": true}

// sameLastName is the kubebuilder marker whose name ends as name does,
// case aside, when one does: +kubebuilder:validation:default (kubeblocks)
// means +kubebuilder:default.
func sameLastName(name string) string {
	last := name[strings.LastIndexByte(name, ':')+1:]
	found := ""
	for _, n := range cgNames() {
		if strings.HasPrefix(n, "kubebuilder:") && strings.EqualFold(n[strings.LastIndexByte(n, ':')+1:], last) {
			if found != "" {
				return "" // more than one: no guess
			}
			found = n
		}
	}
	return found
}

// misplacedFix is the fix for a marker written where controller-gen does
// not read it.
func misplacedFix(name string, def *CGDef, place CGPlace) string {
	if place == CGOnType && def.Places&CGOnField != 0 {
		return "write +" + name + " on the fields of this type that it is meant for (on a kind's Status field for a status type), or delete the line"
	}
	return "write it on a " + cgPlaces(def.Places) + ", or delete the line"
}

func cgIgnoredName(name string) bool {
	for _, p := range cgIgnored {
		if name == strings.TrimSuffix(p, ":") || strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// ClosestControllerGen is the controller-gen marker a misspelt marker
// name (without its "+") most likely means, or "" when none is close.
func ClosestControllerGen(name string) string {
	if near := Closest(name, cgNames()); near != "" && EditDistance(strings.ToLower(name), strings.ToLower(near)) <= max(2, len(name)/8) {
		return near
	}
	return ""
}

// ControllerGenValidation is controller-gen's validation marker that a
// +k8s: tag's name names, case aside ("pattern":
// "kubebuilder:validation:Pattern"), or "".
func ControllerGenValidation(k8sName string) string {
	for _, n := range cgNames() {
		if short, ok := strings.CutPrefix(n, "kubebuilder:validation:"); ok && strings.EqualFold(short, k8sName) {
			return n
		}
	}
	return ""
}

func cgNames() []string {
	var out []string
	for n := range cgDefs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func cgPlaceWord(p CGPlace) string {
	switch p {
	case CGOnField:
		return "field"
	case CGOnType:
		return "type"
	}
	return "package"
}

func cgPlaces(p CGPlace) string {
	var out []string
	for _, x := range []CGPlace{CGOnField, CGOnType, CGOnPackage} {
		if p&x != 0 {
			out = append(out, cgPlaceWord(x))
		}
	}
	return strings.Join(out, " or ")
}

func cgExample(d *CGDef) string {
	switch d.Value {
	case CGNone:
		return " (with nothing after it)"
	case CGInt:
		return "=<integer>"
	case CGFloat:
		return "=<number>"
	case CGString:
		return "=<string>"
	case CGStrings:
		return "={a,b} (or =a;b)"
	case CGAny:
		return "=<value> (a number, true, a \"string\", {a,b} or {key: value})"
	case CGArgs:
		var parts []string
		for _, k := range d.Keys {
			parts = append(parts, k+"=...")
		}
		return ":" + strings.Join(parts, ",")
	}
	return ""
}

// cutMarker splits a marker into its name and argument: "a:b=c" has name
// a:b and argument c; "a:b:k=v,k2=v2" (key=value arguments) has name a:b
// when a:b is a marker with keys.
func cutMarker(body string) (name, arg string, hasArg bool) {
	if i := strings.IndexByte(body, '='); i >= 0 {
		name, arg, hasArg = body[:i], body[i+1:], true
	} else {
		name = body
	}
	// key=value markers: the name ends before the first key.
	for n, d := range cgDefs {
		if d.Value != CGArgs {
			continue
		}
		for _, prefix := range []string{n + ":", kbValidation + "items:" + strings.TrimPrefix(n, kbValidation) + ":"} {
			if strings.HasPrefix(body, prefix) {
				return strings.TrimSuffix(prefix, ":"), body[len(prefix):], true
			}
		}
	}
	return strings.TrimSpace(name), arg, hasArg
}

func (m *CGMarker) parseArg(arg string, hasArg bool) error {
	arg = strings.TrimSpace(arg)
	switch m.Def.Value {
	case CGNone:
		if hasArg {
			return fmt.Errorf("takes no argument, got %q", arg)
		}
		m.Bool = true
	case CGFlag:
		if !hasArg {
			m.Bool = true
			return nil
		}
		b, err := strconv.ParseBool(arg)
		if err != nil {
			return fmt.Errorf("%q is not true or false", arg)
		}
		m.Bool = b
	case CGInt:
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || !hasArg {
			return fmt.Errorf("%q is not an integer", arg)
		}
		m.Int = n
	case CGFloat:
		f, err := strconv.ParseFloat(arg, 64)
		if err != nil || !hasArg {
			return fmt.Errorf("%q is not a number", arg)
		}
		m.Float = f
	case CGString:
		if !hasArg {
			return fmt.Errorf("needs a value")
		}
		s, rest, err := cgScalarString(arg)
		if err != nil {
			return err
		}
		if rest != "" {
			return fmt.Errorf("unexpected %q after the value", rest)
		}
		m.Str = s
	case CGStrings:
		if !hasArg {
			return fmt.Errorf("needs a value")
		}
		v, err := ParseCGAny(arg, true)
		if err != nil {
			return err
		}
		list, ok := v.([]any)
		if !ok {
			list = []any{v}
		}
		if n := len(list); trailingSemicolon(arg) && n > 1 && list[n-1] == "" {
			// a;b; : controller-gen's scanner ends the list at the last
			// separator, with no empty value after it.
			list = list[:n-1]
		}
		m.Any = list
		for _, x := range list {
			if s, ok := x.(string); ok {
				m.Strs = append(m.Strs, s)
			} else {
				m.Strs = append(m.Strs, fmt.Sprint(x))
			}
		}
	case CGAny:
		if !hasArg {
			return fmt.Errorf("needs a value")
		}
		legacy := legacyList(arg)
		v, err := ParseCGAny(arg, legacy)
		if err != nil {
			return err
		}
		if list, ok := v.([]any); ok && legacy {
			// The items are of the first one's type, as controller-gen
			// guesses it: after a string, the others are strings too.
			if _, first := list[0].(string); first {
				for i, x := range list {
					if _, ok := x.(string); !ok {
						list[i] = fmt.Sprint(x)
					}
				}
			}
		}
		m.Any = v
	case CGArgs:
		kv, err := ParseMarkerArgs(arg, m.Def.Keys, nil)
		if err != nil {
			return err
		}
		for _, k := range m.Def.Keys[:m.Def.NeedKeys] {
			if _, ok := kv[k]; !ok {
				return fmt.Errorf("needs %s=", k)
			}
		}
		m.Args = kv
	}
	return nil
}

// legacyList reports whether controller-gen reads a value of any type as
// a list written a;b (Kamaji's +kubebuilder:default=A;B on a list): its
// scanner meets a semicolon before any comma (in braces or not), outside
// quoted strings.
func legacyList(arg string) bool {
	for i := 0; i < len(arg); i++ {
		switch c := arg[i]; c {
		case '"', '`', '\'':
			for i++; i < len(arg) && arg[i] != c; i++ {
				if arg[i] == '\\' && c != '`' {
					i++ // an escaped character
				}
			}
		case ',':
			return false
		case ';':
			return true
		}
	}
	return false
}

// ParseCGAny reads a value in controller-gen's marker syntax: {a,b} (a
// list), {key: value, ...} (an object), "quoted" or `raw` strings, true
// and false, integers, numbers, and bare strings. With semicolons, a;b
// is the list [a b].
func ParseCGAny(s string, semicolons bool) (any, error) {
	p := &cgParser{s: strings.TrimSpace(s), semicolons: semicolons}
	v, err := p.value(true)
	if err != nil {
		return nil, err
	}
	p.space()
	if semicolons && p.peek() == ';' {
		list := []any{v}
		for p.peek() == ';' {
			p.i++
			x, err := p.value(true)
			if err != nil {
				return nil, err
			}
			list = append(list, x)
			p.space()
		}
		v = list
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q after the value", p.s[p.i:])
	}
	return v, nil
}

type cgParser struct {
	s          string
	i          int
	semicolons bool
}

func (p *cgParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *cgParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// value reads one value; top is false inside {...}, where a bare string
// ends at a comma, a colon or a closing brace.
func (p *cgParser) value(top bool) (any, error) {
	p.space()
	switch c := p.peek(); c {
	case '{':
		return p.braces()
	case '"', '`':
		s, rest, err := cgScalarString(p.s[p.i:])
		if err != nil {
			return nil, err
		}
		p.i = len(p.s) - len(rest)
		return s, nil
	}
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if (!top && (c == ',' || c == '}' || c == ':')) || (p.semicolons && c == ';') {
			break
		}
		p.i++
	}
	word := strings.TrimSpace(p.s[start:p.i])
	switch word {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "":
		if top {
			return "", nil
		}
		return nil, fmt.Errorf("empty value in %q", p.s)
	}
	if n, err := strconv.ParseInt(word, 10, 64); err == nil {
		return n, nil
	}
	if f, err := strconv.ParseFloat(word, 64); err == nil && strings.ContainsAny(word, "0123456789") {
		return f, nil
	}
	return word, nil
}

// braces reads {a,b} or {key: value, ...}; {} is an empty object.
func (p *cgParser) braces() (any, error) {
	p.i++ // {
	p.space()
	if p.peek() == '}' {
		p.i++
		return map[string]any{}, nil
	}
	var list []any
	var obj map[string]any
	for {
		v, err := p.value(false)
		if err != nil {
			return nil, err
		}
		p.space()
		if p.peek() == ':' {
			key, ok := v.(string)
			if !ok || list != nil {
				return nil, fmt.Errorf("cannot read %q: mixes a list and an object", p.s)
			}
			p.i++
			val, err := p.value(false)
			if err != nil {
				return nil, err
			}
			if obj == nil {
				obj = map[string]any{}
			}
			obj[key] = val
			p.space()
		} else {
			if obj != nil {
				return nil, fmt.Errorf("cannot read %q: mixes a list and an object", p.s)
			}
			list = append(list, v)
		}
		switch p.peek() {
		case ',':
			p.i++
			continue
		case '}':
			p.i++
			if obj != nil {
				return obj, nil
			}
			return list, nil
		}
		return nil, fmt.Errorf("unterminated {...} in %q", p.s)
	}
}

// cgScalarString reads a bare, "quoted" or `raw` string at the start of
// s and returns what follows it.
func cgScalarString(s string) (string, string, error) {
	switch {
	case strings.HasPrefix(s, `"`):
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", "", fmt.Errorf("unterminated string %s", s)
		}
		v, _ := strconv.Unquote(q)
		return v, strings.TrimSpace(s[len(q):]), nil
	case strings.HasPrefix(s, "`"):
		end := strings.IndexByte(s[1:], '`')
		if end < 0 {
			return "", "", fmt.Errorf("unterminated string %s", s)
		}
		return s[1 : end+1], strings.TrimSpace(s[end+2:]), nil
	}
	return strings.TrimSpace(s), "", nil
}
