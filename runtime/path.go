package runtime

import (
	"strconv"
	"strings"

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
// the root itself ("<nil>") moves to root.
func Rebase(errs field.ErrorList, root *field.Path) field.ErrorList {
	if root == nil || len(errs) == 0 {
		return errs
	}
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
