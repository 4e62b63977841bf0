package model

import (
	"encoding/json"
	"fmt"
	gotypes "go/types"
	"reflect"
	"strings"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// withDefault applies a field's +default to its +k8s:optional, as
// Kubernetes reads it: a field with a default is optional to clients but
// always set on the server, so it is "effectively required" (Required
// when unset), unless it is a value (not a pointer, list or map) whose
// default is its zero value, which no one can tell from unset: then the
// optional is documentation only, and nothing stops the field's checks.
func (b *builder) withDefault(f *Field, lines []markers.Line, gt gotypes.Type) {
	raw, line, ok, err := markers.FieldDefault(lines)
	if err != nil {
		b.errs = append(b.errs, err)
	}
	if !ok {
		return
	}
	f.Default, f.DefaultPos = raw, line.Pos
	tag := strings.TrimPrefix(strings.TrimSpace(line.Text), "+")
	var parsed any
	if json.Unmarshal([]byte(raw), &parsed) == nil {
		// The server (a CRD's default) and defaulter-gen decode the
		// default into the field as a client's JSON is: one that does not
		// decode is no default of this field.
		if why := gotype.JSONMismatch(gt, parsed); why != "" {
			b.errs = append(b.errs, &markers.Error{Pos: line.Pos, Tag: tag,
				Msg: fmt.Sprintf("+default=%s is no value of field %s (%s)", raw, f.GoName, why),
				Fix: "write a default of the field's type as JSON: +default=0, +default=\"text\", +default=true, +default={\"a\": 1}"})
			return
		}
	}
	if !hasOptional(f.Rules) {
		return // defaulter-gen's alone
	}
	fail := func(msg, fix string) {
		b.errs = append(b.errs, &markers.Error{Pos: line.Pos, Tag: tag, Msg: msg, Fix: fix})
	}
	if raw == "" {
		fail("+default has no value, so +k8s:optional cannot tell whether the field is defaulted", "write the default as JSON, e.g. +default=0 or +default=\"Equal\"")
		return
	}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		fail(fmt.Sprintf("+default=%s is not JSON (%v), and +k8s:optional reads it as JSON, as Kubernetes does", raw, err),
			"write the default as a JSON value (a ref(...) default cannot be read by validation)")
		return
	}
	if v == nil {
		fail("+default=null is no default: the field would stay unset", "remove the +default, or give a value")
		return
	}
	documentation := false
	if !gotype.Nilable(gt) {
		zero, known := gotype.ZeroJSON(gotype.Resolve(gotype.Deref(f.Go)))
		if !known {
			fail(fmt.Sprintf("+k8s:optional cannot compare the default with the zero value of %s", gotype.TypeString(f.Go)),
				"remove the +default, or use a pointer field")
			return
		}
		documentation = reflect.DeepEqual(v, zero)
	}
	f.Rules = effectivelyRequired(f.Rules, documentation)
}

// hasOptional reports whether rules hold +k8s:optional, also under an
// option.
func hasOptional(rules []Rule) bool {
	for _, r := range rules {
		switch x := r.(type) {
		case Optional:
			return true
		case IfOption:
			if hasOptional(x.Rules) {
				return true
			}
		}
	}
	return false
}

// effectivelyRequired turns +k8s:optional into a Required of the same
// place and level, or (documentation) drops it.
func effectivelyRequired(rules []Rule, documentation bool) []Rule {
	var out []Rule
	for _, r := range rules {
		switch x := r.(type) {
		case Optional:
			if documentation {
				continue
			}
			out = append(out, Required{Src: x.Src, Defaulted: true})
			continue
		case IfOption:
			if hasOptional(x.Rules) {
				x.Rules = effectivelyRequired(x.Rules, documentation)
				if len(x.Rules) == 0 {
					continue
				}
				r = x
			}
		}
		out = append(out, r)
	}
	return out
}
