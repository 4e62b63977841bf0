package bad

type T struct {
	// +k8s:beta=+k8s:rule(rule: "self > 0")
	N int32 `json:"n"`
}
