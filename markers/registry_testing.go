package markers

import (
	"strings"

	"k8s.io/gengo/v2/codetags"
)

// addTesting registers the tags Kubernetes' generator keeps for testing
// itself (validators/testing.go there), and its package tags that write
// test files into its own test tree. Packages written for it use them, so
// they are read here with the same meaning, or refused with a reason.
func addTesting(r *Registry) {
	fixedArgs := []Arg{
		{Name: "flags", Type: codetags.ArgTypeString, Doc: "ShortCircuit (a failure stops the place's other checks, and its error is marked so) and NonError (with ShortCircuit: a failure stops them without an error), comma-separated"},
		{Name: "typeArg", Type: codetags.ArgTypeString, Doc: "the value's type, as Kubernetes' generated code writes it in FixedResult[*T]; validation-gen's code needs none, and checks that it names the value's type"},
		{Name: "cohort", Type: codetags.ArgTypeString, Doc: "a group of test tags at one place: a ShortCircuit failure stops only its cohort's other checks, which run after the place's others"},
	}
	pass := func(name, level string) {
		summary := "A test tag of Kubernetes' generator: a check that always passes."
		if level != "" {
			summary = "A test tag of Kubernetes' generator: a check that always passes, whose tag is of " + level +
				" stability (Kubernetes' lint wants it behind +k8s:" + level + "; validation-gen has no lint)."
		}
		r.add(&Definition{
			Name: name, Scopes: scopeValue, Kinds: KindAny, Pointer: true,
			Args: fixedArgs, Payload: PayloadOptionalString, Repeatable: true,
			Summary: summary,
			Check:   "Nothing fails; the place counts as validated, so its type gets a Validate_ function as in Kubernetes. The payload is a message, unused.",
			Errors:  "none", Example: "+k8s:" + name + `="always"`, Implemented: true,
		})
	}
	pass("validateTrue", "")
	pass("validateTrueAlpha", "alpha")
	pass("validateTrueBeta", "beta")
	r.add(&Definition{
		Name: "validateFalse", Scopes: scopeValue, Kinds: KindAny, Pointer: true,
		Args: fixedArgs, Payload: PayloadOptionalString, Repeatable: true,
		Summary: "A test tag of Kubernetes' generator: a check that always fails, with the payload as its message.",
		Check: "Fails wherever the place is checked (on update, only when the value changed), with the detail \"forced failure: <payload>\". " +
			"No CRD form: an error with --crd-dir.",
		Errors:  "Invalid / validateFalse",
		Example: `+k8s:validateFalse(flags: "ShortCircuit")="stop here"`, Implemented: true,
	})
	r.add(&Definition{
		Name: "validateError", Scopes: scopeValue, Kinds: KindAny, Pointer: true,
		Payload: PayloadOptionalString, Repeatable: true,
		Summary: "A test tag of Kubernetes' generator: generation fails, with the payload in the message.",
		Check:   "Nothing is generated: the tag is a generation error (forced error: \"<payload>\"), as in Kubernetes.",
		Errors:  "a generation error", Example: `+k8s:validateError="not yet"`, Implemented: true,
	})
	r.add(&Definition{
		Name: "validation-gen-test-fixture", Scopes: ScopePackage, Kinds: KindAny,
		Payload: PayloadRaw,
		Summary: "Kubernetes' generator only: writes a _test.go that runs localSchemeBuilder.Test(t).ValidateFixtures(), the fixture test of that generator's own test registry (cmd/validation-gen/testscheme).",
		Check:   "Not generated: validation-gen writes no test files, and the method exists only on that test registry; the tag is an error that says so.",
		Errors:  "a generation error", Example: "+k8s:validation-gen-test-fixture=validateFalse", Implemented: true,
	})
	r.add(&Definition{
		Name: "validation-gen-test-targets", Scopes: ScopePackage, Kinds: KindAny,
		Payload: PayloadNone,
		Summary: "Kubernetes' generator only: writes a _coverage_test.go whose TestMain fails unless the tests observed every rule the tags declare (k8s.io/apimachinery/pkg/test/coverage).",
		Check:   "Not generated: validation-gen writes no test files, and only Kubernetes' test registries record what tests observe; the tag is an error that says so.",
		Errors:  "a generation error", Example: "+k8s:validation-gen-test-targets", Implemented: true,
	})
}

// isFixed reports whether a definition is one of the test tags with a
// fixed result.
func isFixed(d *Definition) bool {
	switch d.Name {
	case "validateTrue", "validateTrueAlpha", "validateTrueBeta", "validateFalse":
		return true
	}
	return false
}

// FixedFlags reads the flags: of a test tag, which checkFixed accepted.
func FixedFlags(tag *Tag) (shortCircuit, nonError bool) {
	flags, _ := tag.Arg("flags")
	for _, fl := range strings.Split(flags, ",") {
		shortCircuit = shortCircuit || strings.TrimSpace(fl) == "ShortCircuit"
		nonError = nonError || strings.TrimSpace(fl) == "NonError"
	}
	return shortCircuit, nonError
}

// checkFixed checks the arguments of the test tags in a tag's chain; via
// are the tags that chain it, outer first.
func checkFixed(tag *Tag, via []string) error {
	if tag.Chained != nil {
		return checkFixed(tag.Chained, append(via, tag.Def.Name))
	}
	if !isFixed(tag.Def) {
		return nil
	}
	flags, hasFlags := tag.Arg("flags")
	if hasFlags {
		// As Kubernetes reads them: "" is an unknown flag too.
		for _, fl := range strings.Split(flags, ",") {
			if fl = strings.TrimSpace(fl); fl != "ShortCircuit" && fl != "NonError" {
				return Errorf(tag, `write flags: "ShortCircuit", "NonError" or "ShortCircuit,NonError"`, "unknown flag %q", fl)
			}
		}
	}
	shortCircuit, nonError := FixedFlags(tag)
	if nonError && !shortCircuit {
		// Kubernetes' generator writes code that does not compile for it.
		return Errorf(tag, `add ShortCircuit (flags: "ShortCircuit,NonError": a failure stops the other checks without an error), or remove the flag`,
			"flags: NonError without ShortCircuit does nothing: the failure is neither reported nor stops anything")
	}
	if len(via) == 0 {
		return nil
	}
	if _, ok := tag.Arg("cohort"); ok {
		outer := via[len(via)-1]
		return Errorf(tag, "remove cohort:, or write the tag at the place itself",
			"cohort: has no effect after +k8s:%s: Kubernetes' generator runs the chained check in +k8s:%s's own group", outer, outer)
	}
	for _, v := range via {
		if hasFlags && v != "eachVal" && v != "eachKey" {
			return Errorf(tag, "write the tag without flags:, or at the place itself or behind +k8s:eachVal or +k8s:eachKey",
				"validation-gen does not support flags: on a test tag chained after +k8s:%s", v)
		}
	}
	return nil
}
