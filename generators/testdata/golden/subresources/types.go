package subresources

// WidgetKind serves /, /scale, /status and, by its own tag, /x/y.
// +k8s:supportsSubresource="/x/y"
type WidgetKind struct {
	// +k8s:required
	Name string `json:"name"`
}

// OtherKind serves the package's subresources only.
type OtherKind struct {
	// +k8s:minimum=1
	Size int `json:"size"`
}

// NoneKind has no validations: not registered.
type NoneKind struct {
	Note string `json:"note"`
}
