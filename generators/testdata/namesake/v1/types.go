// Package v1 is written for controller-gen: a struct named as the kind of
// package v2 of its group, but no kind, which controller-gen makes version
// v1 of that kind's CRD (tink's v1alpha1 OSIE beside v1alpha2's OSIE kind;
// TestKindNamesake, and the controller-gen oracle).
// +groupName=namesake.example.com
package v1

// Sprocket is no kind: it has neither TypeMeta nor ObjectMeta.
type Sprocket struct {
	// URL is where it is.
	URL string `json:"url,omitempty"`
}
