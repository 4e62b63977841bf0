package bad

// +k8s:enum
type Phase string

const (
	PhaseA Phase = "A"
	// +k8s:ifEnabled("X")=+k8s:required
	PhaseB Phase = "B"
)
