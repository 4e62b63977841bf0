package v1

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"
	"sigs.k8s.io/randfill/bytesource"
)

// The fuzz tests build random Widgets with randfill, then push many of
// their strings and integers towards the values the tags care about
// (valid and invalid names, IPs, enum values, limits), so that both the
// valid and the failing paths of every check run. They assert that
// validation never panics and is deterministic; they do not check which
// errors are reported.

// fuzzSeed is the fixed seed of TestFuzzWidgetRandom.
const fuzzSeed = 20260721

// fuzzObjects is how many random Widgets TestFuzzWidgetRandom validates.
const fuzzObjects = 2000

var fuzzStrings = func() []string {
	s := []string{
		"", "a", "z", "0", "abc", "my-name", "123-abc", "1234", "a-b-c", "wdg", "zone-a", "primary", "default",
		"a.b", "foo.bar", "widgets.example.com", "a..b", ".a", "a.", "-a", "a-", "a_b", "A", "Upper", "my Name",
		"1.2.3.4", "010.001.002.003", "0.0.0.0", "255.255.255.255", "::", "::1", "2001:db8::1", "::ffff:1.2.3.4",
		"1.2.3", "256.0.0.1", "fe80::1%eth0", "1.2.3.4/24", " 1.2.3.4",
		"Pending", "Ready", "Failed", "TCP", "UDP", "SCTP", "In", "NotIn", "Exists", "EmptyDir", "Host", "Volumes",
		"True", "False", "Unknown", "tcp", "#ffffff", "#fff", "blue",
		"日本語", "é", "😀", "\xff", "\x00", "a\x00b", "\"quoted\"", "a]b", "[0]", "x.y[z]", "<nil>",
		strings.Repeat("a", 7), strings.Repeat("a", 8), strings.Repeat("a", 9), strings.Repeat("a", 10),
		strings.Repeat("a", 11), strings.Repeat("a", 16), strings.Repeat("a", 17), strings.Repeat("a", 32),
		strings.Repeat("a", 33), strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 65),
		strings.Repeat("a", 128), strings.Repeat("a", 129), strings.Repeat("a", 253), strings.Repeat("a", 254),
		strings.Repeat("日", 7), strings.Repeat("日", 8), strings.Repeat("日", 64), strings.Repeat("日", 65),
		strings.Repeat("a.", 126) + "a", strings.Repeat("A", 300), strings.Repeat("x", 1000),
	}
	return s
}()

var fuzzInts = []int64{
	-1 << 63, -1 << 31, -1025, -1, 0, 1, 2, 3, 4, 5, 7, 8, 12, 13, 14, 63, 64, 1023, 1024, 1025, 65535, 65536,
	1<<31 - 1, 1 << 31, 1<<63 - 1,
}

var fuzzOptionNames = []string{"WidgetStrictPorts", "WidgetMultiZone", "WidgetColors", "SomethingElse"}

var timeType = reflect.TypeOf(time.Time{})

func fuzzString(r *rand.Rand) string {
	switch n := r.Intn(20); {
	case n < 15:
		return fuzzStrings[r.Intn(len(fuzzStrings))]
	case n < 17:
		return fuzzStrings[r.Intn(len(fuzzStrings))] + fuzzStrings[r.Intn(len(fuzzStrings))]
	default:
		const alphabet = "abcxyz0189-._AZ:/% 日\xff"
		b := make([]byte, r.Intn(80))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		return string(b)
	}
}

// fuzzMutate walks v and replaces most strings and integers it can set
// with interesting values, keys of string-keyed maps included, and
// sometimes makes the last item of a list a copy of the first.
func fuzzMutate(v reflect.Value, r *rand.Rand, depth int) { fuzzMutateRate(v, r, depth, 4, 5) }

// fuzzMutateRate changes a leaf with probability num/den.
func fuzzMutateRate(v reflect.Value, r *rand.Rand, depth, num, den int) {
	if depth > 64 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() && r.Intn(den) < num {
			v.SetString(fuzzString(r))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.CanSet() && r.Intn(den) < num {
			if x := fuzzInts[r.Intn(len(fuzzInts))]; !v.OverflowInt(x) {
				v.SetInt(x)
			}
		}
	case reflect.Bool:
		if v.CanSet() && r.Intn(den) < num {
			v.SetBool(r.Intn(2) == 0)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			fuzzMutateRate(v.Elem(), r, depth+1, num, den)
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return
		}
		for i := 0; i < v.Len(); i++ {
			fuzzMutateRate(v.Index(i), r, depth+1, num, den)
		}
		if v.Len() >= 2 && r.Intn(4*den) < num {
			v.Index(v.Len() - 1).Set(v.Index(0))
		}
	case reflect.Struct:
		if v.Type() == timeType {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fuzzMutateRate(v.Field(i), r, depth+1, num, den)
			}
		}
	case reflect.Map:
		if v.IsNil() || !v.CanSet() {
			return
		}
		kt, vt := v.Type().Key(), v.Type().Elem()
		m := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			k := reflect.New(kt).Elem()
			k.Set(iter.Key())
			if kt.Kind() == reflect.String && r.Intn(den) < num {
				k.SetString(fuzzString(r))
			}
			val := reflect.New(vt).Elem()
			val.Set(iter.Value())
			fuzzMutateRate(val, r, depth+1, num, den)
			m.SetMapIndex(k, val)
		}
		v.Set(m)
	}
}

