package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Deep is embedded in Inner.
// +kubebuilder:validation:XValidation:rule="!has(self.d) || self.d != 'x'",message="deep rule"
type Deep struct {
	// +optional
	D string `json:"d,omitempty"`
}

// Inner is embedded first.
// +kubebuilder:validation:XValidation:rule="!has(self.b) || self.b != 'x'",message="inner rule"
type Inner struct {
	// +optional
	// +k8s:immutable
	B    string `json:"b,omitempty"`
	Deep `json:",inline"`
}

// Other is embedded second.
// +kubebuilder:validation:XValidation:rule="!has(self.o) || self.o != 'x'",message="other rule"
type Other struct {
	// +optional
	O string `json:"o,omitempty"`
}

// Holder has a rule on an embedded field.
type Holder struct {
	// +kubebuilder:validation:XValidation:rule="!has(self.o) || self.o != 'q'",message="embedded field rule"
	Other `json:",inline"`
	// +optional
	H string `json:"h,omitempty"`
}

// Size is one of three.
// +kubebuilder:validation:Enum=S;M;L
type Size string

// Small is declared as Size with an enum of its own.
// +kubebuilder:validation:Enum=S
type Small Size

// Choice has rules of every kind, written in no particular order.
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtLeastOneOf=e;f
// +kubebuilder:validation:XValidation:rule="!has(self.c) || self.c != 'x'",message="choice rule"
// +kubebuilder:validation:AtMostOneOf=c;e
type Choice struct {
	// +optional
	C *string `json:"c,omitempty"`
	// +optional
	D *string `json:"d,omitempty"`
	// +optional
	E *string `json:"e,omitempty"`
	// +optional
	F *string `json:"f,omitempty"`
}

// Percent is a named pointer type with a rule of its own.
// +kubebuilder:validation:XValidation:rule="self <= 100",message="at most 100"
type Percent *int32

// SpaceSpec has rules of its own and embeds two structs with rules; it
// holds structs that embed another schemaless.
// +kubebuilder:validation:XValidation:rule="!has(self.a) || self.a != 'y'",message="outer rule 1"
// +kubebuilder:validation:XValidation:rule="!has(self.a) || self.a != 'z'",message="outer rule 2"
type SpaceSpec struct {
	// +optional
	// +k8s:immutable
	A     string `json:"a,omitempty"`
	Inner `json:",inline"`
	Other `json:",inline"`
	// +optional
	Hold *Holder `json:"hold,omitempty"`
	// The same enum as its type's.
	// +kubebuilder:validation:Enum=S;M;L
	// +optional
	Same Size `json:"same,omitempty"`
	// An enum its type's replaces.
	// +kubebuilder:validation:Enum=S;M
	// +optional
	Fewer Size `json:"fewer,omitempty"`
	// +optional
	Small Small `json:"small,omitempty"`
	// +optional
	Choice *Choice `json:"choice,omitempty"`
	// +optional
	Share Percent `json:"share,omitempty"`

	// +kubebuilder:validation:Minimum=1

	// Priority has its marker in a block of its own, a blank line above
	// its doc comment.
	// +optional
	Priority *int32 `json:"priority,omitempty"`

	// +optional
	Kept []Kept `json:"kept,omitempty"`
	// +optional
	Bare *Bare `json:"bare,omitempty"`
	// +optional
	Bounded *Bounded `json:"bounded,omitempty"`
	// +optional
	Wider *Wider `json:"wider,omitempty"`
}

// Bounded embeds a struct with the bound it has itself: one bound since
// v0.22, both under allOf before.
// +kubebuilder:validation:MaxProperties=1
type Bounded struct {
	*Bound `json:",inline"`
	// +optional
	B string `json:"b,omitempty"`
}

// Wider embeds a struct with a tighter bound than its own (kgateway's
// AccessLogFilter): both, under allOf.
// +kubebuilder:validation:MaxProperties=2
type Wider struct {
	*Bound `json:",inline"`
	// +optional
	B string `json:"b,omitempty"`
}

// Bound has one property at most.
// +kubebuilder:validation:MaxProperties=1
type Bound struct {
	// +optional
	A string `json:"a,omitempty"`
}

// Loose is embedded without its schema below.
type Loose struct {
	L string `json:"l"`
	// +kubebuilder:validation:Minimum=1
	// +optional
	N int32 `json:"n,omitempty"`
}

// Kept embeds Loose schemaless, its unknown fields kept (kruise's
// SidecarContainer): none of Loose's fields is in its schema.
type Kept struct {
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	Loose `json:",inline"`
	// +optional
	C string `json:"c,omitempty"`
}

// Bare embeds Loose schemaless alone.
type Bare struct {
	// +kubebuilder:validation:Schemaless
	Loose `json:",inline"`
	// +optional
	C string `json:"c,omitempty"`
}

// Space embeds a struct with a rule at the kind's root.
// +kubebuilder:object:root=true
// +kubebuilder:validation:XValidation:rule="!has(self.h) || self.h != 'q'",message="root rule"
type Space struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Other             `json:",inline"`
	// +optional
	// +k8s:immutable
	H string `json:"h,omitempty"`
	// +optional
	Spec SpaceSpec `json:"spec,omitempty"`
}

// Room has two resource markers: the second, with only a scope, keeps
// the first's path, as controller-gen applies them one after the other.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=roomz,shortName=rm
// +kubebuilder:resource:scope=Cluster
type Room struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
