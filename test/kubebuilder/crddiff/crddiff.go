// Package crddiff compares two CustomResourceDefinitions semantically: the
// differences it reports are those the API server would act on, not those
// of their YAML text (key order, quoting, the order of required names or
// of versions).
//
// Compare covers metadata.name, metadata.labels, metadata.annotations
// (except controller-gen's version annotation), and every field of the
// spec: group, names, scope, preserveUnknownFields, conversion and, for
// each version (matched by name), served, storage, deprecated,
// deprecationWarning, subresources, additionalPrinterColumns (in order),
// selectableFields and the schema. A schema is walked recursively
// (properties, patternProperties, definitions and dependencies by name;
// items, additionalProperties, additionalItems and not; allOf, anyOf and
// oneOf by index) and every keyword of JSONSchemaProps is compared; the
// test TestEverySchemaKeyword fails when the type gains one this package
// does not compare. The status of a CRD is not compared.
//
// Equal means: descriptions, patterns and other strings byte for byte;
// required, shortNames, categories and selectableFields as sets; default,
// example and enum values as JSON values (numbers by value, objects
// without key order); everything else exactly, a nil pointer being
// different from a pointer to a zero value. An empty list or map is the
// same as none (they serialise alike).
package crddiff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// VersionAnnotation is controller-gen's annotation with its own version,
// which Compare ignores.
const VersionAnnotation = "controller-gen.kubebuilder.io/version"

// Absent is what Want or Got holds when a field, property, version,
// map key or list item is not there at all.
const Absent = "<absent>"

// Difference is one place where two CRDs differ: Path names the field (as
// spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties.replicas.minimum)
// and Want and Got render the two values (strings quoted, Absent for a
// missing value).
type Difference struct {
	Path, Want, Got string
}

// String is "<path>: want <want>, got <got>"; values of more than 120
// bytes are cut to the part around where they first differ.
func (d Difference) String() string {
	w, g := d.Want, d.Got
	if len(w) > longValue || len(g) > longValue {
		i := 0
		for i < len(w) && i < len(g) && w[i] == g[i] {
			i++
		}
		return fmt.Sprintf("%s: want %s, got %s (%d and %d bytes, first different at %d)", d.Path, excerpt(w, i), excerpt(g, i), len(w), len(g), i)
	}
	return fmt.Sprintf("%s: want %s, got %s", d.Path, w, g)
}

const longValue = 120

// excerpt is the part of s around byte i.
func excerpt(s string, i int) string {
	from, to := max(0, i-40), min(len(s), i+60)
	if from > 0 {
		from = utf8Start(s, from)
	}
	if to < len(s) {
		to = utf8Start(s, to)
	}
	e := s[from:to]
	if from > 0 {
		e = "…" + e
	}
	if to < len(s) {
		e += "…"
	}
	return e
}

// utf8Start moves i back to the start of a UTF-8 sequence.
func utf8Start(s string, i int) int {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// Compare returns the differences between want and got, sorted by path;
// none when they are semantically equal.
func Compare(want, got *apiextv1.CustomResourceDefinition) []Difference {
	var c comparer
	switch {
	case want == nil && got == nil:
		return nil
	case want == nil || got == nil:
		c.add("", presence(want != nil), presence(got != nil))
		return c.diffs
	}
	c.str("metadata.name", want.Name, got.Name)
	c.stringMap("metadata.labels", want.Labels, got.Labels, nil)
	c.stringMap("metadata.annotations", want.Annotations, got.Annotations, func(k string) bool { return k == VersionAnnotation })
	c.spec("spec", &want.Spec, &got.Spec)
	sort.SliceStable(c.diffs, func(i, j int) bool { return c.diffs[i].Path < c.diffs[j].Path })
	return c.diffs
}

// Load reads the CustomResourceDefinitions of a YAML file of one or more
// documents (separated by lines starting with ---), skipping empty
// documents. Fields the apiextensions/v1 types do not know are an error,
// so that nothing in the file goes uncompared.
func Load(path string) ([]*apiextv1.CustomResourceDefinition, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var crds []*apiextv1.CustomResourceDefinition
	for i, doc := range strings.Split("\n"+string(b), "\n---") {
		// The rest of the separator's line (a comment, say) is not YAML of
		// the document.
		if nl := strings.IndexByte(doc, '\n'); nl >= 0 {
			doc = doc[nl+1:]
		} else {
			doc = ""
		}
		var m map[string]any
		if err := yaml.Unmarshal([]byte(doc), &m); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, i, err)
		}
		if len(m) == 0 {
			continue
		}
		if m["kind"] != "CustomResourceDefinition" {
			return nil, fmt.Errorf("%s: document %d: kind %v, want CustomResourceDefinition", path, i, m["kind"])
		}
		crd := new(apiextv1.CustomResourceDefinition)
		if err := yaml.UnmarshalStrict([]byte(doc), crd); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, i, err)
		}
		crds = append(crds, crd)
	}
	return crds, nil
}

