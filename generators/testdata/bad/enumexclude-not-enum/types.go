package bad

type Phase string

const (
	PhaseA Phase = "A"
	// +k8s:enumExclude
	PhaseB Phase = "B"
)

type T struct {
	P Phase `json:"p"`
}
