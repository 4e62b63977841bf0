package runtime

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func fmtInt(i int64) string { return strconv.FormatInt(i, 10) }

// want is the exact shape expected of one *field.Error.
type want struct {
	Type         field.ErrorType
	Field        string
	BadValue     any
	Detail       string
	Origin       string
	ShortCircuit bool
}

func checkError(t *testing.T, got *field.Error, w want) {
	t.Helper()
	if got == nil {
		t.Fatalf("got nil error, want %+v", w)
	}
	if got.Type != w.Type {
		t.Errorf("Type = %q, want %q", got.Type, w.Type)
	}
	if got.Field != w.Field {
		t.Errorf("Field = %q, want %q", got.Field, w.Field)
	}
	if !reflect.DeepEqual(got.BadValue, w.BadValue) {
		t.Errorf("BadValue = %#v (%T), want %#v (%T)", got.BadValue, got.BadValue, w.BadValue, w.BadValue)
	}
	if got.Detail != w.Detail {
		t.Errorf("Detail = %q, want %q", got.Detail, w.Detail)
	}
	if got.Origin != w.Origin {
		t.Errorf("Origin = %q, want %q", got.Origin, w.Origin)
	}
	if got.ShortCircuit != w.ShortCircuit {
		t.Errorf("ShortCircuit = %v, want %v", got.ShortCircuit, w.ShortCircuit)
	}
	if got.CoveredByDeclarative || got.FromImperative {
		t.Errorf("unexpected marks: %+v", got)
	}
}

func checkErrors(t *testing.T, got field.ErrorList, ws []want) {
	t.Helper()
	if len(got) != len(ws) {
		t.Fatalf("got %d errors, want %d:\n got  %v\n want %+v", len(got), len(ws), got, ws)
	}
	for i := range ws {
		checkError(t, got[i], ws[i])
	}
}

type myInt32 int32
type myString string
type myBool bool

// lazyPath is the *Path of spec.<name>, as generated code builds it.
func lazyPath(name string) *Path {
	var root Path
	spec := root.Child("spec")
	f := spec.Child(name)
	return &f
}

