package required

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +kubebuilder:object:root=true
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GizmoSpec `json:"spec"`
}

type List []string
type Map map[string]string
type Sub struct {
	A string `json:"a,omitempty"`
}
type Num int32

// +k8s:enum
type Mode string

const ModeA Mode = "a"

type Plain string

type GizmoSpec struct {
	// +k8s:required
	L List `json:"l"`
	// +k8s:required
	Mp Map `json:"mp"`
	// +k8s:required
	S Sub `json:"s"`
	// +k8s:required
	SP *Sub `json:"sp"`
	// +k8s:required
	N Num `json:"n"`
	// +k8s:required
	I intstr.IntOrString `json:"i"`
	// +k8s:required
	P corev1.Protocol `json:"p"`
	// +k8s:required
	Q corev1.ResourceList `json:"q"`
	// +k8s:required
	M Mode `json:"m"`
	// +k8s:required
	PL Plain `json:"pl"`
	// +k8s:required
	// +kubebuilder:validation:MinLength=3
	PL3 Plain `json:"pl3"`
	// +k8s:required
	PP *Plain `json:"pp"`
}
