package bad

type T struct {
	Inner []struct {
		// +k8s:minimum=1
		N int `json:"n"`
	} `json:"inner"`
}
