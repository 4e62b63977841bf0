package bad

type T struct {
	// +default=300
	F int8 `json:"f,omitempty"`
}
