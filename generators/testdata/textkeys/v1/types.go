package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Lock is a kind whose spec holds maps with text keys.
type Lock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec LockSpec `json:"spec"`
}

// LockSpec holds maps with text keys.
type LockSpec struct {
	// ByValue is keyed by a struct with a MarshalText method.
	// +kubebuilder:validation:XValidation:rule="self.all(k, k != 'x/y')",message="no x/y"
	// +optional
	ByValue map[ValueKey]Item `json:"byValue,omitempty"`
	// ByPointer is keyed by a struct whose MarshalText has a pointer
	// receiver.
	// +optional
	ByPointer map[PointerKey]Item `json:"byPointer,omitempty"`
	// ByCode is keyed by an integer type with a MarshalText method.
	// +kubebuilder:validation:MaxProperties=4
	// +optional
	ByCode map[Code]string `json:"byCode,omitempty"`
}

// Item is a map value.
type Item struct {
	// +kubebuilder:validation:Minimum=1
	Count int32 `json:"count"`
}

// ValueKey is written as a/b.
type ValueKey struct{ A, B string }

// MarshalText writes k as a/b.
func (k ValueKey) MarshalText() ([]byte, error) { return []byte(k.A + "/" + k.B), nil }

// PointerKey is written as its A.
type PointerKey struct{ A string }

// MarshalText writes k as its A.
func (k *PointerKey) MarshalText() ([]byte, error) { return []byte(k.A), nil }

// Code is written as c<n>.
type Code int

// MarshalText writes c as c<n>.
func (c Code) MarshalText() ([]byte, error) { return []byte("c" + string(rune('0'+c%10))), nil }
