package dialect

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/declval/validation-gen/markers"
)

// The table of what a +k8s: tag means in a package read as controller-gen
// reads it. controller-gen (v0.23) reads some itself: +k8s:required,
// +k8s:optional, +k8s:immutable and +k8s:enum are in its registry as in
// markers' (their meaning is controller-gen's: kubebuilder applies them);
// +k8s:minimum, +k8s:maximum, +k8s:maxItems (on fields), +k8s:listType and
// +k8s:listMapKey it reads as the marker that says the same. It passes over
// every other +k8s: tag in silence. Here a tag that a controller-gen marker
// says the same as is applied as that marker, in the CRD and the Go
// validator alike, with a warning that controller-gen's CRD lacks it (the
// fix: that marker, which both apply); any other is a warning that
// nothing checks it. Read backwards, the same table gives the fix for a
// controller-gen marker written in a package read as Kubernetes reads it
// (K8sFix).

// k8sRow is a +k8s: tag that a controller-gen marker says the same as.
type k8sRow struct {
	// marker is that controller-gen marker.
	marker string
	// byControllerGen are the places where controller-gen reads the tag
	// itself; elsewhere validation-gen applies it beyond controller-gen.
	byControllerGen markers.CGPlace
	// format: the tag is +k8s:format, applied only where the API server
	// checks the format named (a CRD's format: of one it does not know
	// checks nothing).
	format bool
	// since is the controller-gen minor version that began to read the
	// tag (byControllerGen is nothing before it).
	since int
}

// k8sNativeSince are the controller-gen minor versions that began to read
// the +k8s: tags of its own registry (before, it passed them over).
var k8sNativeSince = map[string]int{"enum": 21, "immutable": 21}

// cgSince are the controller-gen minor versions that began to read a
// marker of its registry: before, it passed the marker over as one it did
// not know.
var cgSince = map[string]int{"default": 16, "required": 16}

// cgSinceFix is what an older version reads in place of such a marker.
var cgSinceFix = map[string]string{
	"default":  "write +kubebuilder:default=<the same JSON value>, which every version reads",
	"required": "drop omitempty from the json tag, where the package's fields are required by default, or write +kubebuilder:validation:Required, where they are optional by default (+kubebuilder:validation:Optional on the package)",
}

const kbValidation = "kubebuilder:validation:"

var k8sRows = map[string]k8sRow{
	"minimum":       {marker: kbValidation + "Minimum", byControllerGen: markers.CGOnField, since: 23},
	"maximum":       {marker: kbValidation + "Maximum", byControllerGen: markers.CGOnField, since: 23},
	"maxItems":      {marker: kbValidation + "MaxItems", byControllerGen: markers.CGOnField, since: 23},
	"listType":      {marker: "listType", byControllerGen: markers.CGOnField | markers.CGOnType, since: 22},
	"listMapKey":    {marker: "listMapKey", byControllerGen: markers.CGOnField | markers.CGOnType, since: 22},
	"minItems":      {marker: kbValidation + "MinItems"},
	"minLength":     {marker: kbValidation + "MinLength"},
	"maxLength":     {marker: kbValidation + "MaxLength"},
	"minProperties": {marker: kbValidation + "MinProperties"},
	"maxProperties": {marker: kbValidation + "MaxProperties"},
	"format":        {marker: kbValidation + "Format", format: true},
}

