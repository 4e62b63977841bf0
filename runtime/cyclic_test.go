package runtime

import (
	"reflect"
	"testing"
)

// A value that contains itself, built in Go, is compared and hashed
// without overflowing the stack (a fatal error, which no recover catches)
// and without exponential time.
func TestCyclicValues(t *testing.T) {
	self := func() map[string]any {
		m := map[string]any{"n": 1}
		m["a"], m["b"], m["c"] = m, m, m
		return m
	}
	a, b := self(), self()
	if !OpaqueEqual(a, b) {
		t.Errorf("two maps holding themselves the same way are not equal")
	}
	c := self()
	c["n"] = 2
	if OpaqueEqual(a, c) {
		t.Errorf("maps that differ in a value are equal")
	}
	var x, y any = a, b
	if !SemanticEqual(&x, &y) {
		t.Errorf("SemanticEqual: not equal")
	}
	if hashOf(&x) != hashOf(&y) {
		t.Errorf("equal cyclic values hash differently")
	}
	s := []any{nil}
	s[0] = s
	if !cyclic(reflect.ValueOf(s)) {
		t.Errorf("a slice holding itself is not found cyclic")
	}
	if cyclic(reflect.ValueOf(map[string]any{"a": map[string]any{"b": 1}})) {
		t.Errorf("an acyclic map is found cyclic")
	}
}

// Items whose type cannot hold itself are not walked for cycles: hashing
// them allocates nothing.
func TestHashOfPlainStructAllocatesNothing(t *testing.T) {
	type item struct {
		Name string
		Tags []string
		P    *int
	}
	n := 3
	it := item{Name: "a", Tags: []string{"x"}, P: &n}
	if allocs := testing.AllocsPerRun(100, func() { hashOf(&it) }); allocs != 0 {
		t.Errorf("hashOf allocates %v times per item", allocs)
	}
}
