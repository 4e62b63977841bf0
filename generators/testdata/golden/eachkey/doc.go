// +k8s:validation-gen=*
package eachkey
