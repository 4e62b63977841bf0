package runtime

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// bruteDuplicates is the reference for the uniqueness checks: every item
// equal to an earlier one is a Duplicate at its own index, with the whole
// item as the bad value.
func bruteDuplicates[E any](p *field.Path, list []E, eq func(a, b *E) bool) field.ErrorList {
	var errs field.ErrorList
	for j := 1; j < len(list); j++ {
		for i := 0; i < j; i++ {
			if eq(&list[i], &list[j]) {
				errs = append(errs, field.Duplicate(p.Index(j), list[j]))
				break
			}
		}
	}
	return errs
}

func dupIndexes(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Field)
	}
	return out
}

// short is dupIndexes cut to a readable length.
func short(errs field.ErrorList) string {
	s := dupIndexes(errs)
	if len(s) > 12 {
		return fmt.Sprintf("%v ... (%d more)", s[:12], len(s)-12)
	}
	return fmt.Sprint(s)
}

// sameErrorList compares two lists exactly, field by field.
func sameErrorList(t *testing.T, got, want field.ErrorList) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d errors %s, want %d %s", len(got), short(got), len(want), short(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Type != w.Type || g.Field != w.Field || g.Detail != w.Detail || g.Origin != w.Origin ||
			g.ShortCircuit != w.ShortCircuit || !reflect.DeepEqual(g.BadValue, w.BadValue) {
			t.Errorf("[%d] = %#v, want %#v", i, g, w)
		}
	}
}

func listPath() (*Path, *field.Path) {
	var root Path
	spec := root.Child("spec")
	items := spec.Child("items")
	return &items, field.NewPath("spec", "items")
}

func TestNoNils(t *testing.T) {
	p, fp := listPath()
	x := 1
	cases := []struct {
		name string
		list []*int
		nils []int
	}{
		{"nil list", nil, nil},
		{"empty", []*int{}, nil},
		{"no nils", []*int{&x, &x}, nil},
		{"one nil", []*int{nil}, []int{0}},
		{"nils", []*int{&x, nil, &x, nil, nil}, []int{1, 3, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ws []want
			for _, i := range c.nils {
				ws = append(ws, want{field.ErrorTypeRequired, fp.Index(i).String(), "", "", "", true})
			}
			checkErrors(t, NoNils(p, c.list), ws)
		})
	}
}

type kv struct {
	K int
	V string
}

// listOf returns n items where item i has key i, except at the dups
// indexes, which copy the key of the given earlier index.
func listOf(n int, dups map[int]int) []kv {
	list := make([]kv, n)
	for i := range list {
		list[i] = kv{K: i, V: fmt.Sprintf("v%d", i)}
		if from, ok := dups[i]; ok {
			list[i].K = list[from].K
		}
	}
	return list
}

