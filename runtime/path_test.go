package runtime

import (
	"testing"
	"unsafe"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// step is one link of a Path chain, applied to the previous link.
type step struct {
	kind   pathKind
	name   string
	index  int64
	intKey int64
}

func child(n string) step        { return step{kind: pathChild, name: n} }
func index(i int) step           { return step{kind: pathIndex, index: int64(i)} }
func key(k string) step          { return step{kind: pathKey, name: k} }
func intKey(k int64) step        { return step{kind: pathIntKey, intKey: k} }
func chain(steps ...step) []step { return steps }

// build applies steps to the zero root, keeping every link alive in a
// slice (Paths point at their parents), and returns the last link.
func build(steps []step) *Path {
	links := make([]Path, len(steps)+1)
	for i, s := range steps {
		parent := &links[i]
		switch s.kind {
		case pathChild:
			links[i+1] = parent.Child(s.name)
		case pathIndex:
			links[i+1] = parent.Index(int(s.index))
		case pathKey:
			links[i+1] = parent.Key(s.name)
		case pathIntKey:
			links[i+1] = parent.IntKey(s.intKey)
		}
	}
	return &links[len(steps)]
}

func TestPathField(t *testing.T) {
	cases := []struct {
		name  string
		steps []step
		want  string // "" means Field() must be nil
	}{
		{"zero root", nil, ""},
		{"child", chain(child("a")), "a"},
		{"child chain", chain(child("a"), child("b")), "a.b"},
		{"child index key", chain(child("a"), child("b"), index(3), key("k")), "a.b[3][k]"},
		{"index from root", chain(index(0)), "[0]"},
		{"index then child from root", chain(index(0), child("x")), "[0].x"},
		{"key from root", chain(key("k")), "[k]"},
		{"int key", chain(child("m"), intKey(42)), "m[42]"},
		{"negative int key", chain(child("m"), intKey(-5)), "m[-5]"},
		{"big int key", chain(child("m"), intKey(1<<40)), "m[1099511627776]"},
		{"empty key", chain(child("m"), key("")), "m[]"},
		{"key with dots", chain(child("labels"), key("a.b/c")), "labels[a.b/c]"},
		{"deep", chain(child("spec"), child("parts"), index(1), child("children"), index(0), child("name")), "spec.parts[1].children[0].name"},
		{"index index", chain(child("m"), index(1), index(2)), "m[1][2]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := build(c.steps).Field()
			if c.want == "" {
				if got != nil {
					t.Fatalf("Field() = %q, want nil", got.String())
				}
				return
			}
			if got == nil {
				t.Fatalf("Field() = nil, want %q", c.want)
			}
			if s := got.String(); s != c.want {
				t.Errorf("Field().String() = %q, want %q", s, c.want)
			}
			// Materialising twice gives equal but distinct paths.
			again := build(c.steps).Field()
			if again.String() != c.want {
				t.Errorf("second Field().String() = %q, want %q", again.String(), c.want)
			}
		})
	}
}

func TestPathFieldNilReceiver(t *testing.T) {
	var p *Path
	if got := p.Field(); got != nil {
		t.Errorf("(*Path)(nil).Field() = %v, want nil", got)
	}
	var zero Path
	if got := zero.Field(); got != nil {
		t.Errorf("Path{}.Field() = %v, want nil", got)
	}
	if got := (&zero).Field().String(); got != "<nil>" {
		t.Errorf("zero root renders %q, want %q", got, "<nil>")
	}
}

// TestPathFieldDoesNotAlias checks that the names in a materialised path
// are copies: overwriting the bytes behind the names given to Child and
// Key, and reusing the Path variables, leaves the field.Path unchanged.
func TestPathFieldDoesNotAlias(t *testing.T) {
	childBuf := []byte("spec")
	keyBuf := []byte("key1")
	childName := unsafe.String(&childBuf[0], len(childBuf))
	keyName := unsafe.String(&keyBuf[0], len(keyBuf))

	var root Path
	c := root.Child(childName)
	k := c.Key(keyName)
	f := k.Field()
	if got := f.String(); got != "spec[key1]" {
		t.Fatalf("Field() = %q, want %q", got, "spec[key1]")
	}

	copy(childBuf, "XXXX")
	copy(keyBuf, "YYYY")
	c = root.Child("other")
	k = c.Key("other")
	if got := f.String(); got != "spec[key1]" {
		t.Errorf("after mutating the source names, Field() = %q, want %q", got, "spec[key1]")
	}
	if got := k.Field().String(); got != "other[other]" {
		t.Errorf("reused path = %q, want %q", got, "other[other]")
	}
}

