package difftest

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/randfill"
)

// Random objects: randfill decides the shape (which pointers, lists and
// maps are set, how many items), then every scalar is redrawn along the
// kind's structural schema: mostly values the schema takes (an enum
// value, a number within its bounds, a string its pattern matches), and,
// as often as the object's chaos says, values at the edges (empty, past a
// bound, not in the enum, the literals of its CEL rules). Objects cycle
// through four levels of chaos and sparseness, so that both valid and
// invalid objects occur.

// level is how an object is drawn.
type level struct {
	// chaos is the chance a scalar is drawn from the edge pools.
	chaos float64
	// nilChance is randfill's chance that a pointer, list or map is nil.
	nilChance float64
}

var levels = []level{{0, 0.7}, {0.05, 0.5}, {0.2, 0.35}, {0.5, 0.25}}

const (
	// maxDepth bounds randfill's recursion: deep enough for a container
	// of a pod template of a list item (a Workload's podSets).
	maxDepth = 14
	// maxItems is the most items randfill puts in a list or map.
	maxItems = 2
)

var (
	benignStrings = []string{"a", "abc", "a-1", "x1", "a.b", "example.com", "example.com/a", "A", "1", "Abc", "a_b", "10.0.0.1", "1Gi", "100m", "2026-01-01T00:00:00Z", "a/b", "foo-bar"}
	edgeStrings   = []string{"", " ", "-a", "a-", "A_B!", "a..b", ".", "0", "-1", "true", "ä", "1.2.3.4.5",
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 253), strings.Repeat("a", 254), strings.Repeat("a", 257)}
	benignKeys = []string{"a", "b", "app", "cpu", "memory", "example.com/gpu", "nvidia.com/gpu", "pods"}
	edgeKeys   = []string{"", "A_B!", "-a", strings.Repeat("k", 64), "a/b/c"}
	benignInts = []int64{1, 2, 3, 10, 100}
	edgeInts   = []int64{0, -1, math.MaxInt32, math.MinInt32, 1 << 40}

	times = []string{"2026-01-01T00:00:00Z", "2025-06-30T12:30:45Z", "1970-01-01T00:00:00Z", "2030-12-31T23:59:59Z"}
	// quantities: valid in Go, the first ones on the server too (its
	// schema takes a quantity as an int-or-string with a pattern).
	quantities = []string{"1", "2", "100m", "1Gi", "10", "0", "500Mi", "-1", "1.5", "1e3"}
	durations  = []string{"0s", "1s", "1m0s", "1h0m0s", "-1s", "90s"}
	intOrStrs  = []intstr.IntOrString{intstr.FromInt32(1), intstr.FromInt32(0), intstr.FromInt32(-1), intstr.FromInt32(8080), intstr.FromString("50%"), intstr.FromString("a"), intstr.FromString(""), intstr.FromString("100%"), intstr.FromString("http")}
	raws       = []string{"", "{}", `{"a":1}`}
	jsons      = []string{"", "{}", "1", `"a"`, `{"a":[1]}`}
)

// opaque are the types whose JSON is not their Go fields: their custom
// fill functions draw them whole, and the redraw leaves them alone.
var opaque = map[reflect.Type]bool{
	reflect.TypeFor[metav1.TypeMeta]():      true,
	reflect.TypeFor[metav1.ObjectMeta]():    true,
	reflect.TypeFor[metav1.Time]():          true,
	reflect.TypeFor[metav1.MicroTime]():     true,
	reflect.TypeFor[metav1.Duration]():      true,
	reflect.TypeFor[resource.Quantity]():    true,
	reflect.TypeFor[intstr.IntOrString]():   true,
	reflect.TypeFor[runtime.RawExtension](): true,
	reflect.TypeFor[apiextv1.JSON]():        true,
	reflect.TypeFor[time.Time]():            true,
}

var (
	marshalerType   = reflect.TypeFor[json.Marshaler]()
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
)

