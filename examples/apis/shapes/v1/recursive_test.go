package v1

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
)

// handNode is Node's validation written the plain way Kubernetes ratchets:
// a place equal to its old value (equality.Semantic) is not validated
// again; items of an atomic list have no old value; items of a list-map
// and map values are matched by key. It asks for equality at every level,
// which is what the generated code must not do, but it is the meaning.
func handNode(op operation.Operation, p *field.Path, n, old *Node) field.ErrorList {
	var errs field.ErrorList
	update := op.Type == operation.Update
	unchanged := func(a, b any) bool { return update && old != nil && equality.Semantic.DeepEqual(a, b) }
	var o Node
	if old != nil {
		o = *old
	}
	if !unchanged(n.Name, o.Name) && n.Name == "" {
		errs = append(errs, field.Required(p.Child("name"), ""))
	}
	if !unchanged(n.Weight, o.Weight) && n.Weight < 0 {
		errs = append(errs, field.Invalid(p.Child("weight"), n.Weight, "").WithOrigin("minimum"))
	}
	if n.Next != nil && !unchanged(n.Next, o.Next) {
		errs = append(errs, handNode(op, p.Child("next"), n.Next, o.Next)...)
	}
	if !unchanged(n.Children, o.Children) {
		for i := range n.Children {
			errs = append(errs, handNode(op, p.Child("children").Index(i), &n.Children[i], nil)...)
		}
	}
	if !unchanged(n.Keyed, o.Keyed) {
		for j := range n.Keyed {
			for i := 0; i < j; i++ {
				if n.Keyed[i].Name == n.Keyed[j].Name {
					errs = append(errs, field.Duplicate(p.Child("keyed").Index(j), n.Keyed[j]))
					break
				}
			}
		}
		for i := range n.Keyed {
			var oi *Node
			if update && old != nil {
				for k := range o.Keyed {
					if o.Keyed[k].Name == n.Keyed[i].Name {
						oi = &o.Keyed[k]
						break
					}
				}
			}
			if oi != nil && equality.Semantic.DeepEqual(n.Keyed[i], *oi) {
				continue
			}
			errs = append(errs, handNode(op, p.Child("keyed").Index(i), &n.Keyed[i], oi)...)
		}
	}
	if !unchanged(n.ByName, o.ByName) {
		for k, v := range n.ByName {
			ov, ok := o.ByName[k]
			if v == nil || (update && ok && equality.Semantic.DeepEqual(v, ov)) {
				continue
			}
			errs = append(errs, handNode(op, p.Child("byName").Key(k), v, ov)...)
		}
	}
	if !unchanged(n.Values, o.Values) {
		for k, v := range n.Values {
			var ovp *Node
			if ov, ok := o.Values[k]; ok {
				ovp = &ov
			}
			if update && ovp != nil && equality.Semantic.DeepEqual(v, *ovp) {
				continue
			}
			errs = append(errs, handNode(op, p.Child("values").Key(k), &v, ovp)...)
		}
	}
	if !unchanged(n.More, o.More) {
		for i := range n.More {
			errs = append(errs, handNode(op, p.Child("more").Index(i), &n.More[i], nil)...)
		}
	}
	return errs
}

// TestRecursiveRatchetingAgrees compares the generated validation of Node,
// which finds equality bottom-up in one pass, with handNode on random
// trees, on create and on updates that change a little or everything.
func TestRecursiveRatchetingAgrees(t *testing.T) {
	cfg := validationtest.Config{Seed: 11, Objects: 400, MaxElements: 2,
		Strings: []string{"", "a", "b"}, Ints: []int64{-1, 0, 1}}
	rep := validationtest.Agree(t, cfg,
		func(ctx context.Context, op operation.Operation, obj, old *Node) field.ErrorList {
			return handNode(op, nil, obj, old)
		},
		func(ctx context.Context, op operation.Operation, obj, old *Node) field.ErrorList {
			return Validate_Node(ctx, op, nil, obj, old)
		})
	if rep.Invalid == 0 || rep.Invalid == rep.Validations {
		t.Errorf("the random objects do not exercise both outcomes: %s", rep)
	}
}

// chain is a Node whose Next pointers go n levels deep, each level also
// holding a list item, so that every shape of the cycle is deep.
func chain(n int) *Node {
	root := &Node{Name: "n"}
	cur := root
	for i := 1; i < n; i++ {
		next := &Node{Name: "n", Children: []Node{{Name: "c"}}}
		cur.Next = next
		cur = next
	}
	return root
}

func last(n *Node) *Node {
	for n.Next != nil {
		n = n.Next
	}
	return n
}

// TestDeepUpdate validates an update of a chain 20,000 levels deep (twice
// the nesting the API server decodes) whose only change is at the bottom:
// the invalid bottom is reported, at its full path, and every unchanged
// invalid level above is ratcheted. (Its cost, linear in the depth, is
// BenchmarkDeepUpdate's.)
func TestDeepUpdate(t *testing.T) {
	const depth = 20_000
	old, obj := chain(depth), chain(depth)
	for n := obj; n != nil; n = n.Next {
		n.Weight = -1 // invalid everywhere, but unchanged above the bottom
	}
	for n := old; n != nil; n = n.Next {
		n.Weight = -1
	}
	last(obj).Name = ""
	errs := Validate_Node(context.Background(), operation.Operation{Type: operation.Update}, nil, obj, old)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeRequired {
		t.Fatalf("got %d errors, want the bottom's Required: %.300v", len(errs), errs)
	}
	if want := strings.Repeat("next.", depth-1) + "name"; errs[0].Field != want {
		t.Errorf("error at a path of %d characters, want %d", len(errs[0].Field), len(want))
	}
}

