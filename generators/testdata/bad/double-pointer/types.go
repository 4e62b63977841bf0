package bad

type T struct {
	// +k8s:minimum=1
	N int32 `json:"n"`
}

// The generated code descends through one pointer: T's minimum would be
// checked nowhere behind two.
type S struct {
	X **T `json:"x,omitempty"`
}
