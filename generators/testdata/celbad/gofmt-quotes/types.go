package v1

// Thing is a thing.
//
// +k8s:rule(rule: "self.name != ”", message: "name is required")
type Thing struct {
	Name string `json:"name"`
}