func TestErrorConstructors(t *testing.T) {
	p := lazyPath("f")
	cases := []struct {
		name string
		got  *field.Error
		want want
	}{
		{"Required", Required(p), want{field.ErrorTypeRequired, "spec.f", "", "", "", true}},
		{"Required at root", Required(nil), want{field.ErrorTypeRequired, "<nil>", "", "", "", true}},
		{"Forbidden", Forbidden(p), want{field.ErrorTypeForbidden, "spec.f", "", "", "", true}},
		// Kubernetes marks no error of a mode's checks short-circuiting.
		{"Required in a mode", InMode(Required(p)), want{field.ErrorTypeRequired, "spec.f", "", "", "", false}},
		{"Forbidden in a mode", InMode(Forbidden(p)), want{field.ErrorTypeForbidden, "spec.f", "", "", "", false}},
		{"MaxItems in a mode", InMode(MaxItems(p, 3, 2)), want{field.ErrorTypeTooMany, "spec.f", 3, "must have at most 2 items", "maxItems", false}},
		{"Minimum int", Minimum(p, -1, 0), want{field.ErrorTypeInvalid, "spec.f", -1, "must be greater than or equal to 0", "minimum", false}},
		{"Minimum int32", Minimum(p, int32(-1), 1), want{field.ErrorTypeInvalid, "spec.f", int32(-1), "must be greater than or equal to 1", "minimum", false}},
		{"Minimum typed int32", Minimum(p, myInt32(0), 1), want{field.ErrorTypeInvalid, "spec.f", myInt32(0), "must be greater than or equal to 1", "minimum", false}},
		{"Minimum int64 negative bound", Minimum(p, int64(-10), -5), want{field.ErrorTypeInvalid, "spec.f", int64(-10), "must be greater than or equal to -5", "minimum", false}},
		{"Minimum uint8", Minimum(p, uint8(3), 200), want{field.ErrorTypeInvalid, "spec.f", uint8(3), "must be greater than or equal to 200", "minimum", false}},
		{"Minimum uint64 max", Minimum(p, uint64(1), 18446744073709551615), want{field.ErrorTypeInvalid, "spec.f", uint64(1), "must be greater than or equal to 18446744073709551615", "minimum", false}},
		{"MaxLength", MaxLength(p, "abcdef", 5), want{field.ErrorTypeTooLong, "spec.f", "<value omitted>", "may not be more than 5 characters", "maxLength", false}},
		{"MaxLength 1", MaxLength(p, myString("ab"), 1), want{field.ErrorTypeTooLong, "spec.f", "<value omitted>", "may not be more than 1 character", "maxLength", false}},
		{"MaxLength 0", MaxLength(p, "a", 0), want{field.ErrorTypeTooLong, "spec.f", "<value omitted>", "may not be more than 0 characters", "maxLength", false}},
		{"MaxItems", MaxItems(p, 5, 4), want{field.ErrorTypeTooMany, "spec.f", 5, "must have at most 4 items", "maxItems", true}},
		{"MaxItems 1", MaxItems(p, 2, 1), want{field.ErrorTypeTooMany, "spec.f", 2, "must have at most 1 item", "maxItems", true}},
		{"MaxItems 0", MaxItems(p, 1, 0), want{field.ErrorTypeTooMany, "spec.f", 1, "must have at most 0 items", "maxItems", true}},
		{"NEQString", NEQString(p, "default", "default"), want{field.ErrorTypeInvalid, "spec.f", "default", `must not be equal to "default"`, "neq", false}},
		{"NEQString typed", NEQString(p, myString("x"), "x"), want{field.ErrorTypeInvalid, "spec.f", myString("x"), `must not be equal to "x"`, "neq", false}},
		{"NEQString quoting", NEQString(p, `a"b`, `a"b`), want{field.ErrorTypeInvalid, "spec.f", `a"b`, `must not be equal to "a\"b"`, "neq", false}},
		{"NEQString empty", NEQString(p, "", ""), want{field.ErrorTypeInvalid, "spec.f", "", `must not be equal to ""`, "neq", false}},
		{"NEQ int", NEQ(p, 5, 5), want{field.ErrorTypeInvalid, "spec.f", 5, "must not be equal to 5", "neq", false}},
		{"NEQ int32", NEQ(p, int32(13), 13), want{field.ErrorTypeInvalid, "spec.f", int32(13), "must not be equal to 13", "neq", false}},
		{"NEQ negative", NEQ(p, int64(-7), -7), want{field.ErrorTypeInvalid, "spec.f", int64(-7), "must not be equal to -7", "neq", false}},
		{"NEQ bool", NEQ(p, true, true), want{field.ErrorTypeInvalid, "spec.f", true, "must not be equal to true", "neq", false}},
		{"NEQ bool false", NEQ(p, false, false), want{field.ErrorTypeInvalid, "spec.f", false, "must not be equal to false", "neq", false}},
		{"NEQ typed bool", NEQ(p, myBool(true), true), want{field.ErrorTypeInvalid, "spec.f", myBool(true), "must not be equal to true", "neq", false}},
		{"NotSupported", NotSupported(p, myString("c"), []myString{"a", "b"}), want{field.ErrorTypeNotSupported, "spec.f", myString("c"), `supported values: "a", "b"`, "", false}},
		{"NotSupported one", NotSupported(p, "", []string{"TCP"}), want{field.ErrorTypeNotSupported, "spec.f", "", `supported values: "TCP"`, "", false}},
		{"NotSupported none", NotSupported(p, "x", []string{}), want{field.ErrorTypeNotSupported, "spec.f", "x", "", "", false}},
		{"ShortCircuit of Invalid", ShortCircuit(field.Invalid(p.Field(), 1, "d")), want{field.ErrorTypeInvalid, "spec.f", 1, "d", "", true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkError(t, c.got, c.want) })
	}
}

func TestUndefinedOption(t *testing.T) {
	e := UndefinedOption(lazyPath("color"), "X")
	if e.Type != field.ErrorTypeInternal {
		t.Errorf("Type = %q, want %q", e.Type, field.ErrorTypeInternal)
	}
	if e.Field != "spec.color" {
		t.Errorf("Field = %q", e.Field)
	}
	const detail = `undefined validation option "X"`
	if e.Detail != detail {
		t.Errorf("Detail = %q, want %q", e.Detail, detail)
	}
	err, ok := e.BadValue.(error)
	if !ok {
		t.Fatalf("BadValue = %#v (%T), want an error", e.BadValue, e.BadValue)
	}
	if err.Error() != detail {
		t.Errorf("BadValue.Error() = %q, want %q", err.Error(), detail)
	}
	if e.Origin != "" || e.ShortCircuit {
		t.Errorf("Origin = %q, ShortCircuit = %v; want none", e.Origin, e.ShortCircuit)
	}

	sc := ShortCircuit(UndefinedOption(nil, "Opt"))
	if !sc.ShortCircuit || sc.Field != "<nil>" || sc.Detail != `undefined validation option "Opt"` {
		t.Errorf("ShortCircuit(UndefinedOption) = %+v", sc)
	}
	if got := ShortCircuit(e); got != e {
		t.Errorf("ShortCircuit returned a new error; want the same one marked")
	}
	if !e.ShortCircuit {
		t.Errorf("ShortCircuit did not mark its argument")
	}
	var target interface{ Error() string }
	if !errors.As(err, &target) {
		t.Errorf("BadValue is not an error")
	}
}

