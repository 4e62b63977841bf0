package bad

type T struct {
	// +default=[1]
	F []string `json:"f,omitempty"`
}
