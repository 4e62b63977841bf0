// Package v1 is the audit.example.com/v1 API: kinds shaped like Gateway
// API's HTTPRoute, policy/v1 PodDisruptionBudget and cert-manager's
// Certificate, written to audit the generator on an API it was not written
// for. They stress what examples/apis/probe and review do not: CEL rules on
// apimachinery types (metav1.Time, metav1.Duration, intstr.IntOrString,
// resource.Quantity), on list-map items with several keys, on map values
// and on nested optional structs; transition rules with oldSelf and
// optionalOldSelf; messageExpression, every reason, fieldPath; unions and
// CEL rules on the same type; ifEnabled/ifDisabled beside rules; and the
// CRD markers (printcolumn, scale, resource).
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
// +groupName=audit.example.com
package v1
