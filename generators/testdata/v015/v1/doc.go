// Package v1 holds what controller-gen v0.15 writes otherwise than v0.16
// (and v0.14 than v0.15: no items: marker read):
// descriptions with every line kept, +default and +required not read,
// +kubebuilder:validation:Required on an omitempty field passed over
// where fields are required by default, and the CEL rules of a field and
// its type, or of a struct and a struct it embeds, under allOf.
// +groupName=v015.example.com
package v1
