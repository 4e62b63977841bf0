package runtime

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

type discriminator string

func unionPaths() map[string]*Path {
	var root Path
	spec := root.Child("spec")
	elem := spec.Index(2)
	return map[string]*Path{"<nil>": &root, "spec": &spec, "spec[2]": &elem}
}

func TestUnion(t *testing.T) {
	m := &UnionMembers{Names: []string{"a", "b", "c"}}
	const all = "`a`, `b`, `c`"
	for at, p := range unionPaths() {
		cases := []struct {
			name string
			set  []bool
			want []want
		}{
			{"none set", []bool{false, false, false}, []want{{field.ErrorTypeInvalid, at, "", "must specify one of: " + all, "union", false}}},
			{"one set", []bool{false, true, false}, nil},
			{"first set", []bool{true, false, false}, nil},
			{"two set", []bool{true, true, false}, []want{{field.ErrorTypeInvalid, at, "{a, b}", "must specify exactly one of: " + all, "union", false}}},
			{"other two set", []bool{true, false, true}, []want{{field.ErrorTypeInvalid, at, "{a, c}", "must specify exactly one of: " + all, "union", false}}},
			{"all set", []bool{true, true, true}, []want{{field.ErrorTypeInvalid, at, "{a, b, c}", "must specify exactly one of: " + all, "union", false}}},
		}
		for _, c := range cases {
			t.Run(at+"/"+c.name, func(t *testing.T) { checkErrors(t, Union(p, c.set, m), c.want) })
		}
	}
	one := &UnionMembers{Names: []string{"only"}}
	var root Path
	checkErrors(t, Union(&root, []bool{false}, one), []want{{field.ErrorTypeInvalid, "<nil>", "", "must specify one of: `only`", "union", false}})
	checkErrors(t, Union(&root, []bool{true}, one), nil)
}

func TestZeroOrOneOf(t *testing.T) {
	m := &UnionMembers{Names: []string{"a", "b", "c"}}
	const all = "`a`, `b`, `c`"
	for at, p := range unionPaths() {
		cases := []struct {
			name string
			set  []bool
			want []want
		}{
			{"none set", []bool{false, false, false}, nil},
			{"one set", []bool{false, false, true}, nil},
			{"two set", []bool{true, true, false}, []want{{field.ErrorTypeInvalid, at, "{a, b}", "must specify at most one of: " + all, "zeroOrOneOf", false}}},
			{"b and c", []bool{false, true, true}, []want{{field.ErrorTypeInvalid, at, "{b, c}", "must specify at most one of: " + all, "zeroOrOneOf", false}}},
			{"all set", []bool{true, true, true}, []want{{field.ErrorTypeInvalid, at, "{a, b, c}", "must specify at most one of: " + all, "zeroOrOneOf", false}}},
		}
		for _, c := range cases {
			t.Run(at+"/"+c.name, func(t *testing.T) { checkErrors(t, ZeroOrOneOf(p, c.set, m), c.want) })
		}
	}
}

func TestDiscriminatedUnion(t *testing.T) {
	m := &UnionMembers{Names: []string{"a", "b", "c"}, Values: []string{"A", "B", "C"}, Discriminator: "type"}
	var root Path
	spec := root.Child("spec")
	mustA := want{field.ErrorTypeInvalid, "spec.a", "", "must be specified when `type` is \"A\"", "union", false}
	mustB := want{field.ErrorTypeInvalid, "spec.b", "", "must be specified when `type` is \"B\"", "union", false}
	onlyA := want{field.ErrorTypeInvalid, "spec.a", "", "may only be specified when `type` is \"A\"", "union", false}
	onlyB := want{field.ErrorTypeInvalid, "spec.b", "", "may only be specified when `type` is \"B\"", "union", false}
	onlyC := want{field.ErrorTypeInvalid, "spec.c", "", "may only be specified when `type` is \"C\"", "union", false}
	cases := []struct {
		name string
		disc discriminator
		set  []bool
		want []want
	}{
		{"selected member set", "A", []bool{true, false, false}, nil},
		{"other selected member set", "C", []bool{false, false, true}, nil},
		{"selected member missing", "A", []bool{false, false, false}, []want{mustA}},
		{"wrong member set", "A", []bool{false, true, false}, []want{mustA, onlyB}},
		{"selected and another set", "B", []bool{true, true, false}, []want{onlyA}},
		{"all set", "B", []bool{true, true, true}, []want{onlyA, onlyC}},
		{"empty discriminator, nothing set", "", []bool{false, false, false}, nil},
		{"unknown discriminator, nothing set", "Z", []bool{false, false, false}, nil},
		{"unknown discriminator, member set", "Z", []bool{false, true, false}, []want{onlyB}},
		{"empty discriminator, members set", "", []bool{true, true, false}, []want{onlyA, onlyB}},
		{"case matters", "a", []bool{true, false, false}, []want{onlyA}},
		{"selected missing, others set", "B", []bool{true, false, true}, []want{onlyA, mustB, onlyC}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkErrors(t, DiscriminatedUnion(&spec, c.set, m, c.disc), c.want) })
	}
	// At the zero root, member paths are bare names; quoting escapes.
	q := &UnionMembers{Names: []string{"x"}, Values: []string{`X"1`}, Discriminator: "kind"}
	checkErrors(t, DiscriminatedUnion(&root, []bool{false}, q, `X"1`),
		[]want{{field.ErrorTypeInvalid, "x", "", "must be specified when `kind` is \"X\\\"1\"", "union", false}})
	checkErrors(t, DiscriminatedUnion(&root, []bool{true}, q, "other"),
		[]want{{field.ErrorTypeInvalid, "x", "", "may only be specified when `kind` is \"X\\\"1\"", "union", false}})
}
