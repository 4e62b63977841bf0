package v1

import (
	"context"
	"strings"
	"testing"

	"github.com/declval/validation-gen/markers"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// allocCase validates valid objects of one type of this package: on
// create, on an update whose old object is an equal copy, and on one
// whose old object differs and is valid too. Each must cost 0 allocations.
type allocCase struct {
	name string
	// run returns the errors of each validation and its allocations.
	run func(t *testing.T)
}

// gate is the option the ifEnabled, ifDisabled and enumExclude tags read:
// an option the caller did not define is an error.
var gate = map[string]bool{"Gate": true}

// check is an allocCase for Validate_<T>. obj, old and changed are built
// by three calls, so that equal objects share no memory (as a decoded
// request and the stored object do not). changed nil: only an unchanged
// update is valid (a check that always fails when it runs).
func check[T any](validate func(context.Context, operation.Operation, *field.Path, *T, *T) field.ErrorList, build func() *T, change func(*T)) func(t *testing.T) {
	return func(t *testing.T) {
		ctx := context.Background()
		obj, same := build(), build()
		type step struct {
			name     string
			op       operation.Type
			obj, old *T
		}
		steps := []step{{"update unchanged", operation.Update, obj, same}}
		if change != nil {
			changed := build()
			change(changed)
			steps = append(steps, step{"create", operation.Create, obj, nil}, step{"update changed", operation.Update, obj, changed})
		}
		for _, s := range steps {
			op := operation.Operation{Type: s.op, Options: gate}
			if errs := validate(ctx, op, nil, s.obj, s.old); len(errs) != 0 {
				t.Fatalf("%s: the object is not valid: %v", s.name, errs)
			}
			if n := testing.AllocsPerRun(50, func() { validate(ctx, op, nil, s.obj, s.old) }); n != 0 {
				t.Errorf("%s: %v allocations, want 0", s.name, n)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// byTag names, for every tag of markers.Default, the cases that carry it,
// or why none can (the tag generates no check of an object).
var byTag = map[string][]string{
	"optional": {"Presence"}, "required": {"Presence"}, "forbidden": {"Presence"},
	"minimum": {"Limits", "Chains", "Lists"}, "maximum": {"Limits", "Chains"},
	"minLength": {"Limits", "Presence"}, "maxLength": {"Limits", "Chains", "Modes"}, "maxBytes": {"Limits"},
	"minItems": {"Limits"}, "maxItems": {"Limits"}, "minProperties": {"Limits"}, "maxProperties": {"Limits"},
	"neq": {"Limits"}, "format": {"Formats", "Chains", "Updates"},
	"enum": {"Enums"}, "enumExclude": {"Enums"},
	"immutable": {"Updates"}, "monotonic": {"Updates"}, "update": {"Updates"},
	"listType": {"Lists", "Updates"}, "listMapKey": {"Lists"}, "unique": {"Lists"}, "customUnique": {"Lists"},
	"item": {"Lists"}, "eachKey": {"Chains"}, "eachVal": {"Chains"}, "subfield": {"Chains", "Lists"},
	"alpha": {"Chains", "Fixed"}, "beta": {"Chains", "Fixed"}, "ifEnabled": {"Chains", "Enums"}, "ifDisabled": {"Chains"},
	"opaqueType": {"Chains"}, "unionMember": {"Unions", "Discriminated"}, "zeroOrOneOfMember": {"Unions"},
	"unionDiscriminator": {"Discriminated"}, "dependentRequired": {"Dependents"}, "dependentForbidden": {"Dependents"},
	"modeDiscriminator": {"Modes"}, "ifMode": {"Modes"}, "rule": {"Rule"}, "customValidation": {"Custom"},
	"validateTrue": {"Fixed"}, "validateTrueAlpha": {"Fixed"}, "validateTrueBeta": {"Fixed"}, "validateFalse": {"Failing"},
	"validation-gen": {"every case: doc.go selects every type"}, "validation-gen-nolint": {"every case: doc.go, and Fixed"},
	"validation-gen-scheme-registry": {"every case: doc.go (no registration)"},
}

// noCheck are the tags that generate no check of an object, with why.
var noCheck = map[string]string{
	"validation-gen-input":        "names the package the types are read from: the code generated is the same",
	"isSubresource":               "chooses which subresource path RegisterValidations serves: a registration, not a check",
	"supportsSubresource":         "adds a subresource path RegisterValidations serves: a registration, not a check",
	"validateError":               "a generation error: nothing is generated",
	"validation-gen-test-fixture": "a generation error: nothing is generated",
	"validation-gen-test-targets": "a generation error: nothing is generated",
}

var cases = map[string]func(t *testing.T){
	"Presence": check(Validate_Presence, func() *Presence {
		return &Presence{Optional: "a", Required: ptr("r")}
	}, func(o *Presence) { o.Optional, o.Other = "", "o" }),
	"Limits": check(Validate_Limits, func() *Limits {
		return &Limits{Minimum: 1, Maximum: ptr(int64(10)), MinLength: "a", MaxLength: "abcdefgh", MaxBytes: ptr("abc"),
			MinItems: []string{"a"}, MaxItems: []string{"a", "b", "c"}, MinProperties: map[string]string{"a": "b"},
			MaxProperties: map[string]string{"a": "b"}, NEQ: "y"}
	}, func(o *Limits) {
		o.Minimum, o.MaxItems, o.MinProperties, o.NEQ = 5, nil, map[string]string{"c": "d"}, "z"
	}),
	"Formats": check(Validate_Formats, func() *Formats {
		return &Formats{ExtendedResourceName: "example.com/gpu", IP: "10.0.0.1", LabelKey: "example.com/key",
			LabelValue: "v", LongName: "a.b.c", LongNameCaseless: "A.b", PathSegmentName: "seg",
			PrefixedLabelKey: "example.com/key", ResourceFullyQualifiedName: "example.com/res", ResourcePoolName: "pool/a",
			ShortName: ptr("short"), UUID: "123e4567-e89b-12d3-a456-426614174000"}
	}, func(o *Formats) { o.IP, o.ShortName, o.LabelValue = "::1", ptr("other"), "" }),
	"Enums": check(Validate_Enums, func() *Enums {
		return &Enums{Color: Red, Shade: ptr(Dark)}
	}, func(o *Enums) { o.Color, o.Shade = Green, nil }),
	"Updates": check(Validate_Updates, func() *Updates {
		return &Updates{Immutable: "i", Monotonic: 5, NoUnset: ptr("u"), NoModify: "m", ListNoChange: []string{"a", "b"},
			MapNoChange: map[string]string{"a": "b"}, MapNoRemove: map[string]Item{"k": {Name: "n", Value: 1}}}
	}, func(o *Updates) { o.Monotonic, o.NoUnset, o.Other = 4, ptr("v"), "o" }),
	"Lists": check(Validate_Lists, func() *Lists {
		items := func() []Item { return []Item{{Name: "a", Value: 1}, {Name: "b", Value: 2}} }
		return &Lists{Set: []string{"a", "b"}, Map: items(), Atomic: items(), UniqueSet: []int32{1, 2},
			UniqueMap: items(), CustomUnique: []string{"a"}, Item: items()}
	}, func(o *Lists) {
		o.Set, o.Map[0].Value, o.UniqueSet, o.Item[1].Value = []string{"b"}, 7, nil, 9
	}),
	"Chains": check(Validate_Chains, func() *Chains {
		return &Chains{Each: map[string]string{"key": "v"}, EachList: []int32{1, 2}, Subfield: Item{Name: "s", Value: 10},
			Alpha: "a", Beta: "b", IfEnabled: "e", Opaque: Item{Name: "NOT A NAME"}}
	}, func(o *Chains) {
		o.Each, o.EachList, o.Alpha, o.IfDisabled = map[string]string{"other": "x"}, nil, "", ptr("d")
	}),
	"Unions": check(Validate_Unions, func() *Unions {
		return &Unions{A: ptr("a")}
	}, func(o *Unions) { o.A, o.B, o.D = nil, ptr("b"), ptr("d") }),
	"Discriminated": check(Validate_Discriminated, func() *Discriminated {
		return &Discriminated{Kind: "Circle", Circle: ptr(int32(1))}
	}, func(o *Discriminated) { o.Kind, o.Circle, o.Square = "Square", nil, ptr(int32(2)) }),
	"Dependents": check(Validate_Dependents, func() *Dependents {
		return &Dependents{Command: []string{"run"}, Image: "img"}
	}, func(o *Dependents) { o.Command, o.Script = nil, map[string]string{"a": "b"} }),
	"Modes": check(Validate_Modes, func() *Modes {
		return &Modes{Mode: "Box", Label: ptr("l")}
	}, func(o *Modes) { o.Mode, o.Label = "Circle", nil }),
	"Rule": check(Validate_Rule, func() *Rule {
		return &Rule{Min: 1, Max: 2}
	}, func(o *Rule) { o.Min, o.Max = 5, 6 }),
	"Custom": customCase,
	"Fixed": check(Validate_Fixed, func() *Fixed {
		return &Fixed{True: "t"}
	}, func(o *Fixed) { o.True, o.TrueBeta = "u", "b" }),
	"Failing": check(Validate_Failing, func() *Failing { return &Failing{Never: "n"} }, nil),
}

// customCase: the function of +k8s:customValidation takes a *field.Path,
// Kubernetes' contract, which is built for the call: on create (and on an
// update that changed the field) the call costs the allocations of that
// path, and nothing else may; an update that left the field unchanged
// does not call it and costs nothing.
func customCase(t *testing.T) {
	ctx := context.Background()
	obj, same, changed := &Custom{Name: "n"}, &Custom{Name: "n"}, &Custom{Name: "m"}
	pathCost := testing.AllocsPerRun(50, func() { sinkPath = field.NewPath(strings.Clone("name")) })
	for _, s := range []struct {
		name string
		op   operation.Type
		old  *Custom
		want float64
	}{{"create", operation.Create, nil, pathCost}, {"update unchanged", operation.Update, same, 0}, {"update changed", operation.Update, changed, pathCost}} {
		op := operation.Operation{Type: s.op, Options: gate}
		if errs := Validate_Custom(ctx, op, nil, obj, s.old); len(errs) != 0 {
			t.Fatalf("%s: %v", s.name, errs)
		}
		if n := testing.AllocsPerRun(50, func() { Validate_Custom(ctx, op, nil, obj, s.old) }); n != s.want {
			t.Errorf("%s: %v allocations, want %v (the path built for the handwritten function)", s.name, n, s.want)
		}
	}
}

var sinkPath *field.Path

// TestEveryTagAllocatesNothing runs the case of every tag of the registry
// and fails for a tag with no case: a new tag cannot be added without
// showing that a valid object carrying it allocates nothing.
func TestEveryTagAllocatesNothing(t *testing.T) {
	for _, d := range markers.Default.All() {
		if why, ok := noCheck[d.Name]; ok {
			t.Logf("%s: no case: %s", d.Name, why)
			continue
		}
		names, ok := byTag[d.Name]
		if !ok {
			t.Errorf("+k8s:%s has no allocation case: add a type carrying it to types.go and name its case in byTag", d.Name)
			continue
		}
		for _, n := range names {
			if strings.HasPrefix(n, "every case") {
				continue
			}
			if cases[n] == nil {
				t.Errorf("+k8s:%s names case %s, which does not exist", d.Name, n)
			}
		}
	}
	for name, run := range cases {
		t.Run(name, run)
	}
}
