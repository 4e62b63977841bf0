package bad

type Inner struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}

// encoding/json writes Outer.Name, not Inner.Name: the maxLength of the
// hidden field would be checked in Go on a value no JSON holds, and put on
// Outer's name in a schema.
type Outer struct {
	Inner `json:",inline"`
	Name  string `json:"name"`
}
