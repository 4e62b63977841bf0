package runtime

import (
	"errors"
	"slices"
	"testing"
)

type valueKey struct{ A, B string }

func (k valueKey) MarshalText() ([]byte, error) { return []byte(k.A + "/" + k.B), nil }

type pointerKey int

func (k *pointerKey) MarshalText() ([]byte, error) {
	if *k < 0 {
		return nil, errors.New("negative")
	}
	return []byte{byte('a' + *k)}, nil
}

type lossyKey struct{ N int }

func (k lossyKey) MarshalText() ([]byte, error) { return []byte("same"), nil }

// TextKeys orders a map's keys by the text they write (value and pointer
// receivers alike), names a key whose MarshalText fails as fmt prints it,
// and orders keys that write the same text the same way every time.
func TestTextKeys(t *testing.T) {
	texts := func(ks []TextKey[valueKey]) (out []string) {
		for _, k := range ks {
			out = append(out, k.Text)
		}
		return out
	}
	m := map[valueKey]int{{"b", "a"}: 1, {"a", "z"}: 2, {"a", "b"}: 3}
	if got, want := texts(TextKeys(m)), []string{"a/b", "a/z", "b/a"}; !slices.Equal(got, want) {
		t.Errorf("value receiver: %q, want %q", got, want)
	}
	p := TextKeys(map[pointerKey]bool{2: true, 0: true, -1: true})
	if len(p) != 3 || p[0].Text != "[-1]" || p[0].Key != -1 || p[1].Text != "a" || p[2].Text != "c" || p[2].Key != 2 {
		t.Errorf("pointer receiver: %+v", p)
	}
	for range 10 {
		l := TextKeys(map[lossyKey]bool{{3}: true, {1}: true, {2}: true})
		if l[0].Key.N != 1 || l[1].Key.N != 2 || l[2].Key.N != 3 {
			t.Fatalf("keys of one text: %+v", l)
		}
	}
	if len(TextKeys(map[valueKey]int(nil))) != 0 {
		t.Error("a nil map has keys")
	}
}
