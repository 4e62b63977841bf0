package bad

type Inner struct {
	Name string `json:"name"`
}

type T struct {
	// +k8s:subfield("nope")=+k8s:required
	In Inner `json:"in"`
}
