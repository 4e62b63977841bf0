package runtime

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

type namedString string
type namedInt32 int32

// An error's bad value boxed in the error's own allocation (boxAt) is the
// interface Go builds: same type, same value, equal, printed alike; and
// building one allocates nothing beyond the error.
func TestBoxAt(t *testing.T) {
	for _, c := range []struct {
		set  func(*field.Error)
		want any
	}{
		{func(e *field.Error) { badString(e, "Bad_Name") }, "Bad_Name"},
		{func(e *field.Error) { badString(e, "") }, ""},
		{func(e *field.Error) { badString(e, namedString("x y")) }, namedString("x y")},
		{func(e *field.Error) { badInteger(e, int64(-1)<<40) }, int64(-1) << 40},
		{func(e *field.Error) { badInteger(e, int32(-70000)) }, int32(-70000)},
		{func(e *field.Error) { badInteger(e, namedInt32(300)) }, namedInt32(300)},
		{func(e *field.Error) { badInteger(e, uint8(255)) }, uint8(255)},
		{func(e *field.Error) { badInteger(e, 1000) }, 1000},
		{func(e *field.Error) { badInteger(e, ^uint64(0)) }, ^uint64(0)},
	} {
		e, _ := newError(0)
		c.set(e)
		got := e.BadValue
		if got != c.want || reflect.TypeOf(got) != reflect.TypeOf(c.want) || !reflect.DeepEqual(got, c.want) ||
			fmt.Sprintf("%v %#v %T", got, got, got) != fmt.Sprintf("%v %#v %T", c.want, c.want, c.want) {
			t.Errorf("boxed %#v (%T), want %#v (%T)", got, got, c.want, c.want)
		}
		if e.Error() != (&field.Error{BadValue: c.want}).Error() {
			t.Errorf("error %q, want %q", e.Error(), (&field.Error{BadValue: c.want}).Error())
		}
	}
	var p Path
	name := p.Child("name")
	v := namedString("a value of more than eight bytes")
	if n := testing.AllocsPerRun(100, func() { _ = NotSupported(&name, v, []namedString{"a"}) }); n != 1 {
		t.Errorf("NotSupported: %v allocations, want 1 (the error, its list and its bad value)", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Minimum(&name, int64(-100000), 0) }); n != 1 {
		t.Errorf("Minimum: %v allocations, want 1", n)
	}
}

// The sizes newError allocates are the allocator's size classes (Go's
// runtime/sizeclasses.go), so that no byte of an error's allocation is
// wasted.
func TestErrorSizeClasses(t *testing.T) {
	classes := []uintptr{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
		288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768}
	for _, s := range errorSizes {
		if !slices.Contains(classes, s) {
			t.Errorf("an error of %d bytes is no size class", s)
		}
	}
}
