package bad

type T struct {
	//＋k8s:required
	Name string `json:"name"`
}
