package markers

import "strings"

// The checks below read controller-gen's +kubebuilder: markers as text, so
// that a misspelt or unread one is an error where it is written (the model
// reads the markers validation-gen understands).

// KubebuilderPrefix starts every controller-tools marker.
const KubebuilderPrefix = "+kubebuilder:"

// MisspeltXValidation reports a controller-gen marker whose name is close
// to XValidation but is not it (XValidaton, xvalidation, XValidations).
func MisspeltXValidation(text string) bool {
	body, ok := strings.CutPrefix(text, "+kubebuilder:validation:")
	if !ok {
		return false
	}
	name := body
	if i := strings.IndexAny(body, ":="); i >= 0 {
		name = body[:i]
	}
	return name != "XValidation" && EditDistance(strings.ToLower(name), "xvalidation") <= 2
}

// IsSchemaKubebuilder reports whether a kubebuilder marker (without its
// "+kubebuilder:" prefix) is one of controller-gen's schema markers, which
// say what a field's schema checks or holds.
func IsSchemaKubebuilder(body string) bool {
	for _, p := range []string{"validation:", "default", "pruning:", "title", "example", "externalDocs"} {
		if strings.HasPrefix(body, p) {
			return true
		}
	}
	return false
}

// SchemaFamilies are the families of controller-gen's schema markers.
var SchemaFamilies = map[string]bool{"validation": true, "default": true, "pruning": true, "title": true, "example": true, "externalDocs": true}

// kubebuilderFamilies are the first segments of controller-tools' markers.
var kubebuilderFamilies = []string{"validation", "default", "pruning", "title", "example", "externalDocs",
	"resource", "subresource", "printcolumn", "selectablefield", "storageversion", "skip", "skipversion",
	"unservedversion", "deprecatedversion", "object", "rbac", "webhook", "ac", "metadata"}

// MisspeltKubebuilder finds a +kubebuilder: marker whose first segment is
// not one of controller-tools' but is close to one (validaton, printcolum),
// and returns the segment and the family it is close to. Misspelt schema
// families are reported with a field's or type's tags (model.xValidations), the
// CRD-level ones with the kind's CRD markers (ParseCRDMarkers).
func MisspeltKubebuilder(text string) (family, near string) {
	body, ok := strings.CutPrefix(text, KubebuilderPrefix)
	if !ok {
		return "", ""
	}
	family = body
	if i := strings.IndexAny(body, ":="); i >= 0 {
		family = body[:i]
	}
	best := 3
	for _, f := range kubebuilderFamilies {
		if f == family {
			return "", ""
		}
		if d := EditDistance(strings.ToLower(family), strings.ToLower(f)); d < best && d <= len(f)/3 {
			best, near = d, f
		}
	}
	return family, near
}
