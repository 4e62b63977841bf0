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

// SchemaMarkerFix is the fix for a controller-gen schema marker: the tag
// that says the same.
func SchemaMarkerFix(body string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(body, "validation:"), "=")
	name, _, _ = strings.Cut(name, ":")
	switch name {
	case "Minimum":
		return "use +k8s:minimum=<n>"
	case "Maximum":
		return "use +k8s:maximum=<n>"
	case "MinLength":
		return "use +k8s:minLength=<n>"
	case "MaxLength":
		return "use +k8s:maxLength=<n>"
	case "MinItems":
		return "use +k8s:minItems=<n>"
	case "MaxItems":
		return "use +k8s:maxItems=<n>"
	case "MinProperties":
		return "use +k8s:minProperties=<n>"
	case "MaxProperties":
		return "use +k8s:maxProperties=<n>"
	case "Required":
		return "use +k8s:required"
	case "Optional":
		return "use +k8s:optional"
	case "Enum":
		return "declare a string type with +k8s:enum and its values as constants"
	case "Format":
		if def, ok := Default.Lookup("format"); ok {
			return "use +k8s:format=" + strings.Join(def.Choices, "|") + ", or a +k8s:rule"
		}
		return "use +k8s:format=<name>, or a +k8s:rule"
	case "XValidation", "XValidations":
		return `write +kubebuilder:validation:XValidation:rule="self.a <= self.b",message="a must not exceed b"`
	}
	if strings.HasPrefix(body, "validation:") {
		return `use the +k8s: tag that says the same (validation-gen --docs lists them), or a +k8s:rule(rule: "...")`
	}
	return "remove it: validation-gen writes no defaults, titles or examples into the schema, and prunes unknown fields"
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
