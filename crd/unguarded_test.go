package crd

import (
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

func TestUnguardedFields(t *testing.T) {
	zero := apiextv1.JSON{Raw: []byte(`""`)}
	s := &apiextv1.JSONSchemaProps{Type: "object", Required: []string{"req"}, Properties: map[string]apiextv1.JSONSchemaProps{
		"req": {Type: "string"}, "opt": {Type: "string"}, "def": {Type: "string", Default: &zero},
		"sub": {Type: "object", Required: []string{"inner"}, Properties: map[string]apiextv1.JSONSchemaProps{"inner": {Type: "string"}, "out": {Type: "string"}}},
	}}
	cases := map[string]string{
		"self.req == 'a'":                        "",
		"self.opt == 'a'":                        "self.opt",
		"!has(self.opt) || self.opt == 'a'":      "",
		"self.def == ''":                         "",
		"self.sub.inner == 'x'":                  "self.sub",
		"has(self.sub) && self.sub.inner == 'x'": "",
		"has(self.sub) && self.sub.out == 'x'":   "self.sub.out",
		"self.?opt.orValue('') == ''":            "",
		"oldSelf.opt == self.req":                "oldSelf.opt",
		"self.req.startsWith(self.opt)":          "self.opt",
		"[1, 2].all(x, x > 0)":                   "",
		"self.opt == 'a' && self.opt.size() > 1": "self.opt",
		"syntax error (":                         "",
	}
	if got := UnguardedFields("self.opt == self.sub.out", s, func(p []string) bool { return p[len(p)-1] != "opt" }); strings.Join(got, ",") != "self.sub" {
		t.Errorf("with a field Go always writes: %v", got)
	}
	for rule, want := range cases {
		if got := strings.Join(UnguardedFields(rule, s, nil), ","); got != want {
			t.Errorf("%s: got %q, want %q", rule, got, want)
		}
	}
}