func TestUniqueValues(t *testing.T) {
	p, fp := listPath()
	eq := func(a, b *string) bool { return *a == *b }
	big := make([]string, 1000)
	for i := range big {
		big[i] = fmt.Sprintf("s%d", i)
	}
	big[17] = "s3"
	big[500] = "s3"
	big[999] = "s998"
	big[20] = "s21" // duplicates a later item: the later one is reported
	cases := []struct {
		name    string
		list    []string
		wantIdx []int
	}{
		{"nil", nil, nil},
		{"one", []string{"a"}, nil},
		{"two equal", []string{"a", "a"}, []int{1}},
		{"five", []string{"a", "b", "a", "c", "a"}, []int{2, 4}},
		{"probe", []string{"a", "b", "a", "a"}, []int{2, 3}},
		{"empty strings", []string{"", "x", ""}, []int{2}},
		{"16 all equal", repeat("z", 16), seq(1, 16)},
		{"17 all equal", repeat("z", 17), seq(1, 17)},
		{"1000", big, []int{17, 21, 500, 999}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := UniqueValues(p, c.list)
			var want []string
			for _, i := range c.wantIdx {
				want = append(want, fp.Index(i).String())
			}
			if fmt.Sprint(dupIndexes(got)) != fmt.Sprint(append([]string{}, want...)) {
				t.Errorf("duplicates at %v, want %v", dupIndexes(got), want)
			}
			sameErrorList(t, got, bruteDuplicates(fp, c.list, eq))
			for _, e := range got {
				if e.Type != field.ErrorTypeDuplicate || e.Detail != "" || e.Origin != "" || e.ShortCircuit {
					t.Errorf("unexpected error shape %#v", e)
				}
			}
		})
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func seq(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

func TestUniqueByKey(t *testing.T) {
	p, fp := listPath()
	keyOf := func(e *kv) int { return e.K }
	eq := func(a, b *kv) bool { return a.K == b.K }
	cases := []struct {
		name    string
		list    []kv
		wantIdx []int
	}{
		{"nil", nil, nil},
		{"five", listOf(5, map[int]int{2: 0, 4: 0}), []int{2, 4}},
		{"five, later copy of a later key", listOf(5, map[int]int{4: 3}), []int{4}},
		{"16", listOf(16, map[int]int{15: 14, 9: 1}), []int{9, 15}},
		{"17", listOf(17, map[int]int{16: 0, 9: 1}), []int{9, 16}},
		{"1000", listOf(1000, map[int]int{1: 0, 17: 3, 500: 3, 999: 998, 998: 997}), []int{1, 17, 500, 998, 999}}, // 999 copies 998, which copies 997
		{"1000 no dups", listOf(1000, nil), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := UniqueByKey(p, c.list, keyOf)
			var want []string
			for _, i := range c.wantIdx {
				want = append(want, fp.Index(i).String())
			}
			if fmt.Sprint(dupIndexes(got)) != fmt.Sprint(append([]string{}, want...)) {
				t.Errorf("duplicates at %v, want %v", dupIndexes(got), want)
			}
			// The bad value is the whole item, not the key.
			for k, e := range got {
				if _, ok := e.BadValue.(kv); !ok {
					t.Errorf("[%d] BadValue = %#v, want a kv", k, e.BadValue)
				}
			}
			sameErrorList(t, got, bruteDuplicates(fp, c.list, eq))
		})
	}
}

// item is a set item without ==: equal as equality.Semantic sees it, so a
// nil list equals an empty one (this is what generated equal_ functions
// compute, via SliceEqual).
type item struct {
	X    string   `json:"x"`
	Refs []string `json:"refs"`
}

func itemEq(a, b *item) bool { return a.X == b.X && SliceEqual(a.Refs, b.Refs) }

func itemsOf(n int) []item {
	list := make([]item, n)
	for i := range list {
		list[i] = item{X: fmt.Sprintf("x%d", i), Refs: []string{fmt.Sprint(i % 7)}}
	}
	return list
}

func TestUniqueFunc(t *testing.T) {
	p, fp := listPath()
	small := []item{{X: "a"}, {X: "b"}, {X: "a"}, {X: "a", Refs: []string{"r"}}, {X: "b"}}
	big := itemsOf(1000)
	big[17] = big[3]
	big[500] = item{X: big[3].X, Refs: append([]string{}, big[3].Refs...)} // equal, not identical
	big[999] = big[998]
	cases := []struct {
		name    string
		list    []item
		wantIdx []int
	}{
		{"nil", nil, nil},
		{"one", []item{{}}, nil},
		{"five", small, []int{2, 4}},
		{"17 all equal", func() []item {
			l := make([]item, 17)
			return l
		}(), seq(1, 17)},
		{"1000", big, []int{17, 500, 999}},
		{"1000 no dups", itemsOf(1000), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := UniqueFunc(p, c.list, itemEq)
			var want []string
			for _, i := range c.wantIdx {
				want = append(want, fp.Index(i).String())
			}
			if fmt.Sprint(dupIndexes(got)) != fmt.Sprint(append([]string{}, want...)) {
				t.Errorf("duplicates at %v, want %v", dupIndexes(got), want)
			}
			sameErrorList(t, got, bruteDuplicates(fp, c.list, itemEq))
		})
	}
}

