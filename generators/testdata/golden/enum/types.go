package enum

// +k8s:enum
type Color string

const (
	ColorRed   Color = "Red"
	ColorGreen Color = "Green"
	ColorBlue  Color = "Blue"
	// ColorCrimson repeats a value.
	ColorCrimson Color = "Red"
)

// NotEnum has constants but no enum tag.
type NotEnum string

const NotEnumA NotEnum = "A"

type Enum struct {
	// +k8s:required
	C Color `json:"c"`
	// +k8s:optional
	P *Color           `json:"p,omitempty"`
	L []Color          `json:"l"`
	M map[string]Color `json:"m"`
	N NotEnum          `json:"n"`
	// +k8s:optional
	S Stage `json:"s,omitempty"`
}

// Stage has values left out of the enum: always, or while an option is
// enabled or disabled.
// +k8s:enum
type Stage string

const (
	StageAlpha Stage = "Alpha"
	// +k8s:ifDisabled("Preview")=+k8s:enumExclude
	StagePreview Stage = "Preview"
	// +k8s:ifEnabled("Legacy")=+k8s:enumExclude
	// +k8s:ifDisabled("Strict")=+k8s:enumExclude
	StageOld Stage = "Old"
	// +k8s:enumExclude
	StageInternal Stage = "Internal"
)
