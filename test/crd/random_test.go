package crd

import (
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"sigs.k8s.io/randfill"

	"github.com/declval/validation-gen/validationtest"
)

// Random request bodies for the differential test. An input starts as a
// random Go object (randfill decides the shape, scalars are redrawn mostly
// from value pools around the checks of the tag contract), is marshaled to
// JSON, and then the JSON is perturbed where Go cannot tell the difference
// but the API server can: keys deleted, explicit zero values ("", 0,
// false, [], {}) inserted for absent keys or replacing present values,
// nulls for fields, list elements duplicated. That JSON is the input of both
// sides.

var (
	typeMetaType   = reflect.TypeFor[metav1.TypeMeta]()
	objectMetaType = reflect.TypeFor[metav1.ObjectMeta]()
)

// wellKnownPools are JSON values of the apimachinery types with a JSON
// form of their own (a string or a number, not their Go fields): values a
// Go client can send (each decodes into the Go type), around the rules of
// the examples. The first is the JSON of the zero value.
var wellKnownPools = map[reflect.Type][]any{
	reflect.TypeFor[metav1.Time]():        {nil, "2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "2025-12-31T23:59:59Z", "2030-06-15T12:00:00Z", "1970-01-01T00:00:00Z"},
	reflect.TypeFor[metav1.Duration]():    {"0s", "1h0m0s", "30m0s", "2h0m0s", "-5m0s", "1m30s", "59m59s", "1h0m1s", "10s"},
	reflect.TypeFor[intstr.IntOrString](): {int64(0), int64(1), int64(3), int64(-1), int64(1000), "50%", "100%", "1000%", "5", "abc", "", "0%"},
	reflect.TypeFor[resource.Quantity]():  {"0", "1", "1Gi", "500m", "-1", "10Gi", "20Gi", "9Gi", "1k", "-500m"},
	reflect.TypeFor[k8sruntime.RawExtension](): func() []any {
		out := []any{nil}
		for _, o := range embeddedObjects[1:] {
			out = append(out, json.RawMessage(o))
		}
		return out
	}(),
}

// nullOr is JSON null, or the zero value for a type that cannot decode
// null (metav1.Duration: a Go client cannot send that body).
func nullOr(t reflect.Type) any {
	if err := json.Unmarshal([]byte("null"), reflect.New(t).Interface()); err != nil {
		return zeroJSON(t)
	}
	return nil
}

// wellKnown is the pool of a well-known type (a pointer to one too), or nil.
func wellKnown(t reflect.Type) []any {
	return wellKnownPools[deref(t)]
}

// poolStrings are DefaultStrings plus values around every bound and format
// of the contract: lengths around 8, 16, 63/64, 253, 256 (in bytes and in
// runes), enum-like words, IP and DNS edge cases.
var poolStrings = func() []string {
	s := append([]string{}, validationtest.DefaultStrings...)
	for _, n := range []int{8, 9, 16, 17, 63, 65, 253, 256, 257} {
		s = append(s, strings.Repeat("a", n))
	}
	for _, n := range []int{8, 9, 16, 17, 64, 65, 256, 257} {
		s = append(s, strings.Repeat("ä", n))
	}
	s = append(s, "none", "None", "Fast", "Safe", "fast", "main", "backup", "Battery", "Mains", "battery",
		"a..b", "a.b", "a-b", "a_b", "1abc", "abc-", "1.2.3.4", "01.02.03.004", "256.1.1.1", "1.2.3.4.5",
		"fe80::1", "::ffff:1.2.3.4", "1.2.3.4/24", " ", "true", "0",
		"::ffff:01.2.3.4", "::FFFF:1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.4", "ffff::1.2.3.4",
		"1::ffff:1.2.3.4", ":1.2.3.4", "::ffff:256.1.1.1", "fe80::1%eth0", "::ffff:1.2.3", "0:0:0:0:0:ffff:1.2.3.4")
	// The other formats: label keys and values, domain-prefixed and
	// fully qualified names, resource pools, caseless names, path
	// segments and UUIDs, valid and not.
	s = append(s, "example.com/My_Key", "Example.com/x", "a.kubernetes.io/x", "requests.example.com/x", "example.com/requests.x",
		"example.com/-x", "a//b", "/a", "a/", "pool//a", "\u212aelvin.io", "\u017f.io", "My_Label.v1", "my_name", ".", "%",
		"123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000",
		"x/"+strings.Repeat("n", 33), strings.Repeat("d", 64)+"/x", "x.io/"+strings.Repeat("n", 63), "x.io/"+strings.Repeat("n", 64),
		strings.Repeat("a", 63)+"/"+strings.Repeat("b", 33), strings.Repeat("p/", 40)+"p", strings.Repeat("\u212a", 100))
	return s
}()

var poolInts = append(append([]int64{}, validationtest.DefaultInts...),
	3, 4, 9, 10, 11, 1025, -1024, math.MinInt32, math.MaxInt32, 1<<40, -(1 << 40))

type jfield struct {
	name string
	typ  reflect.Type
}

// jsonFields lists the JSON properties of a struct type as encoding/json
// sees them (embedded structs without a name inlined), without TypeMeta
// and ObjectMeta, which the test sets itself.
func jsonFields(t reflect.Type) []jfield {
	var out []jfield
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type == typeMetaType || f.Type == objectMetaType {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				out = append(out, jsonFields(ft)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jfield{name, f.Type})
	}
	return out
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func isBytes(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8
}

// zeroJSON is the explicit zero value of a Go type in JSON.
func zeroJSON(t reflect.Type) any {
	t = deref(t)
	if pool := wellKnown(t); pool != nil {
		return pool[0]
	}
	switch {
	case isBytes(t):
		return ""
	}
	switch t.Kind() {
	case reflect.String:
		return ""
	case reflect.Bool:
		return false
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(0)
	case reflect.Float32, reflect.Float64:
		return float64(0)
	case reflect.Slice, reflect.Array:
		return []any{}
	case reflect.Map, reflect.Struct:
		return map[string]any{}
	}
	return nil
}

type generator struct {
	r       *rand.Rand
	strings []string
	ints    []int64
	// hints are the literals of the kind's own checks (enum values, item
	// keys, bounds and their neighbours), drawn often so that rare values
	// such as a list-map item named "main" with a port below 1024 occur.
	hintStrings []string
	hintInts    []int64
	// drop is the chance a present key is deleted: some objects are
	// sparse, so that fewer checks fail at once and the server's CEL rules
	// (skipped after a "blocking" schema error) run on more inputs.
	drop float64
	// focus keeps one key in each object directly under the root (spec,
	// status): a single field, fully populated.
	focus bool
}

func newGenerator(seed int64, hintStrings []string, hintInts []int64) *generator {
	return &generator{r: rand.New(rand.NewSource(seed)), strings: poolStrings, ints: poolInts,
		hintStrings: hintStrings, hintInts: hintInts, drop: 0.12}
}

var (
	quotedRE = regexp.MustCompile(`'([^'\\]*)'|"([^"\\]*)"`)
	intRE    = regexp.MustCompile(`-?\b[0-9]+\b`)
)

// hints collects the literals of a CRD schema: enum values, bounds, and
// the quoted strings and integers of its CEL rules. They only bias the
// inputs; the verdicts come from the two validators.
func hints(crd *apiextv1.CustomResourceDefinition) ([]string, []int64) {
	strs := map[string]bool{}
	ints := map[int64]bool{}
	addInt := func(n int64) {
		for _, d := range []int64{-1, 0, 1} {
			ints[n+d] = true
		}
	}
	var walk func(s *apiextv1.JSONSchemaProps)
	walk = func(s *apiextv1.JSONSchemaProps) {
		if s == nil {
			return
		}
		for _, e := range s.Enum {
			var v any
			if json.Unmarshal(e.Raw, &v) == nil {
				if str, ok := v.(string); ok {
					strs[str] = true
				}
			}
		}
		for _, p := range []*float64{s.Minimum, s.Maximum} {
			if p != nil {
				addInt(int64(*p))
			}
		}
		for _, p := range []*int64{s.MaxLength, s.MinLength, s.MaxItems, s.MinItems, s.MaxProperties} {
			if p != nil {
				addInt(*p)
			}
		}
		for _, r := range s.XValidations {
			for _, m := range quotedRE.FindAllStringSubmatch(r.Rule, -1) {
				strs[m[1]+m[2]] = true
			}
			for _, m := range intRE.FindAllString(r.Rule, -1) {
				if n, err := strconv.ParseInt(m, 10, 64); err == nil {
					addInt(n)
				}
			}
		}
		for _, c := range s.Properties {
			walk(&c)
		}
		for _, c := range append(append(append([]apiextv1.JSONSchemaProps{}, s.AllOf...), s.AnyOf...), s.OneOf...) {
			walk(&c)
		}
		if s.Items != nil {
			walk(s.Items.Schema)
		}
		if s.AdditionalProperties != nil {
			walk(s.AdditionalProperties.Schema)
		}
	}
	for _, v := range crd.Spec.Versions {
		if v.Schema != nil {
			walk(v.Schema.OpenAPIV3Schema)
		}
	}
	var ss []string
	for s := range strs {
		ss = append(ss, s)
	}
	sort.Strings(ss)
	var is []int64
	for n := range ints {
		is = append(is, n)
	}
	sort.Slice(is, func(i, j int) bool { return is[i] < is[j] })
	return ss, is
}

// embeddedObjects are the bodies a RawExtension gets: none, valid, or
// broken as the server's embedded-resource check sees them.
var embeddedObjects = []string{
	"", `{}`, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}`, `{"apiVersion":"v1","kind":"ConfigMap"}`,
	`{"apiVersion":"v1"}`, `{"kind":"ConfigMap"}`, `{"apiVersion":"a/b/c","kind":"ConfigMap"}`, `{"apiVersion":"v1","kind":"Config_Map"}`,
	`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a/b"}}`, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"labels":{"a":"b"},"namespace":"ns"}}`,
	`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"labels":{"-bad-":"b"}}}`, `{"apiVersion":"","kind":""}`,
}

// object makes one random input body (without apiVersion, kind, metadata).
func (g *generator) object(typ reflect.Type) map[string]any {
	v := reflect.New(typ)
	randfill.NewWithSeed(g.r.Int63()).NilChance(0.25).NumElements(0, 4).MaxDepth(8).
		Funcs(func(*metav1.TypeMeta, randfill.Continue) {}, func(*metav1.ObjectMeta, randfill.Continue) {},
			// Embedded objects come from their pool (wellKnownPools).
			func(r *k8sruntime.RawExtension, c randfill.Continue) {}).
		Fill(v.Interface())
	g.redrawAll(v.Elem())
	b, err := json.Marshal(v.Interface())
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := utiljson.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	delete(m, "metadata")
	delete(m, "apiVersion")
	delete(m, "kind")
	m = g.perturb(typ, m).(map[string]any)
	if g.focus {
		for _, k := range sortedKeys(m) {
			if sub, ok := m[k].(map[string]any); ok && len(sub) > 1 {
				keys := sortedKeys(sub)
				keep := keys[g.r.Intn(len(keys))]
				for _, k2 := range keys {
					if k2 != keep {
						delete(sub, k2)
					}
				}
			}
		}
	}
	return m
}

// redrawAll replaces the scalars of a Go value, mostly by pool values.
func (g *generator) redrawAll(v reflect.Value) {
	if pool := wellKnown(v.Type()); pool != nil && v.Kind() != reflect.Pointer {
		b, _ := json.Marshal(pool[g.r.Intn(len(pool))])
		x := reflect.New(v.Type())
		if err := json.Unmarshal(b, x.Interface()); err != nil {
			panic(err)
		}
		v.Set(x.Elem())
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			g.redrawAll(v.Elem())
		}
	case reflect.Struct:
		if v.Type() == typeMetaType || v.Type() == objectMetaType {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				g.redrawAll(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			g.redrawAll(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keyString(keys[i]) < keyString(keys[j]) })
		fresh := reflect.MakeMapWithSize(v.Type(), len(keys))
		for _, k := range keys {
			nk := reflect.New(k.Type()).Elem()
			nk.Set(k)
			g.redrawAll(nk)
			nv := reflect.New(v.Type().Elem()).Elem()
			nv.Set(v.MapIndex(k))
			g.redrawAll(nv)
			fresh.SetMapIndex(nk, nv)
		}
		v.Set(fresh)
	default:
		if v.CanSet() && g.r.Intn(5) > 0 {
			if x, ok := g.scalar(v.Type()); ok {
				switch v.Kind() {
				case reflect.String:
					v.SetString(x.(string))
				case reflect.Bool:
					v.SetBool(x.(bool))
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					v.SetInt(x.(int64))
				case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
					v.SetUint(uint64(x.(int64)))
				}
			}
		}
	}
}

func keyString(v reflect.Value) string { b, _ := json.Marshal(v.Interface()); return string(b) }

// scalar draws a JSON scalar for a Go scalar type from the pools.
func (g *generator) scalar(t reflect.Type) (any, bool) {
	t = deref(t)
	if pool := wellKnown(t); pool != nil {
		return pool[g.r.Intn(len(pool))], true
	}
	switch t.Kind() {
	case reflect.String:
		if len(g.hintStrings) > 0 && g.r.Intn(3) == 0 {
			return g.hintStrings[g.r.Intn(len(g.hintStrings))], true
		}
		return g.strings[g.r.Intn(len(g.strings))], true
	case reflect.Bool:
		return g.r.Intn(2) == 0, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for {
			n := g.ints[g.r.Intn(len(g.ints))]
			if len(g.hintInts) > 0 && g.r.Intn(3) == 0 {
				n = g.hintInts[g.r.Intn(len(g.hintInts))]
			}
			if !reflect.New(t).Elem().OverflowInt(n) {
				return n, true
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		for {
			n := g.ints[g.r.Intn(len(g.ints))]
			if n >= 0 && !reflect.New(t).Elem().OverflowUint(uint64(n)) {
				return n, true
			}
		}
	}
	return nil, false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// perturb walks a JSON value along its Go type and moves it around the
// absent/zero/null edge.
func (g *generator) perturb(t reflect.Type, v any) any {
	t = deref(t)
	if isBytes(t) || wellKnown(t) != nil {
		return v
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		for _, f := range jsonFields(t) {
			cur, present := m[f.name]
			x := g.r.Float64()
			switch {
			case present && x < g.drop:
				delete(m, f.name)
			case present && x < g.drop+0.10:
				m[f.name] = zeroJSON(f.typ)
			case present && x < g.drop+0.14:
				m[f.name] = nullOr(f.typ)
			case present:
				m[f.name] = g.perturb(f.typ, cur)
			case x < 0.22:
				m[f.name] = g.perturb(f.typ, zeroJSON(f.typ))
			case x < 0.28:
				m[f.name] = nullOr(f.typ)
			}
		}
		return m
	case reflect.Slice, reflect.Array:
		l, ok := v.([]any)
		if !ok {
			return v
		}
		for i := range l {
			if g.r.Float64() < 0.1 {
				l[i] = zeroJSON(t.Elem())
			} else {
				l[i] = g.perturb(t.Elem(), l[i])
			}
		}
		if len(l) > 0 && g.r.Float64() < 0.15 { // a duplicate, for sets and list-maps
			l = append(l, deepCopyJSON(l[g.r.Intn(len(l))]))
		}
		if g.r.Float64() < 0.05 {
			l = append(l, zeroJSON(t.Elem()))
		}
		return l
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		for _, k := range sortedKeys(m) {
			x := g.r.Float64()
			switch {
			case x < 0.08:
				delete(m, k)
			case x < 0.16:
				m[k] = zeroJSON(t.Elem())
			// No null map values: the server prunes the entry, and no Go
			// value says that (encoding/json keeps the key, with a zero
			// value), so there is nothing for the Go validator to compare.
			default:
				m[k] = g.perturb(t.Elem(), m[k])
			}
		}
		if g.r.Float64() < 0.1 {
			k := ""
			if g.r.Intn(2) == 0 {
				k = g.strings[g.r.Intn(len(g.strings))]
			}
			m[k] = zeroJSON(t.Elem())
		}
		return m
	}
	return v
}

func deepCopyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopyJSON(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = deepCopyJSON(e)
		}
		return l
	}
	return v
}

// site is a place in a typed JSON tree a small change can touch.
type site struct {
	typ    reflect.Type
	value  any
	absent bool
	set    func(any)
	del    func() // nil for list elements
}

func sites(t reflect.Type, v any, out *[]site) {
	t = deref(t)
	if isBytes(t) || wellKnown(t) != nil {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for _, f := range jsonFields(t) {
			name := f.name
			cur, present := m[name]
			*out = append(*out, site{typ: f.typ, value: cur, absent: !present,
				set: func(x any) { m[name] = x }, del: func() { delete(m, name) }})
			if present {
				sites(f.typ, cur, out)
			}
		}
	case reflect.Slice, reflect.Array:
		l, ok := v.([]any)
		if !ok {
			return
		}
		for i := range l {
			*out = append(*out, site{typ: t.Elem(), value: l[i], set: func(x any) { l[i] = x }})
			sites(t.Elem(), l[i], out)
		}
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for _, k := range sortedKeys(m) {
			*out = append(*out, site{typ: t.Elem(), value: m[k],
				set: func(x any) { m[k] = x }, del: func() { delete(m, k) }})
			sites(t.Elem(), m[k], out)
		}
	}
}

// smallChange returns a copy of a body with one small change, as an
// update makes: a scalar redrawn, a bool flipped, a list reversed, a key
// deleted, or an absent key set to its zero value.
func (g *generator) smallChange(t reflect.Type, body map[string]any) map[string]any {
	c := deepCopyJSON(body).(map[string]any)
	var ss []site
	sites(t, c, &ss)
	if len(ss) == 0 {
		return c
	}
	for try := 0; try < 10; try++ {
		s := ss[g.r.Intn(len(ss))]
		et := deref(s.typ)
		switch {
		case s.absent:
			s.set(zeroJSON(s.typ))
		case s.value == nil:
			s.set(zeroJSON(s.typ))
		case g.r.Intn(4) == 0 && s.del != nil:
			s.del()
		case et.Kind() == reflect.Slice && !isBytes(et):
			l, _ := s.value.([]any)
			if len(l) < 2 {
				continue
			}
			r := make([]any, len(l))
			for i := range l {
				r[i] = l[len(l)-1-i]
			}
			s.set(r)
		case et.Kind() == reflect.Bool:
			b, _ := s.value.(bool)
			s.set(!b)
		default:
			x, ok := g.scalar(et)
			if !ok {
				continue
			}
			s.set(x)
		}
		return c
	}
	return c
}
