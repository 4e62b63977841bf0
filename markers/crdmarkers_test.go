package markers

import (
	"maps"
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
	kv, err := ParseMarkerArgs(`categories="a";b;"c",scope=Cluster`, []string{"categories", "scope"}, crdMarkerLists)
	if err != nil || !slices.Equal(splitList(kv["categories"]), []string{"a", "b", "c"}) || kv["scope"] != "Cluster" {
		t.Errorf("got %q, %v", kv, err)
	}
}

// A list's items are as controller-gen reads a []string: "a;b" is one
// item, a;b, "a";"b" and {a,b} are two; and every metadata line adds its
// entries (mongodb-kubernetes-operator writes six annotations lines).
func TestListItemsAndRepeatedMetadata(t *testing.T) {
	m, errs := ParseCRDMarkers([]Line{
		{Text: `+kubebuilder:metadata:annotations="a.example.com/one=1;a.example.com/two=2"`},
		{Text: `+kubebuilder:metadata:annotations="b.example.com/three=3"`},
		{Text: `+kubebuilder:metadata:annotations=c.example.com/four=4;c.example.com/five=5`},
		{Text: `+kubebuilder:metadata:labels={l1=x,l2=y}`},
		{Text: `+kubebuilder:metadata:labels="l3=z";"l4=w"`},
		{Text: `+kubebuilder:resource:path=things,shortName="t;u",categories=all;mine`},
	})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	wantAnnotations := map[string]string{"a.example.com/one": "1;a.example.com/two=2", "b.example.com/three": "3", "c.example.com/four": "4", "c.example.com/five": "5"}
	if !maps.Equal(m.Annotations, wantAnnotations) {
		t.Errorf("annotations %q, want %q", m.Annotations, wantAnnotations)
	}
	if want := map[string]string{"l1": "x", "l2": "y", "l3": "z", "l4": "w"}; !maps.Equal(m.Labels, want) {
		t.Errorf("labels %q, want %q", m.Labels, want)
	}
	if !slices.Equal(m.ShortNames, []string{"t;u"}) || !slices.Equal(m.Categories, []string{"all", "mine"}) {
		t.Errorf("shortNames %q, categories %q", m.ShortNames, m.Categories)
	}
	// Outside the lists, a value is a string: a quoted list's items joined.
	kv, err := ParseMarkerArgs(`message="a;b",rule="x";"y"`, []string{"message", "rule"}, nil)
	if err != nil || kv["message"] != "a;b" || kv["rule"] != "x;y" {
		t.Errorf("got %q, %v", kv, err)
	}
}

// Spaces around a key's = are skipped, as controller-gen's scanner skips
// them (Kong writes message = "..."): the value is the string, not its
// quotes.
func TestSpacesAroundEquals(t *testing.T) {
	kv, err := ParseMarkerArgs(`rule = "self.a != 'x'" , message =  "a must not be x",reason=	FieldValueInvalid`, []string{"rule", "message", "reason"}, nil)
	if err != nil || kv["rule"] != "self.a != 'x'" || kv["message"] != "a must not be x" || kv["reason"] != "FieldValueInvalid" {
		t.Errorf("got %q, %v", kv, err)
	}
}
