// Package v1 is the CronTab API of the Kubernetes CustomResourceDefinition
// documentation (stable.example.com/v1), with validation tags.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=stable.example.com
package v1