// TestUniqueFuncNilEqualsEmpty: eq says an item with a nil list equals one
// with an empty list. Short lists are compared pairwise and report the
// duplicate; long lists must report it too, exactly as the pairwise
// reference does.
func TestUniqueFuncNilEqualsEmpty(t *testing.T) {
	p, fp := listPath()
	for _, n := range []int{5, smallList, smallList + 1, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			list := itemsOf(n)
			list[1] = item{X: "same", Refs: nil}
			list[n-1] = item{X: "same", Refs: []string{}}
			got := UniqueFunc(p, list, itemEq)
			sameErrorList(t, got, bruteDuplicates(fp, list, itemEq))
		})
	}
}

// TestUniqueFuncNegativeZero: eq compares floats with ==, so 0.0 and -0.0
// are equal, whatever the list's length.
func TestUniqueFuncNegativeZero(t *testing.T) {
	type f struct{ V float64 }
	eq := func(a, b *f) bool { return a.V == b.V }
	p, fp := listPath()
	for _, n := range []int{5, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			list := make([]f, n)
			for i := range list {
				list[i].V = float64(i + 1)
			}
			negZero := 0.0
			negZero = -negZero
			list[2].V = 0
			list[n-1].V = negZero
			sameErrorList(t, UniqueFunc(p, list, eq), bruteDuplicates(fp, list, eq))
		})
	}
}

// TestUniqueRandomAgainstBruteForce compares all three checks with the
// reference on lists of every length around the pairwise threshold.
func TestUniqueRandomAgainstBruteForce(t *testing.T) {
	p, fp := listPath()
	for n := 0; n <= 3*smallList; n++ {
		for _, alphabet := range []int{1, 3, n + 1} {
			strsList := make([]string, n)
			kvs := make([]kv, n)
			items := make([]item, n)
			for i := 0; i < n; i++ {
				v := (i*7 + n) % alphabet
				strsList[i] = fmt.Sprint(v)
				kvs[i] = kv{K: v, V: fmt.Sprint(i)}
				items[i] = item{X: fmt.Sprint(v), Refs: []string{fmt.Sprint(v % 2)}}
			}
			sameErrorList(t, UniqueValues(p, strsList), bruteDuplicates(fp, strsList, func(a, b *string) bool { return *a == *b }))
			sameErrorList(t, UniqueByKey(p, kvs, func(e *kv) int { return e.K }), bruteDuplicates(fp, kvs, func(a, b *kv) bool { return a.K == b.K }))
			sameErrorList(t, UniqueFunc(p, items, itemEq), bruteDuplicates(fp, items, itemEq))
		}
	}
}

func TestOldItemsFind(t *testing.T) {
	keyOf := func(e *kv) int { return e.K }
	for _, n := range []int{0, 1, 5, smallList, smallList + 1, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var old []kv
			if n > 0 {
				old = listOf(n, nil)
			}
			if n >= 5 {
				// key 0 also at index n-1 and key 3 at index 4: first occurrence wins.
				old[n-1].K = 0
				old[4].K = 3
			}
			o := NewOldItems(old, keyOf)
			for k := -1; k <= n; k++ {
				var want *kv
				for i := range old {
					if old[i].K == k {
						want = &old[i]
						break
					}
				}
				// Ask twice: the index built on first use must agree.
				for round := 0; round < 2; round++ {
					if got := o.Find(k); got != want {
						t.Fatalf("round %d: Find(%d) = %v, want %v", round, k, got, want)
					}
				}
			}
			if n >= 5 {
				if got := o.Find(0); got != &old[0] {
					t.Errorf("Find(0) is not the first occurrence")
				}
				if got := o.Find(3); got != &old[3] {
					t.Errorf("Find(3) is not the first occurrence")
				}
				if got := o.Find(4); got != nil {
					t.Errorf("Find(4) = %v, want nil (its only item was rekeyed)", got)
				}
			}
		})
	}
	var zero OldItems[kv, int]
	if got := zero.Find(1); got != nil {
		t.Errorf("zero OldItems.Find = %v, want nil", got)
	}
}