func TestRebase(t *testing.T) {
	root := field.NewPath("root")
	cases := []struct {
		name string
		root *field.Path
		in   []string
		want []string
	}{
		{"nil root leaves fields", nil, []string{"spec.x", "[0]", "<nil>"}, []string{"spec.x", "[0]", "<nil>"}},
		{"child", root, []string{"spec.x"}, []string{"root.spec.x"}},
		{"index", root, []string{"[0]"}, []string{"root[0]"}},
		{"index then child", root, []string{"[0].x"}, []string{"root[0].x"}},
		{"key", root, []string{"[k]"}, []string{"root[k]"}},
		{"root itself", root, []string{"<nil>"}, []string{"root"}},
		{"empty field", root, []string{""}, []string{"root"}},
		{"several", root, []string{"a", "<nil>", "[1]", "b.c"}, []string{"root.a", "root", "root[1]", "root.b.c"}},
		{"indexed root", field.NewPath("items").Index(2), []string{"name", "[0]", "<nil>"}, []string{"items[2].name", "items[2][0]", "items[2]"}},
		{"keyed root", field.NewPath("m").Key("k"), []string{"x"}, []string{"m[k].x"}},
		{"dotted root", field.NewPath("a", "b"), []string{"c"}, []string{"a.b.c"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var errs field.ErrorList
			for _, f := range c.in {
				errs = append(errs, &field.Error{Type: field.ErrorTypeInvalid, Field: f, Detail: "d"})
			}
			got := Rebase(errs, c.root)
			if len(got) != len(c.want) {
				t.Fatalf("len = %d, want %d", len(got), len(c.want))
			}
			for i := range got {
				if got[i] != errs[i] {
					t.Errorf("[%d]: Rebase returned a different error value", i)
				}
				if got[i].Field != c.want[i] {
					t.Errorf("[%d]: Field = %q, want %q", i, got[i].Field, c.want[i])
				}
				if got[i].Detail != "d" || got[i].Type != field.ErrorTypeInvalid {
					t.Errorf("[%d]: Rebase changed more than Field: %#v", i, got[i])
				}
			}
		})
	}
}

func TestRebaseEmpty(t *testing.T) {
	if got := Rebase(nil, field.NewPath("root")); got != nil {
		t.Errorf("Rebase(nil) = %v, want nil", got)
	}
	empty := field.ErrorList{}
	if got := Rebase(empty, field.NewPath("root")); got == nil || len(got) != 0 {
		t.Errorf("Rebase(empty) = %#v, want the empty list", got)
	}
}

// TestRebaseMatchesMaterialisedPath checks that building a path under the
// zero root and rebasing it gives the same string as building it under
// the caller's root directly.
func TestRebaseMatchesMaterialisedPath(t *testing.T) {
	roots := []*field.Path{field.NewPath("root"), field.NewPath("a").Index(1), field.NewPath("m").Key("k")}
	chains := [][]step{
		nil,
		chain(child("x")),
		chain(index(0)),
		chain(key("k")),
		chain(index(0), child("x"), key("y"), intKey(7)),
		chain(child("spec"), child("x")),
	}
	for _, root := range roots {
		for _, steps := range chains {
			got := Rebase(field.ErrorList{field.Invalid(build(steps).Field(), 1, "")}, root)[0].Field
			want := root
			for _, s := range steps {
				switch s.kind {
				case pathChild:
					want = want.Child(s.name)
				case pathIndex:
					want = want.Index(int(s.index))
				case pathKey:
					want = want.Key(s.name)
				case pathIntKey:
					want = want.Key(fmtInt(s.intKey))
				}
			}
			if got != want.String() {
				t.Errorf("root %q, steps %v: rebased %q, want %q", root.String(), steps, got, want.String())
			}
		}
	}
}

// String writes what the materialised *field.Path writes, for every kind
// of step, at the root and below it.
func TestPathStringIsFieldString(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	ports := spec.Child("ports")
	port := ports.Index(12)
	name := port.Child("name")
	labels := spec.Child("labels")
	label := labels.Key("a.b/c")
	empty := labels.Key("")
	counts := spec.Child("counts")
	neg := counts.IntKey(-9223372036854775808)
	pos := counts.IntKey(7)
	rootIndex := root.Index(0)
	rootKey := root.Key("k")
	rootIntKey := root.IntKey(-3)
	underIndex := rootIndex.Child("x")
	underKey := rootKey.Child("y")
	deep := name.Index(1234567890)
	for _, p := range []*Path{&root, nil, &spec, &ports, &port, &name, &labels, &label, &empty, &neg, &pos,
		&rootIndex, &rootKey, &rootIntKey, &underIndex, &underKey, &deep} {
		want := p.Field().String()
		if got := p.String(); got != want {
			t.Errorf("String() = %q, want %q (field.Path's)", got, want)
		}
	}
}

// Building an error's path string is one allocation.
func TestPathStringAllocatesOnce(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	ports := spec.Child("ports")
	port := ports.Index(3)
	name := port.Child("name")
	if n := testing.AllocsPerRun(100, func() { _ = name.String() }); n != 1 {
		t.Errorf("%v allocations, want 1", n)
	}
}

func TestPathInItem(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	list := spec.Child("list")
	item := list.Index(0)
	below := item.Child("x")
	m := spec.Child("m")
	val := m.Key("k")
	ival := m.IntKey(3)
	for _, c := range []struct {
		p    *Path
		want bool
	}{{&root, false}, {&spec, false}, {&list, false}, {&item, true}, {&below, true}, {&val, true}, {&ival, true}, {nil, false}} {
		if got := c.p.InItem(); got != c.want {
			t.Errorf("%v: InItem() = %v, want %v", c.p.Field(), got, c.want)
		}
	}
}
