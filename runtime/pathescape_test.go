package runtime

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	k8sruntime "k8s.io/apimachinery/pkg/runtime"
)

// escapeSink keeps the results of the calls below alive, so that the
// compiler cannot drop a call whose result is unused.
var escapeSink any

type escItem struct{ Name string }

func escKey(e *escItem) string { return e.Name }

func escEq(a, b *escItem) bool { return *a == *b }

// pathHelperCases holds, for every exported function of this package that
// takes a *Path, a call of it with a Path three steps below a root on the
// caller's stack, as generated code builds them. Each case is called with
// fail false: a helper that checks (a format, a list, a map, a union) runs
// on a valid value, and an error constructor, which generated code calls
// only once a check failed, is not called at all (nor EmbeddedObject,
// whose conversion to unstructured allocates whatever the path does).
// Either way nothing may be allocated: a helper that stores its *Path,
// hands it to a function value or an interface method, or lets a closure
// keep it makes escape analysis move that Path, and through the parent
// pointers every Path of the callers, to the heap wherever it is declared,
// whichever branch uses it. The cases are written out, not built by a
// shared function taking a func(*Path): that would be such a leak itself.
var pathHelperCases = map[string]func(fail bool){
	"Path.Child": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		d := c.Child("x")
		v := d.InItem()
		if fail {
			escapeSink = v
		}
	},
	"Path.Index": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		d := c.Index(1)
		v := d.InItem()
		if fail {
			escapeSink = v
		}
	},
	"Path.Key": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		d := c.Key("x")
		v := d.InItem()
		if fail {
			escapeSink = v
		}
	},
	"Path.IntKey": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		d := c.IntKey(1)
		v := d.InItem()
		if fail {
			escapeSink = v
		}
	},
	"Path.InItem": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		v := c.InItem()
		if fail {
			escapeSink = v
		}
	},
	"Path.Depth": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		v := c.Depth()
		if fail {
			escapeSink = v
		}
	},
	"Path.Field": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = c.Field()
		}
	},
	"Path.String": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = c.String()
		}
	},
	"Path.Steps": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = c.Steps(0)
		}
	},
	"Required": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Required(&c)
		}
	},
	"Forbidden": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Forbidden(&c)
		}
	},
	"Minimum": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Minimum(&c, 1, 2)
		}
	},
	"Maximum": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Maximum(&c, int32(3), 2)
		}
	},
	"MinLength": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MinLength(&c, "a", 2)
		}
	},
	"MaxLength": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MaxLength(&c, "abc", 2)
		}
	},
	"MaxBytes": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MaxBytes(&c, "abc", 2)
		}
	},
	"MinItems": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MinItems(&c, 1, 2)
		}
	},
	"MaxItems": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MaxItems(&c, 3, 2)
		}
	},
	"MinProperties": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MinProperties(&c, 1, 2)
		}
	},
	"MaxProperties": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = MaxProperties(&c, 3, 2)
		}
	},
	"NEQString": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NEQString(&c, "x", "x")
		}
	},
	"NEQ": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NEQ(&c, true, true)
		}
	},
	"NotSupported": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NotSupported(&c, "c", []string{"a", "b"})
		}
	},
	"UndefinedOption": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = UndefinedOption(&c, "Gate")
		}
	},
	"DependentRequired": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = DependentRequired(&c, "a", "b")
		}
	},
	"DependentForbidden": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = DependentForbidden(&c, "a", "b")
		}
	},
	"Immutable": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Immutable(&c)
		}
	},
	"NoSet": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NoSet(&c)
		}
	},
	"NoUnset": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NoUnset(&c)
		}
	},
	"NoModify": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = NoModify(&c)
		}
	},
	"Monotonic": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = Monotonic(&c, 1, 2)
		}
	},
	"FixedFailure": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = FixedFailure(&c, 1, "no")
		}
	},
	"CELFailed": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = CELFailed(&c, "a.b", 1, "bad", "FieldValueInvalid")
		}
	},
	"CELEvalError": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = CELEvalError(&c, "object", "boom", "self.x")
		}
	},
	"SchemaRequired": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaRequired(&c)
		}
	},
	"SchemaEnum": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaEnum(&c, "c", []string{"a"})
		}
	},
	"SchemaTooLong": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaTooLong(&c, 2)
		}
	},
	"SchemaTooMany": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaTooMany(&c, 3, 2)
		}
	},
	"SchemaInvalid": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaInvalid(&c, 1, "bad")
		}
	},
	"RawJSONType": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		err := RawJSONType(&c, []byte(`{"a":1}`), "object")
		if fail {
			escapeSink = err
		}
	},
	"SchemaAllOf": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaAllOf(&c, true)
		}
	},
	"SchemaFormat": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaFormat(&c, "x", "uuid")
		}
	},
	"SchemaNull": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaNull(&c, "string")
		}
	},
	"SchemaOutOfRange": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = SchemaOutOfRange(&c, "", "integer", "int32")
		}
	},
	"Nesting.Err": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		v := escNesting.Err(&c)
		if fail {
			escapeSink = v
		}
	},
	"EnumExcluding": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := EnumExcluding(&c, "a", escOptions, []string{"a", "b"}, escExclusions); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ShortName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ShortName(&c, "abc"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"LongName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := LongName(&c, "a.b"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"IP": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := IP(&c, "10.0.0.1"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"LabelKey": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := LabelKey(&c, "a.io/b"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"PrefixedLabelKey": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := PrefixedLabelKey(&c, "a.io/b"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"LabelValue": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := LabelValue(&c, "v"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"LongNameCaseless": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := LongNameCaseless(&c, "A.b"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"PathSegmentName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := PathSegmentName(&c, "seg"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UUID": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UUID(&c, "123e4567-e89b-12d3-a456-426614174000"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ResourcePoolName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ResourcePoolName(&c, "a/b"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ExtendedResourceName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ExtendedResourceName(&c, "example.com/x"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ResourceFullyQualifiedName": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ResourceFullyQualifiedName(&c, "example.com/x"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"NoNils": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := NoNils(&c, escPtrs); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueValues": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueValues(&c, escStrings); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueByKey": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueByKey(&c, escItems, escKey); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueByKeyOfPointers": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueByKeyOfPointers(&c, escPtrItems, escKey, ""); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueMapItems": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueMapItems(&c, escItems, escKey, "k"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueObjects": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueObjects(&c, escItems, escEq); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"UniqueFunc": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := UniqueFunc(&c, escItems, escEq); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ItemsAdded": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ItemsAdded(&c, escItems, escItems, escKey, nil); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ItemsRemoved": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ItemsRemoved(&c, escItems, escItems, escKey, nil); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ItemsAddedFunc": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ItemsAddedFunc(&c, escItems, escItems, escEq, nil); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ItemsRemovedFunc": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ItemsRemovedFunc(&c, escItems, escItems, escEq, nil); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"KeysAdded": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := KeysAdded(&c, escMap, escMap); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"KeysRemoved": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := KeysRemoved(&c, escMap, escMap); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"Union": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := Union(&c, []bool{true, false}, &escUnion); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"ZeroOrOneOf": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := ZeroOrOneOf(&c, []bool{false, false}, &escUnion); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"DiscriminatedUnion": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := DiscriminatedUnion(&c, []bool{true, false}, &escUnion, "A"); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"EmbeddedRaw": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if errs := EmbeddedRaw(&c, &escRaw); len(errs) != 0 || fail {
			escapeSink = errs
		}
	},
	"EmbeddedObject": func(fail bool) {
		var r Path
		a := r.Child("spec")
		b := a.Key("k")
		c := b.Index(2)
		if fail {
			escapeSink = EmbeddedObject(&c, &escItem{})
		}
	},
}

var (
	// 20 items: past smallList, so that the indexed paths run too.
	escItems = func() []escItem {
		s := make([]escItem, 20)
		for i := range s {
			s[i].Name = string(rune('a' + i))
		}
		return s
	}()
	escPtrItems = func() []*escItem {
		s := make([]*escItem, len(escItems))
		for i := range s {
			s[i] = &escItems[i]
		}
		return s
	}()
	escStrings    = []string{"a", "b"}
	escPtrs       = []*int{new(int)}
	escMap        = map[string]int{"a": 1, "b": 2}
	escUnion      = UnionMembers{Names: []string{"a", "b"}, Values: []string{"A", "B"}, Discriminator: "kind"}
	escExclusions = []EnumExclusion[string]{{Value: "b", ExcludeWhen: true, Option: "G"}}
	escOptions    = map[string]bool{"G": false}
	escNesting    Nesting
	escRaw        k8sruntime.RawExtension // empty: absent
)

// TestPathHelpersKeepPathsOnTheStack calls every exported function of the
// package that takes a *Path, on its valid (or not taken) branch, and
// requires 0 allocations: one helper that leaks its *Path (as KeysRemoved
// once did, by handing it to a function value) costs every object with
// that tag an allocation per Path of the chain above it, on every call.
func TestPathHelpersKeepPathsOnTheStack(t *testing.T) {
	for _, name := range pathTakingFuncs(t) {
		f, ok := pathHelperCases[name]
		if !ok {
			t.Errorf("%s takes a *Path and has no case in pathHelperCases: add one", name)
			continue
		}
		f(false) // warms the index pools of the list helpers
		if n := testing.AllocsPerRun(20, func() { f(false) }); n != 0 {
			t.Errorf("%s: %v allocations on a valid value, want 0: its *Path escapes (go build -gcflags=-m shows where)", name, n)
		}
	}
	for name := range pathHelperCases {
		if !strings.Contains(name, "Path.") && !contains(pathTakingFuncs(t), name) {
			t.Errorf("pathHelperCases has %s, which is not an exported function taking a *Path", name)
		}
	}
}

func contains(s []string, x string) bool {
	for _, e := range s {
		if e == x {
			return true
		}
	}
	return false
}

// pathTakingFuncs lists the exported functions and methods of the
// package's non-test files with a *Path parameter ("Nesting.Err" for a
// method), so that a new helper cannot be added without its case.
func pathTakingFuncs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, fn := range files {
		if strings.HasSuffix(fn, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, fn, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			name := fd.Name.Name
			takesPath := false
			if fd.Recv != nil {
				recv := fd.Recv.List[0].Type
				if s, ok := recv.(*ast.StarExpr); ok {
					recv = s.X
				}
				id, ok := recv.(*ast.Ident)
				if !ok || !id.IsExported() {
					continue
				}
				name = id.Name + "." + name
				takesPath = id.Name == "Path"
			}
			for _, p := range fd.Type.Params.List {
				if s, ok := p.Type.(*ast.StarExpr); ok {
					if id, ok := s.X.(*ast.Ident); ok && id.Name == "Path" {
						takesPath = true
					}
				}
			}
			if takesPath {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	return names
}
