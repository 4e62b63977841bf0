package markers

import (
	"fmt"
	"strings"
)

// Markdown renders the tag reference from the registry.
func (r *Registry) Markdown() string {
	var b strings.Builder
	b.WriteString("| tag | scopes | Go kinds | what it means | check | errors (Type / Origin) | Kubernetes' lint |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, d := range r.All() {
		status := ""
		if !d.Implemented {
			status = " (planned)"
		}
		fmt.Fprintf(&b, "| `+k8s:%s%s%s`%s | %s | %s | %s | %s | %s | %s |\n",
			d.Name, d.ArgsDoc(), d.PayloadDoc(), status, d.Scopes.Codes(), cell(d.KindDoc()),
			cell(d.Summary+" Example: `"+d.Example+"`"), cell(d.Check), cell(d.Errors), cell(d.LintDoc()))
	}
	b.WriteString("\nScopes: T type definition, F struct field, LV list element (via eachVal), MK map key (via eachKey), MV map value (via eachVal), P package (doc.go), C constant.\n")
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// CGMarkdown renders the reference of controller-gen's markers, read in
// packages written for controller-gen.
func CGMarkdown() string {
	var b strings.Builder
	b.WriteString("\nIn packages read as controller-gen reads them (`+groupName` and no `+k8s:validation-gen` package tag), controller-gen's markers, read as controller-gen reads them (docs/kubebuilder.md):\n\n")
	b.WriteString("| marker | written on | argument | what it means |\n|---|---|---|---|\n")
	arg := map[CGValue]string{CGFlag: "none, `=true` or `=false`", CGInt: "integer", CGFloat: "number", CGString: "string",
		CGStrings: "`{a,b}` or `a;b`", CGAny: "a value: `1`, `true`, `\"s\"`, `{a,b}`, `{k: v}`", CGArgs: "`key=value,...`"}
	for _, d := range CGDefs() {
		a := arg[d.Value]
		if d.Value == CGArgs {
			a = "`" + strings.Join(d.Keys, "=,") + "=`"
		}
		if d.Name == "default" {
			a = "JSON"
		}
		name := "`+" + d.Name + "`"
		if d.Items {
			name += " (also `+kubebuilder:validation:items:" + strings.TrimPrefix(d.Name, kbValidation) + "`)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", name, cgPlaces(d.Places), cell(a), cell(d.Doc))
	}
	return b.String()
}
