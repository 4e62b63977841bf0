package crd

import (
	"strings"
	"unicode"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/declval/validation-gen/kubebuilder"
)

// truncateDescriptions cuts every description of a schema, its own and
// its subschemas', to at most max bytes, as controller-gen's
// crd:maxDescLen does: 0 drops them; a longer one ends at the last
// sentence end within max bytes, else at the last space before it with
// "...", else after max bytes with "...". A negative max keeps them
// whole. Projects use it to keep a CRD under the 256 KiB a
// kubectl apply annotation holds.
func truncateDescriptions(s *apiextv1.JSONSchemaProps, max int) {
	if max < 0 {
		return
	}
	kubebuilder.EachNode(s, func(n *apiextv1.JSONSchemaProps) { n.Description = truncateDescription(n.Description, max) })
}

func truncateDescription(d string, max int) string {
	if max == 0 {
		return ""
	}
	if len(d) <= max {
		return d
	}
	cut := d[:max]
	if i := strings.LastIndexFunc(cut, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); i > 0 {
		return cut[:i+1]
	}
	if i := strings.LastIndexFunc(cut, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); i > 0 {
		return cut[:i] + "..."
	}
	return cut + "..."
}