type comparer struct {
	diffs []Difference
}

func (c *comparer) add(path, want, got string) {
	c.diffs = append(c.diffs, Difference{Path: path, Want: want, Got: got})
}

func presence(ok bool) string {
	if ok {
		return "present"
	}
	return Absent
}

func (c *comparer) str(path, want, got string) {
	if want != got {
		c.add(path, strconv.Quote(want), strconv.Quote(got))
	}
}

func (c *comparer) boolean(path string, want, got bool) {
	if want != got {
		c.add(path, strconv.FormatBool(want), strconv.FormatBool(got))
	}
}

func (c *comparer) strPtr(path string, want, got *string) {
	optional(c, path, want, got, strconv.Quote)
}

func (c *comparer) boolPtr(path string, want, got *bool) {
	optional(c, path, want, got, strconv.FormatBool)
}

func (c *comparer) intPtr(path string, want, got *int64) {
	optional(c, path, want, got, func(n int64) string { return strconv.FormatInt(n, 10) })
}

func (c *comparer) floatPtr(path string, want, got *float64) {
	optional(c, path, want, got, func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) })
}

// optional compares two optional values; nil differs from a pointer to the
// zero value.
func optional[T comparable](c *comparer, path string, want, got *T, render func(T) string) {
	show := func(p *T) string {
		if p == nil {
			return Absent
		}
		return render(*p)
	}
	if (want == nil) != (got == nil) || want != nil && *want != *got {
		c.add(path, show(want), show(got))
	}
}

// ordered compares two lists of strings in order.
func (c *comparer) ordered(path string, want, got []string) {
	if !slices.Equal(want, got) {
		c.add(path, list(want), list(got))
	}
}

// set compares two lists of strings as sets (duplicates ignored).
func (c *comparer) set(path string, want, got []string) {
	w, g := sortedSet(want), sortedSet(got)
	if !slices.Equal(w, g) {
		c.add(path, list(w), list(g))
	}
}