// ControllerGenMarkers reads the markers among the comment lines of a
// field, a type or a package read as controller-gen reads it: its own
// markers (markers.ParseControllerGen) and the +k8s: tags, as the table
// above says, in the order they are written (controller-gen's last one
// wins). Warnings are among the errors (markers.SplitWarnings). In a
// package outside the run (own false: a dependency such as k8s.io/api,
// whose +k8s: tags are Kubernetes' declarative validation of its own
// types) a +k8s: tag means only what it means to controller-gen: the
// schema of an embedded PodTemplateSpec stays the one controller-gen
// writes, and nobody is warned about tags they cannot change.
//
// minor is the controller-gen minor version followed: a tag it did not
// read yet is one it passes over (+k8s:minimum before v0.23,
// +k8s:listType before v0.22, +k8s:enum and +k8s:immutable before v0.21).
func ControllerGenMarkers(lines []markers.Line, place markers.CGPlace, own bool, minor int) ([]*markers.CGMarker, []error) {
	var out []*markers.CGMarker
	var errs []error
	for _, l := range lines {
		if l.Block {
			continue // controller-gen reads markers in // comments only
		}
		text := strings.TrimSpace(l.Text)
		if w := nearMiss(l, text); w != nil {
			errs = append(errs, w)
			continue
		}
		body, isK8s := strings.CutPrefix(text, markers.Prefix)
		if !isK8s {
			ms, es := markers.ParseControllerGen([]markers.Line{l}, place)
			for _, m := range ms {
				if m.Items && minor < 15 {
					// v0.15 registered an items: copy of each marker.
					if own && place != markers.CGOnPackage {
						errs = append(errs, itemsNotYetRead(m))
					}
					continue
				}
				if since := cgSince[m.Def.Name]; minor < since {
					if own && place != markers.CGOnPackage {
						errs = append(errs, markerNotYetRead(m, since))
					}
					continue
				}
				out = append(out, m)
			}
			errs = append(errs, es...)
			continue
		}
		name := tagName(body)
		if markers.ForeignTag(name) {
			continue // another generator's (+k8s:deepcopy-gen)
		}
		if _, native := markers.CGLookup("k8s:" + name); native {
			if since := k8sNativeSince[name]; minor < since {
				if own && place != markers.CGOnPackage {
					errs = append(errs, notYetRead(l, "k8s:"+body, name, since))
				}
				continue
			}
			ms, es := markers.ParseControllerGen([]markers.Line{l}, place)
			out, errs = append(out, ms...), append(errs, es...)
			continue
		}
		row, ok := k8sRows[name]
		// A tag the version followed does not read yet is one it
		// passes over everywhere.
		notYet := minor < row.since
		if notYet {
			row.byControllerGen = 0
		}
		if !ok || place == markers.CGOnPackage || (!own && row.byControllerGen&place == 0) {
			if own && place != markers.CGOnPackage {
				errs = append(errs, notApplied(l, "k8s:"+body, name))
			}
			continue
		}
		ms, es := applyK8s(l, "k8s:"+body, name, row, place, notYet)
		out, errs = append(out, ms...), append(errs, es...)
	}
	if own {
		errs = append(errs, contradictions(out)...)
	}
	return out, errs
}

// single are the markers of one value at a place, which controller-gen
// applies in the order written, so that the last one wins.
var single = []string{"Minimum", "Maximum", "MultipleOf", "MinLength", "MaxLength", "Pattern",
	"MinItems", "MaxItems", "MinProperties", "MaxProperties", "Format", "Type"}

// bounds are the pairs of markers whose lower bound may not pass the upper.
var bounds = [][2]string{{"Minimum", "Maximum"}, {"MinLength", "MaxLength"}, {"MinItems", "MaxItems"}, {"MinProperties", "MaxProperties"}}

