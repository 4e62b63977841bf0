package runtime

import (
	"math"
	"math/rand"
	"reflect"
	"testing"
	"time"
)

type zeroInner struct {
	B  bool
	I8 int8
	S  string
	F  float32
}

type zeroOuter struct {
	A     int64
	Pad   bool // padding follows
	S     string
	F     float64
	C     complex64
	P     *int
	L     []string
	M     map[string]int
	I     any
	In    zeroInner
	Arr   [3]zeroInner
	Fn    func()
	Ch    chan int
	u     uint16
	Empty struct{}
	T     time.Time // unexported fields of another package
}

// ReflectZero gives reflect.Value.IsZero's verdict on every value, whose
// fields are drawn zero, non-zero, or zero-looking (-0.0, a string of
// length 0 with a pointer, an empty non-nil list or map, a nil pointer in
// an interface).
func TestReflectZeroMatchesReflect(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	one := 1
	long := "abc"
	pick := func() bool { return r.Intn(4) == 0 }
	inner := func() zeroInner {
		var v zeroInner
		if pick() {
			v.B = true
		}
		if pick() {
			v.I8 = -1
		}
		switch r.Intn(6) {
		case 0:
			v.S = "x"
		case 1:
			v.S = long[1:1] // length 0, pointer set
		}
		switch r.Intn(6) {
		case 0:
			v.F = float32(math.Copysign(0, -1))
		case 1:
			v.F = 1
		}
		return v
	}
	zeros := 0
	for range 200_000 {
		var v zeroOuter
		if r.Intn(3) > 0 { // most values mostly zero, to reach both verdicts
			switch r.Intn(17) {
			case 0:
				v.A = 1
			case 1:
				v.Pad = true
			case 2:
				v.S = long[:0]
			case 3:
				v.F = math.Copysign(0, -1)
			case 4:
				v.C = complex(0, float32(math.Copysign(0, -1)))
			case 5:
				v.P = &one
			case 6:
				v.L = []string{}
			case 7:
				v.M = map[string]int{}
			case 8:
				v.I = (*int)(nil)
			case 9:
				v.In = inner()
			case 10:
				v.Arr[r.Intn(3)] = inner()
			case 11:
				v.Fn = func() {}
			case 12:
				v.Ch = make(chan int)
			case 13:
				v.u = 7
			case 14:
				v.T = time.Unix(0, 1)
			case 15:
				v.S = "s"
			}
		}
		want := reflect.ValueOf(&v).Elem().IsZero()
		if got := ReflectZero(&v); got != want {
			t.Fatalf("ReflectZero(%+v) = %t, reflect says %t", v, got, want)
		}
		if want {
			zeros++
		}
		in := inner()
		if got, want := ReflectZero(&in), reflect.ValueOf(in).IsZero(); got != want {
			t.Fatalf("ReflectZero(%+v) = %t, reflect says %t", in, got, want)
		}
	}
	if zeros == 0 || zeros == 200_000 {
		t.Fatalf("%d zero values of 200,000: the draw does not reach both verdicts", zeros)
	}
	// A type too large to plan keeps reflect's answer.
	var big [100]zeroInner
	if !ReflectZero(&big) || zeroPlanOf(reflect.TypeOf(big)) != nil {
		t.Errorf("[100]zeroInner: planned, or not zero")
	}
	big[99].S = "x"
	if ReflectZero(&big) {
		t.Errorf("[100]zeroInner with a string set: zero")
	}
	var empty struct{ _ int }
	if !ReflectZero(&empty) || zeroPlanOf(reflect.TypeOf(empty)) == nil {
		t.Errorf("struct{ _ int }: not planned, or not zero")
	}
	var v zeroOuter
	if n := testing.AllocsPerRun(100, func() { ReflectZero(&v) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// BenchmarkReflectZero: the planned check against reflect.Value.IsZero,
// side by side, on a zero struct of fifteen fields.
func BenchmarkReflectZero(b *testing.B) {
	var v zeroOuter
	b.Run("impl=planned", func(b *testing.B) {
		for b.Loop() {
			if !ReflectZero(&v) {
				b.Fatal("not zero")
			}
		}
	})
	b.Run("impl=reflect", func(b *testing.B) {
		for b.Loop() {
			if !reflect.ValueOf(&v).Elem().IsZero() {
				b.Fatal("not zero")
			}
		}
	})
}
