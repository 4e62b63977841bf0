package v1

type Thing struct {
	// +k8s:rule(rule: "self > 0", messageExpression: "self + 1")
	N int32 `json:"n"`
}
