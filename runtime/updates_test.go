package runtime

import (
	"strconv"
	"testing"
)

type updItem struct{ Name string }

func updKey(e *updItem) string { return e.Name }

func TestItemsAddedAndRemoved(t *testing.T) {
	var p Path
	fp := p.Child("items")
	old := []updItem{{"a"}, {"b"}, {"c"}}
	now := []updItem{{"b"}, {"d"}, {"a"}, {"e"}}
	added := ItemsAdded(&fp, now, old, updKey, nil)
	if len(added) != 2 || added[0].Field != "items[1]" || added[1].Field != "items[3]" || added[0].Origin != "update" || !added[0].ShortCircuit {
		t.Fatalf("added: %v", added)
	}
	removed := ItemsRemoved(&fp, now, old, updKey, nil)
	if len(removed) != 1 || removed[0].Field != "items" || removed[0].Detail != "item may not be removed" {
		t.Fatalf("removed: %v", removed)
	}
	// Nil items of a list of pointers are skipped, as Kubernetes does.
	pa, pb := &updItem{"a"}, &updItem{"z"}
	if errs := ItemsAdded(&fp, []*updItem{nil, pa, pb}, []*updItem{pa, nil}, func(e **updItem) string {
		if *e == nil {
			return ""
		}
		return (*e).Name
	}, NilItem[updItem]); len(errs) != 1 || errs[0].Field != "items[2]" {
		t.Fatalf("pointer items: %v", errs)
	}
}

func TestKeysAddedInKeyOrder(t *testing.T) {
	var p Path
	fp := p.Child("m")
	errs := KeysAdded(&fp, map[string]int{"z": 1, "a": 1, "k": 1, "old": 1}, map[string]int{"old": 1})
	if len(errs) != 3 || errs[0].Field != "m[a]" || errs[1].Field != "m[k]" || errs[2].Field != "m[z]" {
		t.Fatalf("%v", errs)
	}
	if errs := KeysRemoved(&fp, map[string]int{}, map[string]int{"x": 1}); len(errs) != 1 || errs[0].Field != "m[x]" {
		t.Fatalf("%v", errs)
	}
}

// A long list with nothing added is checked in linear time (the old list
// is indexed) and, once the index pool is warm, without allocating.
func TestItemsAddedLongListAllocatesNothing(t *testing.T) {
	const n = 200_000
	old := make([]updItem, n)
	for i := range old {
		old[i].Name = strconv.Itoa(i)
	}
	now := append([]updItem(nil), old...)
	var p Path
	if errs := ItemsAdded(&p, now, old, updKey, nil); len(errs) != 0 {
		t.Fatal(errs)
	}
	if a := testing.AllocsPerRun(5, func() { ItemsAdded(&p, now, old, updKey, nil) }); a != 0 {
		t.Fatalf("%v allocations per run on a valid list", a)
	}
}
