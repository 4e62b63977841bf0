package runtime

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestPtrEqual(t *testing.T) {
	one, one2, two := 1, 1, 2
	s1, s2 := "a", "a"
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"nil nil", PtrEqual[int](nil, nil), true},
		{"nil set", PtrEqual(nil, &one), false},
		{"set nil", PtrEqual(&one, nil), false},
		{"same pointer", PtrEqual(&one, &one), true},
		{"equal values", PtrEqual(&one, &one2), true},
		{"different values", PtrEqual(&one, &two), false},
		{"strings", PtrEqual(&s1, &s2), true},
		{"zero vs nil", PtrEqual(new(int), nil), false},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestPtrEqualFunc(t *testing.T) {
	type s struct{ L []string }
	calls := 0
	eq := func(a, b *s) bool { calls++; return SliceEqual(a.L, b.L) }
	a := &s{L: nil}
	b := &s{L: []string{}}
	c := &s{L: []string{"x"}}
	cases := []struct {
		name      string
		a, b      *s
		want      bool
		wantCalls int
	}{
		{"nil nil", nil, nil, true, 0},
		{"nil set", nil, a, false, 0},
		{"set nil", a, nil, false, 0},
		{"nil list vs empty list", a, b, true, 1},
		{"different", a, c, false, 1},
		{"same", c, c, true, 1},
	}
	for _, tc := range cases {
		calls = 0
		if got := PtrEqualFunc(tc.a, tc.b, eq); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if calls != tc.wantCalls {
			t.Errorf("%s: eq called %d times, want %d", tc.name, calls, tc.wantCalls)
		}
	}
}

func TestSemanticEqual(t *testing.T) {
	a := []string(nil)
	b := []string{}
	c := []string{"x"}
	if !SemanticEqual(&a, &b) {
		t.Errorf("nil and empty lists differ")
	}
	if SemanticEqual(&a, &c) {
		t.Errorf("nil and [x] are equal")
	}
	m1 := map[string]int(nil)
	m2 := map[string]int{}
	if !SemanticEqual(&m1, &m2) {
		t.Errorf("nil and empty maps differ")
	}
}

type strs []string

func TestSliceEqual(t *testing.T) {
	cases := []struct {
		name string
		a, b []string
		want bool
	}{
		{"nil nil", nil, nil, true},
		{"nil empty", nil, []string{}, true},
		{"empty nil", []string{}, nil, true},
		{"nil one", nil, []string{""}, false},
		{"equal", []string{"a", "b"}, []string{"a", "b"}, true},
		{"longer", []string{"a", "b"}, []string{"a", "b", "c"}, false},
		{"shorter", []string{"a", "b", "c"}, []string{"a", "b"}, false},
		{"order", []string{"a", "b"}, []string{"b", "a"}, false},
		{"last differs", []string{"a", "b"}, []string{"a", "c"}, false},
		{"first differs", []string{"x", "b"}, []string{"a", "b"}, false},
	}
	for _, c := range cases {
		if got := SliceEqual(c.a, c.b); got != c.want {
			t.Errorf("SliceEqual %s: got %v, want %v", c.name, got, c.want)
		}
		if got := SliceEqual(strs(c.a), strs(c.b)); got != c.want {
			t.Errorf("SliceEqual typed %s: got %v, want %v", c.name, got, c.want)
		}
		eq := func(x, y *string) bool { return *x == *y }
		if got := SliceEqualFunc(c.a, c.b, eq); got != c.want {
			t.Errorf("SliceEqualFunc %s: got %v, want %v", c.name, got, c.want)
		}
	}
	// SliceEqualFunc passes pointers to the elements themselves.
	a := []string{"a", "b"}
	b := []string{"A", "B"}
	var seen []*string
	fold := func(x, y *string) bool { seen = append(seen, x, y); return strings.EqualFold(*x, *y) }
	if !SliceEqualFunc(a, b, fold) {
		t.Errorf("SliceEqualFunc with EqualFold: not equal")
	}
	if len(seen) != 4 || seen[0] != &a[0] || seen[1] != &b[0] || seen[2] != &a[1] || seen[3] != &b[1] {
		t.Errorf("SliceEqualFunc did not pass element pointers in order")
	}
	// Stops at the first difference.
	calls := 0
	SliceEqualFunc([]int{1, 2, 3}, []int{9, 2, 3}, func(x, y *int) bool { calls++; return *x == *y })
	if calls != 1 {
		t.Errorf("SliceEqualFunc called eq %d times after a first difference, want 1", calls)
	}
}

