package runtime

import (
	"fmt"
	"sort"

	"k8s.io/apimachinery/pkg/api/equality"
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

// SemanticEqual is equality.Semantic.DeepEqual on the values behind two
// pointers. Comparing copies rather than the pointers keeps the pointers
// themselves from escaping, so a map value held in a local variable stays
// on the stack; the copies are made only when the comparison runs (on
// update).
func SemanticEqual[T any](a, b *T) bool {
	return equality.Semantic.DeepEqual(*a, *b)
}

// OldAs converts the old object handed to a scheme validation function;
// nil (create) stays nil.
func OldAs[T any](old any) T {
	t, _ := old.(T)
	return t
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
