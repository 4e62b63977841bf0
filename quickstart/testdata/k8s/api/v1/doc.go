// +k8s:deepcopy-gen=package
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=stable.example.com

// Package v1 is the stable.example.com/v1 API.
package v1