// fuzzInflate makes some lists and maps directly under the struct v huge.
func fuzzInflate(v reflect.Value, r *rand.Rand, maxItems int) {
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() || r.Intn(3) != 0 {
			continue
		}
		n := maxItems/2 + r.Intn(maxItems/2+1)
		switch f.Kind() {
		case reflect.Slice:
			if f.Type().Elem().Kind() == reflect.Uint8 {
				continue
			}
			s := reflect.MakeSlice(f.Type(), n, n)
			for j := 0; j < n; j++ {
				if f.Len() > 0 && r.Intn(2) == 0 {
					s.Index(j).Set(f.Index(r.Intn(f.Len())))
				} else {
					fuzzMutate(s.Index(j), r, 0)
				}
			}
			f.Set(s)
		case reflect.Map:
			if f.Type().Key().Kind() != reflect.String {
				continue
			}
			m := reflect.MakeMapWithSize(f.Type(), n)
			for j := 0; j < n; j++ {
				k := reflect.New(f.Type().Key()).Elem()
				k.SetString(fmt.Sprintf("%s-%d", fuzzString(r), j))
				val := reflect.New(f.Type().Elem()).Elem()
				fuzzMutate(val, r, 0)
				m.SetMapIndex(k, val)
			}
			f.Set(m)
		}
	}
}

var skipMeta = regexp.MustCompile(`^(ObjectMeta|ManagedFields)$`)

// fuzzWidget builds one random Widget from r. maxHuge bounds the length of
// the lists and maps made huge.
func fuzzWidget(r *rand.Rand, maxHuge int) *Widget {
	if r.Intn(4) == 0 {
		// A valid Widget (validWidget, validation_test.go) with a few
		// of its values changed: mostly valid objects.
		w := validWidget()
		fuzzMutateRate(reflect.ValueOf(w).Elem(), r, 0, r.Intn(3), 100)
		return w
	}
	w := &Widget{}
	f := randfill.New().RandSource(rand.NewSource(r.Int63())).MaxDepth(10).SkipFieldsWithPattern(skipMeta)
	shape := r.Intn(10)
	switch shape {
	case 0: // everything nil or empty
		f.NilChance(1)
	case 1: // lists and maps empty but not nil
		f.NilChance(0).NumElements(0, 0)
	case 2: // nothing nil
		f.NilChance(0).NumElements(1, 3)
	default:
		f.NilChance(0.3).NumElements(0, 4)
	}
	f.Fill(w)
	if shape != 0 && r.Intn(8) != 0 {
		fuzzMutate(reflect.ValueOf(w).Elem(), r, 0)
	}
	if shape == 9 {
		if r.Intn(8) != 0 {
			maxHuge = min(maxHuge, 50)
		}
		fuzzInflate(reflect.ValueOf(&w.Spec).Elem(), r, maxHuge)
		if w.Status != nil {
			fuzzInflate(reflect.ValueOf(w.Status).Elem(), r, maxHuge)
		}
	}
	return w
}

func fuzzOptions(r *rand.Rand) map[string]bool {
	if r.Intn(10) == 0 {
		return nil
	}
	opts := map[string]bool{}
	for _, name := range fuzzOptionNames {
		if r.Intn(8) != 0 {
			opts[name] = r.Intn(2) == 0
		}
	}
	return opts
}

// fuzzRender is an exact, comparable form of an error list.
func fuzzRender(errs field.ErrorList) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s|%s|%T:%#v|%s|%s|%v|%v\n", e.Type, e.Field, e.BadValue, e.BadValue, e.Detail, e.Origin, e.ShortCircuit, e.ValidationStabilityLevel)
	}
	return b.String()
}

type fuzzCase struct {
	name     string
	op       operation.Operation
	obj, old *Widget
}

func fuzzCases(obj, other *Widget, opts map[string]bool) []fuzzCase {
	create := operation.Operation{Type: operation.Create, Options: opts}
	update := operation.Operation{Type: operation.Update, Options: opts}
	return []fuzzCase{
		{"create", create, obj, nil},
		{"update from other", update, obj, other},
		{"update to other", update, other, obj},
		{"update from itself", update, obj, obj},
		{"update from nil", update, obj, nil},
	}
}

// fuzzValidate runs Validate_Widget, turning a panic into an error.
func fuzzValidate(c fuzzCase) (errs field.ErrorList, panicked error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return Validate_Widget(context.Background(), c.op, nil, c.obj, c.old), nil
}

