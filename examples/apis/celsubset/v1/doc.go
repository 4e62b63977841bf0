// Package v1 is the celsubset.example.com/v1 API: types whose CEL rules
// use every part of the subset golang/celgo compiles to Go (arithmetic
// with CEL's overflow errors, indexing, matches(), the string functions,
// list literals, all/exists/exists_one/filter/map over lists and maps,
// equality of lists, maps and objects, defaults read as values, has() on
// fields whose value the subset does not read). Its generated
// differential test (zz_generated.validations_cel_test.go) compares the
// compiled rules with the API server's CEL validator on random values,
// every error field for field.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=celsubset.example.com
package v1