func TestTooLong(t *testing.T) {
	cases := []struct {
		s    string
		max  int
		want bool
	}{
		{"", 0, false},
		{"a", 0, true},
		{"", 5, false},
		{"abc", 2, true},
		{"abc", 3, false},
		{"abc", 4, false},
		{"abcd", 3, true},
		{strings.Repeat("a", 64), 63, true},
		{strings.Repeat("a", 63), 63, false},
		// "日本語": 3 runes, 9 bytes.
		{"日本語", 0, true},
		{"日本語", 1, true},
		{"日本語", 2, true},
		{"日本語", 3, false},
		{"日本語", 4, false},
		{"日本語", 8, false},
		{"日本語", 9, false},
		{"日本語", 10, false},
		// "a日": 2 runes, 4 bytes.
		{"a日", 1, true},
		{"a日", 2, false},
		{"a日", 3, false},
		// 4-byte runes: "😀😀" is 2 runes, 8 bytes.
		{"😀😀", 1, true},
		{"😀😀", 2, false},
		{"😀😀", 7, false},
		{"😀😀😀", 2, true},
		// invalid UTF-8 bytes count as one rune each.
		{"\xff\xfe", 1, true},
		{"\xff\xfe", 2, false},
		{"\xe6\x97", 1, true}, // truncated 3-byte sequence: 2 runes
		{strings.Repeat("日", 16), 16, false},
		{strings.Repeat("日", 17), 16, true},
		{strings.Repeat("日", 64) + "a", 64, true},
	}
	for _, c := range cases {
		if got := TooLong(c.s, c.max); got != c.want {
			t.Errorf("TooLong(%q, %d) = %v, want %v (bytes %d, runes %d)", c.s, c.max, got, c.want, len(c.s), utf8.RuneCountInString(c.s))
		}
	}
}

// TestTooLongMatchesRuneCount compares TooLong with a plain rune count on
// every max around every string's rune and byte length.
func TestTooLongMatchesRuneCount(t *testing.T) {
	parts := []string{"", "a", "é", "日", "😀", "\xff", "ab"}
	var strs []string
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				for _, d := range parts {
					strs = append(strs, a+b+c+d)
				}
			}
		}
	}
	for _, s := range strs {
		for max := 0; max <= len(s)+2; max++ {
			want := utf8.RuneCountInString(s) > max
			if got := TooLong(s, max); got != want {
				t.Errorf("TooLong(%q, %d) = %v, want %v", s, max, got, want)
			}
		}
	}
}

func TestDependentErrors(t *testing.T) {
	root := Path{}
	spec := root.Child("spec")
	checkError(t, DependentRequired(&spec, "image", "command"), want{Type: field.ErrorTypeRequired, Field: "spec.image",
		BadValue: "", Detail: "must be set when command is set", Origin: "dependentRequired"})
	checkError(t, DependentForbidden(nil, "script", "command"), want{Type: field.ErrorTypeForbidden, Field: "script",
		BadValue: "", Detail: "may not be set when command is set", Origin: "dependentForbidden"})
}

type stage string

