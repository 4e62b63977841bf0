package v1

// +k8s:rule(rule: "self.size() > 0")
type Name string

type Thing struct {
	N Name `json:"n"`
}
