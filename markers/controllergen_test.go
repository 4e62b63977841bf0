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
		// a;b is a list for a value of any type, as controller-gen's
		// scanner reads it (Kamaji's default of a list), items of the
		// first one's type; not after a comma, nor inside quotes.
		{"+kubebuilder:default=A;B;C", "kubebuilder:default [A B C]"},
		{"+kubebuilder:default=1;2", "kubebuilder:default [1 2]"},
		{"+kubebuilder:default=a;1", "kubebuilder:default [a 1]"},
		{"+kubebuilder:example=a;b", "kubebuilder:example [a b]"},
		{`+kubebuilder:default="a;b"`, "kubebuilder:default a;b"},
		{`+kubebuilder:default="a\";b"`, `kubebuilder:default a";b`},
		{"+kubebuilder:default={a,b}", "kubebuilder:default [a b]"},
		{`+default="TCP"`, "default TCP"},
		{"+listType=map", "listType map"},
		{"+optional", "optional true"},
		{"+genclient", ""},
		{"+k8s:openapi-gen=true", ""},
		{"+kubebuilder:object:root=true", ""},
		// What controller-gen passes over in silence is a warning, with a
		// fix that is read as what it was meant to be.
		{"+kubebuilder:validation:UniqueItems:true", "warning: types.go:7: +kubebuilder:validation:UniqueItems:true: names no marker: +kubebuilder:validation:UniqueItems takes its value after =, not after a colon; controller-gen reads it as an unknown marker and ignores it, so nothing checks it (nor here); fix: to have the items checked unique, write +listType=set (the API server refuses uniqueItems: true in a CRD); else delete the line"},
		{"+kubebuilder:validation:MaxLength:5", "warning: types.go:7: +kubebuilder:validation:MaxLength:5: names no marker: +kubebuilder:validation:MaxLength takes its value after =, not after a colon; controller-gen reads it as an unknown marker and ignores it, so nothing checks it (nor here); fix: write +kubebuilder:validation:MaxLength=5 to have it checked, or delete the line"},
		{"+kubebuilder:validation:Minimun=1", "warning: types.go:7: +kubebuilder:validation:Minimun=1: no controller-gen marker has this name; controller-gen passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not); fix: write +kubebuilder:validation:Minimum=1"},
		// items: capitalised (External Secrets'): the items form is meant.
		// Kyverno's own controller-gen's markers: not "delete the line".
		{`+kubebuilder:oneOf:={required:{a}}`, `warning: types.go:7: +kubebuilder:oneOf:={required:{a}}: no controller-gen marker has this name: it is one of Kyverno's controller-gen, which writes it as the schema keyword oneOf; controller-gen (as released) passes over unknown markers in silence; Kyverno's build applies it, validation-gen does not, so neither its CRD nor its Go validator checks it; fix: keep Kyverno's controller-gen for this package's CRDs, or write the constraint as a rule, +kubebuilder:validation:XValidation:rule="...",message="...", which both read`},
		// A close name whose marker does not take the argument (kgateway):
		// no fix controller-gen would refuse.
		{`+kubebuilder:validation:Items={type=object}`, `warning: types.go:7: +kubebuilder:validation:Items={type=object}: no controller-gen marker has this name; controller-gen passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not); fix: delete the line (the closest marker, +kubebuilder:validation:MaxItems, takes <integer>, not {type=object})`},
		// kubeblocks' +kubebuilder:validation:default: the marker whose
		// name ends alike.
		{`+kubebuilder:validation:default="/metrics"`, `warning: types.go:7: +kubebuilder:validation:default="/metrics": no controller-gen marker has this name; controller-gen passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not); fix: write +kubebuilder:default="/metrics"`},
		{"+kubebuilder:validation:Items:MinLength=1", "warning: types.go:7: +kubebuilder:validation:Items:MinLength=1: no controller-gen marker has this name; controller-gen passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not); fix: write +kubebuilder:validation:items:MinLength=1"},
		{"+kubebuilder:validation:ITEMS:maxlength=3", "warning: types.go:7: +kubebuilder:validation:ITEMS:maxlength=3: no controller-gen marker has this name; controller-gen passes over unknown markers in silence, so nothing checks it (nor here; a controller-gen built with markers of a project's own, as Kyverno's, applies those, validation-gen does not); fix: write +kubebuilder:validation:items:MaxLength=3"},
		{"+kubebuilder:validation:items:EmbeddedResource", "warning: types.go:7: +kubebuilder:validation:items:EmbeddedResource: +kubebuilder:validation:EmbeddedResource has no items: form; controller-gen reads it as an unknown marker and ignores it, so nothing checks it (nor here); fix: write +kubebuilder:validation:EmbeddedResource on the list's item type instead, or delete the line"},
		// What it refuses stays an error.
		{"+k8s:immutable=true", `types.go:7: +k8s:immutable=true: takes no argument, got "true"; fix: write +k8s:immutable (with nothing after it)`},
		{"+kubebuilder:validation:Minimum=x", `types.go:7: +kubebuilder:validation:Minimum=x: "x" is not a number; fix: write +kubebuilder:validation:Minimum=<number>`},
		{"+kubebuilder:validation:Schemaless", ""}, // on a type: field-only, reported below
	} {
		ms, errs := ParseControllerGen(line(c.text), CGOnField)
		var got []string
		for _, e := range errs {
			if _, ok := e.(*Warning); ok {
				got = append(got, "warning: "+e.Error())
				continue
			}
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
			// controller-gen does not read it on a type: a warning.
			if len(errs) != 1 || errs[0].Error() != "types.go:7: +kubebuilder:validation:Schemaless: +kubebuilder:validation:Schemaless is not read on a type; controller-gen ignores it there, so it changes nothing (nor here); fix: write +kubebuilder:validation:Schemaless on the fields of this type that it is meant for (on a kind's Status field for a status type), or delete the line" {
				t.Errorf("Schemaless on a type: %v", errs)
			} else if _, ok := errs[0].(*Warning); !ok {
				t.Errorf("Schemaless on a type: an error, want a warning: %v", errs[0])
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

// TestParseControllerGenForms: the forms controller-gen reads that are easy
// to get wrong: +default:value= (the name before the last colon), a list
// ending in ; (no empty value after it), a marker in a /* */ comment (not
// read at all: dialect skips such lines, see dialect's tests).
func TestParseControllerGenForms(t *testing.T) {
	for _, c := range []struct{ text, raw, strs string }{
		{"+default:value=1000", "1000", ""},
		{`+default="x"`, `"x"`, ""},
		{"+kubebuilder:validation:Enum=Migrate;Terminate;", "Migrate;Terminate;", "Migrate Terminate"},
		{`+kubebuilder:validation:Enum=a;b;""`, `a;b;""`, "a b "},
	} {
		ms, errs := ParseControllerGen([]Line{{Text: c.text}}, CGOnField)
		if len(errs) > 0 || len(ms) != 1 {
			t.Errorf("%s: %v %v", c.text, ms, errs)
			continue
		}
		if ms[0].Raw != c.raw || strings.Join(ms[0].Strs, " ") != c.strs {
			t.Errorf("%s: raw %q strs %q, want %q and %q", c.text, ms[0].Raw, strings.Join(ms[0].Strs, " "), c.raw, c.strs)
		}
	}
}
