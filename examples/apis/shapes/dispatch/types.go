package dispatch

// WidgetKind is a root type: it serves /, /status and (by its own tag) /x/y.
// +k8s:supportsSubresource="/x/y"
type WidgetKind struct {
	// +k8s:required
	Name string `json:"name"`
}

// OtherKind serves / and /status only.
type OtherKind struct {
	// +k8s:minimum=1
	Size int `json:"size"`
}
