package runtime

import (
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// MaxNesting is how many levels of a recursive type generated code follows
// before it stops. An object the API server decodes cannot come near it
// (its JSON decoder stops at 10,000 levels of nesting); only a value built
// in Go can, and then mostly one that contains itself (a pointer back to an
// ancestor, a list holding itself), which would otherwise recurse until the
// stack overflows: a fatal error no recover catches. The bound is in levels,
// so it must leave room for big frames: a level of apiextensions'
// JSONSchemaProps takes 5.5 KB of stack, and 2^18 levels of it overflowed
// Go's 1 GB stack; 2^15 levels take 180 MB.
const MaxNesting = 1 << 15

// Nesting counts the levels of recursive types one validation has entered.
// The generated entry point of a recursive type declares one on its stack
// and passes its address down; nothing stores it.
type Nesting struct {
	depth   int
	tooDeep bool
}

// Enter steps one level down, reporting false (and remembering why) when
// that goes past MaxNesting; the caller then validates nothing below.
func (n *Nesting) Enter() bool {
	if n.depth >= MaxNesting {
		n.tooDeep = true
		return false
	}
	n.depth++
	return true
}

// Leave steps back up one level.
func (n *Nesting) Leave() { n.depth-- }

// Err is the error of a validation that stopped at MaxNesting, reported
// once, at the path where the recursive type was entered, or nil.
func (n *Nesting) Err(p *Path) *field.Error {
	if !n.tooDeep {
		return nil
	}
	return at(field.Invalid(nil, field.OmitValueType{},
		"the value is nested more than "+strconv.Itoa(MaxNesting)+" levels deep and was not validated below that; a value built in Go that contains itself (a pointer back to an enclosing value) never ends"), p)
}

// EqualDepthExceeded is the guard of generated equality functions of
// recursive types: past MaxNesting levels two values are reported unequal,
// so that the validation (which reports the nesting) runs on them.
func EqualDepthExceeded(d int) bool { return d > MaxNesting }
