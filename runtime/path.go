package runtime

import (
	"strconv"

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
// which costs no allocation as long as no error is reported.
type Path struct {
	parent *Path
	root   *field.Path
	name   string
	index  int64
	kind   pathKind
}

// Root wraps a caller-supplied path (which may be nil).
func Root(p *field.Path) Path { return Path{root: p} }

// Child is the path of the struct field with the given JSON name.
func (p *Path) Child(name string) Path { return Path{parent: p, name: name, kind: pathChild} }

// Index is the path of a list element.
func (p *Path) Index(i int) Path { return Path{parent: p, index: int64(i), kind: pathIndex} }

// Key is the path of a map value with a string key.
func (p *Path) Key(k string) Path { return Path{parent: p, name: k, kind: pathKey} }

// IntKey is the path of a map value with an integer key.
func (p *Path) IntKey(k int64) Path { return Path{parent: p, index: k, kind: pathIntKey} }

// Field materialises the path.
func (p *Path) Field() *field.Path {
	if p == nil {
		return nil
	}
	switch p.kind {
	case pathChild:
		return p.parent.Field().Child(p.name)
	case pathIndex:
		return p.parent.Field().Index(int(p.index))
	case pathKey:
		return p.parent.Field().Key(p.name)
	case pathIntKey:
		return p.parent.Field().Key(strconv.FormatInt(p.index, 10))
	default:
		return p.root
	}
}

// ChildField is the materialised path of a child of p; generated code uses
// it to report an error on a leaf field without building a Path for it.
func (p *Path) ChildField(name string) *field.Path { return p.Field().Child(name) }
