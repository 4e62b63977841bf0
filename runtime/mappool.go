package runtime

import (
	"math/bits"
	"sync"
)

// The maps that index long lists (uniqueness, old-item lookup) are
// recycled, so that validating a valid object allocates nothing once the
// pools are warm, whatever the length of its lists. A map is pooled by its
// key and value types and by the size class of the list it indexed (the
// bit length of its length): a recycled map is about as large as the one
// the list needs, and clearing it costs no more than filling it did. Pools
// are emptied by the garbage collector, as every sync.Pool is.

// mapPoolKey tells the pools apart; its type carries K and V.
type mapPoolKey[K comparable, V any] struct{ class int }

var mapPools sync.Map // mapPoolKey[K, V] -> *sync.Pool of map[K]V

func mapPool[K comparable, V any](n int) *sync.Pool {
	key := mapPoolKey[K, V]{class: bits.Len(uint(n))}
	if p, ok := mapPools.Load(key); ok {
		return p.(*sync.Pool)
	}
	p, _ := mapPools.LoadOrStore(key, new(sync.Pool))
	return p.(*sync.Pool)
}

// getMap returns an empty map for indexing n items.
func getMap[K comparable, V any](n int) map[K]V {
	if m, ok := mapPool[K, V](n).Get().(map[K]V); ok {
		return m
	}
	return make(map[K]V, n)
}

// putMap recycles a map getMap returned for n items.
func putMap[K comparable, V any](n int, m map[K]V) {
	clear(m)
	mapPool[K, V](n).Put(m)
}
