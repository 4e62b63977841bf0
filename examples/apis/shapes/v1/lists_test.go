package v1

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/declval/validation-gen/examples/apis/shapes/shared"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type wantErr struct {
	Type   field.ErrorType
	Field  string
	Origin string
}

func check(t *testing.T, got field.ErrorList, want ...wantErr) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Type != w.Type || g.Field != w.Field || g.Origin != w.Origin {
			t.Errorf("error %d: got %s %s %q, want %s %s %q", i, g.Type, g.Field, g.Origin, w.Type, w.Field, w.Origin)
		}
	}
}

var (
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

func base() *T { return &T{N: 1} }

func i64(n int64) *int64 { return &n }

func TestSetDuplicatesAtLaterIndex(t *testing.T) {
	obj := base()
	obj.Tags = []string{"a", "b", "a", "a"}
	errs := Validate_T(context.Background(), create, nil, obj, nil)
	check(t, errs,
		wantErr{field.ErrorTypeDuplicate, "tags[2]", ""},
		wantErr{field.ErrorTypeDuplicate, "tags[3]", ""})
	if errs[0].BadValue != "a" {
		t.Errorf("bad value %#v, want the item", errs[0].BadValue)
	}
}

func TestMapListDuplicatesByKey(t *testing.T) {
	obj := base()
	obj.Ports = []shared.Ref{{Name: "a"}, {Name: "b"}, {Name: "a", Count: i64(3)}}
	obj.PPorts = []*shared.Ref{{Name: "a"}, {Name: "a", Count: i64(1)}}
	errs := Validate_T(context.Background(), create, nil, obj, nil)
	check(t, errs,
		wantErr{field.ErrorTypeDuplicate, "ports[2]", ""},
		wantErr{field.ErrorTypeDuplicate, "pports[1]", ""})
	if r, ok := errs[0].BadValue.(shared.Ref); !ok || r.Name != "a" || *r.Count != 3 {
		t.Errorf("bad value %#v, want the whole item", errs[0].BadValue)
	}
}

func TestNonComparableSet(t *testing.T) {
	obj := base()
	obj.Ins = []Inner{{X: "a", Refs: []shared.Ref{{Name: "r"}}}, {X: "a"}, {X: "a", Refs: []shared.Ref{{Name: "r"}}}}
	check(t, Validate_T(context.Background(), create, nil, obj, nil),
		wantErr{field.ErrorTypeDuplicate, "ins[2]", ""})
}

// Items of a list-map are matched with the old list by key, wherever they
// moved: an unchanged item is not validated again, a changed one is.
func TestMapListRatchetsReorderedItems(t *testing.T) {
	old := base()
	old.Ports = []shared.Ref{{Name: "x", Count: i64(-1)}, {Name: "y"}}
	obj := base()
	obj.Ports = []shared.Ref{{Name: "y"}, {Name: "z"}, {Name: "x", Count: i64(-1)}}
	check(t, Validate_T(context.Background(), update, nil, obj, old))
	check(t, Validate_T(context.Background(), create, nil, obj, nil),
		wantErr{field.ErrorTypeInvalid, "ports[2].count", "minimum"})
	obj.Ports[2].Count = i64(-2)
	check(t, Validate_T(context.Background(), update, nil, obj, old),
		wantErr{field.ErrorTypeInvalid, "ports[2].count", "minimum"})
	// Pointer items too.
	old.PPorts = []*shared.Ref{{Name: "x", Count: i64(-1)}, nil}
	obj.Ports = nil
	obj.PPorts = []*shared.Ref{{Name: "q"}, {Name: "x", Count: i64(-1)}}
	check(t, Validate_T(context.Background(), update, nil, obj, old))
	// A nil item is Required, and stops the list's other checks.
	obj.PPorts = []*shared.Ref{nil, {Name: "Bad!"}, nil}
	check(t, Validate_T(context.Background(), update, nil, obj, old),
		wantErr{field.ErrorTypeRequired, "pports[0]", ""},
		wantErr{field.ErrorTypeRequired, "pports[2]", ""})
}

func TestSetRatchetsByValue(t *testing.T) {
	old := base()
	old.Tags = []string{"Bad_"}
	obj := base()
	obj.Tags = []string{"ok", "Bad_"}
	check(t, Validate_T(context.Background(), update, nil, obj, old))
	obj.Tags = []string{"ok", "Bad2_"}
	check(t, Validate_T(context.Background(), update, nil, obj, old),
		wantErr{field.ErrorTypeInvalid, "tags[1]", "format=k8s-short-name"})
}

func bigPorts(n int) []shared.Ref {
	out := make([]shared.Ref, n)
	for i := range out {
		out[i].Name = shared.Name("p" + strconv.Itoa(i))
	}
	return out
}

// Lists far past the pairwise threshold are hashed: uniqueness and
// correlation of 200,000 items must stay exact (their speed is measured by
// BenchmarkMapList).
func TestLargeListsAreExact(t *testing.T) {
	obj := base()
	obj.Ports = bigPorts(200_000)
	if errs := Validate_T(context.Background(), create, nil, obj, nil); len(errs) != 0 {
		t.Fatalf("distinct items: %v", errs[:min(3, len(errs))])
	}
	obj.Ports[150_000].Name = "p7"
	check(t, Validate_T(context.Background(), create, nil, obj, nil),
		wantErr{field.ErrorTypeDuplicate, "ports[150000]", ""})
	old := base()
	old.Ports = bigPorts(200_000)
	old.Ports[5].Count = i64(-1)
	obj.Ports = bigPorts(200_000)
	obj.Ports[5].Count = i64(-1)
	// Reverse the new list: every item moves, none changes.
	for i, j := 0, len(obj.Ports)-1; i < j; i, j = i+1, j-1 {
		obj.Ports[i], obj.Ports[j] = obj.Ports[j], obj.Ports[i]
	}
	check(t, Validate_T(context.Background(), update, nil, obj, old))
}

// A set of items without == is bucketed by hash too: reversing 50,000
// unchanged items must correlate every one (no error for the invalid
// item, which did not change) without a quadratic search.
func TestLargeNonComparableSetRatchets(t *testing.T) {
	items := func() []Inner {
		out := make([]Inner, 50_000)
		for i := range out {
			out[i] = Inner{X: strconv.FormatInt(int64(i), 36), Refs: []shared.Ref{{Name: "r"}}}
		}
		out[7].X = "toolong"
		return out
	}
	old, obj := base(), base()
	old.Ins, obj.Ins = items(), items()
	for i, j := 0, len(obj.Ins)-1; i < j; i, j = i+1, j-1 {
		obj.Ins[i], obj.Ins[j] = obj.Ins[j], obj.Ins[i]
	}
	check(t, Validate_T(context.Background(), update, nil, obj, old))
	check(t, Validate_T(context.Background(), create, nil, obj, nil),
		wantErr{field.ErrorTypeTooLong, "ins[49992].x", "maxLength"})
}

func BenchmarkMapList(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		obj, old := base(), base()
		obj.Ports, old.Ports = bigPorts(n), bigPorts(n)
		b.Run(fmt.Sprintf("create/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate_T(context.Background(), create, nil, obj, nil)
			}
		})
		obj.Ports[0].Count = i64(1) // changed: the list is walked and correlated
		b.Run(fmt.Sprintf("update/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate_T(context.Background(), update, nil, obj, old)
			}
		})
	}
}

