// Package levels uses +k8s:alpha and +k8s:beta around tags of every
// kind: presence, value limits, list checks, eachVal, subfield, item,
// unions, enums, options and update rules. Each wrapped check marks its
// own errors; the checks around it are not marked.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
// +k8s:validation-gen-nolint
package levels
