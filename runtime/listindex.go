package runtime

import (
	"hash/maphash"
	"math/bits"
	"sync"
)

// listIndex indexes the positions of a long list's items by hash, for the
// uniqueness checks and the old-item lookups of list-maps and list-sets.
// It is an open-addressing table with linear probing, at most half full,
// whose slots are single words holding the item's position and some bits
// of its hash: 32-bit words for lists of up to 2^24 items, 64-bit ones
// beyond. A Go map of the items' keys does the same job, but it stores the
// keys themselves and touches several cache lines per access; at 100,000
// items that made the checks three to four times slower, and the table's
// small words keep more of it in cache as lists grow (BenchmarkListIndex).
// A lookup reads one word per probe and compares items only when the hash
// bits agree.
//
// Tables are recycled through pools per word size and table size, so that
// validating a valid object allocates nothing once the pools are warm,
// whatever the length of its lists. Pools are emptied by the garbage
// collector, as every sync.Pool is.
type listIndex struct {
	narrow  *[]uint32 // the pooled table, for lists of up to maxNarrow items
	wide    *[]uint64 // or this one, for longer lists
	mask    uint64    // the table's length - 1
	posBits uint      // the low bits of a slot that hold position+1
}

// maxNarrow is the longest list indexed with 32-bit slots: it leaves at
// least 8 bits of hash in each slot.
const maxNarrow = 1<<24 - 1

// narrowPools and widePools hold the tables of 2^i slots, at index i.
var narrowPools, widePools [64]sync.Pool

// newListIndex returns an empty index for n items (n > 0).
func newListIndex(n int) listIndex { return makeListIndex(n, n > maxNarrow) }

func makeListIndex(n int, wide bool) listIndex {
	posBits := uint(bits.Len(uint(n))) // holds n, the largest position+1
	sizeBits := posBits + 1            // at least 2n slots
	x := listIndex{mask: 1<<sizeBits - 1, posBits: posBits}
	if wide {
		x.wide = pooled[uint64](&widePools[sizeBits], sizeBits)
	} else {
		x.narrow = pooled[uint32](&narrowPools[sizeBits], sizeBits)
	}
	return x
}

func pooled[W uint32 | uint64](pool *sync.Pool, sizeBits uint) *[]W {
	if t, ok := pool.Get().(*[]W); ok {
		return t
	}
	t := make([]W, 1<<sizeBits)
	return &t
}

// release empties the table and returns it to its pool; x indexes nothing
// after.
func (x *listIndex) release() {
	sizeBits := bits.Len64(x.mask)
	switch {
	case x.narrow != nil:
		clear(*x.narrow)
		narrowPools[sizeBits].Put(x.narrow)
	case x.wide != nil:
		clear(*x.wide)
		widePools[sizeBits].Put(x.wide)
	}
	*x = listIndex{}
}

// lookup probes for an item with hash h for which same(position) holds.
// It returns that position, or -1 and the empty slot where an item with
// hash h would go.
func (x *listIndex) lookup(h uint64, same func(pos int) bool) (pos int, free uint64) {
	if x.narrow != nil {
		return lookupIn(*x.narrow, x.mask, x.posBits, h, h>>32, same)
	}
	return lookupIn(*x.wide, x.mask, x.posBits, h, h, same)
}

// add indexes the item at pos, with hash h, unless an item for which
// same(position) holds is indexed already: it returns that item's position,
// or -1 when it added this one.
func (x *listIndex) add(h uint64, pos int, same func(pos int) bool) int {
	i, free := x.lookup(h, same)
	if i < 0 {
		x.insert(free, h, pos)
	}
	return i
}

// ready reports whether x has a table: made, and not yet released.
func (x *listIndex) ready() bool { return x.mask != 0 }

// insert records the item at pos, with hash h, in the empty slot that
// lookup returned.
func (x *listIndex) insert(slot, h uint64, pos int) {
	if x.narrow != nil {
		(*x.narrow)[slot] = slotOf[uint32](h>>32, x.posBits, pos)
		return
	}
	(*x.wide)[slot] = slotOf[uint64](h, x.posBits, pos)
}

// A slot holds position+1 in its low posBits (0 is an empty slot) and,
// above them, bits of the item's hash: for 32-bit slots its upper half,
// which the slot's start (the hash's low bits) does not already tell
// apart. tagBits is the hash those bits are taken from.
func slotOf[W uint32 | uint64](tagBits uint64, posBits uint, pos int) W {
	return W(tagBits)&^(W(1)<<posBits-1) | W(pos+1)
}

func lookupIn[W uint32 | uint64](slots []W, mask uint64, posBits uint, h, tagBits uint64, same func(pos int) bool) (int, uint64) {
	posMask := W(1)<<posBits - 1
	tag := W(tagBits) &^ posMask
	for s := h & mask; ; s = (s + 1) & mask {
		v := slots[s]
		if v == 0 {
			return -1, s
		}
		if v&^posMask == tag {
			if p := int(v&posMask) - 1; same(p) {
				return p, 0
			}
		}
	}
}

// keyHash hashes a list-map key or a comparable set item. Keys hold no
// pointers but strings', so hashing them does not move them to the heap.
func keyHash[K comparable](k K) uint64 { return maphash.Comparable(hashSeed, k) }