// +k8s:unique and +k8s:update=NoAddItem/NoRemoveItem use the hash indexes
// of list-maps and sets too: 200,000 items are checked exactly, without
// a quadratic search, and a valid list allocates nothing.
func TestLargeUniqueAndFixedLists(t *testing.T) {
	ctx := context.Background()
	names := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "n" + strconv.Itoa(i)
		}
		return out
	}
	obj := base()
	obj.Unique, obj.UniqueNames, obj.Fixed = bigPorts(200_000), names(200_000), bigPorts(200_000)
	if errs := Validate_T(ctx, create, nil, obj, nil); len(errs) != 0 {
		t.Fatalf("distinct items: %v", errs[:min(3, len(errs))])
	}
	if n := testing.AllocsPerRun(3, func() { Validate_T(ctx, create, nil, obj, nil) }); n != 0 {
		t.Errorf("a valid object with 200,000-item unique lists: %v allocations", n)
	}
	obj.Unique[150_000].Name = "p7"
	obj.UniqueNames[199_999] = "n3"
	check(t, Validate_T(ctx, create, nil, obj, nil),
		wantErr{field.ErrorTypeDuplicate, "unique[150000]", ""},
		wantErr{field.ErrorTypeDuplicate, "uniqueNames[199999]", ""})

	// Every item moves (reversed), none joins, leaves or changes.
	old := base()
	old.Fixed = bigPorts(200_000)
	obj = base()
	obj.Fixed = bigPorts(200_000)
	for i, j := 0, len(obj.Fixed)-1; i < j; i, j = i+1, j-1 {
		obj.Fixed[i], obj.Fixed[j] = obj.Fixed[j], obj.Fixed[i]
	}
	check(t, Validate_T(ctx, update, nil, obj, old))
	if n := testing.AllocsPerRun(3, func() { Validate_T(ctx, update, nil, obj, old) }); n != 0 {
		t.Errorf("an update of a 200,000-item list-map with NoAddItem: %v allocations", n)
	}
	// One item renamed: it joined (at its index) and the old one left.
	obj.Fixed[0].Name = "new"
	check(t, Validate_T(ctx, update, nil, obj, old),
		wantErr{field.ErrorTypeForbidden, "fixed[0]", "update"},
		wantErr{field.ErrorTypeForbidden, "fixed", "update"})
}

