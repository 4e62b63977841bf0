// Package v1 is the CronTab of Kubernetes' CRD documentation written as a
// kubebuilder project writes it: controller-gen's markers, no +k8s: tag.
// validation-gen reads such a package as controller-gen does, writes the
// CRD controller-gen would write (config/crd), and a Go validator that
// checks what that CRD makes the API server check.
// +kubebuilder:object:generate=true
// +groupName=kubebuilder.example.com
package v1
