package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing is a kind.
// +kubebuilder:subresource:status
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec   `json:"spec"`
	Status            ThingStatus `json:"status,omitempty"`
}

// ThingSpec holds one case a field.
type ThingSpec struct {
	// +kubebuilder:validation:UniqueItems:true
	Tags []string `json:"tags,omitempty"`
	// +kubebuilder:validation:Minimun=1
	Size int32 `json:"size,omitempty"`
	// + kubebuilder:validation:Maximum=9
	Count int32 `json:"count,omitempty"`
	// +Kubebuilder:validation:Maximum=9
	Other int32 `json:"other,omitempty"`
	// +kubebuilder:foo
	Foo string `json:"foo,omitempty"`
	// +kubebuilder:validation:ExactlyOneOf=a;b
	OneOf string `json:"oneOf,omitempty"`
	// +required
	// +optional
	Both string `json:"both,omitempty"`
	// +k8s:Required
	Capital string `json:"capital,omitempty"`

	// The +k8s: tags controller-gen reads itself, with its meaning.

	// +k8s:required
	Name string `json:"name,omitempty"`
	// +k8s:required
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:required
	Ref *Ref `json:"ref,omitempty"`
	// +k8s:immutable
	// +k8s:optional
	Class string `json:"class,omitempty"`
	// +k8s:immutable
	Zone string `json:"zone"`
	// +k8s:minimum=0 # at least none
	// +k8s:maximum=10
	Replicas int32 `json:"replicas,omitempty"`
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +listMapKey=name
	Ports []Port `json:"ports,omitempty"`
	Color Color  `json:"color,omitempty"`
	// omitzero leaves the field out of JSON: not required.
	When metav1.Time `json:"when,omitzero"`

	// The +k8s: tags validation-gen applies beyond controller-gen, with a
	// warning, and those nothing applies.

	// +k8s:maxLength=8
	Short string `json:"short,omitempty"`
	// +k8s:format=k8s-short-name
	DNS string `json:"dns,omitempty"`
	// +k8s:format=k8s-uuid
	UID string `json:"uid,omitempty"`
	// +k8s:unionMember
	Member *Ref  `json:"member,omitempty"`
	Level  Level `json:"level,omitempty"`

	// Forms controller-gen reads that are easy to get wrong.

	// +kubebuilder:validation:Enum=Migrate;Terminate;
	OnMaintenance string `json:"onMaintenance,omitempty"`
	/* +kubebuilder:validation:MaxLength=3 */
	Block string `json:"block,omitempty"`
	// +default:value=1000
	Timeout int32 `json:"timeout,omitempty"`
	// A list of lists whose items have no checks of their own.
	Mounts []MountPoints `json:"mounts,omitempty"`
}

// MountPoints are paths.
type MountPoints []string

// Ref names a thing.
type Ref struct {
	Name string `json:"name"`
}

// Port is a port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// Color is an enum.
// +k8s:enum
type Color string

const (
	Red   Color = "red"
	Green Color = "green"
	// Computed is not a literal: controller-gen leaves it out.
	Computed Color = Color("computed")
	// Untyped is not of the type.
	Untyped = "untyped"
)

// Level is a bounded integer.
// +k8s:minimum=1
type Level int32

// ThingStatus is the status.
// +optional
type ThingStatus struct {
	Phase string `json:"phase,omitempty"`
}
