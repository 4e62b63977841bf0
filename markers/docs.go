package markers

import (
	"fmt"
	"strings"
)

// Markdown renders the tag reference from the registry.
func (r *Registry) Markdown() string {
	var b strings.Builder
	b.WriteString("| tag | scopes | Go kinds | what it means | check | errors (Type / Origin) |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, d := range r.All() {
		status := ""
		if !d.Implemented {
			status = " (planned)"
		}
		fmt.Fprintf(&b, "| `+k8s:%s%s%s`%s | %s | %s | %s | %s | %s |\n",
			d.Name, d.ArgsDoc(), d.PayloadDoc(), status, d.Scopes.Codes(), cell(d.KindDoc()),
			cell(d.Summary+" Example: `"+d.Example+"`"), cell(d.Check), cell(d.Errors))
	}
	b.WriteString("\nScopes: T type definition, F struct field, LV list element (via eachVal), MK map key (via eachKey), MV map value (via eachVal), P package (doc.go), C constant.\n")
	return b.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