type generator struct {
	r      *rand.Rand
	schema *structuralschema.Structural
	// celStrings are the quoted literals of the schema's CEL rules, drawn
	// among the edge strings.
	celStrings []string
	patterns   map[string]*regexp.Regexp
	lv         level
}

func newGenerator(seed int64, schema *structuralschema.Structural) *generator {
	g := &generator{r: rand.New(rand.NewSource(seed)), schema: schema, patterns: map[string]*regexp.Regexp{}}
	lits := map[string]bool{}
	walkSchema(schema, func(s *structuralschema.Structural) {
		for _, r := range s.XValidations {
			for _, m := range quotedRE.FindAllStringSubmatch(r.Rule, -1) {
				lits[m[1]+m[2]] = true
			}
		}
	})
	g.celStrings = slices.Sorted(func(yield func(string) bool) {
		for s := range lits {
			if !yield(s) {
				return
			}
		}
	})
	return g
}

var quotedRE = regexp.MustCompile(`'([^'\\]*)'|"([^"\\]*)"`)

func walkSchema(s *structuralschema.Structural, f func(*structuralschema.Structural)) {
	if s == nil {
		return
	}
	f(s)
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range s.Properties {
			if !yield(k) {
				return
			}
		}
	}) {
		c := s.Properties[k]
		walkSchema(&c, f)
	}
	walkSchema(s.Items, f)
	if s.AdditionalProperties != nil {
		walkSchema(s.AdditionalProperties.Structural, f)
	}
}

// fill makes obj random object i.
func (g *generator) fill(obj any, i int) (err error) {
	g.lv = levels[i%len(levels)]
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("randfill: %v", r)
		}
	}()
	f := randfill.NewWithSeed(g.r.Int63()).NilChance(g.lv.nilChance).NumElements(0, maxItems).MaxDepth(maxDepth).
		Funcs(
			func(*metav1.TypeMeta, randfill.Continue) {},
			func(m *metav1.ObjectMeta, c randfill.Continue) { g.objectMeta(m) },
			func(t *metav1.Time, c randfill.Continue) { *t = metav1.NewTime(g.time()) },
			func(t *metav1.MicroTime, c randfill.Continue) { *t = metav1.NewMicroTime(g.time()) },
			func(d *metav1.Duration, c randfill.Continue) {
				x, _ := time.ParseDuration(durations[g.r.Intn(len(durations))])
				d.Duration = x
			},
			func(q *resource.Quantity, c randfill.Continue) {
				*q = resource.MustParse(quantities[g.r.Intn(len(quantities))])
			},
			func(x *intstr.IntOrString, c randfill.Continue) { *x = intOrStrs[g.r.Intn(len(intOrStrs))] },
			func(x *runtime.RawExtension, c randfill.Continue) {
				*x = runtime.RawExtension{}
				if s := raws[g.r.Intn(len(raws))]; s != "" {
					x.Raw = []byte(s)
				}
			},
			func(x *apiextv1.JSON, c randfill.Continue) {
				*x = apiextv1.JSON{}
				if s := jsons[g.r.Intn(len(jsons))]; s != "" {
					x.Raw = []byte(s)
				}
			},
		)
	f.Fill(obj)
	g.redraw(reflect.ValueOf(obj).Elem(), g.schema)
	keepDecodable(reflect.ValueOf(obj).Elem())
	return nil
}

