package runtime

import (
	"strconv"
	"strings"
	"unsafe"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

type pathKind uint8

const (
	pathRoot pathKind = iota
	pathChild
	pathIndex
	pathKey
	pathIntKey
)

// Path is a field path that is only materialised when an error needs it.
// Generated code builds child paths as stack values linked to their parent,
// which costs no allocation as long as no error is reported. The zero
// Path is the root; a caller's own root path is applied afterwards by
// Rebase, so no pointer from outside is ever reachable from a Path.
type Path struct {
	parent *Path
	name   string
	index  int64
	kind   pathKind
}

// Child is the path of the struct field with the given JSON name.
func (p *Path) Child(name string) Path { return Path{parent: p, name: name, kind: pathChild} }

// Index is the path of a list element.
func (p *Path) Index(i int) Path { return Path{parent: p, index: int64(i), kind: pathIndex} }

// Key is the path of a map value with a string key.
func (p *Path) Key(k string) Path { return Path{parent: p, name: k, kind: pathKey} }

// IntKey is the path of a map value with an integer key.
func (p *Path) IntKey(k int64) Path { return Path{parent: p, index: k, kind: pathIntKey} }

// InItem reports whether the path is below a list element or a map value.
func (p *Path) InItem() bool {
	for ; p != nil; p = p.parent {
		switch p.kind {
		case pathIndex, pathKey, pathIntKey:
			return true
		}
	}
	return false
}

// Field materialises the path.
//
// Nothing loaded from p is stored into the new path: names are cloned.
// Escape analysis does not tell the fields of a Path apart, so storing any
// of them would make every parent Path on the stack escape to the heap,
// and validating a valid object would allocate.
func (p *Path) Field() *field.Path {
	if p == nil {
		return nil
	}
	switch p.kind {
	case pathChild:
		return p.parent.Field().Child(strings.Clone(p.name))
	case pathIndex:
		return p.parent.Field().Index(int(p.index))
	case pathKey:
		return p.parent.Field().Key(strings.Clone(p.name))
	case pathIntKey:
		return p.parent.Field().Key(strconv.FormatInt(p.index, 10))
	default:
		return nil
	}
}

// Rebase puts errors found under the root Path below a caller's path.
// field.Error keeps its path as a string, so this is a string prefix:
// "spec.x" becomes "root.spec.x", "[0]" becomes "root[0]", and an error at
// the root itself ("<nil>") moves to root. Small enough to be inlined:
// the common call (no root, or no errors) costs nothing.
func Rebase(errs field.ErrorList, root *field.Path) field.ErrorList {
	if root == nil || len(errs) == 0 {
		return errs
	}
	return rebase(errs, root)
}

func rebase(errs field.ErrorList, root *field.Path) field.ErrorList {
	prefix := root.String()
	for _, e := range errs {
		switch {
		case e.Field == "<nil>" || e.Field == "":
			e.Field = prefix
		case strings.HasPrefix(e.Field, "["):
			e.Field = prefix + e.Field
		default:
			e.Field = prefix + "." + e.Field
		}
	}
	return errs
}

// String is the path as field.Path writes it ("spec.ports[2].name",
// "spec.limits[key]"; the root is "<nil>", as a nil *field.Path is),
// built in one allocation. Errors carry their path as this string, so the
// error constructors of this package take a *Path and never build the
// *field.Path chain.
func (p *Path) String() string {
	n := p.width()
	if n == 0 {
		return "<nil>"
	}
	b := make([]byte, n)
	p.fill(b)
	return unsafe.String(unsafe.SliceData(b), n)
}

// width is the length of String's result, 0 for the root.
func (p *Path) width() int {
	n := 0
	for q := p; q != nil && q.kind != pathRoot; q = q.parent {
		switch q.kind {
		case pathChild:
			n += len(q.name)
			if !q.parent.isRoot() {
				n++ // "."
			}
		case pathKey:
			n += len(q.name) + 2
		case pathIndex, pathIntKey:
			n += decimalWidth(q.index) + 2
		}
	}
	return n
}

// fill writes the path into b, which is p.width() bytes long, from its
// end: the leaf first, then each parent in front of it.
func (p *Path) fill(b []byte) {
	i := len(b)
	for q := p; !q.isRoot(); q = q.parent {
		switch q.kind {
		case pathChild:
			i -= len(q.name)
			copy(b[i:], q.name)
			if !q.parent.isRoot() {
				i--
				b[i] = '.'
			}
		case pathKey:
			i--
			b[i] = ']'
			i -= len(q.name)
			copy(b[i:], q.name)
			i--
			b[i] = '['
		case pathIndex, pathIntKey:
			i--
			b[i] = ']'
			i -= decimalWidth(q.index)
			strconv.AppendInt(b[i:i], q.index, 10)
			i--
			b[i] = '['
		}
	}
}

func (p *Path) isRoot() bool { return p == nil || p.kind == pathRoot }

func decimalWidth(v int64) int {
	n := 1
	if v < 0 {
		n++          // "-"; an index is never negative, an integer map key may be
		if v == -v { // the smallest int64
			return 20
		}
		v = -v
	}
	for ; v >= 10; v /= 10 {
		n++
	}
	return n
}

// at puts e at p.
func at(e *field.Error, p *Path) *field.Error {
	e.Field = p.String()
	return e
}

// PathStep is one step of a Path: a field or a map key (Name), or a list
// index (IsIndex, Index).
type PathStep struct {
	Name    string
	Index   int
	IsIndex bool
}

// Depth is the number of steps from the root to p.
func (p *Path) Depth() int {
	n := 0
	for q := p; !q.isRoot(); q = q.parent {
		n++
	}
	return n
}

// Steps lists p's steps after its first skip ones, root first. Names are
// cloned (see Field). It allocates: callers ask it on a reported error.
func (p *Path) Steps(skip int) []PathStep {
	out := make([]PathStep, max(p.Depth()-skip, 0))
	i := len(out) - 1
	for q := p; i >= 0 && !q.isRoot(); q = q.parent {
		switch q.kind {
		case pathIndex:
			out[i] = PathStep{Index: int(q.index), IsIndex: true}
		case pathIntKey:
			out[i] = PathStep{Name: strconv.FormatInt(q.index, 10)}
		default:
			out[i] = PathStep{Name: strings.Clone(q.name)}
		}
		i--
	}
	return out
}
