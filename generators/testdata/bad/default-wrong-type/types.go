package bad

type T struct {
	// +default="abc"
	F int32 `json:"f,omitempty"`
}
