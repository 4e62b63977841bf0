// +k8s:validation-gen=*
package eachval