// fuzzCheck validates c twice and reports a panic, a difference between
// the two runs, or an error on an update that changed nothing.
func fuzzCheck(c fuzzCase) error {
	first, p := fuzzValidate(c)
	if p != nil {
		return p
	}
	second, p := fuzzValidate(c)
	if p != nil {
		return p
	}
	// DeepEqual compares every field of every error, bad values included.
	if !reflect.DeepEqual(first, second) {
		return fmt.Errorf("not deterministic:\nfirst:\n%s\nsecond:\n%s", fuzzRender(first), fuzzRender(second))
	}
	// Widget has no root-level rules and ratchets every field, so an
	// update that changes nothing is valid whatever the object holds.
	if c.op.Type == operation.Update && c.old == c.obj && len(first) != 0 {
		return fmt.Errorf("update from itself reported errors:\n%s", fuzzRender(first))
	}
	return nil
}

func TestFuzzWidgetRandom(t *testing.T) {
	r := rand.New(rand.NewSource(fuzzSeed))
	n := fuzzObjects
	if testing.Short() {
		n = 200
	}
	var withErrors, totalErrors int
	prev := fuzzWidget(r, 1000)
	for i := 0; i < n; i++ {
		obj := fuzzWidget(r, 1000)
		opts := fuzzOptions(r)
		for _, c := range fuzzCases(obj, prev, opts) {
			if err := fuzzCheck(c); err != nil {
				t.Fatalf("seed %d, object %d, %s (options %v): %v", fuzzSeed, i, c.name, opts, err)
			}
		}
		errs := Validate_Widget(context.Background(), operation.Operation{Type: operation.Create, Options: opts}, nil, obj, nil)
		if len(errs) > 0 {
			withErrors++
			totalErrors += len(errs)
		}
		prev = obj
	}
	// The generator must reach both outcomes: some objects valid, most not.
	t.Logf("%d objects, %d invalid on create, %d errors", n, withErrors, totalErrors)
	if withErrors == 0 || withErrors == n {
		t.Errorf("%d of %d random objects invalid on create: the generator does not exercise both paths", withErrors, n)
	}
}

// TestFuzzWidgetRandomDoesNotMutate: validation leaves the objects as they
// were (compared by their printed form, which follows pointers).
func TestFuzzWidgetRandomDoesNotMutate(t *testing.T) {
	r := rand.New(rand.NewSource(fuzzSeed + 1))
	for i := 0; i < 60; i++ {
		obj, old := fuzzWidget(r, 200), fuzzWidget(r, 200)
		before, beforeOld := fmt.Sprintf("%+v", dump(obj)), fmt.Sprintf("%+v", dump(old))
		opts := fuzzOptions(r)
		for _, c := range fuzzCases(obj, old, opts) {
			if _, p := fuzzValidate(c); p != nil {
				t.Fatalf("object %d, %s: %v", i, c.name, p)
			}
		}
		if fmt.Sprintf("%+v", dump(obj)) != before || fmt.Sprintf("%+v", dump(old)) != beforeOld {
			t.Fatalf("object %d: validation changed an object", i)
		}
	}
}

// dump renders v with pointers followed and map keys sorted.
func dump(v any) string {
	var b strings.Builder
	var walk func(reflect.Value, int)
	walk = func(v reflect.Value, depth int) {
		if depth > 100 {
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			b.WriteString("&")
			walk(v.Elem(), depth+1)
		case reflect.Struct:
			if v.Type() == timeType {
				fmt.Fprintf(&b, "%v", v.Interface())
				return
			}
			b.WriteString("{")
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					b.WriteString(v.Type().Field(i).Name + ":")
					walk(v.Field(i), depth+1)
					b.WriteString(" ")
				}
			}
			b.WriteString("}")
		case reflect.Slice:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			b.WriteString("[")
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), depth+1)
				b.WriteString(" ")
			}
			b.WriteString("]")
		case reflect.Map:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			keys := v.MapKeys()
			strs := make([]string, len(keys))
			idx := map[string]reflect.Value{}
			for i, k := range keys {
				strs[i] = fmt.Sprintf("%q", k.Interface())
				idx[strs[i]] = k
			}
			sortStrings(strs)
			b.WriteString("map[")
			for _, s := range strs {
				b.WriteString(s + ":")
				walk(v.MapIndex(idx[s]), depth+1)
				b.WriteString(" ")
			}
			b.WriteString("]")
		default:
			fmt.Fprintf(&b, "%#v", v.Interface())
		}
	}
	walk(reflect.ValueOf(v), 0)
	return b.String()
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// FuzzWidget decodes two Widgets and options from the fuzz input and
// validates them every way; it must never panic.
//
//	go test -run '^$' -fuzz FuzzWidget ./examples/apis/widgets/v1/
func FuzzWidget(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("widget"))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18"))
	f.Add([]byte(strings.Repeat("huge lists and maps please ", 8)))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := rand.New(bytesource.New(data))
		obj, old := fuzzWidget(r, 64), fuzzWidget(r, 64)
		opts := fuzzOptions(r)
		for _, c := range fuzzCases(obj, old, opts) {
			if err := fuzzCheck(c); err != nil {
				t.Fatalf("%s (options %v): %v", c.name, opts, err)
			}
		}
	})
}
