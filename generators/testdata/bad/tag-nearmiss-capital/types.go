package bad

type T struct {
	//+K8s:required
	Name string `json:"name"`
}