// BenchmarkUniqueAndFixedLists measures +k8s:unique=map on an atomic list
// (create) and update=NoAddItem/NoRemoveItem on a list-map (an update
// that reverses it) from 1,000 to 100,000 items: linear, as
// BenchmarkMapList.
func BenchmarkUniqueAndFixedLists(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		obj := base()
		obj.Unique = bigPorts(n)
		b.Run(fmt.Sprintf("unique/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate_T(context.Background(), create, nil, obj, nil)
			}
		})
		obj, old := base(), base()
		obj.Fixed, old.Fixed = bigPorts(n), bigPorts(n)
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			obj.Fixed[i], obj.Fixed[j] = obj.Fixed[j], obj.Fixed[i]
		}
		b.Run(fmt.Sprintf("fixed-update/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Validate_T(context.Background(), update, nil, obj, old)
			}
		})
	}
}

// BenchmarkFixedListControl is the fixed-list update's work without the
// validator: the old items' names hashed into a Go map, then every new
// item (the list reversed) looked up, over the same items as
// BenchmarkUniqueAndFixedLists. Its time per item grows from 1,000 to
// 100,000 items as the validator's does when the growth is the memory
// hierarchy's: at 100,000 items the names (each its own allocation) and
// the table no longer fit in the caches, and the lookups go in the
// reversed list's order, not the table's.
func BenchmarkFixedListControl(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		obj, old := bigPorts(n), bigPorts(n)
		slices.Reverse(obj)
		b.Run(fmt.Sprintf("map-lookups/%d", n), func(b *testing.B) {
			index := make(map[shared.Name]int, n)
			for b.Loop() {
				clear(index)
				for i, r := range old {
					index[r.Name] = i
				}
				found := 0
				for _, r := range obj {
					if _, ok := index[r.Name]; ok {
						found++
					}
				}
				if found != n {
					b.Fatalf("found %d of %d", found, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}
