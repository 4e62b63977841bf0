package celrules

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/environment"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// TestCELFuncsMatchCELGo compares the functions that CEL rules compiled to
// Go call (runtime/celfuncs.go) with cel-go's own, in the API server's
// environment, on random arguments biased to their edges (the int64
// limits, zero, offsets around a string's length, multi-byte and invalid
// UTF-8): the same value, or the same error message. VG_CEL_FUNC_CASES
// sets the number of cases of each function (default 20,000).
func TestCELFuncsMatchCELGo(t *testing.T) {
	n := 20000
	if s := os.Getenv("VG_CEL_FUNC_CASES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("VG_CEL_FUNC_CASES=%q: %v", s, err)
		}
	}
	base := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()).NewExpressionsEnv()
	env, err := base.Extend(cel.Variable("a", cel.IntType), cel.Variable("b", cel.IntType),
		cel.Variable("s", cel.StringType), cel.Variable("t", cel.StringType))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	ints := []int64{0, 1, -1, 2, -2, 3, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 32, -(1 << 32), 3037000499, 3037000500, -3037000500}
	anInt := func() int64 {
		switch r.IntN(3) {
		case 0:
			return ints[r.IntN(len(ints))]
		case 1:
			return int64(r.IntN(12)) - 2
		}
		return int64(r.Uint64())
	}
	pieces := []string{"a", "b", "A", "Z", ".", "-", "é", "日", "\xff", "\xe6\x97", "\uFFFD", " ", "\t", "ab", "aa"}
	aString := func() string {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	type result = celResult
	program := func(expr string) cel.Program {
		ast, iss := env.Compile(expr)
		if iss.Err() != nil {
			t.Fatalf("%s: %v", expr, iss.Err())
		}
		prg, err := env.Program(ast)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return prg
	}
	eval := func(prg cel.Program, vars map[string]any) result {
		out, _, err := prg.Eval(vars)
		if err != nil {
			return result{err: err.Error()}
		}
		return result{val: out.(ref.Val).Value()}
	}
	cases := []struct {
		expr string
		ours func(a, b int64, s, t string) result
	}{
		{"a + b", func(a, b int64, _, _ string) result { v, e := vgruntime.CELAdd(a, b); return intResult(v, e) }},
		{"a - b", func(a, b int64, _, _ string) result { v, e := vgruntime.CELSub(a, b); return intResult(v, e) }},
		{"a * b", func(a, b int64, _, _ string) result { v, e := vgruntime.CELMul(a, b); return intResult(v, e) }},
		{"a / b", func(a, b int64, _, _ string) result { v, e := vgruntime.CELDiv(a, b); return intResult(v, e) }},
		{"a % b", func(a, b int64, _, _ string) result { v, e := vgruntime.CELMod(a, b); return intResult(v, e) }},
		{"-a", func(a, _ int64, _, _ string) result { v, e := vgruntime.CELNeg(a); return intResult(v, e) }},
		{"[1, 2, 3][a]", func(a, _ int64, _, _ string) result {
			if e := vgruntime.CELIndex(3, a); e != "" {
				return result{err: e}
			}
			return result{val: a + 1}
		}},
		{"s.indexOf(t)", func(_, _ int64, s, t string) result { v, e := vgruntime.CELIndexOf(s, t, 0); return intResult(v, e) }},
		{"s.indexOf(t, a)", func(a, _ int64, s, t string) result { v, e := vgruntime.CELIndexOf(s, t, a); return intResult(v, e) }},
		{"s.lastIndexOf(t)", func(_, _ int64, s, t string) result { v, e := vgruntime.CELLastIndexOf(s, t); return intResult(v, e) }},
		{"s.lastIndexOf(t, a)", func(a, _ int64, s, t string) result {
			v, e := vgruntime.CELLastIndexOfFrom(s, t, a)
			return intResult(v, e)
		}},
		{"s.lowerAscii()", func(_, _ int64, s, _ string) result { return result{val: vgruntime.CELLowerASCII(s)} }},
		{"s.upperAscii()", func(_, _ int64, s, _ string) result { return result{val: vgruntime.CELUpperASCII(s)} }},
		{"s.split(t).size()", func(_, _ int64, s, t string) result { return result{val: vgruntime.CELSplitCount(s, t)} }},
		{"s.substring(a)", func(a, _ int64, s, _ string) result {
			v, e := vgruntime.CELSubstring(s, a, 0, false)
			return strResult(v, e)
		}},
		{"s.substring(a, b)", func(a, b int64, s, _ string) result {
			v, e := vgruntime.CELSubstring(s, a, b, true)
			return strResult(v, e)
		}},
	}
	for _, c := range cases {
		prg := program(c.expr)
		bad := 0
		for range n {
			a, b, s, u := anInt(), anInt(), aString(), aString()
			if strings.Contains(c.expr, "substring") || strings.Contains(c.expr, "Of(t, a)") {
				// Offsets around the string's length.
				a, b = int64(r.IntN(10))-2, int64(r.IntN(10))-2
			}
			if r.IntN(4) == 0 && len(s) > 0 {
				u = s[r.IntN(len(s)):] // a substring that is there
			}
			want := eval(prg, map[string]any{"a": a, "b": b, "s": s, "t": u})
			got := c.ours(a, b, s, u)
			if got != want {
				if bad++; bad <= 5 {
					t.Errorf("%s with a=%d b=%d s=%q t=%q: ours %#v, cel-go %#v", c.expr, a, b, s, u, got, want)
				}
			}
		}
	}
}

// celResult is what an expression gave: a value, or an error's message.
type celResult struct {
	val any
	err string
}

func intResult(v int64, e string) celResult {
	if e != "" {
		return celResult{err: e}
	}
	return celResult{val: v}
}

func strResult(v, e string) celResult {
	if e != "" {
		return celResult{err: e}
	}
	return celResult{val: v}
}

// TestCELTimestampMatchesServer compares runtime.CELTimestamp, the value a
// compiled rule reads from a metav1.Time, with what the API server's CEL
// rules read from the same field: its JSON string decoded with the
// schema's date-time format (common.UnstructuredToVal). Times are drawn
// with nanoseconds, before 1970, and around the years 0 and 9999, which
// the JSON cannot carry in four digits.
func TestCELTimestampMatchesServer(t *testing.T) {
	schema := &model.Structural{Structural: &structuralschema.Structural{Generic: structuralschema.Generic{Type: "string"}, ValueValidation: &structuralschema.ValueValidation{Format: "date-time"}}}
	r := rand.New(rand.NewPCG(3, 4))
	years := []int{-1, 0, 1, 1969, 1970, 2024, 9999, 10000, 12345}
	for i := range 20000 {
		y := years[r.IntN(len(years))]
		if i%2 == 0 {
			y = r.IntN(12000) - 500
		}
		tm := metav1.NewTime(time.Date(y, time.Month(1+r.IntN(12)), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1_000_000_000), time.UTC))
		js, err := tm.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var s string
		if err := json.Unmarshal(js, &s); err != nil {
			t.Fatal(err)
		}
		want := common.UnstructuredToVal(s, schema)
		sec, msg := vgruntime.CELTimestamp(tm.Time)
		switch w := want.(type) {
		case types.Timestamp:
			if msg != "" || sec != w.Unix() {
				t.Fatalf("%s: ours %d %q, the server's %v", s, sec, msg, w)
			}
		case *types.Err:
			if msg != w.Error() {
				t.Fatalf("%s: ours %d %q, the server's error %q", s, sec, msg, w.Error())
			}
		default:
			t.Fatalf("%s: the server's value %T", s, want)
		}
	}
}
