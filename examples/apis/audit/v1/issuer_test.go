package v1

import (
	"context"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func validIssuers() map[string]*Issuer {
	hours := int32(24)
	return map[string]*Issuer{
		"ACME": {Spec: IssuerSpec{Type: IssuerACME, ACME: &ACMEIssuer{Server: "https://acme"}, Email: "me@example.com"}},
		"CA": {Spec: IssuerSpec{Type: IssuerCA, CA: &CAIssuer{SecretName: "ca-key"}, Annotations: map[string]string{"a": "b"},
			Policy: RenewalPolicy{Strategy: "Fixed", Interval: 3}}},
		"SelfSigned": {Spec: IssuerSpec{Type: IssuerSelfSigned, AutoRenew: true, RenewBeforeHours: &hours, Windows: []string{"night"},
			Annotations: map[string]string{"short": "x"}}},
	}
}

// Validating a valid issuer allocates nothing, in every mode, on create
// and on update, whether the mode (or the member) changed or not.
func TestValidIssuersAllocateNothing(t *testing.T) {
	ctx := context.Background()
	for mode, obj := range validIssuers() {
		changed := validIssuers()[mode]
		changed.Spec.Policy = RenewalPolicy{Strategy: "Jitter", Interval: 100}
		other := validIssuers()["ACME"]
		if mode == "ACME" {
			other = validIssuers()["CA"]
		}
		cases := []struct {
			name     string
			op       operation.Type
			obj, old *Issuer
		}{
			{"create", operation.Create, obj, nil},
			{"update unchanged", operation.Update, obj, validIssuers()[mode]},
			{"update changed", operation.Update, changed, obj},
			{"update from another mode", operation.Update, obj, other},
		}
		for _, c := range cases {
			op := operation.Operation{Type: c.op}
			if errs := Validate_Issuer(ctx, op, nil, c.obj, c.old); len(errs) != 0 {
				t.Fatalf("%s, %s: object is not valid: %v", mode, c.name, errs)
			}
			if n := testing.AllocsPerRun(100, func() { Validate_Issuer(ctx, op, nil, c.obj, c.old) }); n != 0 {
				t.Errorf("%s, %s: %v allocations per run, want 0", mode, c.name, n)
			}
		}
	}
}

// The errors of modes, as Kubernetes' validate.Discriminated reports them:
// at the member, none marked short-circuiting, with the level of the tag.
func TestIssuerModeErrors(t *testing.T) {
	hours := int32(0)
	cases := []struct {
		name     string
		obj, old *Issuer
		want     []string // "<type> <field> <origin> <level>"
	}{
		{name: "a member of another mode is forbidden",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerCA, CA: &CAIssuer{SecretName: "ca"}, ACME: &ACMEIssuer{Server: "s"}}},
			want: []string{"FieldValueForbidden spec.acme  stable"}},
		{name: "the member of the mode is required",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerACME, Email: "me@x"}},
			want: []string{"FieldValueRequired spec.acme  stable"}},
		{name: "minLength runs before optional, maxLength after it only on a set value",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerACME, ACME: &ACMEIssuer{Server: "s"}}},
			want: []string{"FieldValueTooShort spec.email minLength stable"}},
		{name: "optional stops minLength after it",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerCA, CA: &CAIssuer{SecretName: "ca"}}},
			want: nil},
		{name: "a beta modality; required stops minimum",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerSelfSigned, AutoRenew: true, Windows: []string{"a"}}},
			want: []string{"FieldValueRequired spec.renewBeforeHours  beta"}},
		{name: "a beta modality; minimum",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerSelfSigned, AutoRenew: true, RenewBeforeHours: &hours, Windows: []string{"a"}}},
			want: []string{"FieldValueInvalid spec.renewBeforeHours minimum beta"}},
		{name: "maxItems stops minItems; bool modality",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerSelfSigned, AutoRenew: true, RenewBeforeHours: ptr(int32(2)), Windows: []string{"a", "b", "c", "d"}}},
			want: []string{"FieldValueTooMany spec.windows maxItems stable"}},
		{name: "a nested modality read from a zero policy; mixed levels make the Forbidden stable, the alpha forbidden of Fixed is alpha",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerACME, ACME: &ACMEIssuer{Server: "s"}, Email: "abc", Policy: RenewalPolicy{Strategy: "Fixed", Percent: ptr(int32(1))}}},
			want: []string{"FieldValueForbidden spec.policy.percent  alpha", "FieldValueRequired spec.policy.interval  stable"}},
		{name: "an update that changes neither the discriminator nor the member is not checked again",
			obj:  &Issuer{Spec: IssuerSpec{Type: IssuerCA, CA: &CAIssuer{SecretName: "ca"}, ACME: &ACMEIssuer{Server: "s"}, Email: "x"}},
			old:  &Issuer{Spec: IssuerSpec{Type: IssuerCA, CA: &CAIssuer{SecretName: "ca"}, ACME: &ACMEIssuer{Server: "s"}}},
			want: []string{"FieldValueForbidden spec.email  stable"}},
	}
	for _, c := range cases {
		op := operation.Operation{Type: operation.Create}
		if c.old != nil {
			op.Type = operation.Update
		}
		var got []string
		for _, e := range Validate_Issuer(context.Background(), op, nil, c.obj, c.old) {
			if e.ShortCircuit {
				t.Errorf("%s: %v is marked short-circuiting", c.name, e)
			}
			got = append(got, strings.Join([]string{string(e.Type), e.Field, e.Origin, level(e)}, " "))
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, got, c.want)
		}
	}
}

func level(e *field.Error) string {
	switch {
	case e.IsAlpha():
		return "alpha"
	case e.IsBeta():
		return "beta"
	}
	return "stable"
}

func ptr[T any](v T) *T { return &v }
