package markers

// Stability is how far a tag itself has come in Kubernetes' generator:
// its lint lets a tag be used unwrapped only in a package whose API
// version is at most as mature (an alpha tag needs +k8s:alpha in a v1 or
// v1beta1 package, a beta tag +k8s:alpha or +k8s:beta in a v1 package).
type Stability int

const (
	StabilityAlpha Stability = iota
	StabilityBeta
	StabilityStable
)

func (s Stability) String() string {
	switch s {
	case StabilityAlpha:
		return "alpha"
	case StabilityBeta:
		return "beta"
	}
	return "stable"
}

// tagStability is the stability of the tags Kubernetes' generator v0.37
// does not declare stable (validation-gen --docs of k8s.io/code-generator;
// test/refparity compares the two). Every other tag is stable.
var tagStability = map[string]Stability{
	"alpha":              StabilityBeta,
	"beta":               StabilityBeta,
	"dependentForbidden": StabilityAlpha,
	"dependentRequired":  StabilityAlpha,
	"enumExclude":        StabilityAlpha,
	"forbidden":          StabilityBeta,
	"monotonic":          StabilityAlpha,
	"neq":                StabilityAlpha,
	"unionDiscriminator": StabilityBeta,
	"validateError":      StabilityAlpha,
	"validateFalse":      StabilityAlpha,
	"validateTrue":       StabilityAlpha,
	"validateTrueAlpha":  StabilityAlpha,
	"validateTrueBeta":   StabilityBeta,
}

// KubernetesRelease is the Kubernetes release whose declarative
// validation the generated validators match: the since: that fixes and
// the reference name for a stability wrapper.
const KubernetesRelease = "1.37"

// LintDoc says where Kubernetes' lint lets the tag be written unwrapped,
// for the tag reference.
func (d *Definition) LintDoc() string {
	switch d.Stability() {
	case StabilityAlpha:
		return "alpha: in a `v1` or `v1beta1` package only behind `+k8s:alpha(since: \"" + KubernetesRelease + "\")=`"
	case StabilityBeta:
		return "beta: in a `v1` package only behind `+k8s:beta(since: \"" + KubernetesRelease + "\")=` (or alpha)"
	}
	return "stable: anywhere"
}

// Stability is the tag's own stability in Kubernetes' generator.
func (d *Definition) Stability() Stability {
	if s, ok := tagStability[d.Name]; ok {
		return s
	}
	return StabilityStable
}
