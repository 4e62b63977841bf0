package model

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// fixed reads a test tag of Kubernetes' generator (validators/testing.go
// there): validateTrue, validateTrueAlpha, validateTrueBeta and
// validateFalse are checks with a fixed result; validateError is a
// generation error by definition.
func (b *builder) fixed(tag *markers.Tag, src Src) Rule {
	if tag.Def.Name == "validateError" {
		b.errs = append(b.errs, markers.Errorf(tag, "remove it: +k8s:validateError exists to test that a generator stops on a tag's error",
			"forced error: %q", tag.Value))
		return nil
	}
	f := Fixed{Src: src, Pass: tag.Def.Name != "validateFalse", Message: tag.Value}
	shortCircuit, nonError := markers.FixedFlags(tag)
	if arg, ok := tag.Arg("typeArg"); ok && arg != "" {
		if msg, fix := checkTypeArg(arg, tag.Target); msg != "" {
			b.errs = append(b.errs, markers.Errorf(tag, fix, "%s", msg))
			return nil
		}
	}
	if !f.Pass {
		f.Mark, f.Stop, f.NonError = shortCircuit, shortCircuit, nonError
	}
	f.cohort, _ = tag.Arg("cohort")
	return f
}

// checkTypeArg checks a typeArg: Kubernetes' generator writes
// FixedResult[*<typeArg>](..., obj, ...), which compiles only when obj, the
// value (a pointer to it, for a value that is not nilable), has that type.
// validation-gen's code is typed and takes no type argument.
func checkTypeArg(arg string, tg markers.Target) (msg, fix string) {
	t, ok := tg.(*gotype.Target)
	if !ok {
		return "", ""
	}
	leaf := t.Type()
	for leaf.Kind == types.Pointer {
		leaf = leaf.Elem
	}
	switch gotype.Resolve(leaf).Kind {
	case types.Slice, types.Map, types.Interface, types.Pointer:
		return fmt.Sprintf("typeArg: %s is passed as it is, not by pointer, so the FixedResult[*%s] Kubernetes' generator writes would not compile", gotype.TypeString(leaf), strings.TrimPrefix(arg, "*")),
			"remove typeArg:; validation-gen's code needs none"
	}
	want := leaf.Name.Name
	if leaf.Name.Package != "" {
		want = leaf.Name.Package + "." + leaf.Name.Name
	}
	if got := strings.TrimPrefix(arg, "*"); got != want && got != leaf.Name.Name {
		return fmt.Sprintf("typeArg: %q is not the type of the value, %s: the FixedResult[*%s] Kubernetes' generator writes would not compile", arg, want, got),
			fmt.Sprintf("write typeArg: %q, or remove it (validation-gen's code needs none)", want)
	}
	return "", ""
}

// fixedCohorts resolves the cohorts of the test tags written at one place.
// Kubernetes' generator runs the checks of a named cohort after the
// place's others, in a group of their own, where a ShortCircuit failure
// stops only the group's checks that are not ShortCircuit. The results
// being fixed, what each cohort reports is known here: every failing
// ShortCircuit check if there is one, else every failing check; none of
// them stops anything outside its cohort.
func fixedCohorts(rules []Rule) []Rule {
	var cohorts []string
	stops := map[string]bool{}
	for _, r := range rules {
		if f, ok := r.(Fixed); ok && f.cohort != "" {
			if !slices.Contains(cohorts, f.cohort) {
				cohorts = append(cohorts, f.cohort)
			}
			stops[f.cohort] = stops[f.cohort] || (!f.Pass && f.Stop)
		}
	}
	if len(cohorts) == 0 {
		return rules
	}
	out := rules[:0:0]
	for _, r := range rules {
		f, ok := r.(Fixed)
		if !ok || f.cohort == "" {
			out = append(out, r)
			continue
		}
		if stops[f.cohort] && (f.Pass || !f.Stop) {
			continue // stopped by a ShortCircuit failure of its cohort
		}
		f.Stop, f.cohort = false, ""
		out = append(out, f)
	}
	return out
}

// checkFixedStops rejects a ShortCircuit test tag on a recursive struct
// type: its validation is written to compare the old and new values as it
// descends, and cannot stop before its fields as Kubernetes does there.
func (b *builder) checkFixedStops() {
	for _, t := range b.types {
		if !t.Recursive || t.Go.Kind != types.Struct {
			continue
		}
		for _, r := range t.Rules {
			if f, ok := r.(Fixed); ok && f.Stop {
				b.errs = append(b.errs, &markers.Error{Pos: f.Pos, Tag: f.Tag,
					Msg: fmt.Sprintf("validation-gen does not support flags: ShortCircuit on a test tag of type %s, which contains itself", t.Go.Name.Name),
					Fix: "write the tag without flags:, or on a field of the type"})
			}
		}
	}
}
