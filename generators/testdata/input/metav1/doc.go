// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=github.com/declval/validation-gen/generators/testdata/input/meta/v1
// +k8s:validation-gen-scheme-registry=nil
package metav1
