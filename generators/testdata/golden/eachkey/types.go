package eachkey

// Key is a string typedef used as a map key.
type Key string

type EachKey struct {
	// +k8s:eachKey=+k8s:format=k8s-short-name
	Labels map[string]string `json:"labels"`
	// +k8s:eachKey=+k8s:minimum=1
	ByNum map[int32]string `json:"byNum"`
	// +k8s:eachKey=+k8s:maxLength=3
	// +k8s:eachVal=+k8s:minimum=0
	Typed map[Key]int `json:"typed"`
	// +k8s:eachKey=+k8s:neq="bad"
	// +k8s:eachKey=+k8s:maxLength=8
	Two map[string]bool `json:"two"`
}
