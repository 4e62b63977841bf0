package bad

type T struct {
	S string `json:"s"`
}
