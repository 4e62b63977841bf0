package validationtest

import (
	"context"
	"encoding/json"
	"math/rand"
	"reflect"
	"sync"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/randfill"
)

// random makes an object: randfill decides its shape (nil pointers, list
// and map sizes), then strings and integers are redrawn, mostly from the
// pools, so that values land on both sides of the tags' checks whatever
// their Go type (typedefs included, which randfill's custom functions
// would miss).
func random[T any](cfg Config, seed int64) *T {
	obj := new(T)
	fill(cfg, seed, obj)
	return obj
}

// Fill overwrites obj (a pointer) with a random value, made as Run makes
// its objects, for a caller that drives validation itself (an API
// server's pipeline, say). The same seed makes the same value.
func Fill(cfg Config, seed int64, obj any) {
	fill(cfg.withDefaults(), seed, obj)
}

func fill(cfg Config, seed int64, obj any) {
	fills := append(append([]any(nil), apimachineryFills...), unfillable(reflect.TypeOf(obj))...)
	randfill.NewWithSeed(seed).NilChance(0.25).NumElements(0, cfg.MaxElements).MaxDepth(8).Funcs(fills...).Fill(obj)
	r := rand.New(rand.NewSource(seed))
	walk(reflect.ValueOf(obj).Elem(), func(v reflect.Value) { redraw(cfg, r, v) })
}

// apimachineryFills make values of apimachinery's types that randfill
// cannot make, or makes as no API server would decode them: an embedded
// object is raw JSON (never a runtime.Object, an interface), quantities
// and times are ones that parse, an int-or-string holds one of the two.
var apimachineryFills = []any{
	func(e *runtime.RawExtension, c randfill.Continue) {
		if c.Bool() {
			e.Raw = []byte(`{"apiVersion":"v1","kind":"ConfigMap"}`)
		}
	},
	func(j *apiextv1.JSON, c randfill.Continue) {
		if c.Bool() {
			j.Raw = []byte(rawObjects[c.Intn(len(rawObjects))])
		}
	},
	func(m *json.RawMessage, c randfill.Continue) {
		if c.Bool() {
			*m = json.RawMessage(rawObjects[c.Intn(len(rawObjects))])
		}
	},
	func(q *resource.Quantity, c randfill.Continue) {
		quantities := []string{"0", "1", "-1", "100m", "1Gi", "2", "1.5", "1e3"}
		*q = resource.MustParse(quantities[c.Intn(len(quantities))])
	},
	func(tm *metav1.Time, c randfill.Continue) {
		*tm = metav1.Unix(int64(c.Intn(4))*1_000_000_000, 0)
	},
	func(tm *metav1.MicroTime, c randfill.Continue) {
		*tm = metav1.NewMicroTime(time.Unix(int64(c.Intn(4))*1_000_000_000, int64(c.Intn(3))*1000))
	},
	func(v *intstr.IntOrString, c randfill.Continue) {
		if c.Bool() {
			*v = intstr.FromInt32(int32(c.Intn(5)) - 1)
		} else {
			*v = intstr.FromString([]string{"", "1", "50%", "http", "a b"}[c.Intn(5)])
		}
	},
}

// rawObjects are the documents of a field holding raw JSON (apiextensions'
// JSON, json.RawMessage): objects, as the schemas of such fields want
// (type: object, or x-kubernetes-preserve-unknown-fields alone).
var rawObjects = []string{`{}`, `{"a":"b"}`, `{"n":1,"list":[true,"x"]}`}

// rawJSON are the types whose bytes are a JSON document: walk leaves them
// as the fills above made them (a redrawn byte would break the document).
var rawJSON = map[reflect.Type]bool{
	reflect.TypeFor[runtime.RawExtension](): true,
	reflect.TypeFor[apiextv1.JSON]():        true,
	reflect.TypeFor[json.RawMessage]():      true,
}

// unfillable makes a fill for every interface, func and chan type that t
// reaches, which randfill cannot make (it panics): such a field is one a
// type marshals itself (json:"-", a MarshalJSON of its own), a
// map[string]any of free-form configuration, say. An empty interface gets
// what encoding/json decodes into one; any other is left nil, as are funcs
// and chans.
func unfillable(t reflect.Type) []any {
	if fills, ok := unfillableOf.Load(t); ok {
		return fills.([]any)
	}
	fills := unfillableIn(t)
	unfillableOf.Store(t, fills)
	return fills
}

