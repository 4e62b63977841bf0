package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ThingSpec `json:"spec"`
}

type ThingSpec struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=10
	// +k8s:item(name: "main")=+k8s:subfield(ports)=+k8s:eachVal=+k8s:minimum=1
	Containers []Container `json:"containers,omitempty"`
}

type Container struct {
	Name string `json:"name"`
	// +k8s:maxItems=10
	Ports []int32 `json:"ports,omitempty"`
}