func TestEnumExcluding(t *testing.T) {
	values := []stage{"A", "B", "C"}
	// B is out while X is disabled, C while X is enabled, and A while Y is
	// enabled: an exclusion after one that decides is never read.
	exclusions := []EnumExclusion[stage]{{Value: "B", ExcludeWhen: false, Option: "X"}, {Value: "C", ExcludeWhen: true, Option: "X"}, {Value: "A", ExcludeWhen: true, Option: "Y"}}
	p := Path{}
	f := p.Child("f")
	for _, c := range []struct {
		v       stage
		options map[string]bool
		want    string // "" valid, else the error's type and detail
	}{
		{"A", map[string]bool{"X": true, "Y": false}, ""},
		{"B", map[string]bool{"X": true, "Y": false}, ""},
		{"C", map[string]bool{"X": true, "Y": false}, `Unsupported value: supported values: "A", "B"`},
		{"B", map[string]bool{"X": false, "Y": false}, `Unsupported value: supported values: "A", "C"`},
		{"D", map[string]bool{"X": false, "Y": false}, `Unsupported value: supported values: "A", "C"`},
		// B is decided by X before Y is read, but listing the supported
		// values reads Y for A: as in Kubernetes, an InternalError.
		{"B", map[string]bool{"X": false}, `Internal error: undefined validation option "Y"`},
		{"A", map[string]bool{"X": false}, `Internal error: undefined validation option "Y"`},
		{"A", nil, `Internal error: undefined validation option "X"`},
	} {
		errs := EnumExcluding(&f, c.v, c.options, values, exclusions)
		got := ""
		if len(errs) > 0 {
			got = errs[0].ErrorBody()
			if errs[0].Field != "f" {
				t.Errorf("%s %v: error at %q", c.v, c.options, errs[0].Field)
			}
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, strings.Split(c.want, ": ")[0]) {
			t.Errorf("%s %v: got %q, want %q", c.v, c.options, got, c.want)
		}
	}
	options := map[string]bool{"X": true, "Y": false}
	if n := testing.AllocsPerRun(100, func() { _ = EnumExcluding(&f, stage("A"), options, values, exclusions) }); n != 0 {
		t.Errorf("a supported value allocates %v times", n)
	}
}

// appendInteger writes what %d writes, for signed and unsigned bounds alike.
func TestAppendInteger(t *testing.T) {
	check := func(got []byte, want string) {
		if string(got) != want {
			t.Errorf("appendInteger = %q, want %q", got, want)
		}
	}
	for _, v := range []int64{0, 1, -1, math.MinInt64, math.MaxInt64} {
		check(appendInteger(nil, v), fmt.Sprintf("%d", v))
	}
	for _, v := range []uint64{0, 1, math.MaxUint64} {
		check(appendInteger(nil, v), fmt.Sprintf("%d", v))
	}
	check(appendInteger(nil, int8(-128)), "-128")
	check(appendInteger(nil, uint8(255)), "255")
}

// TestDetailCache: the details of many limits, most of whose cache slots
// another limit took first, built the first time and found the second.
func TestDetailCache(t *testing.T) {
	p := lazyPath("n")
	for round := 0; round < 2; round++ {
		for lim := int64(-300); lim <= 3000; lim += 7 {
			if got, want := Minimum(p, lim-1, lim).Detail, field.Invalid(nil, 0, fmt.Sprintf("must be greater than or equal to %d", lim)).Detail; got != want {
				t.Fatalf("Minimum(%d).Detail = %q, want %q", lim, got, want)
			}
			if got, want := MaxItems(p, 5000, int(lim)).Detail, field.TooMany(nil, 5000, int(lim)).Detail; got != want {
				t.Fatalf("MaxItems(%d).Detail = %q, want %q", lim, got, want)
			}
		}
		if got, want := Maximum(p, uint64(math.MaxUint64), 1<<63).Detail, fmt.Sprintf("must be less than or equal to %d", uint64(1<<63)); got != want {
			t.Fatalf("Maximum(1<<63).Detail = %q, want %q", got, want)
		}
		if got, want := Maximum(p, int64(0), math.MinInt64).Detail, fmt.Sprintf("must be less than or equal to %d", int64(math.MinInt64)); got != want {
			t.Fatalf("Maximum(MinInt64).Detail = %q, want %q", got, want)
		}
	}
}

type stringerInt int

func (s stringerInt) String() string { return "stringer" }

type namedBool bool

// appendValue writes what %v writes, with and without fmt.
func TestAppendValue(t *testing.T) {
	for _, x := range []any{true, false, namedBool(true), 0, -1, int8(-128), int64(math.MinInt64),
		uint8(255), uint64(math.MaxUint64), uintptr(7), stringerInt(3), 1.5} {
		if got, want := string(appendValue(nil, x)), fmt.Sprintf("%v", x); got != want {
			t.Errorf("appendValue(%#v) = %q, want %q", x, got, want)
		}
	}
	if got, want := NEQ(lazyPath("n"), stringerInt(1), 2).Detail, "must not be equal to stringer"; got != want {
		t.Errorf("NEQ detail = %q, want %q", got, want)
	}
}
