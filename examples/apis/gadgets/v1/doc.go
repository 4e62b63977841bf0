// Package v1 is the gadgets.example.com/v1 API: a kind written to be
// served as a CustomResourceDefinition, using every tag of the contract,
// so that its generated CRD can be checked against its Go validators.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
// +k8s:supportsSubresource="/status"
// +groupName=gadgets.example.com
package v1
