package bad

// Off opts out and nothing reaches it, so it gets no function; its tags
// are still read, and a misspelt one is an error as anywhere else.
// +k8s:validation-gen=false
type Off struct {
	// +k8s:minimun=1
	N int32 `json:"n"`
}
