package v1

// +k8s:rule(rule: "self.n > 0", fieldPath: ".m")
type Thing struct {
	N int32 `json:"n"`
}
