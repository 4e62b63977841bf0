package embedded

type Base struct {
	// +k8s:required
	ID string `json:"id"`
}

type Meta struct {
	// +k8s:maxLength=3
	Tag string `json:"tag"`
}

type Extra struct {
	// +k8s:minimum=1
	Level int `json:"level"`
}

type Embedded struct {
	Base `json:",inline"`
	Meta
	// +k8s:optional
	*Extra `json:",inline"`
	// +k8s:maxLength=2
	Own string `json:"own"`
}

// NamedEmbed is embedded under its own JSON name, not inline.
type NamedEmbed struct {
	Base `json:"base"`
}
