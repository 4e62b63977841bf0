package model

import (
	"strings"

	"github.com/declval/validation-gen/dialect"
	"github.com/declval/validation-gen/markers"
)

// CEL rules come from +k8s:rule and, so that CRD projects work unchanged,
// from controller-gen's +kubebuilder:validation:XValidation, which is read
// whether or not CRDs are written: it is a rule the Go validator enforces.

const xValidationPrefix = "+kubebuilder:validation:XValidation:"

// xValidationKeys are the keys of an XValidation marker.
var xValidationKeys = []string{"rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf"}

// controllerGenRules reads controller-gen's markers of a type or field,
// except on types read through +k8s:validation-gen-input. That is
// Kubernetes' own layout (k8s.io/api), where controller-gen's markers
// describe the OpenAPI schema openapi-gen publishes and declarative
// validation is the +k8s: tags alone, as Kubernetes' validation-gen reads
// it: a Go validator that enforced them would reject objects Kubernetes
// accepts.
func (b *builder) controllerGenRules(pkg *Package, lines []markers.Line) []Rule {
	if pkg != nil && pkg.InputPath != pkg.Path {
		return nil
	}
	return b.xValidations(lines)
}

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
		if !ok && markers.MisspeltXValidation(text) {
			// Read with or without CRD output: a misspelt one would be a
			// rule neither the Go validator nor the CRD checks.
			name, _, _ := strings.Cut(strings.TrimPrefix(text, "+kubebuilder:validation:"), ":")
			bad("unknown marker +kubebuilder:validation:"+name+": neither the Go validator nor the CRD would check this rule", "did you mean +kubebuilder:validation:XValidation?")
			continue
		}
		if family, near := markers.MisspeltKubebuilder(text); !ok && near != "" && markers.SchemaFamilies[near] {
			// A marker no tool reads: whatever it says, nothing checks it.
			bad("unknown marker family +kubebuilder:"+family+": no tool reads it, so what it says is checked nowhere", "did you mean +kubebuilder:"+near+"?")
			continue
		}
		if !ok {
			// controller-gen's schema markers say what must be checked:
			// one left unread would be a check the Go validator (and,
			// with CRD output, the CRD) silently lacks, also when
			// controller-gen writes the CRD.
			if body, kb := strings.CutPrefix(text, markers.KubebuilderPrefix); kb && markers.IsSchemaKubebuilder(body) {
				bad("in a package read as Kubernetes reads it (its +k8s:validation-gen tag), controller-gen's schema markers are not read: the Go validator and the CRD would not check this", dialect.K8sFix(text[1:]))
			}
			continue
		}
		kv, err := markers.ParseMarkerArgs(args, xValidationKeys, nil)
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
