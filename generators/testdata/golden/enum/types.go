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
}
