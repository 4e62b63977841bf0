package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// randomJSON writes a random JSON value with random whitespace, and
// strings whose characters are written raw or escaped at random.
func randomJSON(r *rand.Rand, depth int) string {
	ws := func() string { return []string{"", "", " ", "\n\t", "\r\n  "}[r.IntN(5)] }
	switch k := r.IntN(6); {
	case depth > 2 || k == 0:
		return []string{"1", "1.0", "-2e3", "true", "null", "0"}[r.IntN(6)]
	case k == 1 || k == 2:
		var b strings.Builder
		b.WriteByte('"')
		for range r.IntN(4) {
			c := []rune{'a', '<', '&', ' ', '"', '\\', '\u2028', 'é'}[r.IntN(8)]
			switch {
			case c == '"' || c == '\\':
				b.WriteString(`\` + string(c))
			case r.IntN(3) == 0:
				fmt.Fprintf(&b, `\u%04x`, c)
			default:
				b.WriteRune(c)
			}
		}
		b.WriteByte('"')
		return b.String()
	case k == 3 || k == 4:
		var items []string
		for range r.IntN(3) {
			items = append(items, ws()+randomJSON(r, depth+1)+ws())
		}
		return "[" + strings.Join(items, ",") + "]"
	default:
		var items []string
		for i := range r.IntN(3) {
			items = append(items, ws()+fmt.Sprintf(`"k%d"`, i)+ws()+":"+ws()+randomJSON(r, depth+1))
		}
		return "{" + strings.Join(items, ",") + ws() + "}"
	}
}

// TestCompactEqualAgreesWithMarshal: where compactEqual knows, it says
// what comparing json.Marshal's output says, on pairs of random texts
// (many of them the same value written differently).
func TestCompactEqualAgreesWithMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	known, equal := 0, 0
	for range 50000 {
		a := randomJSON(r, 0)
		b := a
		switch r.IntN(3) {
		case 0:
			b = randomJSON(r, 0)
		case 1: // the same value, whitespace moved
			b = strings.NewReplacer(",", " ,\n", ":", ": ").Replace(a)
			if strings.Contains(a, `"`) {
				b = a + " "
			}
		}
		if !json.Valid([]byte(a)) || !json.Valid([]byte(b)) {
			t.Fatalf("invalid test JSON %q %q", a, b)
		}
		ma, _ := json.Marshal(&apiextv1.JSON{Raw: []byte(a)})
		mb, _ := json.Marshal(&apiextv1.JSON{Raw: []byte(b)})
		want := bytes.Equal(ma, mb)
		got, ok := compactEqual([]byte(a), []byte(b))
		if !ok {
			continue
		}
		known++
		if want {
			equal++
		}
		if got != want {
			t.Fatalf("compactEqual(%q, %q) = %v, json.Marshal says %v", a, b, got, want)
		}
	}
	if known < 40000 || equal < 10000 {
		t.Errorf("only %d pairs known, %d equal: the test sees too little", known, equal)
	}
}
