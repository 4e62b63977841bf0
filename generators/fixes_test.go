package generators_test

import (
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// pastedFix is the line a message's fix says to write ("fix: write +x",
// "fix: did you mean +x?"), as the user would paste it: from its + to the
// end of the tag, before an aside ("(or, ...)", "; or ...", "? (the
// values...)").
func pastedFix(msg string) (string, bool) {
	_, fix, ok := strings.Cut(msg, "fix: ")
	if !ok {
		return "", false
	}
	if rest, ok := strings.CutPrefix(fix, "did you mean "); ok {
		fix, _, _ = strings.Cut(rest, "?")
	} else if rest, ok := strings.CutPrefix(fix, "write "); ok {
		fix = rest
		for _, aside := range []string{" (or", "; or"} {
			fix, _, _ = strings.Cut(fix, aside)
		}
	} else {
		return "", false
	}
	fix = strings.TrimSpace(fix)
	return fix, strings.HasPrefix(fix, "+")
}

// Every fix of this kind the generator prints can be pasted as written:
// the line it says to write, in place of the line it names, generates
// without a message about that line. Kubernetes' dialect (errors, lint
// on) and controller-gen's (warnings) alike.
func TestFixesPasteAsWritten(t *testing.T) {
	const k8sDoc = "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\npackage v1\n"
	const cgDoc = "// +groupName=fixes.example.com\npackage v1\n"
	cases := []struct {
		name, doc, line, want string
		typ                   string // the field's type; "" for string
	}{
		{"beta tag in a v1 package", k8sDoc, "// +k8s:unionDiscriminator", `+k8s:beta(since: "1.37")=+k8s:unionDiscriminator`, ""},
		{"alpha tag in a v1 package", k8sDoc, `// +k8s:neq="x"`, `+k8s:alpha(since: "1.37")=+k8s:neq="x"`, ""},
		{"misspelt tag", k8sDoc, "// +k8s:maxLenght=3", "+k8s:maxLength=3", ""},
		{"a format by its check's name", k8sDoc, "// +k8s:format=dns-label", "+k8s:format=k8s-short-name", ""},
		{"a misspelt format", k8sDoc, "// +k8s:format=k8s-long-nam", "+k8s:format=k8s-long-name", ""},
		{"a misspelt controller-gen marker in a +k8s: package", k8sDoc, "// +kubebuilder:validation:MaxLenght=3", "+k8s:maxLength=3", ""},
		{"controller-gen's pattern as a +k8s: tag", k8sDoc, `// +k8s:pattern=^\d+[a-z]$`, `+k8s:rule(rule: "self.matches(r'^\\d+[a-z]$')")`, ""},
		{"a quoted controller-gen pattern in a +k8s: package", k8sDoc, "// +kubebuilder:validation:Pattern=`^[a-z]+\"$`", `+k8s:rule(rule: "self.matches(r'^[a-z]+\"$')")`, ""},
		{"controller-gen's pattern as a +k8s: tag, in controller-gen's dialect", cgDoc, `// +k8s:pattern=^[a-z]+$`, `+kubebuilder:validation:Pattern=^[a-z]+$`, ""},
		{"a misspelt controller-gen marker", cgDoc, "// +kubebuilder:validation:MaxLenght=3", "+kubebuilder:validation:MaxLength=3", ""},
		{"a misspelt +k8s: tag in controller-gen's dialect", cgDoc, "// +k8s:maxLenght=3", "+kubebuilder:validation:MaxLength=3", ""},
		{"a misspelt +k8s: tag controller-gen reads, in its dialect", cgDoc, "// +k8s:minimun=3", "+k8s:minimum=3", "int32"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typ := c.typ
			if typ == "" {
				typ = "string"
			}
			types := func(line string) string {
				return "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
					"// +kubebuilder:object:root=true\ntype Thing struct {\n\tmetav1.TypeMeta   `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\tSpec Spec `json:\"spec\"`\n}\n\n" +
					"type Spec struct {\n" +
					"\t// +k8s:optional\n\t// +k8s:unionMember\n\tA *string `json:\"a,omitempty\"`\n" +
					"\t// +k8s:optional\n\t// +k8s:unionMember\n\tB *string `json:\"b,omitempty\"`\n" +
					"\t// +k8s:required\n\t" + line + "\n\tField " + typ + " `json:\"field\"`\n}\n"
			}
			const at = "types.go:20:" // the line of the case
			run := func(line string) string {
				dir := tempModule(t, map[string]string{"api/v1/doc.go": c.doc, "api/v1/types.go": types(line)})
				_, warnings, err := generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/..."}, OutputFile: outputFile})
				var msgs []string
				if err != nil {
					msgs = append(msgs, strings.Split(err.Error(), "\n")...)
				}
				for _, w := range warnings {
					msgs = append(msgs, w.Error())
				}
				for _, m := range msgs {
					if strings.Contains(m, at) {
						return m
					}
				}
				if err != nil {
					t.Fatalf("%s: no message at %s, but: %v", line, at, err)
				}
				return ""
			}
			msg := run(c.line)
			fix, ok := pastedFix(msg)
			if !ok || fix != c.want {
				t.Fatalf("%s: the fix to paste is %q (%v), want %q; the message:\n%s", c.line, fix, ok, c.want, msg)
			}
			if again := run("// " + fix); again != "" {
				t.Errorf("%s pasted as the fix says, %s: still\n%s", c.line, fix, again)
			}
		})
	}
}
