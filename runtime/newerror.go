package runtime

import (
	"strconv"
	"sync/atomic"
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

// errorList is an error, its list, and room for its bad value.
type errorList struct {
	e    field.Error
	list [1]*field.Error
	// bad and word hold the error's bad value when it is a string or an
	// integer (badString, badInteger): boxing one into BadValue would
	// otherwise be an allocation of its own.
	bad  string
	word uint64
}

// newError is a new zero error with n bytes of its own. The sizes of the
// byte arrays fill the allocator's size classes (the error, its list and
// its bad value take 128 bytes: TestErrorSizeClasses).
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
	case n <= 160:
		return newErrorWith[[160]byte](n)
	case n <= 224:
		return newErrorWith[[224]byte](n)
	case n <= 288:
		return newErrorWith[[288]byte](n)
	case n <= 384:
		return newErrorWith[[384]byte](n)
	}
	return &new(errorList).e, make([]byte, n)
}

// errorSizes are the sizes newError allocates, for TestErrorSizeClasses.
var errorSizes = []uintptr{unsafe.Sizeof(errorList{}), unsafe.Sizeof(errorWith[[16]byte]{}), unsafe.Sizeof(errorWith[[32]byte]{}),
	unsafe.Sizeof(errorWith[[48]byte]{}), unsafe.Sizeof(errorWith[[64]byte]{}), unsafe.Sizeof(errorWith[[80]byte]{}),
	unsafe.Sizeof(errorWith[[96]byte]{}), unsafe.Sizeof(errorWith[[128]byte]{}), unsafe.Sizeof(errorWith[[160]byte]{}),
	unsafe.Sizeof(errorWith[[224]byte]{}), unsafe.Sizeof(errorWith[[288]byte]{}), unsafe.Sizeof(errorWith[[384]byte]{})}

// errorAtString is errorAt with the bad value v, held in the error's own
// allocation.
func errorAtString[T ~string](p *Path, t field.ErrorType, v T, detail string, built []byte, origin string) *field.Error {
	e := errorAt(p, t, nil, detail, built, origin)
	badString(e, v)
	return e
}

// errorAtInteger is errorAtString for an integer.
func errorAtInteger[T Integer](p *Path, t field.ErrorType, v T, detail string, built []byte, origin string) *field.Error {
	e := errorAt(p, t, nil, detail, built, origin)
	badInteger(e, v)
	return e
}

// badString sets the bad value of e, which must come from newError, to v,
// held in e's own allocation.
func badString[T ~string](e *field.Error, v T) {
	x := (*errorList)(unsafe.Pointer(e))
	x.bad = string(v)
	e.BadValue = boxAt[T](unsafe.Pointer(&x.bad))
}

// badInteger is badString for an integer (Go boxes one below 256 without
// allocating, and any other with an allocation).
func badInteger[T Integer](e *field.Error, v T) {
	x := (*errorList)(unsafe.Pointer(e))
	*(*T)(unsafe.Pointer(&x.word)) = v
	e.BadValue = boxAt[T](unsafe.Pointer(&x.word))
}

// boxAt is the interface holding the T at ptr, without a copy of it. An
// interface holding a value of a type that is not pointer-shaped (a
// string, an integer) is two words: the type, then a pointer to the
// value, which is never written through (TestBoxAt pins the layout). The
// zero T gives the type word: Go boxes a zero string or integer without
// allocating.
func boxAt[T any](ptr unsafe.Pointer) any {
	var zero T
	i := any(zero)
	(*[2]unsafe.Pointer)(unsafe.Pointer(&i))[1] = ptr
	return i
}

func newErrorWith[B any](n int) (*field.Error, []byte) {
	x := new(errorWith[B])
	return &x.e, unsafe.Slice((*byte)(unsafe.Pointer(&x.b)), n)
}

// listOfOne is the list of the one error e, which must come from newError
// (errorAt): the list allocated with it.
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

// A message is a detail with a limit in it, "<prefix><n><units>" ("unit"
// for 1, other for a negative n when set), as apimachinery words it. It
// keeps the details of the limits generated code passes (the constants of
// its tags, the same on every call), each built once: an error then
// points to the shared string instead of carrying its own copy. The cache
// is a small table where the first limit to hash to a slot keeps it; a
// limit whose slot is another's is built into the error's own bytes.
type message struct {
	prefix, unit, units, other string
	cache                      [64]atomic.Pointer[cachedDetail]
}

type cachedDetail struct {
	neg bool
	n   uint64
	s   string
}

// appendTo appends the detail for the limit n (negative: neg, n the
// two's complement).
func (m *message) appendTo(b []byte, neg bool, n uint64) []byte {
	switch {
	case neg && m.other != "":
		return append(b, m.other...)
	case neg:
		return append(strconv.AppendInt(append(b, m.prefix...), int64(n), 10), m.units...)
	case n == 1:
		return append(strconv.AppendUint(append(b, m.prefix...), n, 10), m.unit...)
	}
	return append(strconv.AppendUint(append(b, m.prefix...), n, 10), m.units...)
}

// detailOf is m's detail for the limit v: the shared string, or, when its
// slot is another limit's, the detail appended to b, to be copied into
// the error's own bytes.
func detailOf[T Integer](m *message, v T, b []byte) (string, []byte) {
	neg, n := v < 0, uint64(v)
	slot := &m.cache[(n*0x9e3779b97f4a7c15)>>58]
	d := slot.Load()
	if d == nil {
		d = &cachedDetail{neg: neg, n: n, s: string(m.appendTo(b, neg, n))}
		if !slot.CompareAndSwap(nil, d) {
			d = slot.Load()
		}
	}
	if d.n == n && d.neg == neg {
		return d.s, nil
	}
	return "", m.appendTo(b, neg, n)
}
