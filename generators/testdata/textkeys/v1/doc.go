// Package v1 is written for controller-gen: maps whose keys write
// themselves as text (MarshalText, with a value or a pointer receiver, on
// a struct or an integer type), which controller-gen accepts since v0.22
// (TestTextMarshalerMapKeys, and the controller-gen oracle).
// +groupName=textkeys.example.com
package v1
