// Package v1 is the review.example.com/v1 API: kinds shaped like batch/v1
// CronJob, networking/v1 Ingress with NetworkPolicy rules, and apps/v1
// StatefulSet, written to review the generator on an API it was not written
// for. They combine the tags in ways examples/apis/probe does not: string
// enums as map keys and in list-sets, pointers to structs holding unions,
// eachVal on maps of structs, subfield chains through pointers, item() on
// list-maps with several and integer keys, and CEL rules (transition rules,
// optionalOldSelf, messageExpression, reason, fieldPath).
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-nolint
// +k8s:validation-gen-scheme-registry=nil
// +groupName=review.example.com
package v1
