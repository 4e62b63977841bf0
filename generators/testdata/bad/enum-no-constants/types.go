package bad

// +k8s:enum
type Color string

type T struct {
	C Color `json:"c"`
}
