package bad

// +k8s:enum
type Phase string

const (
	PhaseA Phase = "A"
	// +k8s:alpha=+k8s:enumExclude
	PhaseB Phase = "B"
)
