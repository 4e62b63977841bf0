// Package v1 is written for controller-gen: structs embedded in structs,
// with CEL rules on the types and on the embedded fields, and enums on
// both a field and its type, which controller-gen's flattening orders and
// merges in its own way (TestFlattenAsControllerGen).
// +groupName=flatten.example.com
package v1
