package markers

import "testing"

func TestNearMissOf(t *testing.T) {
	cases := []struct {
		text, want string
		ok         bool
	}{
		{" +k8s:required", "", false},
		{"\t+k8s:minimum=1", "", false},
		{" + k8s:required", "+k8s:required", true},
		{" ++k8s:required", "+k8s:required", true},
		{" +K8s:required", "+k8s:required", true},
		{" +K8S:maximum=2 ", "+k8s:maximum=2", true},
		{"\u00a0+k8s:required", "+k8s:required", true},
		{" \uff0bk8s:required", "+k8s:required", true},
		{" \ufe62k8s:required", "+k8s:required", true},
		{" + kubebuilder:validation:Minimum=1", "", false}, // not a prefix asked for
		{" +k8sfoo", "", false},
		{" a + k8s:required in prose", "", false},
		{" +", "", false},
		{" +k8s/minimum=1", "+k8s:minimum=1", true},
		{" +k8s.io/api is the module", "", false},
		{" +k8s;required", "+k8s:required", true},
		{" +k8s+", "", false},
		{" +k8s.1", "", false},
	}
	for _, c := range cases {
		want, ok := NearMissOf(c.text, "k8s:")
		if want != c.want || ok != c.ok {
			t.Errorf("NearMissOf(%q) = %q, %v; want %q, %v", c.text, want, ok, c.want, c.ok)
		}
	}
	// controller-gen trims every Unicode space, so its dialect passes
	// trimmed text: a no-break space before the + is no near miss there.
	if _, ok := NearMissOf("+kubebuilder:validation:Minimum=1", "kubebuilder:", "k8s:"); ok {
		t.Error("a marker as written is a near miss")
	}
	if want, ok := NearMissOf("\uff0bkubebuilder:validation:Minimum=1", "kubebuilder:", "k8s:"); !ok || want != "+kubebuilder:validation:Minimum=1" {
		t.Errorf("fullwidth + in controller-gen's dialect: %q, %v", want, ok)
	}
	// tink's +kubebuilder+validation:Pattern, which both generators pass over.
	if want, ok := NearMissOf("+kubebuilder+validation:Pattern=`^a$`", "kubebuilder:", "k8s:"); !ok || want != "+kubebuilder:validation:Pattern=`^a$`" {
		t.Errorf("+ for the colon: %q, %v", want, ok)
	}
}
