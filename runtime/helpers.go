package runtime

import (
	"fmt"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// PtrEqual reports whether two pointers to comparable values point to equal
// values, or are both nil. Generated code uses it to skip unchanged
// pointer fields on update.
func PtrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// SemanticEqual is OpaqueEqual on the values behind two pointers.
// Comparing copies rather than the pointers keeps the pointers themselves
// from escaping, so a map value held in a local variable stays on the
// stack; the copies are made only when the comparison runs (on update).
func SemanticEqual[T any](a, b *T) bool {
	return OpaqueEqual(*a, *b)
}

// PtrEqualFunc is PtrEqual for values compared by eq.
func PtrEqualFunc[T any](a, b *T, eq func(a, b *T) bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return eq(a, b)
}

// SliceEqual compares two lists of comparable values; nil and empty are
// equal, as equality.Semantic has it.
func SliceEqual[S ~[]E, E comparable](a, b S) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// SliceEqualFunc compares two lists element by element with eq.
func SliceEqualFunc[S ~[]E, E any](a, b S, eq func(a, b *E) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !eq(&a[i], &b[i]) {
			return false
		}
	}
	return true
}

// MapEqual compares two maps of comparable values; nil and empty are equal.
func MapEqual[M ~map[K]V, K, V comparable](a, b M) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			return false
		}
	}
	return true
}

// MapEqualFunc compares two maps value by value with eq.
func MapEqualFunc[M ~map[K]V, K comparable, V any](a, b M, eq func(a, b *V) bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !eq(&v, &w) {
			return false
		}
	}
	return true
}

// OldAs converts the old object handed to a scheme validation function;
// nil (create) stays nil.
func OldAs[T any](old any) T {
	t, _ := old.(T)
	return t
}

// AppendAll is append(errs, more...), except that it returns more itself
// (its capacity cut to its length, so that an append copies it) when errs
// is empty: generated code appends a type's errors to a field's, which
// are often none, and the copy would cost an allocation at every level of
// a nested error. Generated code passes lists that are no one else's (a
// validation's result), whose errors it may sort or rebase in place.
func AppendAll(errs, more field.ErrorList) field.ErrorList {
	if len(errs) == 0 {
		return more[:len(more):len(more)]
	}
	return append(roomFor(errs, len(more)), more...)
}

// AppendError is append(errs, e), except that a list it must grow while
// short gets room for eight errors at once: an invalid object's errors
// usually come several to a list, which appending one at a time would
// grow with an allocation at one, two and four errors.
func AppendError(errs field.ErrorList, e *field.Error) field.ErrorList {
	return append(roomFor(errs, 1), e)
}

// minErrors is the room roomFor gives a short list it grows.
const minErrors = 8

// roomFor is errs, or a copy of it with room for at least minErrors,
// when it has no room for n more and its errors would fit in minErrors.
func roomFor(errs field.ErrorList, n int) field.ErrorList {
	if len(errs)+n <= cap(errs) || len(errs)+n > minErrors {
		return errs
	}
	grown := make(field.ErrorList, len(errs), minErrors)
	copy(grown, errs)
	return grown
}

// SortSince orders errs[start:] by field path, then by bad value, keeping
// the order of errors at the same place. Generated code calls it after
// looping over a map, so that output does not depend on map order.
func SortSince(errs field.ErrorList, start int) {
	if len(errs)-start < 2 {
		return
	}
	tail := errs[start:]
	sort.SliceStable(tail, func(i, j int) bool {
		fi, fj := tail[i].Field, tail[j].Field
		if fi != fj {
			return fi < fj
		}
		return fmt.Sprint(tail[i].BadValue) < fmt.Sprint(tail[j].BadValue)
	})
}
