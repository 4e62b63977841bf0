package runtime

import (
	"math/rand"
	"reflect"
	"testing"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The size errors are apimachinery's, field for field, for every bound.
func TestSizeErrorsMatchField(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	p := spec.Child("name")
	fp := field.NewPath("spec", "name")
	for _, n := range []int{-2, -1, 0, 1, 2, 9, 10, 63, 256, 1 << 40} {
		for _, c := range []struct {
			name      string
			got, want *field.Error
		}{
			{"TooLong", tooLongError(&p, n, false), field.TooLong(fp, "abc", n)},
			{"TooLongCharacters", tooLongError(&p, n, true), field.TooLongCharacters(fp, "abc", n)},
			{"TooShort", tooShortError(&p, myString("ab"), n), field.TooShort(fp, myString("ab"), n)},
			{"TooMany", tooManyError(&p, n, n+1), field.TooMany(fp, n, n+1)},
			{"TooMany of a max", tooManyError(&p, 3, n), field.TooMany(fp, 3, n)},
			{"TooFew", tooFewError(&p, 3, n), field.TooFew(fp, 3, n)},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("%s(%d):\n got  %#v\n want %#v", c.name, n, c.got, c.want)
			}
		}
	}
}

// runeCountOver is utf8.RuneCountInString(s) > max on every string.
func TestRuneCountOver(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", "b", "é", "世", "\U0001F600", "\xff", "\x80", "\xe2\x84", "\xc5"}
	for range 200_000 {
		var b []byte
		// Runs of ASCII long enough for the 32- and 8-byte steps, broken
		// by multi-byte runes and bytes of broken UTF-8 at any offset.
		for range r.Intn(40) {
			if r.Intn(3) == 0 {
				b = append(b, pieces[r.Intn(len(pieces))]...)
			} else {
				for range 1 + r.Intn([]int{1, 8, 40}[r.Intn(3)]) {
					b = append(b, byte('a'+r.Intn(26)))
				}
			}
		}
		s := string(b)
		n := utf8.RuneCountInString(s)
		for _, max := range []int{n - 1, n, n + 1, r.Intn(50) - 1} {
			if got, want := runeCountOver(s, max), n > max; got != want {
				t.Fatalf("runeCountOver(%q, %d) = %t, want %t (%d runes)", s, max, got, want, n)
			}
		}
	}
}