// keepDecodable zeroes the values of types with their own JSON decoding
// that do not decode what they encode (cluster-api's
// BootstrapTokenString of a random ID and secret): no Go client can send
// such an object, and a webhook could not decode it. A pointer to a value
// whose zero does not decode either is set to nil. It reports whether v
// decodes.
func keepDecodable(v reflect.Value) bool {
	t := v.Type()
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && reflect.PointerTo(t).Implements(unmarshalerType) {
		if decodes(v) {
			return true
		}
		v.SetZero()
		return decodes(v)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() && !keepDecodable(v.Elem()) {
			v.SetZero()
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				keepDecodable(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			keepDecodable(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(t.Elem()).Elem()
			e.Set(v.MapIndex(k))
			keepDecodable(e)
			v.SetMapIndex(k, e)
		}
	}
	return true
}

// decodes reports whether v's JSON decodes into its type.
func decodes(v reflect.Value) bool {
	b, err := json.Marshal(v.Addr().Interface())
	return err == nil && json.Unmarshal(b, reflect.New(v.Type()).Interface()) == nil
}

func (g *generator) time() time.Time {
	t, _ := time.Parse(time.RFC3339, times[g.r.Intn(len(times))])
	return t
}

// objectMeta draws the metadata of an embedded object (a pod template's):
// a name and labels, now and then invalid ones.
func (g *generator) objectMeta(m *metav1.ObjectMeta) {
	*m = metav1.ObjectMeta{}
	if g.r.Intn(2) == 0 {
		m.Name = g.pick([]string{"a", "web-1"}, []string{"Bad_Name", strings.Repeat("n", 254)})
	}
	if g.r.Intn(2) == 0 {
		m.Labels = map[string]string{g.pick([]string{"app", "example.com/a"}, []string{"bad key!"}): g.pick([]string{"a", ""}, []string{"-bad"})}
	}
}

// pick draws from benign, or from edge as often as the level's chaos says.
func (g *generator) pick(benign, edge []string) string {
	if len(edge) > 0 && g.r.Float64() < g.lv.chaos {
		return edge[g.r.Intn(len(edge))]
	}
	return benign[g.r.Intn(len(benign))]
}

// redraw replaces the scalars of v along its schema s (nil when the
// schema has no node for it: the server prunes it).
func (g *generator) redraw(v reflect.Value, s *structuralschema.Structural) {
	t := v.Type()
	if opaque[t] || (t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface &&
		(t.Implements(marshalerType) || reflect.PointerTo(t).Implements(unmarshalerType))) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			g.redraw(v.Elem(), s)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if (f.Anonymous && name == "") || slices.Contains(strings.Split(opts, ","), "inline") {
				g.redraw(v.Field(i), s)
				continue
			}
			if name == "" {
				name = f.Name
			}
			g.redraw(v.Field(i), property(s, name))
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return
		}
		var items *structuralschema.Structural
		if s != nil {
			items = s.Items
		}
		for i := range v.Len() {
			g.redraw(v.Index(i), items)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		var values *structuralschema.Structural
		if s != nil && s.AdditionalProperties != nil {
			values = s.AdditionalProperties.Structural
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		fresh := reflect.MakeMapWithSize(t, len(keys))
		for _, k := range keys {
			nk := reflect.New(k.Type()).Elem()
			nk.Set(k)
			if nk.Kind() == reflect.String {
				nk.SetString(g.pick(benignKeys, edgeKeys))
			}
			nv := reflect.New(t.Elem()).Elem()
			nv.Set(v.MapIndex(k))
			g.redraw(nv, values)
			fresh.SetMapIndex(nk, nv)
		}
		v.Set(fresh)
	case reflect.String:
		v.SetString(g.str(s))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for {
			n := g.integer(s)
			if !v.OverflowInt(n) {
				v.SetInt(n)
				return
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		for {
			n := g.integer(s)
			if n >= 0 && !v.OverflowUint(uint64(n)) {
				v.SetUint(uint64(n))
				return
			}
		}
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(g.integer(s)) / float64(1+g.r.Intn(2)))
	}
}

func property(s *structuralschema.Structural, name string) *structuralschema.Structural {
	if s == nil {
		return nil
	}
	if c, ok := s.Properties[name]; ok {
		return &c
	}
	return nil
}

// str draws a string for schema s.
func (g *generator) str(s *structuralschema.Structural) string {
	var vv *structuralschema.ValueValidation
	if s != nil {
		vv = s.ValueValidation
	}
	edge := g.r.Float64() < g.lv.chaos
	if vv != nil && len(vv.Enum) > 0 && (!edge || g.r.Intn(2) == 0) {
		var enum []string
		for _, e := range vv.Enum {
			if x, ok := e.Object.(string); ok {
				enum = append(enum, x)
			}
		}
		if len(enum) > 0 {
			if edge { // a near miss
				x := enum[g.r.Intn(len(enum))]
				return strings.ToUpper(x[:min(1, len(x))]) + strings.ToLower(x[min(1, len(x)):]) + "x"[:g.r.Intn(2)]
			}
			return enum[g.r.Intn(len(enum))]
		}
	}
	if edge {
		switch x := g.r.Intn(4); {
		case x == 0 && vv != nil && vv.MaxLength != nil && *vv.MaxLength < 10000:
			return strings.Repeat("a", int(*vv.MaxLength)+1)
		case x == 1 && vv != nil && vv.MinLength != nil && *vv.MinLength > 0:
			return strings.Repeat("a", int(*vv.MinLength)-1)
		case x == 2 && len(g.celStrings) > 0:
			return g.celStrings[g.r.Intn(len(g.celStrings))]
		}
		return edgeStrings[g.r.Intn(len(edgeStrings))]
	}
	if vv == nil {
		return benignStrings[g.r.Intn(len(benignStrings))]
	}
	cands := benignStrings
	if vv.MaxLength != nil && *vv.MaxLength < 10000 && g.r.Intn(4) == 0 {
		return strings.Repeat("a", max(int(*vv.MaxLength), 1))
	}
	if vv.MinLength != nil && *vv.MinLength > 1 {
		cands = append(slices.Clip(cands), strings.Repeat("a", int(*vv.MinLength)))
	}
	if vv.Pattern != "" {
		re, ok := g.patterns[vv.Pattern]
		if !ok {
			re, _ = regexp.Compile(vv.Pattern) // nil when Go's syntax lacks it
			g.patterns[vv.Pattern] = re
		}
		if re != nil {
			var match []string
			for _, c := range cands {
				if re.MatchString(c) {
					match = append(match, c)
				}
			}
			if len(match) > 0 {
				cands = match
			}
		}
	}
	var fit []string
	for _, c := range cands {
		if (vv.MaxLength == nil || int64(len(c)) <= *vv.MaxLength) && (vv.MinLength == nil || int64(len(c)) >= *vv.MinLength) {
			fit = append(fit, c)
		}
	}
	if len(fit) > 0 {
		cands = fit
	}
	return cands[g.r.Intn(len(cands))]
}

// integer draws an integer for schema s.
func (g *generator) integer(s *structuralschema.Structural) int64 {
	var lo, hi *float64
	var enum []int64
	if s != nil && s.ValueValidation != nil {
		lo, hi = s.ValueValidation.Minimum, s.ValueValidation.Maximum
		for _, e := range s.ValueValidation.Enum {
			switch x := e.Object.(type) {
			case int64:
				enum = append(enum, x)
			case float64:
				enum = append(enum, int64(x))
			}
		}
	}
	if g.r.Float64() < g.lv.chaos {
		pool := slices.Clone(edgeInts)
		if lo != nil && *lo > -1e15 {
			pool = append(pool, int64(*lo)-1, int64(*lo))
		}
		if hi != nil && *hi < 1e15 {
			pool = append(pool, int64(*hi)+1, int64(*hi))
		}
		return pool[g.r.Intn(len(pool))]
	}
	if len(enum) > 0 {
		return enum[g.r.Intn(len(enum))]
	}
	clamp := func(n int64) int64 {
		if lo != nil && float64(n) < *lo {
			n = int64(math.Ceil(*lo))
		}
		if hi != nil && float64(n) > *hi {
			n = int64(math.Floor(*hi))
		}
		return n
	}
	return clamp(benignInts[g.r.Intn(len(benignInts))])
}
