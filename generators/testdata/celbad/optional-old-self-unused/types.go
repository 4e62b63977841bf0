package v1

type Thing struct {
	// +k8s:rule(rule: "self > 0", optionalOldSelf: true)
	N int32 `json:"n"`
}
