package runtime

import (
	"strconv"
	"unsafe"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// An error of this package is one allocation with the bytes of its own
// strings (its field path, and a detail built for it) and a list of
// itself: building an invalid object's errors is most of what validating
// it costs, and an error built the field package's way is three or four
// allocations (the *Error, the path's string, a detail made with fmt or
// +, the ErrorList that carries it). The strings point into the error's
// own bytes, written once, before the error is handed out, and never
// again; the list, of length and capacity 1, is copied by an append, as
// any full list is.
type errorWith[B any] struct {
	errorList
	b B
}

// errorList is an error and its list.
type errorList struct {
	e    field.Error
	list [1]*field.Error
}

// newError is a new zero error with n bytes of its own. The sizes of the
// byte arrays fill the allocator's size classes (the error and its list
// take 112 bytes).
func newError(n int) (*field.Error, []byte) {
	switch {
	case n == 0:
		return &new(errorList).e, nil
	case n <= 16:
		return newErrorWith[[16]byte](n)
	case n <= 32:
		return newErrorWith[[32]byte](n)
	case n <= 48:
		return newErrorWith[[48]byte](n)
	case n <= 64:
		return newErrorWith[[64]byte](n)
	case n <= 80:
		return newErrorWith[[80]byte](n)
	case n <= 96:
		return newErrorWith[[96]byte](n)
	case n <= 128:
		return newErrorWith[[128]byte](n)
	case n <= 176:
		return newErrorWith[[176]byte](n)
	case n <= 240:
		return newErrorWith[[240]byte](n)
	}
	return &new(errorList).e, make([]byte, n)
}

func newErrorWith[B any](n int) (*field.Error, []byte) {
	x := new(errorWith[B])
	return &x.e, unsafe.Slice((*byte)(unsafe.Pointer(&x.b)), n)
}

// listOfOne is the list of the one error e, built by this file: the list
// allocated with it.
func listOfOne(e *field.Error) field.ErrorList {
	x := (*errorList)(unsafe.Pointer(e))
	x.list[0] = e
	return x.list[:]
}

// errorAt is the error of type t at p: the path is written into the
// error's own bytes, and so is detail when it is built for this error
// (built, usually on the stack); else the error's detail is the string
// detail.
func errorAt(p *Path, t field.ErrorType, bad any, detail string, built []byte, origin string) *field.Error {
	w := p.width()
	e, b := newError(w + len(built))
	e.Field = "<nil>"
	if w > 0 {
		p.fill(b[:w])
		e.Field = unsafe.String(&b[0], w)
	}
	if len(built) > 0 {
		copy(b[w:], built)
		detail = unsafe.String(&b[w], len(built))
	}
	e.Type, e.BadValue, e.Detail, e.Origin = t, bad, detail, origin
	return e
}

// appendInteger appends v in decimal, as %d writes it.
func appendInteger[T Integer](b []byte, v T) []byte {
	if v < 0 {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return strconv.AppendUint(b, uint64(v), 10)
}
