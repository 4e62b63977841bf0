package markers

import (
	"encoding/json"
	"fmt"
	"go/token"
	"strings"
	"testing"
)

func TestParseCGAny(t *testing.T) {
	for _, c := range []struct {
		in         string
		semicolons bool
		want       string
	}{
		{"1", false, `1`},
		{"-3", false, `-3`},
		{"1.5", false, `1.5`},
		{"true", false, `true`},
		{"LeaderCreated", false, `"LeaderCreated"`},
		{`"x"`, false, `"x"`},
		{"`raw, with comma`", false, `"raw, with comma"`},
		{`"1"`, false, `"1"`},
		{"{}", false, `{}`},
		{"{a,b}", false, `["a","b"]`},
		{`{a,"b",1,true}`, false, `["a","b",1,true]`},
		{"a;b", true, `["a","b"]`},
		{`a;2;"3"`, true, `["a",2,"3"]`},
		{"{x: {y: 1}, z: {1,2}, w: \"s\"}", false, `{"w":"s","x":{"y":1},"z":[1,2]}`},
	} {
		v, err := ParseCGAny(c.in, c.semicolons)
		if err != nil {
			t.Errorf("ParseCGAny(%q): %v", c.in, err)
			continue
		}
		b, _ := json.Marshal(v)
		if string(b) != c.want {
			t.Errorf("ParseCGAny(%q) = %s, want %s", c.in, b, c.want)
		}
	}
	for _, bad := range []string{"{a,b", "{a: 1, b}", "{a, b: 1}"} {
		if _, err := ParseCGAny(bad, false); err == nil {
			t.Errorf("ParseCGAny(%q): no error", bad)
		}
	}
}

func TestParseControllerGen(t *testing.T) {
	line := func(text string) []Line {
		return []Line{{Text: text, Pos: token.Position{Filename: "types.go", Line: 7}}}
	}
	for _, c := range []struct {
		text string
		want string // the marker's name and value, or the error's text
	}{
		{"+kubebuilder:validation:Minimum=0.5", "kubebuilder:validation:Minimum 0.5"},
		{"+kubebuilder:validation:MaxLength=63", "kubebuilder:validation:MaxLength 63"},
		{"+kubebuilder:validation:Enum=a;b", "kubebuilder:validation:Enum [a b]"},
		{"+kubebuilder:validation:Enum:=a;b", "kubebuilder:validation:Enum [a b]"},
		{"+kubebuilder:validation:Enum={a,b}", "kubebuilder:validation:Enum [a b]"},
		{"+kubebuilder:validation:items:Pattern=`^a$`", "items kubebuilder:validation:Pattern ^a$"},
		{"+kubebuilder:validation:ExclusiveMinimum=true", "kubebuilder:validation:ExclusiveMinimum true"},
		{"+kubebuilder:validation:XIntOrString", "kubebuilder:validation:XIntOrString true"},
		{`+kubebuilder:validation:XValidation:rule="self > 0",message="positive"`, "kubebuilder:validation:XValidation map[message:positive rule:self > 0]"},
		{"+kubebuilder:default={}", "kubebuilder:default map[]"},
		{`+default="TCP"`, "default TCP"},
		{"+listType=map", "listType map"},
		{"+optional", "optional true"},
		{"+genclient", ""},
		{"+k8s:openapi-gen=true", ""},
		{"+kubebuilder:object:root=true", ""},
		{"+kubebuilder:validation:UniqueItems:true", "types.go:7: +kubebuilder:validation:UniqueItems:true: controller-gen reads this as an unknown marker named kubebuilder:validation:UniqueItems:true and ignores it, so nothing checks it; fix: write +kubebuilder:validation:UniqueItems=true"},
		{"+kubebuilder:validation:Minimun=1", "types.go:7: +kubebuilder:validation:Minimun=1: unknown controller-gen marker +kubebuilder:validation:Minimun: nothing would apply it; fix: did you mean +kubebuilder:validation:Minimum?"},
		{"+kubebuilder:validation:Minimum=x", `types.go:7: +kubebuilder:validation:Minimum=x: "x" is not a number; fix: write +kubebuilder:validation:Minimum=<number>`},
		{"+kubebuilder:validation:Schemaless", ""}, // on a type: field-only, reported below
	} {
		ms, errs := ParseControllerGen(line(c.text), CGOnField)
		var got []string
		for _, e := range errs {
			got = append(got, e.Error())
		}
		for _, m := range ms {
			var v any = m.Bool
			switch m.Def.Value {
			case CGInt:
				v = m.Int
			case CGFloat:
				v = m.Float
			case CGString:
				v = m.Str
			case CGStrings:
				v = m.Strs
			case CGAny:
				v = m.Any
			case CGArgs:
				v = m.Args
			}
			s := m.Def.Name + " " + strings.TrimSpace(strings.ReplaceAll(jsonish(v), "\n", ""))
			if m.Items {
				s = "items " + s
			}
			got = append(got, s)
		}
		if c.text == "+kubebuilder:validation:Schemaless" {
			_, errs := ParseControllerGen(line(c.text), CGOnType)
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), "cannot be written on a type") {
				t.Errorf("Schemaless on a type: %v", errs)
			}
			continue
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.text, strings.Join(got, "; "), c.want)
		}
	}
}

func jsonish(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []string:
		return "[" + strings.Join(x, " ") + "]"
	}
	return strings.TrimSpace(strings.Trim(fmtAny(v), " "))
}

func fmtAny(v any) string { return fmt.Sprint(v) }