// unfillableOf caches unfillable by type: a run fills thousands of
// objects of one type.
var unfillableOf sync.Map

func unfillableIn(t reflect.Type) []any {
	var fills []any
	seen := map[reflect.Type]bool{}
	var visit func(t reflect.Type)
	visit = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			visit(t.Elem())
		case reflect.Map:
			visit(t.Key())
			visit(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if t.Field(i).IsExported() {
					visit(t.Field(i).Type)
				}
			}
		case reflect.Interface, reflect.Func, reflect.Chan:
			anyValue := t.Kind() == reflect.Interface && t.NumMethod() == 0
			fn := reflect.FuncOf([]reflect.Type{reflect.PointerTo(t), reflect.TypeFor[randfill.Continue]()}, nil, false)
			fills = append(fills, reflect.MakeFunc(fn, func(args []reflect.Value) []reflect.Value {
				if c := args[1].Interface().(randfill.Continue); anyValue && c.Bool() {
					args[0].Elem().Set(reflect.ValueOf(jsonValues[c.Intn(len(jsonValues))]))
				}
				return nil
			}).Interface())
		}
	}
	visit(t)
	return fills
}

// jsonValues are values an empty interface is filled with: one of each
// kind encoding/json decodes into it.
var jsonValues = []any{"a", float64(1), true, map[string]any{"a": "b"}, []any{"x", float64(2)}}

// walk calls fn on every settable scalar in v.
func walk(v reflect.Value, fn func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), fn)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[intstr.IntOrString]() || rawJSON[v.Type()] {
			return // apimachineryFills made it as the server decodes it
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), fn)
			}
		}
	case reflect.Slice, reflect.Array:
		if rawJSON[v.Type()] {
			return
		}
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), fn)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		// Map values are not addressable: rebuild the map with redrawn
		// keys and values, in a fixed order so that runs repeat.
		keys := v.MapKeys()
		sortValues(keys)
		fresh := reflect.MakeMapWithSize(v.Type(), len(keys))
		for _, k := range keys {
			nk := reflect.New(k.Type()).Elem()
			nk.Set(k)
			walk(nk, fn)
			nv := reflect.New(v.Type().Elem()).Elem()
			nv.Set(v.MapIndex(k))
			walk(nv, fn)
			fresh.SetMapIndex(nk, nv)
		}
		if v.CanSet() {
			v.Set(fresh)
		}
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Bool:
		if v.CanSet() {
			fn(v)
		}
	}
}

