package bad

type Inner struct {
	X string `json:"x"`
}

type T struct {
	// +k8s:required
	In Inner `json:"in"`
}