func TestMapEqual(t *testing.T) {
	cases := []struct {
		name string
		a, b map[string]int
		want bool
	}{
		{"nil nil", nil, nil, true},
		{"nil empty", nil, map[string]int{}, true},
		{"empty nil", map[string]int{}, nil, true},
		{"nil one", nil, map[string]int{"a": 0}, false},
		{"equal", map[string]int{"a": 1, "b": 2}, map[string]int{"b": 2, "a": 1}, true},
		{"more keys", map[string]int{"a": 1}, map[string]int{"a": 1, "b": 2}, false},
		{"fewer keys", map[string]int{"a": 1, "b": 2}, map[string]int{"a": 1}, false},
		{"other key same len", map[string]int{"a": 1}, map[string]int{"b": 1}, false},
		{"zero value vs missing key", map[string]int{"a": 0}, map[string]int{"b": 0}, false},
		{"value differs", map[string]int{"a": 1, "b": 2}, map[string]int{"a": 1, "b": 3}, false},
	}
	for _, c := range cases {
		if got := MapEqual(c.a, c.b); got != c.want {
			t.Errorf("MapEqual %s: got %v, want %v", c.name, got, c.want)
		}
		eq := func(x, y *int) bool { return *x == *y }
		if got := MapEqualFunc(c.a, c.b, eq); got != c.want {
			t.Errorf("MapEqualFunc %s: got %v, want %v", c.name, got, c.want)
		}
	}
	// MapEqualFunc with a semantic element comparison: nil == empty inside.
	a := map[string][]string{"k": nil}
	b := map[string][]string{"k": {}}
	c := map[string][]string{"k": {"x"}}
	eq := func(x, y *[]string) bool { return SliceEqual(*x, *y) }
	if !MapEqualFunc(a, b, eq) {
		t.Errorf("MapEqualFunc: {k: nil} != {k: []}")
	}
	if MapEqualFunc(a, c, eq) {
		t.Errorf("MapEqualFunc: {k: nil} == {k: [x]}")
	}
	if MapEqualFunc(map[string][]string{"k": nil}, map[string][]string{"j": nil}, eq) {
		t.Errorf("MapEqualFunc: a missing key read as its zero value")
	}
}

func TestOldAs(t *testing.T) {
	type T struct{ X int }
	v := &T{X: 1}
	if got := OldAs[*T](nil); got != nil {
		t.Errorf("OldAs(nil) = %v, want nil", got)
	}
	if got := OldAs[*T](v); got != v {
		t.Errorf("OldAs(v) = %p, want %p", got, v)
	}
	if got := OldAs[*T]((*T)(nil)); got != nil {
		t.Errorf("OldAs(typed nil) = %v, want nil", got)
	}
	if got := OldAs[*T](&struct{ X int }{X: 1}); got != nil {
		t.Errorf("OldAs(other type) = %v, want nil", got)
	}
	if got := OldAs[*T](T{X: 1}); got != nil {
		t.Errorf("OldAs(non-pointer) = %v, want nil", got)
	}
	if got := OldAs[[]string]([]string{"a"}); len(got) != 1 || got[0] != "a" {
		t.Errorf("OldAs(slice) = %v", got)
	}
	if got := OldAs[[]string](nil); got != nil {
		t.Errorf("OldAs[[]string](nil) = %v, want nil", got)
	}
}