// contradictions are the warnings for the markers of one place that
// cannot all be meant: one marker given twice with different values
// (controller-gen keeps the last without a word), and a lower bound above
// its upper bound (controller-gen writes both, and the server then refuses
// every value of the field).
func contradictions(ms []*markers.CGMarker) []error {
	var errs []error
	last := map[string]*markers.CGMarker{}
	for _, m := range ms {
		short, ok := strings.CutPrefix(m.Def.Name, kbValidation)
		if !ok || !slices.Contains(single, short) {
			continue
		}
		if m.Items {
			short = "items:" + short
		}
		if prev := last[short]; prev != nil && cgValue(prev) != cgValue(m) {
			errs = append(errs, &markers.Warning{Kind: markers.Contradiction, Pos: m.Pos, Tag: m.Text,
				Msg:  fmt.Sprintf("%s is given twice with different values (+%s at line %d)", short, prev.Text, prev.Pos.Line),
				Does: "keeps the last one written, this one, without a word (so does validation-gen)",
				Fix:  "delete the line of the value you do not mean"})
		}
		last[short] = m
	}
	for _, items := range []string{"", "items:"} {
		for _, b := range bounds {
			lo, hi := last[items+b[0]], last[items+b[1]]
			if lo == nil || hi == nil || cgNumber(lo) <= cgNumber(hi) {
				continue
			}
			at := lo
			if hi.Pos.Line > lo.Pos.Line {
				at = hi
			}
			errs = append(errs, &markers.Warning{Kind: markers.Contradiction, Pos: at.Pos, Tag: at.Text,
				Msg:  fmt.Sprintf("no value satisfies both +%s and +%s: the lower bound is above the upper", lo.Text, hi.Text),
				Does: "writes both into the CRD, and the API server then rejects every value of the field",
				Fix:  "correct the bound you got wrong"})
		}
	}
	return errs
}

// cgValue is a marker's value, to compare two of one marker.
func cgValue(m *markers.CGMarker) string {
	return fmt.Sprintf("%v|%d|%q|%q", m.Float, m.Int, m.Str, m.Strs)
}

// cgNumber is the value of a numeric marker.
func cgNumber(m *markers.CGMarker) float64 {
	if m.Def.Value == markers.CGFloat {
		return m.Float
	}
	return float64(m.Int)
}

// applyK8s reads a +k8s: tag as the controller-gen marker of its row;
// notYet: the controller-gen followed does not read it yet.
func applyK8s(l markers.Line, tag, name string, row k8sRow, place markers.CGPlace, notYet bool) ([]*markers.CGMarker, []error) {
	_, arg, _ := strings.Cut(tag, "=")
	// controller-gen strips a trailing comment from its +k8s: markers'
	// values, as Kubernetes' tag parser does.
	if i := strings.Index(arg, " #"); i >= 0 {
		arg = arg[:i]
	}
	arg = strings.TrimSpace(arg)
	if row.format && !ServerChecksFormat(arg) {
		return nil, []error{&markers.Warning{Kind: markers.K8sTagNotApplied, Pos: l.Pos, Tag: tag,
			Msg:  "the API server checks no format " + arg + " in a CRD, and the Go validator of a controller-gen package checks what its CRD checks",
			Does: "ignores +k8s:format, so nothing checks it (nor here)",
			Fix:  `write the check as +kubebuilder:validation:Pattern=<regular expression> or +kubebuilder:validation:XValidation:rule="...", or delete the line`}}
	}
	as := "+" + row.marker + "=" + arg
	ms, es := markers.ParseControllerGen([]markers.Line{{Text: as, Pos: l.Pos}}, place)
	for _, m := range ms {
		m.Text = tag
	}
	for _, e := range es {
		retag(e, tag, row.marker, "k8s:"+name)
	}
	if row.byControllerGen&place == 0 && len(ms) > 0 {
		does := "ignores +k8s:" + name + ", so its CRD does not check it"
		if notYet {
			does = fmt.Sprintf("ignores +k8s:%s before v0.%d (the version followed, --controller-gen-version), so its CRD does not check it", name, row.since)
		} else if row.byControllerGen != 0 {
			does = "reads +k8s:" + name + " on a field only, so its CRD does not check it here"
		}
		es = append(es, &markers.Warning{Kind: markers.K8sTagApplied, Pos: l.Pos, Tag: tag,
			Msg:  "applied as " + as + ", in the CRD and the Go validator",
			Does: does,
			Fix:  "write " + as + " in its place, which both generators apply"})
	}
	return ms, es
}

// retag makes an error about a +k8s: tag read as a controller-gen marker
// name the tag as written.
func retag(err error, body, marker, tag string) {
	switch e := err.(type) {
	case *markers.Error:
		e.Tag, e.Fix = body, strings.ReplaceAll(e.Fix, marker, tag)
	case *markers.Warning:
		e.Tag, e.Fix = body, strings.ReplaceAll(e.Fix, marker, tag)
	}
}

