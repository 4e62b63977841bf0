package bad

type T struct {
	// +k8s:subfield("name")=+k8s:customValidation
	Inner *Inner `json:"inner"`
}

type Inner struct {
	Name string `json:"name"`
}
