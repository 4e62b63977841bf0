package model

import (
	"strings"

	"github.com/declval/validation-gen/markers"
)

// CEL rules come from +k8s:rule and, so that CRD projects work unchanged,
// from controller-gen's +kubebuilder:validation:XValidation, which is read
// whether or not CRDs are written: it is a rule the Go validator enforces.

const xValidationPrefix = "+kubebuilder:validation:XValidation:"

// xValidationKeys are the keys of an XValidation marker.
var xValidationKeys = []string{"rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"}

// xValidations reads the XValidation markers among comment lines.
func (b *builder) xValidations(lines []markers.Line) []Rule {
	var out []Rule
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		tag := strings.TrimPrefix(text, "+")
		bad := func(msg, fix string) {
			b.errs = append(b.errs, &markers.Error{Pos: l.Pos, Tag: tag, Msg: msg, Fix: fix})
		}
		args, ok := strings.CutPrefix(text, xValidationPrefix)
		if !ok && misspeltXValidation(text) {
			// Read with or without CRD output: a misspelt one would be a
			// rule neither the Go validator nor the CRD checks.
			name, _, _ := strings.Cut(strings.TrimPrefix(text, "+kubebuilder:validation:"), ":")
			bad("unknown marker +kubebuilder:validation:"+name+": neither the Go validator nor the CRD would check this rule", "did you mean +kubebuilder:validation:XValidation?")
			continue
		}
		if family, near := misspeltKubebuilder(text); !ok && near != "" && schemaFamilies[near] {
			// A marker no tool reads: whatever it says, nothing checks it.
			bad("unknown marker family +kubebuilder:"+family+": no tool reads it, so what it says is checked nowhere", "did you mean +kubebuilder:"+near+"?")
			continue
		}
		if !ok {
			// controller-gen's schema markers say what must be checked:
			// one left unread would be a check the Go validator (and,
			// with CRD output, the CRD) silently lacks, also when
			// controller-gen writes the CRD.
			if body, kb := strings.CutPrefix(text, kubebuilderPrefix); kb && isSchemaKubebuilder(body) {
				bad("validation-gen does not read controller-gen's schema markers: the Go validator and the CRD would not check this", schemaMarkerFix(body))
			}
			continue
		}
		kv, err := parseMarkerArgs(args, xValidationKeys)
		if err != nil {
			bad(err.Error(), `write +kubebuilder:validation:XValidation:rule="self.a <= self.b",message="a must not exceed b"`)
			continue
		}
		r := CEL{Src: Src{Pos: l.Pos, Tag: tag}, Rule: kv["rule"], Message: kv["message"], MessageExpression: kv["messageExpression"],
			Reason: kv["reason"], FieldPath: kv["fieldPath"]}
		switch kv["optionalOldSelf"] {
		case "", "false":
		case "true":
			r.OptionalOldSelf = true
		default:
			bad("optionalOldSelf must be true or false", "write optionalOldSelf=true")
			continue
		}
		if err := checkCEL(r); err != nil {
			bad(err.msg, err.fix)
			continue
		}
		out = append(out, r)
	}
	return out
}

// misspeltXValidation reports a controller-gen marker whose name is close
// to XValidation but is not it (XValidaton, xvalidation, XValidations).
func misspeltXValidation(text string) bool {
	body, ok := strings.CutPrefix(text, "+kubebuilder:validation:")
	if !ok {
		return false
	}
	name := body
	if i := strings.IndexAny(body, ":="); i >= 0 {
		name = body[:i]
	}
	return name != "XValidation" && markers.EditDistance(strings.ToLower(name), "xvalidation") <= 2
}

type celError struct{ msg, fix string }

// checkCEL checks what can be checked of a rule without a schema; the
// rest is compiled against the schema (checkCELRules).
func checkCEL(r CEL) *celError {
	if strings.TrimSpace(r.Rule) == "" {
		return &celError{"the rule is empty", `give the CEL expression: rule: "self.a <= self.b"`}
	}
	if strings.ContainsAny(r.Rule+r.MessageExpression, "“”") {
		// gofmt rewrites '' and `` in doc comments as typographic quotes.
		return &celError{"the rule has a typographic quote (“ or ”): gofmt turns '' and `` in a doc comment into them",
			`write the empty string as \"\" inside the tag's quotes (or test size(self.x) == 0)`}
	}
	switch r.Reason {
	case "", "FieldValueInvalid", "FieldValueForbidden", "FieldValueRequired", "FieldValueDuplicate":
	default:
		return &celError{"reason " + r.Reason + " is not one the API server knows", "use FieldValueInvalid, FieldValueForbidden, FieldValueRequired or FieldValueDuplicate"}
	}
	if strings.Contains(r.Message, "\n") {
		return &celError{"the message has a line break, which the API server rejects", "write the message on one line"}
	}
	return nil
}

// isSchemaKubebuilder reports whether a kubebuilder marker (without its
// "+kubebuilder:" prefix) is one of controller-gen's schema markers, which
// say what a field's schema checks or holds.
func isSchemaKubebuilder(body string) bool {
	for _, p := range []string{"validation:", "default", "pruning:", "title", "example", "externalDocs"} {
		if strings.HasPrefix(body, p) {
			return true
		}
	}
	return false
}

// schemaMarkerFix is the fix for a controller-gen schema marker: the tag
// that says the same.
func schemaMarkerFix(body string) string {
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
		if def, ok := markers.Default.Lookup("format"); ok {
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

// schemaFamilies are the families of controller-gen's schema markers.
var schemaFamilies = map[string]bool{"validation": true, "default": true, "pruning": true, "title": true, "example": true, "externalDocs": true}

// kubebuilderFamilies are the first segments of controller-tools' markers.
var kubebuilderFamilies = []string{"validation", "default", "pruning", "title", "example", "externalDocs",
	"resource", "subresource", "printcolumn", "selectablefield", "storageversion", "skip", "skipversion",
	"unservedversion", "deprecatedversion", "object", "rbac", "webhook", "ac", "metadata"}

// misspeltKubebuilder finds a +kubebuilder: marker whose first segment is
// not one of controller-tools' but is close to one (validaton, printcolum),
// and returns the segment and the family it is close to. Misspelt schema
// families are reported with a field's or type's tags (xValidations), the
// CRD-level ones with the kind's CRD markers (parseCRDMarkers).
func misspeltKubebuilder(text string) (family, near string) {
	body, ok := strings.CutPrefix(text, kubebuilderPrefix)
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
		if d := markers.EditDistance(strings.ToLower(family), strings.ToLower(f)); d < best && d <= len(f)/3 {
			best, near = d, f
		}
	}
	return family, near
}
