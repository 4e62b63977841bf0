package runtime

import (
	"encoding/json"

	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// smallList is the length up to which lists are compared pairwise: no
// allocation, and faster than hashing for the short lists most objects
// have. Longer lists are hashed, so that checks stay linear.
const smallList = 16

// NoNils reports every nil item of a list of pointers as Required at its
// index, marked as short-circuiting: the list's other checks do not run.
// E is any comparable type so that items of a named pointer type
// (type P *int) are pointers too; the generator calls it only for those.
func NoNils[S ~[]E, E comparable](p *Path, list S) field.ErrorList {
	var errs field.ErrorList
	var null E
	for i, item := range list {
		if item == null {
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
// as Duplicate (with the whole item as the bad value, as Kubernetes'
// declarative validation gives it) at the later index.
func UniqueByKey[S ~[]E, E any, K comparable](p *Path, list S, key func(*E) K) field.ErrorList {
	return uniqueByKey(p, list, key, nil)
}

// UniqueMapItems is UniqueByKey for a list-map of a CRD, with the API
// server's bad value: the repeated item's key fields (keys, by their JSON
// names) that it has, with their JSON values (ServerKeys).
func UniqueMapItems[S ~[]E, E any, K comparable](p *Path, list S, key func(*E) K, keys ...string) field.ErrorList {
	return uniqueByKey(p, list, key, keys)
}

// uniqueByKey is UniqueByKey; with keys (a CRD's list-map), the bad value
// is the server's.
func uniqueByKey[S ~[]E, E any, K comparable](p *Path, list S, key func(*E) K, keys []string) field.ErrorList {
	n := len(list)
	if n < 2 {
		return nil
	}
	dup := func(j int) *field.Error {
		if keys != nil {
			return duplicate(p, j, ServerKeys(&list[j], keys))
		}
		return duplicate(p, j, list[j])
	}
	var errs field.ErrorList
	if n <= smallList {
		for j := 1; j < n; j++ {
			kj := key(&list[j])
			for i := 0; i < j; i++ {
				if key(&list[i]) == kj {
					errs = append(errs, dup(j))
					break
				}
			}
		}
		return errs
	}
	x := newListIndex(n)
	for j := range list {
		k := key(&list[j])
		if x.add(keyHash(k), j, func(i int) bool { return key(&list[i]) == k }) >= 0 {
			errs = append(errs, dup(j))
		}
	}
	x.release()
	return errs
}

// ServerKeys is the bad value the API server gives a repeated item of a
// CRD's list-map (its listtype validation): a map of the item's key
// fields that it has, by their JSON names, with the values JSON decodes
// to as the server decodes them (int64 for an integer); an empty map for
// a nil item. It is built only for an item in error.
func ServerKeys(item any, keys []string) map[string]any {
	out := map[string]any{}
	obj, _ := ServerValue(item).(map[string]any)
	for _, k := range keys {
		if v, ok := obj[k]; ok {
			out[k] = v
		}
	}
	return out
}

// ServerValue is the bad value the API server gives a repeated item of a
// CRD's list-set of objects or lists: the item as JSON decodes it.
func ServerValue(item any) any {
	b, err := json.Marshal(item)
	if err != nil {
		return item
	}
	var v any
	if err := utiljson.Unmarshal(b, &v); err != nil {
		return item
	}
	return v
}

// UniqueByKeyOfPointers is UniqueMapItems for a list of pointers to
// objects (controller-gen accepts +listType=map on []*T): a nil item is
// null, which the server keys as an object without its key fields
// (nilKey), so that two nil items repeat one another, and a nil item
// repeats an item whose key fields are all absent.
func UniqueByKeyOfPointers[S ~[]*E, E any, K comparable](p *Path, list S, key func(*E) K, nilKey K, keys ...string) field.ErrorList {
	n := len(list)
	if n < 2 {
		return nil
	}
	keyAt := func(i int) K {
		if list[i] == nil {
			return nilKey
		}
		return key(list[i])
	}
	dup := func(j int) *field.Error {
		return duplicate(p, j, ServerKeys(list[j], keys))
	}
	var errs field.ErrorList
	if n <= smallList {
		for j := 1; j < n; j++ {
			kj := keyAt(j)
			for i := 0; i < j; i++ {
				if keyAt(i) == kj {
					errs = append(errs, dup(j))
					break
				}
			}
		}
		return errs
	}
	x := newListIndex(n)
	for j := range list {
		k := keyAt(j)
		if x.add(keyHash(k), j, func(i int) bool { return keyAt(i) == k }) >= 0 {
			errs = append(errs, dup(j))
		}
	}
	x.release()
	return errs
}

// UniqueFunc is UniqueValues for items without ==: eq decides equality,
// and long lists are bucketed by a hash that equal items share (hashOf),
// with eq settling collisions.
func UniqueFunc[S ~[]E, E any](p *Path, list S, eq func(a, b *E) bool) field.ErrorList {
	return uniqueFunc(p, list, eq, false)
}

// UniqueObjects is UniqueFunc for a list-set of a CRD, of objects or
// lists, with the API server's bad value: the item as JSON decodes it
// (ServerValue).
func UniqueObjects[S ~[]E, E any](p *Path, list S, eq func(a, b *E) bool) field.ErrorList {
	return uniqueFunc(p, list, eq, true)
}

func uniqueFunc[S ~[]E, E any](p *Path, list S, eq func(a, b *E) bool, asServer bool) field.ErrorList {
	dup := func(j int) *field.Error {
		if asServer {
			return duplicate(p, j, ServerValue(list[j]))
		}
		return duplicate(p, j, list[j])
	}
	n := len(list)
	if n < 2 {
		return nil
	}
	var errs field.ErrorList
	if n <= smallList {
		for j := 1; j < n; j++ {
			for i := 0; i < j; i++ {
				if eq(&list[i], &list[j]) {
					errs = append(errs, dup(j))
					break
				}
			}
		}
		return errs
	}
	x := newListIndex(n)
	for j := range list {
		if x.add(hashOf(&list[j]), j, func(i int) bool { return eq(&list[i], &list[j]) }) >= 0 {
			errs = append(errs, dup(j))
		}
	}
	x.release()
	return errs
}

func duplicate[E any](p *Path, j int, item E) *field.Error {
	ip := p.Index(j)
	return errorAt(&ip, field.ErrorTypeDuplicate, item, "", nil, "")
}

// OldItems finds, for an item of the new list, the item of the old list
// it corresponds to: the first old item with the same key. Short old lists
// are scanned; long ones are indexed on first use, so that correlating a
// whole list is linear. The zero value finds nothing. Release recycles the
// index once the lookups are done.
type OldItems[E any, K comparable] struct {
	old   []E
	key   func(*E) K
	index listIndex
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
	if !o.index.ready() {
		o.index = newListIndex(len(o.old))
		for j := range o.old {
			// Only the first of equal keys is indexed: it is the one found.
			kj := o.key(&o.old[j])
			o.index.add(keyHash(kj), j, func(i int) bool { return o.key(&o.old[i]) == kj })
		}
	}
	if i, _ := o.index.lookup(keyHash(k), func(i int) bool { return o.key(&o.old[i]) == k }); i >= 0 {
		return &o.old[i]
	}
	return nil
}

// Release recycles the index of a long old list; o finds nothing after.
func (o *OldItems[E, K]) Release() {
	o.index.release()
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
// eq, and a long old list is indexed by hashOf on first use, so that
// correlating a whole list stays linear.
type OldItemsFunc[E any] struct {
	old   []E
	eq    func(a, b *E) bool
	index listIndex
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
	if !o.index.ready() {
		o.index = newListIndex(len(o.old))
		for j := range o.old {
			o.index.add(hashOf(&o.old[j]), j, func(i int) bool { return o.eq(&o.old[i], &o.old[j]) })
		}
	}
	if i, _ := o.index.lookup(hashOf(e), func(i int) bool { return o.eq(&o.old[i], e) }); i >= 0 {
		return &o.old[i]
	}
	return nil
}

// Release recycles the index of a long old list; o finds nothing after.
func (o *OldItemsFunc[E]) Release() {
	o.index.release()
	*o = OldItemsFunc[E]{}
}