func sortValues(vs []reflect.Value) {
	less := func(a, b reflect.Value) bool { return fmtKey(a) < fmtKey(b) }
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && less(vs[j], vs[j-1]); j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

func fmtKey(v reflect.Value) string { return toJSON(v.Interface()) }

// redraw replaces a scalar, mostly by a pool value.
func redraw(cfg Config, r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if pool := cfg.TypeStrings[v.Type()]; len(pool) > 0 && r.Intn(5) > 0 {
			v.SetString(pool[r.Intn(len(pool))])
			return
		}
		if r.Intn(5) > 0 {
			v.SetString(cfg.Strings[r.Intn(len(cfg.Strings))])
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if r.Intn(5) > 0 {
			n := cfg.Ints[r.Intn(len(cfg.Ints))]
			if !v.OverflowInt(n) {
				v.SetInt(n)
			}
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if r.Intn(5) > 0 {
			if n := cfg.Ints[r.Intn(len(cfg.Ints))]; n >= 0 && !v.OverflowUint(uint64(n)) {
				v.SetUint(uint64(n))
			}
		}
	}
}

// Mutate changes obj (a pointer) a little, the way Run's updates do: one
// or two scalars get another value, or a list is reordered, or a pointer,
// list or map is cleared. The same seed makes the same change.
func Mutate(cfg Config, seed int64, obj any) {
	mutate(cfg.withDefaults(), rand.New(rand.NewSource(seed)), obj)
}

// mutate changes an object a little, the way updates do: one or two
// scalars get another value, or a list is reordered (which must not
// matter to list-maps and sets), or a pointer, list or map is cleared.
func mutate(cfg Config, r *rand.Rand, obj any) {
	var leaves, lists []reflect.Value
	var collect func(v reflect.Value)
	collect = func(v reflect.Value) {
		if rawJSON[v.Type()] {
			return // a changed byte would break its document
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				if v.CanSet() {
					lists = append(lists, v)
				}
				collect(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					collect(v.Field(i))
				}
			}
		case reflect.Slice:
			if v.CanSet() && v.Len() > 0 {
				lists = append(lists, v)
			}
			for i := 0; i < v.Len(); i++ {
				collect(v.Index(i))
			}
		case reflect.Map:
			if v.CanSet() && v.Len() > 0 {
				lists = append(lists, v)
			}
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Bool:
			if v.CanSet() {
				leaves = append(leaves, v)
			}
		}
	}
	collect(reflect.ValueOf(obj).Elem())
	switch n := r.Intn(4); {
	case n < 2 && len(leaves) > 0:
		for k := 0; k <= n; k++ {
			v := leaves[r.Intn(len(leaves))]
			if v.Kind() == reflect.Bool {
				v.SetBool(!v.Bool())
			} else {
				redraw(cfg, r, v)
			}
		}
	case n == 2 && len(lists) > 0:
		v := lists[r.Intn(len(lists))]
		if v.Kind() == reflect.Slice {
			reverse(v)
		} else {
			v.Set(reflect.Zero(v.Type()))
		}
	case len(lists) > 0:
		v := lists[r.Intn(len(lists))]
		v.Set(reflect.Zero(v.Type()))
	}
}

func reverse(v reflect.Value) {
	swap := reflect.Swapper(v.Interface())
	for i, j := 0, v.Len()-1; i < j; i, j = i+1, j-1 {
		swap(i, j)
	}
}

// shrink zeroes, one at a time and in a fixed order, every field of the
// object (and of the old object) whose zeroing keeps the validators in
// disagreement, so that what is left is what the disagreement needs.
func shrink[T any](cfg Config, ctx context.Context, op operation.Operation, obj, old *T, handwritten, declarative Func[T]) (*T, *T) {
	// Shrink copies: the objects of the run are validated again later.
	obj, old = copyOf(obj), copyOf(old)
	disagree := func() bool {
		mm, _, _ := compare(cfg, ctx, op, obj, old, handwritten, declarative)
		return len(mm) > 0
	}
	for pass := 0; pass < 3; pass++ {
		changed := false
		for _, root := range []any{obj, old} {
			if reflect.ValueOf(root).IsNil() {
				continue
			}
			for _, v := range zeroable(reflect.ValueOf(root).Elem()) {
				if v.IsZero() {
					continue
				}
				saved := reflect.New(v.Type()).Elem()
				saved.Set(v)
				v.Set(reflect.Zero(v.Type()))
				if disagree() {
					changed = true
					continue
				}
				v.Set(saved)
			}
		}
		if !changed {
			break
		}
	}
	return obj, old
}

// zeroable lists the settable fields and list items of v, outermost first.
func zeroable(v reflect.Value) []reflect.Value {
	var out []reflect.Value
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		if rawJSON[v.Type()] {
			return // zeroed whole, or not at all
		}
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				visit(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if f := v.Field(i); v.Type().Field(i).IsExported() && f.CanSet() {
					out = append(out, f)
					visit(f)
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				out = append(out, v.Index(i))
				visit(v.Index(i))
			}
		}
	}
	visit(v)
	return out
}

// copyOf deep-copies an object by reflection (nil stays nil).
func copyOf[T any](p *T) *T {
	if p == nil {
		return nil
	}
	out := new(T)
	deepCopy(reflect.ValueOf(out).Elem(), reflect.ValueOf(p).Elem())
	return out
}

func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		deepCopy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		v := reflect.New(src.Elem().Type()).Elem()
		deepCopy(v, src.Elem())
		dst.Set(v)
	case reflect.Struct:
		// Unexported fields (time.Time's, say) are copied as they are;
		// exported ones deeply.
		dst.Set(src)
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			deepCopy(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			deepCopy(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		iter := src.MapRange()
		for iter.Next() {
			v := reflect.New(src.Type().Elem()).Elem()
			deepCopy(v, iter.Value())
			m.SetMapIndex(iter.Key(), v)
		}
		dst.Set(m)
	default:
		dst.Set(src)
	}
}
