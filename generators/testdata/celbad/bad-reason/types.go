package v1

type Thing struct {
	// +k8s:rule(rule: "self > 0", reason: "FieldValueTooLong")
	N int32 `json:"n"`
}