func TestFindFunc(t *testing.T) {
	old := []item{{X: "a"}, {X: "b", Refs: []string{}}, {X: "b"}, {X: "c", Refs: []string{"r"}}}
	cases := []struct {
		name string
		e    item
		want *item
	}{
		{"first", item{X: "a"}, &old[0]},
		{"first of equals wins", item{X: "b"}, &old[1]},
		{"nil equals empty by eq", item{X: "b", Refs: nil}, &old[1]},
		{"with list", item{X: "c", Refs: []string{"r"}}, &old[3]},
		{"missing", item{X: "c"}, nil},
	}
	for _, c := range cases {
		if got := FindFunc(old, &c.e, itemEq); got != c.want {
			t.Errorf("%s: FindFunc = %p, want %p", c.name, got, c.want)
		}
	}
	if got := FindFunc([]item(nil), &item{}, itemEq); got != nil {
		t.Errorf("FindFunc on nil list = %v", got)
	}
}

func TestOldItemsFuncFind(t *testing.T) {
	for _, n := range []int{0, 5, smallList, smallList + 1, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			old := itemsOf(n)
			if n >= 5 {
				old[n-1] = item{X: old[2].X, Refs: append([]string{}, old[2].Refs...)}
			}
			o := NewOldItemsFunc(old, itemEq)
			for i := 0; i < n; i++ {
				probe := item{X: old[i].X, Refs: append([]string{}, old[i].Refs...)}
				want := FindFunc(old, &probe, itemEq)
				for round := 0; round < 2; round++ {
					if got := o.Find(&probe); got != want {
						t.Fatalf("round %d: Find(old[%d]) = %p, want %p", round, i, got, want)
					}
				}
			}
			if got := o.Find(&item{X: "missing"}); got != nil {
				t.Errorf("Find(missing) = %v", got)
			}
			if n >= 5 {
				if got := o.Find(&old[n-1]); got != &old[2] {
					t.Errorf("Find(old[n-1]) is not the first equal item")
				}
			}
		})
	}
}

// rich is a set item with pointers, maps and nested lists, compared the
// way generated equal_ functions compare (nil == empty, pointees, maps by
// content).
type rich struct {
	P *int
	M map[string][]string
	L [][]byte
}

func richEq(a, b *rich) bool {
	return PtrEqual(a.P, b.P) &&
		MapEqualFunc(a.M, b.M, func(x, y *[]string) bool { return SliceEqual(*x, *y) }) &&
		SliceEqualFunc(a.L, b.L, func(x, y *[]byte) bool { return SliceEqual(*x, *y) })
}

// TestUniqueFuncRichItems: long lists of items equal by eq but built
// differently (other pointers, nil against empty, maps built in another
// order) report the same duplicates as the pairwise reference.
func TestUniqueFuncRichItems(t *testing.T) {
	p, fp := listPath()
	r := rand.New(rand.NewSource(7))
	for _, n := range []int{5, smallList + 1, 1000} {
		list := make([]rich, n)
		for i := range list {
			v := r.Intn(n/2 + 1)
			x := v % 3
			it := rich{P: &x}
			if v%2 == 0 {
				it.M = map[string][]string{}
			}
			if v%5 != 0 {
				it.M = map[string][]string{"a": {fmt.Sprint(v)}, "b": nil}
				if r.Intn(2) == 0 {
					it.M = map[string][]string{"b": {}, "a": {fmt.Sprint(v)}}
				}
			}
			if r.Intn(2) == 0 {
				it.L = [][]byte{nil, []byte(fmt.Sprint(v))}
			} else {
				it.L = [][]byte{{}, []byte(fmt.Sprint(v))}
			}
			list[i] = it
		}
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			got := UniqueFunc(p, list, richEq)
			want := bruteDuplicates(fp, list, richEq)
			if len(want) == 0 {
				t.Fatalf("test list has no duplicates")
			}
			sameErrorList(t, got, want)
			o := NewOldItemsFunc(list, richEq)
			for i := range list {
				if got, want := o.Find(&list[i]), FindFunc(list, &list[i], richEq); got != want {
					t.Fatalf("OldItemsFunc.Find(list[%d]) = %p, want %p", i, got, want)
				}
			}
		})
	}
}

