package runtime

import (
	"cmp"
	"encoding"
	"fmt"
	"slices"
)

// TextKey is a key of a map whose key type writes itself as text
// (encoding.TextMarshaler), with that text: the key of the JSON object
// the map is written as, and so of its values' field paths.
type TextKey[K comparable] struct {
	Key  K
	Text string
}

// TextKeys returns the keys of m with their JSON object keys, sorted by
// those (the order of the errors of the values, as for string keys).
// Generated code calls it only once a value has an error, so that a valid
// map costs no MarshalText.
//
// The text is what encoding/json writes: MarshalText, with a value
// receiver or, as controller-gen accepts too, a pointer receiver (which
// encoding/json does not call on a map key; such a map is only ever
// validated in Go). A MarshalText that fails gives the key as fmt prints
// it, in brackets, so that the error still says which value it is.
func TextKeys[M ~map[K]V, K comparable, V any](m M) []TextKey[K] {
	out := make([]TextKey[K], 0, len(m))
	for k := range m {
		out = append(out, TextKey[K]{k, keyText(k)})
	}
	slices.SortFunc(out, func(a, b TextKey[K]) int {
		if c := cmp.Compare(a.Text, b.Text); c != 0 {
			return c
		}
		// Two keys that write the same text (a MarshalText that is not
		// one-to-one) keep an order of their own, whatever the map's.
		return cmp.Compare(fmt.Sprintf("%#v", a.Key), fmt.Sprintf("%#v", b.Key))
	})
	return out
}

func keyText[K any](k K) string {
	tm, ok := any(&k).(encoding.TextMarshaler)
	if !ok {
		// Generated code calls TextKeys only for key types with a
		// MarshalText (kubebuilder.Build refuses other non-string keys).
		return fmt.Sprint(k)
	}
	b, err := tm.MarshalText()
	if err != nil {
		return fmt.Sprintf("[%v]", k)
	}
	return string(b)
}
