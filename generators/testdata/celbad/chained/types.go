package v1

type Thing struct {
	// +k8s:ifEnabled("X")=+k8s:rule(rule: "self > 0")
	N int32 `json:"n"`
}
