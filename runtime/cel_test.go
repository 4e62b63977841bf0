package runtime

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestCELErrorsMatchField pins the errors of CEL rules compiled to Go to
// what apiextensions' CEL validator builds with apimachinery's
// constructors (field.Invalid and its siblings, on the rule's path and
// fieldPath), field for field.
func TestCELErrorsMatchField(t *testing.T) {
	var root Path
	spec := root.Child("spec")
	items := spec.Child("items")
	item := items.Index(3)
	labels := item.Child("labels")
	key := labels.Key("a.b")
	for _, c := range []struct {
		p    *Path
		want *field.Path
	}{{&root, nil}, {&spec, field.NewPath("spec")}, {&item, field.NewPath("spec", "items").Index(3)}, {&key, field.NewPath("spec", "items").Index(3).Child("labels").Key("a.b")}} {
		for _, fp := range []string{"", "min", "a.b"} {
			want := c.want
			if fp != "" {
				want = want.Child(fp)
			}
			for reason, w := range map[string]*field.Error{
				"":                    field.Invalid(want, int64(7), "too big"),
				"FieldValueInvalid":   field.Invalid(want, int64(7), "too big"),
				"FieldValueForbidden": field.Forbidden(want, "too big"),
				"FieldValueRequired":  field.Required(want, "too big"),
				"FieldValueDuplicate": field.Duplicate(want, int64(7)),
			} {
				if got := CELFailed(c.p, fp, int64(7), "too big", reason); !reflect.DeepEqual(got, w) {
					t.Errorf("CELFailed(%s, %q, %q) = %#v, want %#v", c.p, fp, reason, got, w)
				}
			}
		}
		w := field.Invalid(c.want, "object", "no such key: x evaluating rule: x > 1")
		if got := CELEvalError(c.p, "object", "no such key: x", "x > 1"); !reflect.DeepEqual(got, w) {
			t.Errorf("CELEvalError(%s) = %#v, want %#v", c.p, got, w)
		}
	}
}