func sortedSet(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

func list(s []string) string {
	if len(s) == 0 {
		return Absent
	}
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = strconv.Quote(v)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func (c *comparer) stringMap(path string, want, got map[string]string, ignore func(string) bool) {
	for _, k := range unionKeys(want, got) {
		if ignore != nil && ignore(k) {
			continue
		}
		w, wok := want[k]
		g, gok := got[k]
		p := path + "[" + k + "]"
		switch {
		case wok && gok:
			c.str(p, w, g)
		case wok:
			c.add(p, strconv.Quote(w), Absent)
		default:
			c.add(p, Absent, strconv.Quote(g))
		}
	}
}

func unionKeys[V any](want, got map[string]V) []string {
	keys := make([]string, 0, len(want)+len(got))
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

func (c *comparer) spec(path string, want, got *apiextv1.CustomResourceDefinitionSpec) {
	c.str(path+".group", want.Group, got.Group)
	n, wn, gn := path+".names", &want.Names, &got.Names
	c.str(n+".plural", wn.Plural, gn.Plural)
	c.str(n+".singular", wn.Singular, gn.Singular)
	c.set(n+".shortNames", wn.ShortNames, gn.ShortNames)
	c.str(n+".kind", wn.Kind, gn.Kind)
	c.str(n+".listKind", wn.ListKind, gn.ListKind)
	c.set(n+".categories", wn.Categories, gn.Categories)
	c.str(path+".scope", string(want.Scope), string(got.Scope))
	c.boolean(path+".preserveUnknownFields", want.PreserveUnknownFields, got.PreserveUnknownFields)
	c.structJSON(path+".conversion", want.Conversion, got.Conversion)

	byName := func(vs []apiextv1.CustomResourceDefinitionVersion) map[string]*apiextv1.CustomResourceDefinitionVersion {
		m := make(map[string]*apiextv1.CustomResourceDefinitionVersion, len(vs))
		for i := range vs {
			m[vs[i].Name] = &vs[i]
		}
		return m
	}
	wv, gv := byName(want.Versions), byName(got.Versions)
	for _, name := range unionKeys(wv, gv) {
		p := path + ".versions[" + name + "]"
		w, g := wv[name], gv[name]
		if w == nil || g == nil {
			c.add(p, presence(w != nil), presence(g != nil))
			continue
		}
		c.version(p, w, g)
	}
}

func (c *comparer) version(path string, want, got *apiextv1.CustomResourceDefinitionVersion) {
	c.str(path+".name", want.Name, got.Name)
	c.boolean(path+".served", want.Served, got.Served)
	c.boolean(path+".storage", want.Storage, got.Storage)
	c.boolean(path+".deprecated", want.Deprecated, got.Deprecated)
	c.strPtr(path+".deprecationWarning", want.DeprecationWarning, got.DeprecationWarning)
	c.structJSON(path+".subresources", want.Subresources, got.Subresources)
	c.printerColumns(path+".additionalPrinterColumns", want.AdditionalPrinterColumns, got.AdditionalPrinterColumns)
	fields := func(fs []apiextv1.SelectableField) []string {
		if fs == nil {
			return nil
		}
		s := make([]string, len(fs))
		for i, f := range fs {
			s[i] = f.JSONPath
		}
		return s
	}
	c.set(path+".selectableFields", fields(want.SelectableFields), fields(got.SelectableFields))

	p := path + ".schema"
	switch ws, gs := want.Schema, got.Schema; {
	case ws == nil && gs == nil:
	case ws == nil || gs == nil:
		c.add(p, presence(ws != nil), presence(gs != nil))
	default:
		c.schemaPtr(p+".openAPIV3Schema", ws.OpenAPIV3Schema, gs.OpenAPIV3Schema)
	}
}

// printerColumns compares the columns' order by their names, then each
// column present on both sides by name.
func (c *comparer) printerColumns(path string, want, got []apiextv1.CustomResourceColumnDefinition) {
	names := func(cs []apiextv1.CustomResourceColumnDefinition) []string {
		if cs == nil {
			return nil
		}
		s := make([]string, len(cs))
		for i := range cs {
			s[i] = cs[i].Name
		}
		return s
	}
	c.ordered(path, names(want), names(got))
	for i := range want {
		w := &want[i]
		// The n-th column of a name with the n-th of that name on the
		// other side: two may have one name (cluster-api's "Available").
		nth := 0
		for _, x := range want[:i] {
			if x.Name == w.Name {
				nth++
			}
		}
		j := -1
		for k := range got {
			if got[k].Name == w.Name {
				if nth == 0 {
					j = k
					break
				}
				nth--
			}
		}
		if j < 0 {
			continue // in the difference of the names
		}
		g := &got[j]
		p := path + "[" + w.Name + "]"
		c.str(p+".type", w.Type, g.Type)
		c.str(p+".format", w.Format, g.Format)
		c.str(p+".description", w.Description, g.Description)
		if w.Priority != g.Priority {
			c.add(p+".priority", strconv.Itoa(int(w.Priority)), strconv.Itoa(int(g.Priority)))
		}
		c.str(p+".jsonPath", w.JSONPath, g.JSONPath)
	}
}

// structJSON compares two values of the same type through their JSON
// form, so that every field of the type is compared (subresources and
// conversion, which have no keyword needing more than equality).
func (c *comparer) structJSON(path string, want, got any) {
	decode := func(v any) any {
		b, err := json.Marshal(v)
		if err != nil {
			panic(fmt.Sprintf("crddiff: %s: %v", path, err))
		}
		var x any
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		if err := d.Decode(&x); err != nil {
			panic(fmt.Sprintf("crddiff: %s: %v", path, err))
		}
		return x
	}
	c.jsonTree(path, decode(want), decode(got))
}

// jsonTree reports the differences between two decoded JSON values, by key
// in objects and by index in arrays of the same length; JSON null is
// absent.
func (c *comparer) jsonTree(path string, want, got any) {
	wm, wok := want.(map[string]any)
	gm, gok := got.(map[string]any)
	if wok && gok {
		for _, k := range unionKeys(wm, gm) {
			c.jsonTree(path+"."+k, wm[k], gm[k])
		}
		return
	}
	wa, wok := want.([]any)
	ga, gok := got.([]any)
	if wok && gok && len(wa) == len(ga) {
		for i := range wa {
			c.jsonTree(path+"["+strconv.Itoa(i)+"]", wa[i], ga[i])
		}
		return
	}
	if !jsonValueEqual(want, got) {
		c.add(path, renderJSON(want), renderJSON(got))
	}
}

func renderJSON(v any) string {
	if v == nil {
		return Absent
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// canonicalJSON decodes raw JSON with numbers as exact rationals, so that
// 1, 1.0 and 1e0 are equal and large integers stay exact; ok is false when
// raw is not JSON.
func canonicalJSON(raw []byte) (v any, ok bool) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return nil, false
	}
	if d.More() {
		return nil, false
	}
	return v, true
}

// jsonValueEqual compares decoded JSON values, numbers (json.Number) by
// value.
func jsonValueEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !jsonValueEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonValueEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, xok := new(big.Rat).SetString(a.String())
		y, yok := new(big.Rat).SetString(b.String())
		if !xok || !yok {
			return a == b
		}
		return x.Cmp(y) == 0
	default:
		return a == b // string, bool, nil
	}
}

// jsonPtr compares two optional JSON values (default, example).
func (c *comparer) jsonPtr(path string, want, got *apiextv1.JSON) {
	if want == nil && got == nil {
		return
	}
	if want == nil || got == nil {
		c.add(path, renderRaw(want), renderRaw(got))
		return
	}
	if !rawEqual(want.Raw, got.Raw) {
		c.add(path, renderRaw(want), renderRaw(got))
	}
}

func rawEqual(want, got []byte) bool {
	w, wok := canonicalJSON(want)
	g, gok := canonicalJSON(got)
	if !wok || !gok {
		return bytes.Equal(want, got)
	}
	return jsonValueEqual(w, g)
}

func renderRaw(j *apiextv1.JSON) string {
	if j == nil {
		return Absent
	}
	if v, ok := canonicalJSON(j.Raw); ok {
		return renderJSON(v)
	}
	return strconv.Quote(string(j.Raw))
}

func (c *comparer) enum(path string, want, got []apiextv1.JSON) {
	equal := len(want) == len(got)
	for i := 0; equal && i < len(want); i++ {
		equal = rawEqual(want[i].Raw, got[i].Raw)
	}
	if equal {
		return
	}
	render := func(vs []apiextv1.JSON) string {
		if len(vs) == 0 {
			return Absent
		}
		s := make([]string, len(vs))
		for i := range vs {
			s[i] = renderRaw(&vs[i])
		}
		return "[" + strings.Join(s, ", ") + "]"
	}
	c.add(path, render(want), render(got))
}

func (c *comparer) schemaPtr(path string, want, got *apiextv1.JSONSchemaProps) {
	switch {
	case want == nil && got == nil:
	case want == nil || got == nil:
		c.add(path, summary(want), summary(got))
	default:
		c.schema(path, want, got)
	}
}

// summary renders a schema that has no counterpart on the other side.
func summary(s *apiextv1.JSONSchemaProps) string {
	if s == nil {
		return Absent
	}
	if s.Type != "" {
		return "present (type " + s.Type + ")"
	}
	return "present"
}

func (c *comparer) schemaList(path string, want, got []apiextv1.JSONSchemaProps) {
	if len(want) != len(got) {
		c.add(path, schemaCount(want), schemaCount(got))
	}
	for i := 0; i < len(want) && i < len(got); i++ {
		c.schema(path+"["+strconv.Itoa(i)+"]", &want[i], &got[i])
	}
}

func schemaCount(s []apiextv1.JSONSchemaProps) string {
	if len(s) == 0 {
		return Absent
	}
	return strconv.Itoa(len(s)) + " schemas"
}

// identifier is a property name that reads well after a dot.
var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$-]*$`)

func key(path, k string) string {
	if identifier.MatchString(k) {
		return path + "." + k
	}
	return path + "[" + strconv.Quote(k) + "]"
}

func (c *comparer) schemaMap(path string, want, got map[string]apiextv1.JSONSchemaProps) {
	for _, k := range unionKeys(want, got) {
		w, wok := want[k]
		g, gok := got[k]
		p := key(path, k)
		if !wok || !gok {
			var ws, gs *apiextv1.JSONSchemaProps
			if wok {
				ws = &w
			}
			if gok {
				gs = &g
			}
			c.add(p, summary(ws), summary(gs))
			continue
		}
		c.schema(p, &w, &g)
	}
}

func (c *comparer) orBool(path string, want, got *apiextv1.JSONSchemaPropsOrBool) {
	switch {
	case want == nil && got == nil:
		return
	case want == nil || got == nil:
		c.add(path, orBoolSummary(want), orBoolSummary(got))
		return
	}
	c.boolean(path+".allows", want.Allows, got.Allows)
	c.schemaPtr(path+".schema", want.Schema, got.Schema)
}

func orBoolSummary(b *apiextv1.JSONSchemaPropsOrBool) string {
	switch {
	case b == nil:
		return Absent
	case b.Schema != nil:
		return summary(b.Schema)
	default:
		return strconv.FormatBool(b.Allows)
	}
}

func (c *comparer) items(path string, want, got *apiextv1.JSONSchemaPropsOrArray) {
	switch {
	case want == nil && got == nil:
		return
	case want == nil || got == nil:
		c.add(path, presence(want != nil), presence(got != nil))
		return
	}
	c.schemaPtr(path, want.Schema, got.Schema)
	c.schemaList(path, want.JSONSchemas, got.JSONSchemas)
}

func (c *comparer) dependencies(path string, want, got apiextv1.JSONSchemaDependencies) {
	for _, k := range unionKeys(want, got) {
		w, wok := want[k]
		g, gok := got[k]
		p := key(path, k)
		if !wok || !gok {
			c.add(p, presence(wok), presence(gok))
			continue
		}
		c.schemaPtr(p+".schema", w.Schema, g.Schema)
		c.ordered(p+".property", w.Property, g.Property)
	}
}

func (c *comparer) validations(path string, want, got apiextv1.ValidationRules) {
	if len(want) != len(got) {
		rules := func(vs apiextv1.ValidationRules) string {
			if len(vs) == 0 {
				return Absent
			}
			s := make([]string, len(vs))
			for i := range vs {
				s[i] = strconv.Quote(vs[i].Rule)
			}
			return strconv.Itoa(len(vs)) + " rules [" + strings.Join(s, ", ") + "]"
		}
		c.add(path, rules(want), rules(got))
	}
	for i := 0; i < len(want) && i < len(got); i++ {
		w, g := &want[i], &got[i]
		p := path + "[" + strconv.Itoa(i) + "]"
		c.str(p+".rule", w.Rule, g.Rule)
		c.str(p+".message", w.Message, g.Message)
		c.str(p+".messageExpression", w.MessageExpression, g.MessageExpression)
		c.strPtr(p+".reason", (*string)(w.Reason), (*string)(g.Reason))
		c.str(p+".fieldPath", w.FieldPath, g.FieldPath)
		c.boolPtr(p+".optionalOldSelf", w.OptionalOldSelf, g.OptionalOldSelf)
	}
}

// schema compares every keyword of JSONSchemaProps; the fields are in the
// order of the type's declaration.
func (c *comparer) schema(path string, want, got *apiextv1.JSONSchemaProps) {
	p := func(k string) string { return path + "." + k }
	c.str(p("id"), want.ID, got.ID)
	c.str(p("$schema"), string(want.Schema), string(got.Schema))
	c.strPtr(p("$ref"), want.Ref, got.Ref)
	c.str(p("description"), want.Description, got.Description)
	c.str(p("type"), want.Type, got.Type)
	c.str(p("format"), want.Format, got.Format)
	c.str(p("title"), want.Title, got.Title)
	c.jsonPtr(p("default"), want.Default, got.Default)
	c.floatPtr(p("maximum"), want.Maximum, got.Maximum)
	c.boolean(p("exclusiveMaximum"), want.ExclusiveMaximum, got.ExclusiveMaximum)
	c.floatPtr(p("minimum"), want.Minimum, got.Minimum)
	c.boolean(p("exclusiveMinimum"), want.ExclusiveMinimum, got.ExclusiveMinimum)
	c.intPtr(p("maxLength"), want.MaxLength, got.MaxLength)
	c.intPtr(p("minLength"), want.MinLength, got.MinLength)
	c.str(p("pattern"), want.Pattern, got.Pattern)
	c.intPtr(p("maxItems"), want.MaxItems, got.MaxItems)
	c.intPtr(p("minItems"), want.MinItems, got.MinItems)
	c.boolean(p("uniqueItems"), want.UniqueItems, got.UniqueItems)
	c.floatPtr(p("multipleOf"), want.MultipleOf, got.MultipleOf)
	c.enum(p("enum"), want.Enum, got.Enum)
	c.intPtr(p("maxProperties"), want.MaxProperties, got.MaxProperties)
	c.intPtr(p("minProperties"), want.MinProperties, got.MinProperties)
	c.set(p("required"), want.Required, got.Required)
	c.items(p("items"), want.Items, got.Items)
	c.schemaList(p("allOf"), want.AllOf, got.AllOf)
	c.schemaList(p("oneOf"), want.OneOf, got.OneOf)
	c.schemaList(p("anyOf"), want.AnyOf, got.AnyOf)
	c.schemaPtr(p("not"), want.Not, got.Not)
	c.schemaMap(p("properties"), want.Properties, got.Properties)
	c.orBool(p("additionalProperties"), want.AdditionalProperties, got.AdditionalProperties)
	c.schemaMap(p("patternProperties"), want.PatternProperties, got.PatternProperties)
	c.dependencies(p("dependencies"), want.Dependencies, got.Dependencies)
	c.orBool(p("additionalItems"), want.AdditionalItems, got.AdditionalItems)
	c.schemaMap(p("definitions"), want.Definitions, got.Definitions)
	c.externalDocs(p("externalDocs"), want.ExternalDocs, got.ExternalDocs)
	c.jsonPtr(p("example"), want.Example, got.Example)
	c.boolean(p("nullable"), want.Nullable, got.Nullable)
	c.boolPtr(p("x-kubernetes-preserve-unknown-fields"), want.XPreserveUnknownFields, got.XPreserveUnknownFields)
	c.boolean(p("x-kubernetes-embedded-resource"), want.XEmbeddedResource, got.XEmbeddedResource)
	c.boolean(p("x-kubernetes-int-or-string"), want.XIntOrString, got.XIntOrString)
	c.ordered(p("x-kubernetes-list-map-keys"), want.XListMapKeys, got.XListMapKeys)
	c.strPtr(p("x-kubernetes-list-type"), want.XListType, got.XListType)
	c.strPtr(p("x-kubernetes-map-type"), want.XMapType, got.XMapType)
	c.validations(p("x-kubernetes-validations"), want.XValidations, got.XValidations)
}

func (c *comparer) externalDocs(path string, want, got *apiextv1.ExternalDocumentation) {
	switch {
	case want == nil && got == nil:
	case want == nil || got == nil:
		c.add(path, presence(want != nil), presence(got != nil))
	default:
		c.str(path+".description", want.Description, got.Description)
		c.str(path+".url", want.URL, got.URL)
	}
}
