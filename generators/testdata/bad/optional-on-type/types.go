package bad

// +k8s:optional
type S string

type T struct {
	V S `json:"v"`
}
