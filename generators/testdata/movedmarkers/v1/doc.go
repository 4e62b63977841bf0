// Package v1 is written for controller-gen: a package's own marker in
// the block a blank line above a kind (nginx's +kubebuilder:validation:
// Optional), which controller-gen's collector moves to the package, and
// the same marker in a type's doc comment, where it reads none
// (TestPackageMarkersAboveTypes, and the controller-gen oracle).
// +groupName=movedmarkers.example.com
package v1