func TestSortSince(t *testing.T) {
	e := func(f string, bv any, tag string) *field.Error {
		return &field.Error{Type: field.ErrorTypeInvalid, Field: f, BadValue: bv, Detail: tag}
	}
	tags := func(errs field.ErrorList) []string {
		var out []string
		for _, x := range errs {
			out = append(out, x.Detail)
		}
		return out
	}
	cases := []struct {
		name  string
		errs  field.ErrorList
		start int
		want  []string
	}{
		{"nil", nil, 0, nil},
		{"one", field.ErrorList{e("b", 1, "1")}, 0, []string{"1"}},
		{"start at end", field.ErrorList{e("b", 1, "1"), e("a", 1, "2")}, 2, []string{"1", "2"}},
		{"start beyond end", field.ErrorList{e("b", 1, "1"), e("a", 1, "2")}, 3, []string{"1", "2"}},
		{"tail of one", field.ErrorList{e("b", 1, "1"), e("a", 1, "2")}, 1, []string{"1", "2"}},
		{"whole list", field.ErrorList{e("b", 1, "1"), e("a", 1, "2")}, 0, []string{"2", "1"}},
		{
			"head kept, tail sorted by field",
			field.ErrorList{e("z", 0, "head1"), e("y", 0, "head2"), e("m[c]", 0, "c"), e("m[a]", 0, "a"), e("m[b]", 0, "b")},
			2,
			[]string{"head1", "head2", "a", "b", "c"},
		},
		{
			"same field sorted by bad value",
			field.ErrorList{e("m", "zz", "zz"), e("m", "aa", "aa"), e("m", "mm", "mm")},
			0,
			[]string{"aa", "mm", "zz"},
		},
		{
			"stable for the same field and bad value",
			field.ErrorList{e("m", "k2", "k2-first"), e("m", "k1", "k1-first"), e("m", "k2", "k2-second"), e("m", "k1", "k1-second")},
			0,
			[]string{"k1-first", "k1-second", "k2-first", "k2-second"},
		},
		{
			"field before bad value",
			field.ErrorList{e("b", "a", "b/a"), e("a", "z", "a/z"), e("a", "b", "a/b")},
			0,
			[]string{"a/b", "a/z", "b/a"},
		},
		{
			"typed bad values compare by their printed form",
			field.ErrorList{e("m", int32(2), "2"), e("m", int32(1), "1")},
			0,
			[]string{"1", "2"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			SortSince(c.errs, c.start)
			got := tags(c.errs)
			if strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("order = %v, want %v", got, c.want)
			}
		})
	}
}

// TestSortSinceMakesMapOrderIrrelevant: the same errors appended in any
// order sort to the same list.
func TestSortSinceMakesMapOrderIrrelevant(t *testing.T) {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}
	var first string
	for i := 0; i < 50; i++ {
		errs := field.ErrorList{field.Required(field.NewPath("x"), "")}
		for k, v := range m {
			errs = append(errs, field.Invalid(field.NewPath("m").Key(k), v, "d"))
			errs = append(errs, field.Invalid(field.NewPath("m"), k, "key"))
		}
		SortSince(errs, 1)
		got := errs.ToAggregate().Error()
		if i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d: order differs:\n%s\nvs\n%s", i, got, first)
		}
	}
}

// A short list grows to room for eight errors at once: appending eight
// errors one by one costs one allocation, not four; the order is kept.
func TestAppendErrorRoom(t *testing.T) {
	es := make([]*field.Error, 12)
	for i := range es {
		es[i] = field.Invalid(field.NewPath("f").Index(i), i, "x")
	}
	var got field.ErrorList
	if n := testing.AllocsPerRun(100, func() {
		got = nil
		for _, e := range es[:8] {
			got = AppendError(got, e)
		}
	}); n != 1 {
		t.Errorf("8 errors appended with %v allocations, want 1", n)
	}
	for _, e := range es[8:] {
		got = AppendError(got, e)
	}
	got = AppendAll(got, field.ErrorList{es[0]})
	want := append(append(field.ErrorList{}, es...), es[0])
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	short := AppendAll(field.ErrorList{es[0]}[:1:1], field.ErrorList{es[1]})
	if cap(short) != minErrors || len(short) != 2 || short[1] != es[1] {
		t.Errorf("AppendAll to a full short list: len %d cap %d", len(short), cap(short))
	}
}
