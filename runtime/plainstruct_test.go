package runtime

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type plainItem struct {
	Name  string  `json:"name"`
	Port  int32   `json:"port,omitempty"`
	Ratio float64 `json:"ratio,omitzero"`
	On    bool    `json:"on,omitempty"`
}

type (
	plainItems      map[string]plainItem
	otherPlainItems map[string]plainItem // never registered: compared by reflection
)

type holder struct {
	Items plainItems      `json:"items,omitempty"`
	Other otherPlainItems `json:"other,omitempty"`
}

func init() { RegisterPlainMap[plainItems]() }

// TestRegisterPlainStructRefuses: a struct that == would compare
// otherwise than its JSON stops the program at start.
func TestRegisterPlainStructRefuses(t *testing.T) {
	type marshals struct{ T metav1.Time }
	type pointer struct{ P *string }
	type unexported struct{ a string }
	type skipped struct {
		A string `json:"-"`
	}
	type embedded struct{ plainItem }
	for name, register := range map[string]func(){
		"own JSON": RegisterPlainStruct[marshals], "pointer": RegisterPlainStruct[pointer],
		"unexported": RegisterPlainStruct[unexported], "json -": RegisterPlainStruct[skipped], "embedded": RegisterPlainStruct[embedded],
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "regenerate the validation") {
					t.Errorf("%s: RegisterPlainStruct: %v, want a panic naming the fix", name, r)
				}
			}()
			register()
		}()
	}
	RegisterPlainStruct[plainItem]() // no panic
}

// TestPlainAgreesWithJSONEqual: UnchangedPlain, CountTrue as the
// generator writes it and a registered map of plain structs agree with
// JSONEqual's and PropertyCount's reflection, on random values (many of
// them equal, or zero where omitempty leaves a field out).
func TestPlainAgreesWithJSONEqual(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	item := func() plainItem {
		return plainItem{Name: []string{"", "a"}[r.IntN(2)], Port: int32(r.IntN(2)), Ratio: []float64{0, -0.0, 1.5}[r.IntN(3)], On: r.IntN(2) == 0}
	}
	items := func() map[string]plainItem {
		if r.IntN(4) == 0 {
			return nil
		}
		m := map[string]plainItem{}
		for range r.IntN(3) {
			m[[]string{"x", "y", "z"}[r.IntN(3)]] = item()
		}
		return m
	}
	for range 20000 {
		a, b := item(), item()
		if got, want := UnchangedPlain(&a, &b), JSONEqual(&a, &b); got != want {
			t.Fatalf("UnchangedPlain(%+v, %+v) = %v, JSONEqual %v", a, b, got, want)
		}
		count := CountTrue(true, a.Port != 0, a.Ratio != 0, a.On != false)
		if want := PropertyCount(&a); count != want {
			t.Fatalf("CountTrue of %+v = %d, PropertyCount %d", a, count, want)
		}
		if js, _ := json.Marshal(a); strings.Count(string(js), ":") != count {
			t.Fatalf("%+v writes %s: %d properties, counted %d", a, js, strings.Count(string(js), ":"), count)
		}
		ma, mb := items(), items()
		x, y := holder{Items: ma, Other: ma}, holder{Items: mb, Other: mb}
		if got, want := JSONEqual(&x.Items, &y.Items), JSONEqual(&x.Other, &y.Other); got != want {
			t.Fatalf("registered map %v, %v: %v, by reflection %v", ma, mb, got, want)
		}
	}
	if UnchangedPlain(&plainItem{}, nil) {
		t.Error("UnchangedPlain with no old value")
	}
}

// TestPlainMapAllocatesNothing: comparing a struct that holds a
// registered map of plain structs allocates nothing.
func TestPlainMapAllocatesNothing(t *testing.T) {
	x := holder{Items: plainItems{"a": {Name: "a"}, "b": {Name: "b", Port: 2}}}
	y := holder{Items: plainItems{"a": {Name: "a"}, "b": {Name: "b", Port: 2}}}
	if n := testing.AllocsPerRun(100, func() {
		if !JSONEqual(&x, &y) {
			t.Fatal("not equal")
		}
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
