package detached

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:rule(rule: "self.m > 0", message: "m must be positive")

// Gadget has its markers above its doc comment, with a blank line between
// them, as k8s.io/api and kubebuilder scaffolds write them.
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	M               int32 `json:"m"`
}

type (
	// +k8s:maxLength=8

	// Short is declared in a group; its marker block is its own too.
	Short string

	// Plain has no marker block: the comment above the group is not its.
	Plain struct {
		S Short `json:"s"`
	}
)
