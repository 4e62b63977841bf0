package runtime

import (
	"cmp"
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Immutable is the error of +k8s:immutable on a value an update changed.
func Immutable(p *Path) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeInvalid, nil, "field is immutable", nil, "immutable"))
}

// NoSet, NoUnset and NoModify are the errors of +k8s:update's scalar
// constraints.
func NoSet(p *Path) *field.Error { return updateInvalid(p, "field cannot be set once created") }

// NoUnset is the error of +k8s:update=NoUnset.
func NoUnset(p *Path) *field.Error { return updateInvalid(p, "field cannot be cleared once set") }

// NoModify is the error of +k8s:update=NoModify.
func NoModify(p *Path) *field.Error { return updateInvalid(p, "field cannot be modified once set") }

func updateInvalid(p *Path, detail string) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeInvalid, nil, detail, nil, "update"))
}

func itemAdded(p *Path) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeForbidden, "", "item may not be added", nil, "update"))
}

func itemRemoved(p *Path) *field.Error {
	return shortCircuit(errorAt(p, field.ErrorTypeForbidden, "", "item may not be removed", nil, "update"))
}

// Monotonic is the error of +k8s:monotonic on a value that decreased.
func Monotonic[T Integer](p *Path, v, old T) *field.Error {
	var d [64]byte
	detail := appendValue(append(d[:0], "may not be decreased from "...), old)
	return errorAtInteger(p, field.ErrorTypeInvalid, v, "", detail, "monotonic")
}

// ItemsAdded reports, for +k8s:update=NoAddItem on a list, every item of
// list whose key no item of old has, as Forbidden at the item. Items
// isNil reports (nil items of a list of pointers) are skipped. The old
// list is indexed when long, so the check is linear.
func ItemsAdded[S ~[]E, E any, K comparable](p *Path, list, old S, key func(*E) K, isNil func(*E) bool) field.ErrorList {
	o := NewOldItems(old, key)
	defer o.Release()
	return missingItems(p, list, isNil, func(e *E) bool { return o.Find(key(e)) != nil }, true)
}

// ItemsRemoved reports, for +k8s:update=NoRemoveItem on a list, every item
// of old whose key no item of list has, as Forbidden at the list.
func ItemsRemoved[S ~[]E, E any, K comparable](p *Path, list, old S, key func(*E) K, isNil func(*E) bool) field.ErrorList {
	n := NewOldItems(list, key)
	defer n.Release()
	return missingItems(p, old, isNil, func(e *E) bool { return n.Find(key(e)) != nil }, false)
}

// ItemsAddedFunc is ItemsAdded for set items without ==, matched by eq.
func ItemsAddedFunc[S ~[]E, E any](p *Path, list, old S, eq func(a, b *E) bool, isNil func(*E) bool) field.ErrorList {
	o := NewOldItemsFunc(old, eq)
	defer o.Release()
	return missingItems(p, list, isNil, func(e *E) bool { return o.Find(e) != nil }, true)
}

// ItemsRemovedFunc is ItemsRemoved for set items without ==.
func ItemsRemovedFunc[S ~[]E, E any](p *Path, list, old S, eq func(a, b *E) bool, isNil func(*E) bool) field.ErrorList {
	n := NewOldItemsFunc(list, eq)
	defer n.Release()
	return missingItems(p, old, isNil, func(e *E) bool { return n.Find(e) != nil }, false)
}

// missingItems reports every item of items (but those isNil reports) that
// found does not find: as added, at the item, or as removed, at p.
func missingItems[E any](p *Path, items []E, isNil func(*E) bool, found func(*E) bool, added bool) field.ErrorList {
	var errs field.ErrorList
	for i := range items {
		if (isNil != nil && isNil(&items[i])) || found(&items[i]) {
			continue
		}
		if !added {
			errs = append(errs, itemRemoved(p))
			continue
		}
		ip := p.Index(i)
		errs = append(errs, itemAdded(&ip))
	}
	return errs
}

// NilItem reports whether an item of a list of pointers is nil.
func NilItem[T any](e **T) bool { return *e == nil }

// KeysAdded reports, for +k8s:update=NoAddItem on a map, every key of m
// that old does not have, as Forbidden at the key, in key order.
func KeysAdded[M ~map[K]V, K cmp.Ordered, V any](p *Path, m, old M) field.ErrorList {
	return missingKeys(p, m, old, true)
}

// KeysRemoved reports, for +k8s:update=NoRemoveItem on a map, every key of
// old that m does not have, as Forbidden at the key, in key order.
func KeysRemoved[M ~map[K]V, K cmp.Ordered, V any](p *Path, m, old M) field.ErrorList {
	return missingKeys(p, old, m, false)
}

// missingKeys reports the keys of a that b lacks, as added or removed.
// It calls itemAdded or itemRemoved directly: a *Path handed to a function
// value escapes (escape analysis cannot see what the function does with
// it), and with it every ancestor Path on the callers' stacks, on every
// call, valid maps included.
func missingKeys[M ~map[K]V, K cmp.Ordered, V any](p *Path, a, b M, added bool) field.ErrorList {
	var missing []K
	for k := range a {
		if _, ok := b[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	errs := make(field.ErrorList, 0, len(missing))
	for _, k := range missing {
		kp := p.Key(fmt.Sprintf("%v", k))
		if added {
			errs = append(errs, itemAdded(&kp))
		} else {
			errs = append(errs, itemRemoved(&kp))
		}
	}
	return errs
}

// Deref is the value p points to, or the zero value for nil: the old list
// or map of a field whose old parent did not exist.
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}
