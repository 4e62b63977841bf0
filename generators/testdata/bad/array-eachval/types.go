package bad

// A fixed-size array reached through a chained tag is no more validated
// than one in a field: the tag on it is an error, not a check that
// len([3]int) > 2 reports on every item.
type T struct {
	// +k8s:optional
	Rows [][3]int `json:"rows,omitempty"`
	// +k8s:eachVal=+k8s:maxItems=2
	Grid [][3]int `json:"grid"`
}
