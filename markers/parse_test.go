package markers_test

import (
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/declval/validation-gen/markers"
)

// fake is a Target built by hand.
type fake struct {
	scope  markers.Scope
	kind   markers.Kind
	desc   string
	deref  *fake
	elem   *fake
	key    *fake
	fields map[string]*fake
	lo     int64
	hi     uint64
	named  bool
}

func (f *fake) Scope() markers.Scope { return f.scope }
func (f *fake) Describe() string     { return f.desc }
func (f *fake) Kind() markers.Kind   { return f.kind }
func (f *fake) Deref() markers.Target {
	if f.deref == nil {
		return nil
	}
	return f.deref
}
func (f *fake) Elem() markers.Target {
	if f.elem == nil {
		return nil
	}
	return f.elem
}
func (f *fake) Key() markers.Target {
	if f.key == nil {
		return nil
	}
	return f.key
}
func (f *fake) Field(n string) markers.Target {
	if x, ok := f.fields[n]; ok {
		return x
	}
	return nil
}
func (f *fake) IntRange() (int64, uint64) { return f.lo, f.hi }
func (f *fake) Named() bool               { return f.named }

func str(scope markers.Scope) *fake {
	return &fake{scope: scope, kind: markers.KindString, desc: "field T.S (string)"}
}
func intOf(scope markers.Scope, name string) *fake {
	lo, hi := markers.IntRange(name)
	return &fake{scope: scope, kind: markers.KindInt, desc: "field T.N (" + name + ")", lo: lo, hi: hi}
}
func boolF(scope markers.Scope) *fake {
	return &fake{scope: scope, kind: markers.KindBool, desc: "field T.B (bool)"}
}
func ptrTo(x *fake) *fake {
	d := *x
	return &fake{scope: x.scope, kind: markers.KindPointer, desc: "field T.P (*" + x.desc + ")", deref: &d}
}
func sliceOf(scope markers.Scope, elem *fake) *fake {
	elem.scope = markers.ScopeListVal
	return &fake{scope: scope, kind: markers.KindSlice, desc: "field T.L ([]x)", elem: elem}
}
func mapOf(scope markers.Scope, key, val *fake) *fake {
	key.scope, val.scope = markers.ScopeMapKey, markers.ScopeMapVal
	return &fake{scope: scope, kind: markers.KindMap, desc: "field T.M (map)", key: key, elem: val}
}
func structOf(scope markers.Scope, fields map[string]*fake) *fake {
	for _, f := range fields {
		f.scope = markers.ScopeField
	}
	return &fake{scope: scope, kind: markers.KindStruct, desc: "field T.In (Inner)", fields: fields, named: true}
}

func pos(line int) token.Position { return token.Position{Filename: "types.go", Line: line} }

func lines(texts ...string) []markers.Line {
	var out []markers.Line
	for i, t := range texts {
		out = append(out, markers.Line{Text: t, Pos: pos(10 + i)})
	}
	return out
}

func parse(t *testing.T, tg markers.Target, texts ...string) ([]*markers.Tag, []error) {
	t.Helper()
	return markers.Default.Parse(lines(texts...), tg)
}

func mustParse(t *testing.T, tg markers.Target, texts ...string) []*markers.Tag {
	t.Helper()
	tags, errs := parse(t, tg, texts...)
	if len(errs) > 0 {
		t.Fatalf("Parse(%q): %v", texts, errs)
	}
	return tags
}

func TestParseSimple(t *testing.T) {
	tags := mustParse(t, intOf(markers.ScopeField, "int32"),
		"Replicas is the count.",
		"+k8s:optional",
		"+k8s:minimum=1   # at least one",
		"+k8s:neq=7",
	)
	if len(tags) != 3 {
		t.Fatalf("got %d tags, want 3", len(tags))
	}
	if tags[0].Def.Name != "optional" || tags[0].Pos.Line != 11 || tags[0].Text != "k8s:optional" {
		t.Errorf("tag 0 = %+v", tags[0])
	}
	if tags[1].Def.Name != "minimum" || tags[1].Int != 1 || tags[1].Pos.Line != 12 {
		t.Errorf("tag 1 = %s Int=%d line %d", tags[1].Def.Name, tags[1].Int, tags[1].Pos.Line)
	}
	if tags[2].Def.Name != "neq" || tags[2].Int != 7 {
		t.Errorf("tag 2 = %s Int=%d", tags[2].Def.Name, tags[2].Int)
	}
}

