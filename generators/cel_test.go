package generators_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// A bad CEL rule fails generation at the rule's line, with what the API
// server's CEL compiler and cost estimator say, and the fix; nothing is
// written. Each case is checked with and without CRD output.
func TestCELBadInput(t *testing.T) {
	cases := map[string][]string{
		"type-error":         {"types.go:12:", "CEL rule of ThingSpec", "properties[name]", "type 'string' does not support field selection", "fix: correct the rule"},
		"cost":               {"types.go:12:", "estimated rule cost exceeds budget", "the rule's estimated cost is", "fix: bound the lists and strings the rule reads with +k8s:maxItems"},
		"uncorrelatable":     {"types.go:16:", "transition rule", "ThingSpec.Steps", "types.go:13", "whose list type is atomic", "fix: make the list a list-map"},
		"bad-reason":         {"types.go:4:", "reason FieldValueTooLong is not one the API server knows", "fix: use FieldValueInvalid"},
		"kubebuilder-syntax": {"types.go:4:", "kubebuilder:validation:XValidation", "unterminated string after rule=", "fix:"},
		"non-struct":         {"types.go:3:", "type Name, which is not a struct, is not supported", "fix:"},
		"gofmt-quotes":       {"types.go:5:", "typographic quote", `fix: write the empty string as \"\"`},
		"bad-fieldpath":      {"types.go:3:", `".m": must be a valid path`, "fix: fieldPath names a field below the value"},
		// The cost is the messageExpression's, which the error says, with
		// the tag and a fix about the messageExpression.
		"message-cost": {"types.go:14:", `+k8s:rule(rule: "self.replicas >= 0", messageExpression:`, "estimated messageExpression cost exceeds budget",
			"the messageExpression's estimated cost is", "fix: make the messageExpression cheaper"},
		// A list in a map value is atomic: found without CRD output too.
		"uncorrelatable-map": {"types.go:16:", "transition rule", "ThingSpec.Steps", "whose list type is atomic", "fix: make the list a list-map"},
		// Rules neither side would check, or one side only.
		"chained":                  {"types.go:4:", `+k8s:ifEnabled("X")=+k8s:rule(rule: "self > 0")`, "+k8s:rule cannot be chained from +k8s:ifEnabled", "fix: write +k8s:rule on the field or the type itself"},
		"inline":                   {"types.go:8:", "a CEL rule on the inline field Thing.Inner is not applied", "fix: write the rule on the type Thing"},
		"misspelt-xvalidation":     {"types.go:4:", "+kubebuilder:validation:XValidaton:rule=", "unknown marker +kubebuilder:validation:XValidaton", "fix: did you mean +kubebuilder:validation:XValidation?"},
		"optional-old-self-unused": {"types.go:4:", "optionalOldSelf", "may not be set if oldSelf is not used in rule", "fix:"},
		"message-expression-type":  {"types.go:4:", "messageExpression must evaluate to a string", "fix:"},
	}
	for name, wants := range cases {
		for _, crd := range []bool{false, true} {
			t.Run(name, func(t *testing.T) {
				cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/celbad/" + name}, OutputFile: outputFile}
				if crd {
					cfg.CRDDir = filepath.Join(t.TempDir(), "crd")
				}
				outs, _, err := generators.Run(cfg)
				if err == nil {
					t.Fatalf("no error (crd=%v); outputs %d", crd, len(outs))
				}
				for _, w := range wants {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("crd=%v: error does not contain %q:\n%v", crd, w, err)
					}
				}
			})
		}
	}
}

// A transition rule below a list-map whose listType is on the list's type
// (not on the field) is correlatable: no error, with or without CRDs.
func TestCELTransitionBelowTypedefListMap(t *testing.T) {
	for _, crd := range []bool{false, true} {
		cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/celgood/typedef-listmap"}, OutputFile: outputFile}
		if crd {
			cfg.CRDDir = filepath.Join(t.TempDir(), "crd")
		}
		if _, _, err := generators.Run(cfg); err != nil {
			t.Errorf("crd=%v: %v", crd, err)
		}
	}
}

// A type whose rules are all in the compiled subset gets celAt_<Type>;
// one with a rule outside it keeps the interpreter, and the file says
// which rule and why. --cel-tests writes the package's differential test,
// and a run without it removes the one the generator wrote.
func TestCELCompiledOrInterpreted(t *testing.T) {
	cfg := generators.Config{Dir: wd(t), Patterns: []string{"./testdata/celgood/compiled"}, OutputFile: outputFile, CELTests: true}
	outs, _, err := generators.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var src, test string
	for _, o := range outs {
		switch filepath.Base(o.Path) {
		case outputFile:
			src = string(o.Content)
		case strings.TrimSuffix(outputFile, ".go") + "_cel_test.go":
			test = string(o.Content)
		}
	}
	for _, want := range []string{
		"func celAt_ThingSpec(op operation.Operation, p *vgruntime.Path, obj, oldObj *ThingSpec)",
		`"no such key: max"`,
		`vgruntime.CELFailed(p, "min", field.OmitValueType{}, detail, "FieldValueInvalid")`,
		`The CEL rules of Other are interpreted (runtime/celrules), not compiled to Go: rule "dyn(self.name) == 'x' || true": the function dyn.`,
		"celrules.ValidateIn(ctx, celRules_Other,",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the validation file has no %s", want)
		}
	}
	if strings.Contains(src, "celRules_ThingSpec") {
		t.Errorf("ThingSpec's rules are compiled, yet the file declares their interpreter")
	}
	for _, want := range []string{"var celOracle_ThingSpec = celrules.New(", `t.Run("ThingSpec"`, "validationtest.CELAgree(t,", `"a", "ax", "b"`} {
		if !strings.Contains(test, want) {
			t.Errorf("the CEL test has no %s:\n%s", want, test)
		}
	}
	if strings.Contains(test, "Other") {
		t.Errorf("the CEL test names the interpreted type Other")
	}

	// A run without --cel-tests removes the test file the generator wrote.
	files := map[string]string{"api/v1/" + strings.TrimSuffix(outputFile, ".go") + "_cel_test.go": test}
	for _, f := range []string{"doc.go", "types.go"} {
		b, err := os.ReadFile(filepath.Join(wd(t), "testdata/celgood/compiled", f))
		if err != nil {
			t.Fatal(err)
		}
		files["api/v1/"+f] = string(b)
	}
	dir := tempModule(t, files)
	testFile := filepath.Join(dir, "api/v1", strings.TrimSuffix(outputFile, ".go")+"_cel_test.go")
	outs, _, err = generators.Run(generators.Config{Dir: dir, Patterns: []string{"./api/v1"}, OutputFile: outputFile})
	if err != nil {
		t.Fatal(err)
	}
	removed := false
	for _, o := range outs {
		if o.Path == testFile && o.Content == nil {
			removed = true
		}
	}
	if !removed {
		t.Errorf("a run without CELTests does not remove %s", testFile)
	}
}
