package runtime

import (
	"fmt"
	"testing"
)

// Items whose hashes collide, entirely or in the slot they start from, are
// told apart by same: every one is inserted, and every lookup finds its own
// item, also when the probe wraps around the end of the table. Both slot
// widths are checked (64-bit slots are for lists of over 16 million items).
func TestListIndexCollisions(t *testing.T) {
	const n = 100
	for _, wide := range []bool{false, true} {
		x := makeListIndex(n, wide)
		last := x.mask // a start slot at the end of the table: probes wrap
		hashes := map[string]func(i int) uint64{
			"same hash":            func(int) uint64 { return 42 },
			"same start, own tags": func(i int) uint64 { return uint64(i+1)<<40 | last },
			"same tag, own starts": func(i int) uint64 { return 7<<40 | uint64(i)&x.mask },
		}
		for name, hash := range hashes {
			t.Run(fmt.Sprintf("wide=%v/%s", wide, name), func(t *testing.T) {
				for j := 0; j < n; j++ {
					if i := x.add(hash(j), j, func(i int) bool { return i == j }); i >= 0 {
						t.Fatalf("item %d found before it was inserted (at %d)", j, i)
					}
				}
				for j := 0; j < n; j++ {
					if i, _ := x.lookup(hash(j), func(i int) bool { return i == j }); i != j {
						t.Fatalf("lookup of item %d = %d", j, i)
					}
				}
				if i, _ := x.lookup(hash(n), func(i int) bool { return i == n }); i != -1 {
					t.Fatalf("lookup of an item never inserted = %d", i)
				}
			})
			// Recycling empties the table: the next case starts afresh.
			x.release()
			x = makeListIndex(n, wide)
		}
		x.release()
	}
}

// An index holds every position of a list of its size: the table is at
// most half full, so that a probe always meets an empty slot.
func TestListIndexSizes(t *testing.T) {
	for _, n := range []int{1, 2, 3, 17, 64, 65, 1000, 1 << 16} {
		x := newListIndex(n)
		if x.narrow == nil || len(*x.narrow) != int(x.mask)+1 {
			t.Fatalf("n=%d: no table of mask %#x", n, x.mask)
		}
		if len(*x.narrow) < 2*n {
			t.Errorf("n=%d: %d slots, want at least %d", n, len(*x.narrow), 2*n)
		}
		if 1<<x.posBits <= n {
			t.Errorf("n=%d: %d position bits cannot hold position+1 = %d", n, x.posBits, n)
		}
		x.release()
	}
}

// Correlating long lists of items without == recycles its index too: a
// recycled index holds nothing of the list it indexed before, and, once the
// pools are warm, checking and correlating allocates nothing.
func TestOldItemsFuncRecycled(t *testing.T) {
	a := itemsOf(100)
	b := itemsOf(100)
	for i := range b {
		b[i].X = fmt.Sprint("b", i)
	}
	for round := 0; round < 3; round++ {
		o := NewOldItemsFunc(a, itemEq)
		if o.Find(&a[5]) != &a[5] {
			t.Fatalf("round %d: Find(a[5]) in a", round)
		}
		o.Release()
		if o.Find(&a[5]) != nil {
			t.Fatalf("round %d: a released OldItemsFunc still finds items", round)
		}
		o = NewOldItemsFunc(b, itemEq)
		if got := o.Find(&a[5]); got != nil {
			t.Fatalf("round %d: Find(a[5]) in b = %v: the index remembered a", round, got)
		}
		o.Release()
	}
	p, _ := listPath()
	if n := testing.AllocsPerRun(20, func() {
		if errs := UniqueFunc(p, a, itemEq); len(errs) != 0 {
			t.Fatal(errs)
		}
		o := NewOldItemsFunc(a, itemEq)
		for i := range b {
			o.Find(&b[i])
		}
		o.Release()
	}); n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}

// BenchmarkListIndex measures the uniqueness check of a list-map keyed by
// a string, per item, as the list grows: the index is what keeps it
// near-constant.
func BenchmarkListIndex(b *testing.B) {
	type device struct {
		Name  string
		Model string
		Slot  int32
	}
	type key struct{ name string }
	keyOf := func(d *device) key { return key{d.Name} }
	p, _ := listPath()
	for _, n := range []int{1000, 100000} {
		list := make([]device, n)
		for i := range list {
			list[i] = device{Name: fmt.Sprint("device-", i), Model: "m"}
		}
		b.Run(fmt.Sprint("items=", n), func(b *testing.B) {
			UniqueByKey(p, list, keyOf) // warm the pool
			b.ReportAllocs()
			for b.Loop() {
				if errs := UniqueByKey(p, list, keyOf); len(errs) != 0 {
					b.Fatal(errs)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}

// A released table goes back to its pool empty: a stale slot would point
// past the end of the next, shorter list, or fill the table up.
func TestListIndexReleasedEmpty(t *testing.T) {
	for _, wide := range []bool{false, true} {
		x := makeListIndex(127, wide)
		for j := 0; j < 127; j++ {
			h := uint64(j) * 0x9e3779b97f4a7c15
			x.add(h, j, func(int) bool { return false })
		}
		narrow, wideT := x.narrow, x.wide
		x.release()
		if x.narrow != nil || x.wide != nil {
			t.Fatalf("wide=%v: a released index still has its table", wide)
		}
		used := 0
		if narrow != nil {
			for _, v := range *narrow {
				used += int(min(v, 1))
			}
		} else {
			for _, v := range *wideT {
				used += int(min(v, 1))
			}
		}
		if used != 0 {
			t.Errorf("wide=%v: %d slots still used in a released table", wide, used)
		}
	}
}
