package runtime

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// smallList is the length up to which lists are compared pairwise: no
// allocation, and faster than hashing for the short lists most objects
// have. Longer lists are hashed, so that checks stay linear.
const smallList = 16

// NoNils reports every nil item of a list of pointers as Required at its
// index, marked as short-circuiting: the list's other checks do not run.
func NoNils[S ~[]*T, T any](p *Path, list S) field.ErrorList {
	var errs field.ErrorList
	for i, item := range list {
		if item == nil {
			item := p.Index(i)
			errs = append(errs, Required(&item))
		}
	}
	return errs
}

// UniqueValues reports every item of a listType=set list of comparable
// values that repeats an earlier one, as Duplicate at the later index.
func UniqueValues[S ~[]E, E comparable](p *Path, list S) field.ErrorList {
	return UniqueByKey(p, list, Self[E])
}

// Self is the key of a set item: the item itself.
func Self[E any](e *E) E { return *e }

// UniqueByKey reports every item whose key repeats an earlier item's key,
// as Duplicate (with the whole item as the bad value) at the later index.
func UniqueByKey[S ~[]E, E any, K comparable](p *Path, list S, key func(*E) K) field.ErrorList {
	n := len(list)
	if n < 2 {
		return nil
	}
	var errs field.ErrorList
	if n <= smallList {
		for j := 1; j < n; j++ {
			kj := key(&list[j])
			for i := 0; i < j; i++ {
				if key(&list[i]) == kj {
					errs = append(errs, duplicate(p, j, list[j]))
					break
				}
			}
		}
		return errs
	}
	seen := getMap[K, struct{}](n)
	for j := range list {
		k := key(&list[j])
		if _, dup := seen[k]; dup {
			errs = append(errs, duplicate(p, j, list[j]))
			continue
		}
		seen[k] = struct{}{}
	}
	putMap(n, seen)
	return errs
}

// UniqueFunc is UniqueValues for items without ==: eq decides equality,
// and long lists are bucketed by a hash that equal items share (hashOf),
// with eq settling collisions.
func UniqueFunc[S ~[]E, E any](p *Path, list S, eq func(a, b *E) bool) field.ErrorList {
	n := len(list)
	if n < 2 {
		return nil
	}
	var errs field.ErrorList
	if n <= smallList {
		for j := 1; j < n; j++ {
			for i := 0; i < j; i++ {
				if eq(&list[i], &list[j]) {
					errs = append(errs, duplicate(p, j, list[j]))
					break
				}
			}
		}
		return errs
	}
	buckets := make(map[uint64][]int, n)
	for j := range list {
		h := hashOf(&list[j])
		dup := false
		for _, i := range buckets[h] {
			if eq(&list[i], &list[j]) {
				dup = true
				break
			}
		}
		if dup {
			errs = append(errs, duplicate(p, j, list[j]))
			continue
		}
		buckets[h] = append(buckets[h], j)
	}
	return errs
}

func duplicate[E any](p *Path, j int, item E) *field.Error {
	ip := p.Index(j)
	return at(field.Duplicate(nil, item), &ip)
}

// OldItems finds, for an item of the new list, the item of the old list
// it corresponds to: the first old item with the same key. Short old lists
// are scanned; long ones are indexed on first use, so that correlating a
// whole list is linear. The zero value finds nothing. Release recycles the
// index once the lookups are done.
type OldItems[E any, K comparable] struct {
	old   []E
	key   func(*E) K
	index map[K]int
}

// NewOldItems prepares the lookup of items of old by key.
func NewOldItems[S ~[]E, E any, K comparable](old S, key func(*E) K) OldItems[E, K] {
	return OldItems[E, K]{old: old, key: key}
}

// Find returns the old item whose key is k, or nil.
func (o *OldItems[E, K]) Find(k K) *E {
	if len(o.old) <= smallList {
		for i := range o.old {
			if o.key(&o.old[i]) == k {
				return &o.old[i]
			}
		}
		return nil
	}
	if o.index == nil {
		o.index = getMap[K, int](len(o.old))
		for i := range o.old {
			kk := o.key(&o.old[i])
			if _, seen := o.index[kk]; !seen {
				o.index[kk] = i
			}
		}
	}
	if i, ok := o.index[k]; ok {
		return &o.old[i]
	}
	return nil
}

// Release recycles the index of a long old list; o finds nothing after.
func (o *OldItems[E, K]) Release() {
	if o.index != nil {
		putMap(len(o.old), o.index)
	}
	*o = OldItems[E, K]{}
}

// FindFunc returns the first item of old equal to e by eq, or nil.
func FindFunc[S ~[]E, E any](old S, e *E, eq func(a, b *E) bool) *E {
	for i := range old {
		if eq(&old[i], e) {
			return &old[i]
		}
	}
	return nil
}

// OldItemsFunc is OldItems for set items without ==: items are matched by
// eq, and a long old list is bucketed by hashOf on first use, so that
// correlating a whole list stays linear.
type OldItemsFunc[E any] struct {
	old     []E
	eq      func(a, b *E) bool
	buckets map[uint64][]int
}

// NewOldItemsFunc prepares the lookup of items of old by equality.
func NewOldItemsFunc[S ~[]E, E any](old S, eq func(a, b *E) bool) OldItemsFunc[E] {
	return OldItemsFunc[E]{old: old, eq: eq}
}

// Find returns the first old item equal to e, or nil.
func (o *OldItemsFunc[E]) Find(e *E) *E {
	if len(o.old) <= smallList {
		return FindFunc(o.old, e, o.eq)
	}
	if o.buckets == nil {
		o.buckets = make(map[uint64][]int, len(o.old))
		for i := range o.old {
			h := hashOf(&o.old[i])
			o.buckets[h] = append(o.buckets[h], i)
		}
	}
	for _, i := range o.buckets[hashOf(e)] {
		if o.eq(&o.old[i], e) {
			return &o.old[i]
		}
	}
	return nil
}
