package markers

import (
	"slices"
	"testing"
)

// Resource markers apply one after the other, as controller-gen applies
// them: path and singular when a line gives them, short names,
// categories and scope from the last line.
func TestResourceMarkerLines(t *testing.T) {
	m, errs := ParseCRDMarkers([]Line{
		{Text: "+kubebuilder:resource:path=assign,singular=assignone,shortName=as"},
		{Text: `+kubebuilder:resource:scope="Cluster"`},
	})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if m.Plural != "assign" || m.Singular != "assignone" || m.Scope != "Cluster" || len(m.ShortNames) != 0 {
		t.Errorf("got plural %q singular %q scope %q shortNames %q; want assign, assignone, Cluster and none", m.Plural, m.Singular, m.Scope, m.ShortNames)
	}
	m, _ = ParseCRDMarkers([]Line{{Text: "+kubebuilder:resource:path=a,shortName=x;y"}})
	if m.Plural != "a" || !slices.Equal(m.ShortNames, []string{"x", "y"}) {
		t.Errorf("one line: got %+v", m)
	}
}

// controller-gen's lists of quoted items, "a";"b", as cert-manager's
// annotations are written in controller-tools' own fixtures.
func TestQuotedListItems(t *testing.T) {
	m, errs := ParseCRDMarkers([]Line{{Text: `+kubebuilder:metadata:annotations="cert-manager.io/inject-ca-from=a/b";"cert-manager.io/inject-ca-from-secret=c/d"`}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if m.Annotations["cert-manager.io/inject-ca-from"] != "a/b" || m.Annotations["cert-manager.io/inject-ca-from-secret"] != "c/d" {
		t.Errorf("annotations: got %v", m.Annotations)
	}
	kv, err := ParseMarkerArgs(`categories="a";b;"c",scope=Cluster`, []string{"categories", "scope"})
	if err != nil || kv["categories"] != "a;b;c" || kv["scope"] != "Cluster" {
		t.Errorf("got %v, %v", kv, err)
	}
}

// Spaces around a key's = are skipped, as controller-gen's scanner skips
// them (Kong writes message = "..."): the value is the string, not its
// quotes.
func TestSpacesAroundEquals(t *testing.T) {
	kv, err := ParseMarkerArgs(`rule = "self.a != 'x'" , message =  "a must not be x",reason=	FieldValueInvalid`, []string{"rule", "message", "reason"})
	if err != nil || kv["rule"] != "self.a != 'x'" || kv["message"] != "a must not be x" || kv["reason"] != "FieldValueInvalid" {
		t.Errorf("got %q, %v", kv, err)
	}
}