// notApplied is the warning for a +k8s: tag that no controller-gen marker
// says the same as.
func notApplied(l markers.Line, tag, name string) *markers.Warning {
	if _, known := markers.Default.Lookup(name); !known {
		fix := "delete the line (validation-gen --docs lists the +k8s: tags)"
		value := strings.TrimPrefix(tag, "k8s:"+name) // "=3", "(...)", or ""
		if near := markers.Default.Suggest(name); near != "" {
			fix = "write +k8s:" + near + value
			if row, ok := k8sRows[near]; ok && row.byControllerGen == 0 && !row.format {
				// What both generators apply, not a tag controller-gen
				// passes over (a warning of its own).
				fix = "write +" + row.marker + value
			}
		} else if cg := markers.ControllerGenValidation(name); cg != "" {
			fix = "write +" + cg + value // controller-gen's marker by that name
		}
		return &markers.Warning{Kind: markers.UnknownMarker, Pos: l.Pos, Tag: tag, Msg: "no +k8s: tag has this name",
			Does: "passes over it in silence, so nothing checks it (nor here)", Fix: fix}
	}
	return &markers.Warning{Kind: markers.K8sTagNotApplied, Pos: l.Pos, Tag: tag,
		Msg:  "+k8s:" + name + " has no controller-gen marker that says the same, so in a package read as controller-gen reads it nothing checks it",
		Does: "passes over it in silence, so its CRD does not check it either",
		Fix:  `write the check as +kubebuilder:validation:XValidation:rule="..." (a CEL rule), or read the package as Kubernetes does: +k8s:validation-gen=TypesWithField=TypeMeta in its doc.go, with +k8s: tags in place of its +kubebuilder: markers`}
}

// notYetRead is the warning for a +k8s: tag of controller-gen's own that
// the version followed does not read yet.
func notYetRead(l markers.Line, tag, name string, since int) *markers.Warning {
	return &markers.Warning{Kind: markers.K8sTagNotApplied, Pos: l.Pos, Tag: tag,
		Msg:  fmt.Sprintf("controller-gen reads +k8s:%s from v0.%d on, and the version followed (--controller-gen-version) is older", name, since),
		Does: "passes it over in silence, so its CRD does not check it (nor here)",
		Fix:  fmt.Sprintf("follow the controller-gen that reads it, --controller-gen-version=v0.%d.0 or later (the project's own, once it is upgraded)", since)}
}

// markerNotYetRead is the warning for a marker of controller-gen's
// registry that the version followed does not read yet (cgSince).
func markerNotYetRead(m *markers.CGMarker, since int) *markers.Warning {
	return &markers.Warning{Kind: markers.UnknownMarker, Pos: m.Pos, Tag: m.Text,
		Msg:  fmt.Sprintf("controller-gen reads +%s from v0.%d on, and the version followed (--controller-gen-version) is older", m.Def.Name, since),
		Does: "passes it over as a marker it does not know, so its CRD does not say it (nor here)",
		Fix:  fmt.Sprintf("%s; or follow v0.%d or later (--controller-gen-version), as the project's controller-gen once it is upgraded", cgSinceFix[m.Def.Name], since)}
}

// itemsNotYetRead is the warning for a +kubebuilder:validation:items:
// marker where the version followed is older than v0.15, which began to
// read them.
func itemsNotYetRead(m *markers.CGMarker) *markers.Warning {
	return &markers.Warning{Kind: markers.UnknownMarker, Pos: m.Pos, Tag: m.Text,
		Msg:  "controller-gen reads +kubebuilder:validation:items: markers from v0.15 on, and the version followed (--controller-gen-version) is older",
		Does: "passes it over as a marker it does not know, so its CRD does not say it (nor here)",
		Fix:  "declare the items' type (type Item string) with the marker without items:, and make the list of it; or follow v0.15 or later (--controller-gen-version), as the project's controller-gen once it is upgraded"}
}

