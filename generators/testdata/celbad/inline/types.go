package v1

type Inner struct {
	A int32 `json:"a"`
}

type Thing struct {
	// +k8s:rule(rule: "self.a > 0", message: "a is positive")
	Inner `json:",inline"`
	N     int32 `json:"n"`
}
