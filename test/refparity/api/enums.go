package api

// Stage is an enum some of whose constants are left out: always, or while
// the Strict option is enabled or disabled. Its values are among the
// random strings validationtest draws.
// +k8s:enum
type Stage string

const (
	StageReady Stage = "Ready"
	// +k8s:ifDisabled("Strict")=+k8s:enumExclude
	StagePrimary Stage = "primary"
	// +k8s:ifEnabled("Strict")=+k8s:enumExclude
	StageTCP Stage = "TCP"
	// +k8s:ifEnabled("Strict")=+k8s:enumExclude
	// +k8s:ifDisabled("Strict")=+k8s:enumExclude
	StageFailed Stage = "Failed"
	// +k8s:enumExclude
	StageUDP Stage = "UDP"
)
