// +k8s:validation-gen=*
package zerooroneof