// TestCyclicValueReported validates values built in Go that contain
// themselves, through a pointer, a list and a map: each is reported as
// nested too deeply, on create and on update, instead of overflowing the
// stack (a fatal error no recover catches).
func TestCyclicValueReported(t *testing.T) {
	self := &Node{Name: "a"}
	self.Next = self
	list := &Node{Name: "b", Children: make([]Node, 1)}
	list.Children[0] = Node{Name: "c", Children: list.Children}
	viaMap := &Node{Name: "d", ByName: map[string]*Node{}}
	viaMap.ByName["x"] = viaMap
	for name, n := range map[string]*Node{"pointer": self, "list": list, "map": viaMap} {
		for _, op := range []operation.Type{operation.Create, operation.Update} {
			var old *Node
			if op == operation.Update {
				old = &Node{Name: "old"}
			}
			errs := Validate_Node(context.Background(), operation.Operation{Type: op}, field.NewPath("spec"), n, old)
			if len(errs) != 1 || errs[0].Field != "spec" || !strings.Contains(errs[0].Detail, fmt.Sprint(vgruntime.MaxNesting)) {
				t.Errorf("%s, %v: got %.300v, want one error at spec about nesting", name, op, errs)
			}
		}
	}
}

// BenchmarkDeepUpdate updates chains of growing depth with a change at
// the bottom; ns/op grows linearly with the depth (it grew with its
// square when each level compared the whole chain below it).
func BenchmarkDeepUpdate(b *testing.B) {
	for _, depth := range []int{1_000, 10_000, 100_000} {
		old, obj := chain(depth), chain(depth)
		last(obj).Weight = 1
		b.Run(fmt.Sprint(depth), func(b *testing.B) {
			op := operation.Operation{Type: operation.Update}
			for b.Loop() {
				if errs := Validate_Node(context.Background(), op, nil, obj, old); len(errs) != 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

// TestCyclicValueComparedOnUpdate updates a T whose Tree contains itself,
// old and new alike: comparing them (before the Tree is validated) gives
// up past MaxNesting levels instead of overflowing the stack, and the
// validation below reports the nesting.
func TestCyclicValueComparedOnUpdate(t *testing.T) {
	tree := &Tree{Name: "r", Children: make([]Tree, 1)}
	tree.Children[0] = Tree{Name: "c", Children: tree.Children}
	obj, old := valid(), valid()
	obj.Tree, old.Tree = tree, tree
	errs := Validate_T(context.Background(), operation.Operation{Type: operation.Update}, nil, obj, old)
	if len(errs) != 1 || errs[0].Field != "tree" || !strings.Contains(errs[0].Detail, "nested more than") {
		t.Errorf("got %.300v, want one error at tree about nesting", errs)
	}
}

// TestValidNodeAllocatesNothing: finding equality bottom-up costs no
// allocation, on create and on update. Values is left empty: a map value
// of a recursive type is copied into a variable whose address goes down
// the recursion, and Go's escape analysis then moves the variable to the
// heap (one allocation per value, as before equality was found bottom-up).
func TestValidNodeAllocatesNothing(t *testing.T) {
	mk := func() *Node {
		leaf := Node{Name: "l"}
		return &Node{Name: "r", Next: &Node{Name: "n"}, Children: []Node{leaf}, Keyed: []Node{{Name: "a"}, {Name: "b"}},
			ByName: map[string]*Node{"x": {Name: "x"}}, More: Nodes{leaf}, Note: "n"}
	}
	obj, old, changed := mk(), mk(), mk()
	changed.Keyed[1].Note = "changed"
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		op       operation.Type
		obj, old *Node
	}{{"create", operation.Create, obj, nil}, {"update unchanged", operation.Update, obj, old}, {"update changed", operation.Update, changed, old}} {
		op := operation.Operation{Type: c.op}
		if errs := Validate_Node(ctx, op, nil, c.obj, c.old); len(errs) != 0 {
			t.Fatalf("%s: %v", c.name, errs)
		}
		if n := testing.AllocsPerRun(100, func() { Validate_Node(ctx, op, nil, c.obj, c.old) }); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", c.name, n)
		}
	}
}

// TestRecursiveCELRules validates a Family, whose CEL rules are compiled
// against a schema that ends two levels into the recursion: the rules
// still run at every level, deeper than the schema goes, and a rule may
// read the fields of its items' items.
func TestRecursiveCELRules(t *testing.T) {
	create := operation.Operation{Type: operation.Create}
	// chain builds n levels, each the single kid of the one above.
	chain := func(n int, leaf Family) Family {
		f := leaf
		for i := 0; i < n; i++ {
			f = Family{Name: fmt.Sprintf("l%d", i), Kids: []Family{f}}
		}
		return f
	}
	cases := []struct {
		name string
		obj  Family
		want []string
	}{
		{"valid", chain(6, Family{Name: "leaf"}), nil},
		{"nameless parent at the root", Family{Kids: []Family{{Name: "a"}}},
			[]string{`<nil>: Invalid value: a family with kids needs a name`}},
		{"nameless parent five levels down", chain(5, Family{Kids: []Family{{Name: "a"}}}),
			[]string{`kids[0].kids[0].kids[0].kids[0].kids[0]: Invalid value: a family with kids needs a name`}},
		{"grandchild named x", chain(4, Family{Name: "x"}),
			[]string{`kids[0].kids[0].kids: Invalid value: no grandchild is named x`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, e := range Validate_Family(context.Background(), create, nil, &c.obj, nil) {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
