package bad

type G[T any] struct {
	V T `json:"v"`
}

// gengo folds every instance of G into one type G[T]: code written from it
// could neither name *G[string] nor reach the string inside.
type A struct {
	// +k8s:required
	F *G[string] `json:"f"`
}