// nearMiss is the warning for a line meant as a marker that neither
// generator reads (markers.NearMissOf). text is trimmed as controller-gen
// trims it, of every Unicode space.
func nearMiss(l markers.Line, text string) *markers.Warning {
	want, ok := markers.NearMissOf(text, "kubebuilder:", "k8s:")
	if !ok {
		return nil
	}
	// The line is quoted rather than named as a tag: its + may be none.
	return &markers.Warning{Kind: markers.NearMiss, Pos: l.Pos,
		Msg:  fmt.Sprintf("%q is not a marker as written (%s is one)", text, want),
		Does: "reads no marker in it, so it changes nothing (nor here)",
		Fix:  "write " + want}
}

// tagName is a +k8s: tag's name: what comes before its value or
// arguments.
func tagName(body string) string {
	if i := strings.IndexAny(body, "=( \t"); i >= 0 {
		return body[:i]
	}
	return body
}

// ServerChecksFormat reports whether the API server (1.37) checks a string
// format in a CRD; it ignores the formats it does not know.
func ServerChecksFormat(format string) bool {
	return len(validation.GetUnrecognizedFormats(&spec.Schema{SchemaProps: spec.SchemaProps{Type: spec.StringOrArray{"string"}, Format: format}}, version.MajorMinor(1, 37))) == 0
}

// K8sFix is the fix for a controller-gen schema marker written in a
// package read as Kubernetes reads it, where controller-gen's markers but
// XValidation are not read: the +k8s: tag that says the same, with its
// value (the table above, read backwards).
func K8sFix(body string) string {
	name, arg, hasArg := strings.Cut(body, "=")
	if _, known := markers.CGLookup(name); !known {
		if near := markers.ClosestControllerGen(name); near != "" {
			name = near // a misspelling: what the marker it means says
		}
	}
	short := strings.TrimPrefix(name, kbValidation)
	for _, k8s := range sortedRows() {
		row := k8sRows[k8s]
		if row.marker != name || row.marker == "listType" || row.marker == "listMapKey" {
			continue
		}
		if row.format {
			if def, ok := markers.Default.Lookup("format"); ok && !slices.Contains(def.Choices, arg) {
				return "use +k8s:format=" + strings.Join(def.Choices, "|") + `, or a +k8s:rule(rule: "...")`
			}
		}
		if arg == "" {
			arg = "<value>"
		}
		return "write +k8s:" + k8s + "=" + arg
	}
	switch short {
	case "Pattern":
		if u, err := strconv.Unquote(strings.TrimSpace(arg)); err == nil {
			arg = u // controller-gen reads a quoted pattern unquoted
		}
		if rule, ok := patternRule(arg); ok && hasArg {
			return "write " + rule
		}
		return `write +k8s:rule(rule: "self.matches('<regular expression>')")`
	case "Required":
		return "write +k8s:required"
	case "Optional":
		return "write +k8s:optional"
	case "Enum":
		return "declare a string type with +k8s:enum, and its values as constants of the type"
	case "XValidation", "XValidations":
		return `write +kubebuilder:validation:XValidation:rule="self.a <= self.b",message="a must not exceed b"`
	}
	if strings.HasPrefix(body, "validation:") || strings.HasPrefix(body, kbValidation) {
		return `use the +k8s: tag that says the same (validation-gen --docs lists them), or a +k8s:rule(rule: "...")`
	}
	return "remove it: validation-gen writes no defaults, titles or examples into the schema of a package read as Kubernetes reads it, and prunes unknown fields"
}

func init() { markers.KubebuilderFix = K8sFix }

// patternRule is the +k8s:rule that checks a controller-gen Pattern: a
// CEL raw string, in a tag's double-quoted value (where a backslash and
// the quote are escaped). A pattern with a single quote has no such
// string.
func patternRule(pattern string) (string, bool) {
	if pattern == "" || strings.Contains(pattern, "'") {
		return "", false
	}
	quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(pattern)
	return `+k8s:rule(rule: "self.matches(r'` + quoted + `')")`, true
}

func sortedRows() []string {
	return slices.Sorted(maps.Keys(k8sRows))
}
