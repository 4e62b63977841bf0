package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ShapeSpec `json:"spec"`
}

type ShapeSpec struct {
	I32     int32             `json:"i32"`
	I64     int64             `json:"i64"`
	Small   uint8             `json:"small"`
	Ratio   float64           `json:"ratio"`
	On      bool              `json:"on"`
	Data    []byte            `json:"data,omitempty"`
	Labels  map[string]string `json:"labels,omitempty"`
	Ptr     *string           `json:"ptr,omitempty"`
	Renamed string            `json:"renamed_name"`
	Zero    Inner             `json:"zero,omitzero"`
	Shared  `json:",inline"`
	Skipped string               `json:"-"`
	When    metav1.Time          `json:"when"`
	Wait    metav1.Duration      `json:"wait"`
	Port    intstr.IntOrString   `json:"port"`
	Size    resource.Quantity    `json:"size"`
	Raw     runtime.RawExtension `json:"raw"`
	Items   []Inner              `json:"items,omitempty"`
	Nested  *Inner               `json:"nested,omitempty"`
	// +k8s:minimum=1
	Count int32 `json:"count"`
}

type Inner struct {
	Name string `json:"name"`
}

type Shared struct {
	Flat string `json:"flat"`
}
