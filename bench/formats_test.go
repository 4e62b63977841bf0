package bench

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// The format checks alone: what ours calls (validation-gen's runtime,
// byte loops) against what the reference's output calls
// (k8s.io/apimachinery/pkg/api/validate, regular expressions), on one
// valid and one invalid value of each format, at one field path.
type formatBench struct {
	name           string
	valid, invalid string
	reference      func(context.Context, operation.Operation, *field.Path, *string, *string) field.ErrorList
}

var formatBenches = []formatBench{
	{"k8s-short-name", "my-gadget-1", "My_Gadget.1", validate.ShortName[string]},
	{"k8s-long-name", "gadgets.example.com", "gadgets..Example.com", validate.LongName[string]},
	{"k8s-long-name-caseless", "Gadgets.Example.com", "gadgets..example.com-", validate.LongNameCaseless[string]},
	{"k8s-label-key", "example.com/my.label_key", "example..com/-key", validate.LabelKey[string]},
	{"k8s-label-value", "my.label_value-1", "-" + strings.Repeat("v", 70), validate.LabelValue[string]},
	{"k8s-uuid", "123e4567-e89b-12d3-a456-426614174000", "123E4567-e89b-12d3-a456-426614174000", validate.UUID[string]},
	{"k8s-extended-resource-name", "example.com/gpu", "gpu", validate.ExtendedResourceName[string]},
	{"k8s-resource-pool-name", "pool.example.com/node-1", "pool//Node_1", validate.ResourcePoolName[string]},
}

// ours is our check of format name on v, called directly, as generated
// code calls it, with the Paths of spec.items[3].name on the stack (a
// variable each, as generated code declares them: through a function
// value, or stored in an array of Paths that point into it, they would
// escape and allocate); a switch on the name in the loop would time the
// harness.
func ours(name, v string) func() field.ErrorList {
	switch name {
	case "k8s-short-name":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.ShortName(&name, v)
		}
	case "k8s-long-name":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.LongName(&name, v)
		}
	case "k8s-long-name-caseless":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.LongNameCaseless(&name, v)
		}
	case "k8s-label-key":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.LabelKey(&name, v)
		}
	case "k8s-label-value":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.LabelValue(&name, v)
		}
	case "k8s-uuid":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.UUID(&name, v)
		}
	case "k8s-extended-resource-name":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.ExtendedResourceName(&name, v)
		}
	case "k8s-resource-pool-name":
		return func() field.ErrorList {
			var root vgruntime.Path
			spec := root.Child("spec")
			items := spec.Child("items")
			item := items.Index(3)
			name := item.Child("name")
			return vgruntime.ResourcePoolName(&name, v)
		}
	}
	panic("no format " + name)
}

func (f formatBench) value(cas string) string {
	if cas == "valid" {
		return f.valid
	}
	return f.invalid
}

// formatCall is one implementation's check of value, as generated code
// calls it: ours with the validator's Path, the reference with its
// *field.Path, built as its output builds it for a field of a list item.
func (f formatBench) call(impl, value string) func() field.ErrorList {
	if impl == "ours" {
		return ours(f.name, value)
	}
	ctx, op := context.Background(), operation.Operation{Type: operation.Create}
	return func() field.ErrorList {
		p := field.NewPath("spec").Child("items").Index(3).Child("name")
		return f.reference(ctx, op, p, &value, nil)
	}
}

func BenchmarkFormats(b *testing.B) {
	for _, f := range formatBenches {
		for _, cas := range []string{"valid", "invalid"} {
			for _, impl := range []string{"ours", "reference"} {
				b.Run(fmt.Sprintf("kind=%s/case=%s/impl=%s", f.name, cas, impl), func(b *testing.B) {
					v := f.call(impl, f.value(cas))
					if got := len(v()) > 0; got != (cas == "invalid") {
						b.Fatalf("%s %s: %q: errors %v", impl, f.name, f.value(cas), v())
					}
					b.ReportAllocs()
					for b.Loop() {
						sink = len(v())
					}
				})
			}
		}
	}
}

// TestFormatBenchesAgree is BenchmarkFormats' precondition: both
// implementations reach each value's verdict with the same errors.
func TestFormatBenchesAgree(t *testing.T) {
	for _, f := range formatBenches {
		for _, cas := range []string{"valid", "invalid"} {
			ours, ref := f.call("ours", f.value(cas))(), f.call("reference", f.value(cas))()
			if (len(ref) > 0) != (cas == "invalid") {
				t.Errorf("%s: %q: the reference's errors %v", f.name, f.value(cas), ref)
			}
			if fmt.Sprint(ours) != fmt.Sprint(ref) && f.name != "k8s-short-name" && f.name != "k8s-long-name" {
				t.Errorf("%s: %q:\n ours: %v\n ref:  %v", f.name, f.value(cas), ours, ref)
			}
			if len(ours) != len(ref) {
				t.Errorf("%s: %q: %d errors, the reference %d", f.name, f.value(cas), len(ours), len(ref))
			}
		}
	}
}