func TestParseIgnores(t *testing.T) {
	tags := mustParse(t, str(markers.ScopeField),
		"plain text",
		"+optional",
		"+listType=atomic",
		"+k8s:openapi-gen=true",
		"+k8s:deepcopy-gen=package",
		"+k8s:protobuf=true",
		"+k8s:conversion-gen=false",
		"  +k8s:maxLength=3",
	)
	if len(tags) != 1 || tags[0].Def.Name != "maxLength" || tags[0].Int != 3 {
		t.Fatalf("got %v", tags)
	}
}

func TestForeignTag(t *testing.T) {
	for name, want := range map[string]bool{
		"deepcopy-gen": true, "openapi-gen": true, "conversion-gen": true, "protobuf": true, "protobuf.options": true,
		"openapi-model-package": true, "deprecated": true, "conversion-fn": true, "prerelease-lifecycle-gen": true,
		"deprecated=kind": true, "openapi-model-package=io.k8s.api.core.v1": true, "minimum=1": false,
		"validation-gen": false, "validation-gen-input": false, "validation-gen-scheme-registry": false, "validation-gen-nolint": false,
		"minimum": false, "required": false,
	} {
		if got := markers.ForeignTag(name); got != want {
			t.Errorf("ForeignTag(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestChains(t *testing.T) {
	// eachVal on a slice of ints.
	tags := mustParse(t, sliceOf(markers.ScopeField, intOf(0, "int64")), "+k8s:eachVal=+k8s:minimum=1")
	c := tags[0].Chained
	if c == nil || c.Def.Name != "minimum" || c.Int != 1 || c.Target.Scope() != markers.ScopeListVal {
		t.Fatalf("chained = %+v", c)
	}
	// eachKey on a map.
	tags = mustParse(t, mapOf(markers.ScopeField, str(0), intOf(0, "int")), "+k8s:eachKey=+k8s:format=k8s-short-name", "+k8s:eachVal=+k8s:minimum=0")
	if tags[0].Chained.Target.Scope() != markers.ScopeMapKey || tags[0].Chained.Value != "k8s-short-name" {
		t.Errorf("eachKey chained = %+v", tags[0].Chained)
	}
	if tags[1].Chained.Target.Scope() != markers.ScopeMapVal {
		t.Errorf("eachVal on map: scope %v", tags[1].Chained.Target.Scope())
	}
	// Nested chains: eachVal of eachVal of subfield.
	inner := structOf(0, map[string]*fake{"name": str(0)})
	tags = mustParse(t, sliceOf(markers.ScopeField, sliceOf(0, inner)), `+k8s:eachVal=+k8s:eachVal=+k8s:subfield("name")=+k8s:maxLength=4`)
	c = tags[0].Chained.Chained.Chained
	if c == nil || c.Def.Name != "maxLength" || c.Int != 4 || c.Target.Scope() != markers.ScopeField {
		t.Fatalf("nested chain = %+v", c)
	}
	// ifEnabled applies in place.
	f := str(markers.ScopeField)
	tags = mustParse(t, f, `+k8s:ifEnabled("Feature")=+k8s:required`)
	if opt, _ := tags[0].Arg(""); opt != "Feature" || tags[0].Chained.Target != markers.Target(f) {
		t.Errorf("ifEnabled: opt %q chained target %v", opt, tags[0].Chained.Target)
	}
	// Subfield through a pointer.
	tags = mustParse(t, ptrTo(structOf(markers.ScopeField, map[string]*fake{"n": intOf(0, "int8")})), `+k8s:subfield("n")=+k8s:minimum=-128`)
	if tags[0].Chained.Int != -128 {
		t.Errorf("subfield through pointer: %+v", tags[0].Chained)
	}
}

func TestPointerLookThrough(t *testing.T) {
	p := ptrTo(intOf(markers.ScopeField, "int32"))
	mustParse(t, p, "+k8s:optional", "+k8s:minimum=1", "+k8s:neq=5")
	mustParse(t, ptrTo(str(markers.ScopeField)), "+k8s:maxLength=3", "+k8s:format=k8s-ip", `+k8s:neq="x"`)
	// maxItems does not look through pointers.
	if _, errs := parse(t, ptrTo(sliceOf(markers.ScopeField, str(0))), "+k8s:maxItems=1"); len(errs) != 1 {
		t.Errorf("maxItems on *[]string: errs %v", errs)
	}
	// Out-of-range on the pointee's type.
	if _, errs := parse(t, ptrTo(intOf(markers.ScopeField, "uint8")), "+k8s:minimum=-1"); len(errs) != 1 || !strings.Contains(errs[0].Error(), "between 0 and 255") {
		t.Errorf("minimum=-1 on *uint8: %v", errs)
	}
}

func TestPresenceKinds(t *testing.T) {
	places := map[string]*fake{
		"string": str(markers.ScopeField), "int": intOf(markers.ScopeField, "int"), "bool": boolF(markers.ScopeField),
		"pointer": ptrTo(structOf(markers.ScopeField, nil)), "slice": sliceOf(markers.ScopeField, str(0)),
		"map": mapOf(markers.ScopeField, str(0), str(0)),
	}
	for what, tg := range places {
		for _, tag := range []string{"+k8s:optional", "+k8s:required", "+k8s:forbidden"} {
			if _, errs := parse(t, tg, tag); len(errs) > 0 {
				t.Errorf("%s on %s: %v", tag, what, errs)
			}
		}
	}
	if _, errs := parse(t, structOf(markers.ScopeField, nil), "+k8s:required"); len(errs) != 1 {
		t.Errorf("required on a non-pointer struct: %v", errs)
	}
}

// TestErrors checks each kind of mistake: one error, at the tag's line,
// naming the tag and giving a fix.
func TestErrors(t *testing.T) {
	F := markers.ScopeField
	cases := []struct {
		name   string
		target markers.Target
		lines  []string
		want   []string
	}{
		{"unknown", intOf(F, "int"), []string{"+k8s:minimun=1"}, []string{"unknown tag +k8s:minimun", "did you mean +k8s:minimum=1?"}},
		{"unknown far", intOf(F, "int"), []string{"+k8s:zzzzzzzz"}, []string{"unknown tag", "validation-gen --docs"}},
		{"kubernetes only", str(F), []string{"+k8s:declarativeValidationNative"}, []string{"Kubernetes generator", "does not support"}},
		{"minimum on string", str(F), []string{"+k8s:minimum=1"}, []string{"cannot be used on field T.S (string)", "fits integer"}},
		{"maxLength on int", intOf(F, "int"), []string{"+k8s:maxLength=1"}, []string{"cannot be used on"}},
		{"maxItems on map", mapOf(F, str(0), str(0)), []string{"+k8s:maxItems=1"}, []string{"cannot be used on"}},
		{"format on int", intOf(F, "int"), []string{"+k8s:format=k8s-ip"}, []string{"cannot be used on"}},
		{"eachKey on slice", sliceOf(F, str(0)), []string{"+k8s:eachKey=+k8s:maxLength=1"}, []string{"cannot be used on"}},
		{"enum on field", str(F), []string{"+k8s:enum"}, []string{"cannot be used on a struct field", "type definition"}},
		{"optional on type", str(markers.ScopeType), []string{"+k8s:optional"}, []string{"cannot be used on a type definition"}},
		{"listMapKey on package", &fake{scope: markers.ScopePackage, kind: markers.KindOther, desc: "package p"}, []string{"+k8s:listMapKey=name"}, []string{"cannot be used on a package"}},
		{"minimum abc", intOf(F, "int"), []string{"+k8s:minimum=abc"}, []string{"needs an integer value"}},
		{"minimum out of range int8", intOf(F, "int8"), []string{"+k8s:minimum=300"}, []string{"out of range", "between -128 and 127"}},
		{"minimum out of range uint32", intOf(F, "uint32"), []string{"+k8s:minimum=-1"}, []string{"out of range"}},
		{"maxLength negative", str(F), []string{"+k8s:maxLength=-1"}, []string{"must not be negative"}},
		{"format unknown", str(F), []string{"+k8s:format=k8s-foo"}, []string{`"k8s-foo" is not a value of +k8s:format`, "k8s-extended-resource-name, k8s-ip, k8s-label-key, k8s-label-value, k8s-long-name, k8s-long-name-caseless, k8s-path-segment-name, k8s-prefixed-label-key, k8s-resource-fully-qualified-name, k8s-resource-pool-name, k8s-short-name, k8s-uuid"}},
		{"neq string on int", intOf(F, "int"), []string{`+k8s:neq="x"`}, []string{"is an integer"}},
		{"neq int on string", str(F), []string{"+k8s:neq=1"}, []string{"not a string literal"}},
		{"neq int on bool", boolF(F), []string{"+k8s:neq=1"}, []string{"true or false"}},
		{"neq out of range", intOf(F, "uint8"), []string{"+k8s:neq=256"}, []string{"out of range"}},
		{"eachVal no chain", sliceOf(F, intOf(0, "int")), []string{"+k8s:eachVal=5"}, []string{"needs a chained tag"}},
		{"eachVal chained unknown", sliceOf(F, intOf(0, "int")), []string{"+k8s:eachVal=+k8s:minimun=5"}, []string{"unknown tag +k8s:minimun"}},
		{"eachVal chained wrong kind", sliceOf(F, str(0)), []string{"+k8s:eachVal=+k8s:minimum=5"}, []string{"cannot be used on"}},
		{"eachVal chained wrong scope", sliceOf(F, str(0)), []string{"+k8s:eachVal=+k8s:required"}, []string{"cannot be used on a list element"}},
		{"subfield no field", structOf(F, map[string]*fake{"name": str(0)}), []string{`+k8s:subfield("nope")=+k8s:required`}, []string{`no field with JSON name "nope"`}},
		{"subfield no arg", structOf(F, map[string]*fake{"name": str(0)}), []string{`+k8s:subfield=+k8s:required`}, []string{"needs a positional argument"}},
		{"ifEnabled no arg", str(F), []string{"+k8s:ifEnabled=+k8s:required"}, []string{"needs a positional argument"}},
		{"ifEnabled two args", str(F), []string{`+k8s:ifEnabled("a", "b")=+k8s:required`}, nil},
		{"ifEnabled named arg", str(F), []string{`+k8s:ifEnabled(opt: "a")=+k8s:required`}, []string{`has no argument "opt"`}},
		{"value on optional", str(F), []string{"+k8s:optional=true"}, []string{"takes no value"}},
		{"required and optional", str(F), []string{"+k8s:required", "+k8s:optional"}, []string{"+k8s:optional conflicts with +k8s:required (line 10)"}},
		{"duplicate minimum", intOf(F, "int"), []string{"+k8s:minimum=1", "+k8s:minimum=2"}, []string{"more than once here (first at line 10)"}},
		{"unparsable", str(F), []string{`+k8s:maxLength=(`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tags, errs := parse(t, c.target, c.lines...)
			if len(errs) != 1 {
				t.Fatalf("want one error, got %d: %v", len(errs), errs)
			}
			if tags != nil {
				t.Errorf("tags returned with errors: %v", tags)
			}
			e, ok := errs[0].(*markers.Error)
			if !ok {
				t.Fatalf("error is a %T, not *markers.Error: %v", errs[0], errs[0])
			}
			msg := e.Error()
			last := c.lines[len(c.lines)-1]
			line := 10 + len(c.lines) - 1
			if e.Pos.Line != line || !strings.HasPrefix(msg, "types.go:"+itoa(line)+": ") {
				t.Errorf("error is not at types.go:%d: %s", line, msg)
			}
			if !strings.Contains(msg, strings.TrimPrefix(last, "+")) {
				t.Errorf("error does not quote the tag %q: %s", last, msg)
			}
			if e.Fix == "" || !strings.Contains(msg, "; fix: ") {
				t.Errorf("error has no fix: %s", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error does not contain %q: %s", w, msg)
				}
			}
		})
	}
}

// Every problem of a comment block is reported, not just the first.
func TestAllErrorsReported(t *testing.T) {
	_, errs := parse(t, intOf(markers.ScopeField, "int"), "+k8s:minimun=1", "+k8s:maxLength=3", "+k8s:optional")
	if len(errs) != 2 {
		t.Errorf("want 2 errors, got %v", errs)
	}
}

func TestRepeatable(t *testing.T) {
	m := mapOf(markers.ScopeField, str(0), str(0))
	tags := mustParse(t, m, "+k8s:eachKey=+k8s:maxLength=3", "+k8s:eachKey=+k8s:format=k8s-short-name",
		"+k8s:eachVal=+k8s:maxLength=3", "+k8s:eachVal=+k8s:neq=\"x\"")
	if len(tags) != 4 {
		t.Errorf("got %d tags", len(tags))
	}
	tags = mustParse(t, str(markers.ScopeField), `+k8s:ifEnabled("A")=+k8s:maxLength=3`, `+k8s:ifDisabled("A")=+k8s:maxLength=5`, `+k8s:ifEnabled("B")=+k8s:format=k8s-ip`)
	if len(tags) != 3 {
		t.Errorf("got %d tags", len(tags))
	}
}

func TestPackageTags(t *testing.T) {
	pkg := &fake{scope: markers.ScopePackage, kind: markers.KindOther, desc: "package p"}
	tags := mustParse(t, pkg,
		"+k8s:validation-gen=TypesWithField=TypeMeta",
		"+k8s:validation-gen-input=example.com/api/v1",
		"+k8s:validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme",
		`+k8s:supportsSubresource="/status"`,
		`+k8s:supportsSubresource="/scale"`,
		"+k8s:validation-gen-nolint",
		"+groupName=example.com",
	)
	if len(tags) != 6 {
		t.Fatalf("got %d tags", len(tags))
	}
	if tags[0].Value != "TypesWithField=TypeMeta" || tags[1].Value != "example.com/api/v1" || tags[3].Value != "/status" {
		t.Errorf("values: %q %q %q", tags[0].Value, tags[1].Value, tags[3].Value)
	}
}

func TestErrorString(t *testing.T) {
	e := &markers.Error{Pos: pos(3), Tag: "k8s:minimum=x", Msg: "bad", Fix: "do this"}
	if got, want := e.Error(), "types.go:3: +k8s:minimum=x: bad; fix: do this"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (&markers.Error{Msg: "bad"}).Error(); got != "bad" {
		t.Errorf("got %q", got)
	}
}

func TestIntRange(t *testing.T) {
	for name, want := range map[string][2]string{
		"int8": {"-128", "127"}, "uint8": {"0", "255"}, "byte": {"0", "255"}, "int16": {"-32768", "32767"},
		"uint16": {"0", "65535"}, "int32": {"-2147483648", "2147483647"}, "uint32": {"0", "4294967295"},
		"int64": {"-9223372036854775808", "9223372036854775807"}, "int": {"-9223372036854775808", "9223372036854775807"},
		"uint64": {"0", "18446744073709551615"},
	} {
		lo, hi := markers.IntRange(name)
		if i64toa(lo) != want[0] || u64toa(hi) != want[1] {
			t.Errorf("IntRange(%s) = %d, %d", name, lo, hi)
		}
	}
}

func TestRegistryDocs(t *testing.T) {
	md := markers.Default.Markdown()
	for _, d := range markers.Default.All() {
		if d.Example == "" || d.Summary == "" {
			t.Errorf("+k8s:%s lacks an example or summary", d.Name)
		}
		if !strings.Contains(md, "`+k8s:"+d.Name) {
			t.Errorf("markdown lacks +k8s:%s", d.Name)
		}
		if d.Scopes == 0 {
			t.Errorf("+k8s:%s has no scope", d.Name)
		}
	}
	// The lint rules stand next to the tags they concern.
	for _, want := range []string{
		"| `+k8s:unionDiscriminator(union: string?)` |",
		"beta: in a `v1` package only behind `+k8s:beta(since: \"" + markers.KubernetesRelease + "\")=` (or alpha) |",
		"alpha: in a `v1` or `v1beta1` package only behind `+k8s:alpha(since: \"" + markers.KubernetesRelease + "\")=` |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	// Every example parses on some target it fits (non-package tags).
	all := markers.Default.All()
	for i := 1; i < len(all); i++ {
		if all[i-1].Name >= all[i].Name {
			t.Errorf("All() not sorted: %s before %s", all[i-1].Name, all[i].Name)
		}
	}
}

func itoa(i int) string      { return strconv.Itoa(i) }
func i64toa(i int64) string  { return strconv.FormatInt(i, 10) }
func u64toa(u uint64) string { return strconv.FormatUint(u, 10) }

// TestTrailingComments pins what Kubernetes' tag reading (gengo codetags)
// takes after a tag: a # comment after any parsed tag; after
// +k8s:validation-gen-nolint, whose line it never parses, anything after a
// space. A // comment elsewhere fails there and here, with a fix.
func TestTrailingComments(t *testing.T) {
	pkg := &fake{scope: markers.ScopePackage, kind: markers.KindOther, desc: "package p"}
	typ := &fake{scope: markers.ScopeType, kind: markers.KindStruct, desc: "type T"}
	for _, tg := range []markers.Target{pkg, typ} {
		tags := mustParse(t, tg, "+k8s:validation-gen-nolint // Note: remove this when the API got GA")
		if len(tags) != 1 || tags[0].Def.Name != markers.NoLint || tags[0].Text != "k8s:validation-gen-nolint" {
			t.Fatalf("%s: got %+v", tg.Describe(), tags)
		}
		mustParse(t, tg, "+k8s:validation-gen-nolint\tbecause")
	}
	mustParse(t, str(markers.ScopeField), "+k8s:required # a comment", `+k8s:maxLength=3 # at most three`, `+k8s:format=k8s-ip # an address`)

	for _, c := range []struct {
		tg   markers.Target
		line string
		want []string
	}{
		{str(markers.ScopeField), "+k8s:required // a comment",
			[]string{"types.go:10", "+k8s:required // a comment", "reads a trailing comment after # only", "write it as +k8s:required # a comment"}},
		{str(markers.ScopeField), "+k8s:maxLength=3 // at most three",
			[]string{"write it as +k8s:maxLength=3 # at most three"}},
		{pkg, "+k8s:validation-gen-nolint=false",
			[]string{"takes no value or arguments", "even =false turns the lint off"}},
		{pkg, "+k8s:validation-gen-nolint(x)", []string{"takes no value or arguments"}},
		{str(markers.ScopeField), "+k8s:validation-gen-nolint", []string{"cannot be used on a struct field"}},
		{pkg, "+k8s:validation-gen=* # all", []string{`the comment "# all" after the value is read as part of the value "* # all"`, "put the comment on its own line"}},
		{pkg, "+k8s:validation-gen-scheme-registry=nil // none", []string{`the comment "// none"`}},
	} {
		_, errs := parse(t, c.tg, c.line)
		if len(errs) != 1 {
			t.Errorf("%q: got %d errors, want 1: %v", c.line, len(errs), errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(errs[0].Error(), w) {
				t.Errorf("%q: error lacks %q:\n%s", c.line, w, errs[0])
			}
		}
	}
}
