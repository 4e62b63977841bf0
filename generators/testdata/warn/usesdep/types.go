package usesdep

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/declval/validation-gen/generators/testdata/warn/dep"
)

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dep.Shared `json:"spec"`
}