// The maps that index long lists are recycled: a recycled map must hold
// nothing of the list it indexed before.
func TestRecycledIndexesStartEmpty(t *testing.T) {
	p, _ := listPath()
	keyOf := func(e *kv) int { return e.K }
	a := listOf(100, nil) // keys 0..99
	b := listOf(100, nil)
	for i := range b {
		b[i].K += 1000 // keys 1000..1099: none in a
	}
	for round := 0; round < 3; round++ {
		if errs := UniqueByKey(p, a, keyOf); len(errs) != 0 {
			t.Fatalf("round %d: %v", round, errs)
		}
		if errs := UniqueByKey(p, b, keyOf); len(errs) != 0 {
			t.Fatalf("round %d: a recycled map remembered the last list: %v", round, errs)
		}
		o := NewOldItems(a, keyOf)
		if o.Find(5) != &a[5] {
			t.Fatalf("round %d: Find(5) in a", round)
		}
		o.Release()
		if o.Find(5) != nil {
			t.Fatalf("round %d: a released OldItems still finds items", round)
		}
		o = NewOldItems(b, keyOf)
		if got := o.Find(5); got != nil {
			t.Fatalf("round %d: Find(5) in b = %v: the index remembered a", round, got)
		}
		if o.Find(1005) != &b[5] {
			t.Fatalf("round %d: Find(1005) in b", round)
		}
		o.Release()
	}
}

// Checking and correlating long lists allocates nothing once the pools of
// index maps are warm (AllocsPerRun warms them with its first run).
func TestLongListsAllocateNothing(t *testing.T) {
	p, _ := listPath()
	keyOf := func(e *kv) int { return e.K }
	list := listOf(1000, nil)
	strs := make([]string, 1000)
	for i := range strs {
		strs[i] = fmt.Sprint("s", i)
	}
	if n := testing.AllocsPerRun(50, func() {
		if errs := UniqueByKey(p, list, keyOf); len(errs) != 0 {
			t.Fatal(errs)
		}
		if errs := UniqueValues(p, strs); len(errs) != 0 {
			t.Fatal(errs)
		}
		o := NewOldItems(list, keyOf)
		for i := range list {
			if o.Find(list[i].K) == nil {
				t.Fatal("not found")
			}
		}
		o.Release()
	}); n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}

// A CRD's list-map and list-set of objects report a repeated item with the
// API server's bad value (its listtype validation): the key fields the
// item has, or the whole item, as JSON decodes them (int64 for an integer,
// an absent field left out), short lists and long.
func TestUniqueAsTheServer(t *testing.T) {
	type entry struct {
		Name  string  `json:"name"`
		Port  int32   `json:"port"`
		Proto *string `json:"proto,omitempty"`
		Value string  `json:"value,omitempty"`
	}
	p, _ := listPath()
	for _, n := range []int{3, 40} {
		list := make([]entry, n)
		for i := range list {
			list[i] = entry{Name: fmt.Sprint("e", i), Port: int32(i)}
		}
		list[n-1] = entry{Name: "e0", Port: 0, Value: "v"}
		key := func(e *entry) struct {
			n string
			p int32
			s *string
		} {
			return struct {
				n string
				p int32
				s *string
			}{e.Name, e.Port, e.Proto}
		}
		got := UniqueMapItems(p, list, key, "name", "port", "proto")
		if want := (map[string]any{"name": "e0", "port": int64(0)}); len(got) != 1 || !reflect.DeepEqual(got[0].BadValue, want) {
			t.Errorf("%d items, list-map: %v, want one Duplicate of %#v", n, got, want)
		}
		ptrs := make([]*entry, n)
		for i := range list {
			ptrs[i] = &list[i]
		}
		ptrs[0] = nil
		ptrs[1] = nil
		got = UniqueByKeyOfPointers(p, ptrs, func(e *entry) string { return e.Name }, "\x00", "name")
		if want := (map[string]any{}); len(got) != 1 || !reflect.DeepEqual(got[0].BadValue, want) {
			t.Errorf("%d items, list-map of pointers: %v, want one Duplicate of %#v", n, got, want)
		}
		items := make([]item, n)
		for i := range items {
			items[i] = item{X: fmt.Sprint("x", i)}
		}
		items[n-1] = item{X: "x0", Refs: []string{}}
		got = UniqueObjects(p, items, itemEq)
		if want := (map[string]any{"x": "x0", "refs": []any{}}); len(got) != 1 || !reflect.DeepEqual(got[0].BadValue, want) {
			t.Errorf("%d items, list-set of objects: %v, want one Duplicate of %#v", n, got, want)
		}
	}
}
