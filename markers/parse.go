package markers

import (
	"fmt"
	"go/token"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"
)

// Line is one comment line with where it was written.
type Line struct {
	Text string
	Pos  token.Position
	// Block is set for a line of a /* */ comment, where controller-gen
	// reads no marker.
	Block bool
}

// Target is the place a tag is written on, as the registry needs to see
// it: its scope, the kind of its Go type and the places reachable from it
// by a chained tag. The model builder implements it over the loaded types.
type Target interface {
	Scope() Scope
	// Describe names the place for error messages, e.g.
	// `field CronTabSpec.Replicas (int32)`.
	Describe() string
	// Kind is the kind of the value, with typedefs resolved; KindPointer
	// for a pointer.
	Kind() Kind
	// Deref is the pointee of a pointer, at the same scope; nil otherwise.
	Deref() Target
	// Elem is the list element (ScopeListVal) or map value (ScopeMapVal).
	Elem() Target
	// Key is the map key (ScopeMapKey).
	Key() Target
	// Field is the struct field with that JSON name (ScopeField).
	Field(jsonName string) Target
	// IntRange is the range of an integer type.
	IntRange() (min int64, max uint64)
	// Named reports whether the type is a named type (not a builtin).
	Named() bool
}

// Tag is a parsed, placed and checked tag.
type Tag struct {
	Def       *Definition
	Text      string // as written, without the leading "+"
	Pos       token.Position
	Args      []codetags.Arg
	Value     string
	ValueType codetags.ValueType
	// Int is the parsed value of integer payloads.
	Int int64
	// Chained is the tag of a =+<tag> payload, placed at ChainTarget.
	Chained *Tag
	Target  Target
	// Level is "alpha" or "beta" for a tag written behind +k8s:alpha or
	// +k8s:beta (and for every tag chained from it), "" for a stable one;
	// Since is the wrapper's since: argument. The wrapper itself is not a
	// Tag: Parse returns the tag it wraps, so that every reader of a tag
	// (listMapKey, unionMember, enum, ...) sees it as usual.
	Level, Since string
	// Wrapper is the +k8s:alpha or +k8s:beta written right around this tag
	// ("" if none), and Nested the one written inside it or after another
	// tag (+k8s:ifEnabled(...)=+k8s:alpha=...), which Kubernetes' lint
	// rejects: a wrapper goes first.
	Wrapper, Nested string
}

// Arg returns a named argument's value, or the positional one for "".
func (t *Tag) Arg(name string) (string, bool) {
	for _, a := range t.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Error is a tag that cannot be used as written.
type Error struct {
	Pos token.Position
	Tag string
	Msg string
	Fix string
}

func (e *Error) Error() string { return describe(e.Pos, e.Tag, e.Msg, "", e.Fix) }

// describe is the one line of an error or a warning: file:line: +tag:
// what is wrong; controller-gen does (warnings); fix: the fix.
func describe(pos token.Position, tag, msg, does, fix string) string {
	var b strings.Builder
	if pos.Filename != "" {
		fmt.Fprintf(&b, "%s:%d: ", pos.Filename, pos.Line)
	}
	if tag != "" {
		fmt.Fprintf(&b, "+%s: ", tag)
	}
	b.WriteString(msg)
	if does != "" {
		b.WriteString("; controller-gen ")
		b.WriteString(does)
	}
	if fix != "" {
		b.WriteString("; fix: ")
		b.WriteString(fix)
	}
	return b.String()
}

// Errorf builds an Error for a tag.
func Errorf(tag *Tag, fix, format string, args ...any) *Error {
	return &Error{Pos: tag.Pos, Tag: tag.Text, Msg: fmt.Sprintf(format, args...), Fix: fix}
}

// kubernetesOnly are tags of later versions of the Kubernetes generator
// than v0.37, every tag of which validation-gen reads; they get their own
// message rather than "unknown tag", since they are not typos.
var kubernetesOnly = map[string]bool{
	"declarativeValidationNative": true, "default": true, "nullable": true,
}

// Parse finds the tags among comment lines, parses them and checks them
// against the place they are written on. Tags of other generators are
// skipped. Every problem is reported; tags with problems are dropped.
func (r *Registry) Parse(lines []Line, t Target) ([]*Tag, []error) {
	var tags []*Tag
	var errs []error
	for _, l := range lines {
		text := strings.TrimLeft(l.Text, " \t")
		if want, ok := NearMissOf(l.Text, "k8s:"); ok {
			// Quoted, not named as a tag: its + may be a look-alike, and
			// a no-break space shows only as \u00a0.
			errs = append(errs, &Error{Pos: l.Pos,
				Msg: fmt.Sprintf("%q is not a tag as written (a space or a second + after //, a capital letter, a look-alike of + or of a space), so no generator reads it", strings.TrimRight(text, " \t")), Fix: "write it as " + want})
			continue
		}
		if !strings.HasPrefix(text, Prefix) {
			continue
		}
		body := strings.TrimSpace(text[1:]) // keep "k8s:" in the name for messages
		name := tagName(text[len(Prefix):])
		if ForeignTag(name) {
			continue
		}
		tag, err := r.parseOne(body, l.Pos, t)
		if err == nil {
			err = checkFixed(tag, nil)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		tags = append(tags, tag)
	}
	errs = append(errs, r.checkPlace(tags)...)
	errs = append(errs, checkOpenAPIPresence(lines, tags)...)
	if len(errs) > 0 {
		return nil, errs
	}
	return tags, nil
}

func tagName(s string) string {
	for i, c := range s {
		if !(c == '_' || c == '-' || c == '.' || c == ':' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return s[:i]
		}
	}
	return s
}

// MaxChain is the most tags a tag may chain after itself (=+k8s:...):
// Kubernetes' own chains are a few deep, and a chain generates nested
// code, which Go's parser limits.
const MaxChain = 15

func (r *Registry) parseOne(body string, pos token.Position, t Target) (*Tag, error) {
	name := tagName(strings.TrimPrefix(body, "k8s:"))
	def, ok := r.Lookup(name)
	if !ok {
		return nil, r.unknown(name, body, pos)
	}
	if def.Name == NoLint {
		return r.parseNoLint(def, body, pos, t)
	}
	var parsed codetags.Tag
	var err error
	if def.Payload == PayloadRaw {
		parsed, err = codetags.Parse(body, codetags.RawValues(true))
	} else {
		parsed, err = codetags.Parse(body)
	}
	if err != nil {
		fix := fmt.Sprintf("write it as %s", def.Example)
		if strings.Contains(err.Error(), "unhandled escaped character") {
			// Kubernetes' tag syntax (gengo's codetags) is not Go's: a
			// backslash escapes in back quotes too, and only the quote and
			// itself.
			fix = "in a quoted value, double or back quotes alike (Kubernetes' tag syntax, not Go's), a backslash escapes only the quote and itself: write \\\\ for a backslash, \\\" or \\` for the quote"
		}
		if tag, comment, ok := slashComment(body, def); ok {
			// gengo's codetags, which reads Kubernetes' tags, takes a
			// comment after # only; // is an error there too.
			return nil, &Error{Pos: pos, Tag: body,
				Msg: "the // comment after the tag cannot be parsed: Kubernetes' tag parser (gengo codetags) reads a trailing comment after # only",
				Fix: fmt.Sprintf("write it as +%s # %s, or put the comment on its own line", tag, comment)}
		}
		return nil, &Error{Pos: pos, Tag: body, Msg: "cannot parse: " + err.Error(), Fix: fix}
	}
	depth := 0
	for c := parsed.ValueTag; c != nil; c = c.ValueTag {
		depth++
	}
	if depth > MaxChain {
		short := body
		if len(short) > 80 {
			short = short[:80] + "..."
		}
		return nil, &Error{Pos: pos, Tag: short,
			Msg: fmt.Sprintf("a chain of %d tags is longer than validation-gen reads (%d): the code it would generate nests too deep to compile", depth+1, MaxChain+1),
			Fix: "write the rule with fewer chained tags (a repeated +k8s:ifEnabled of one option is one)"}
	}
	return r.place(def, parsed, body, pos, t)
}

func (r *Registry) unknown(name, body string, pos token.Position) error {
	if kubernetesOnly[name] {
		return &Error{Pos: pos, Tag: body,
			Msg: fmt.Sprintf("+k8s:%s is a tag of the Kubernetes generator that validation-gen does not support", name),
			Fix: "remove it, or express the rule with a supported tag (validation-gen --docs lists them)"}
	}
	fix := "remove it, or use a tag listed by validation-gen --docs"
	if s := r.suggest(name); s != "" {
		fix = fmt.Sprintf("did you mean +k8s:%s%s?", s, strings.TrimPrefix(body, "k8s:"+name))
	} else if cg := ControllerGenValidation(name); cg != "" && KubebuilderFix != nil {
		// A controller-gen marker's name written as a +k8s: tag: what
		// says the same in a package read as Kubernetes reads it.
		_, value, _ := strings.Cut(body, "=")
		fix = KubebuilderFix(cg + "=" + value)
	}
	return &Error{Pos: pos, Tag: body, Msg: fmt.Sprintf("unknown tag +k8s:%s", name), Fix: fix}
}

// KubebuilderFix is the fix for a controller-gen marker (without its "+")
// written in a package read as Kubernetes reads it: package dialect's
// table, which imports this package, sets it.
var KubebuilderFix func(body string) string

// Suggest finds the registered name closest to a misspelt one ("" when
// none is close).
func (r *Registry) Suggest(name string) string { return r.suggest(name) }

// suggest finds the registered name closest to a misspelt one.
func (r *Registry) suggest(name string) string {
	best, bestD := "", 3
	for _, d := range r.All() {
		if dist := editDistance(strings.ToLower(name), strings.ToLower(d.Name)); dist < bestD {
			best, bestD = d.Name, dist
		}
	}
	return best
}

// EditDistance is the Levenshtein distance of two strings, for "did you
// mean" suggestions.
func EditDistance(a, b string) int { return editDistance(a, b) }

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// place checks one parsed tag against its definition and its target, and
// places its chained tag, if any, recursively.
func (r *Registry) place(def *Definition, p codetags.Tag, text string, pos token.Position, t Target) (*Tag, error) {
	tag := &Tag{Def: def, Text: text, Pos: pos, Args: p.Args, Value: p.Value, ValueType: p.ValueType, Target: t}
	if t.Scope()&def.Scopes == 0 {
		return nil, Errorf(tag, fmt.Sprintf("+k8s:%s belongs on a %s", def.Name, def.Scopes),
			"+k8s:%s cannot be used on a %s (%s)", def.Name, scopeWord(t.Scope()), t.Describe())
	}
	if !fitsKind(def, t) {
		return nil, Errorf(tag, fmt.Sprintf("+k8s:%s fits %s; move it to such a field or remove it", def.Name, def.KindDoc()),
			"+k8s:%s cannot be used on %s", def.Name, t.Describe())
	}
	if err := checkArgs(def, tag); err != nil {
		return nil, err
	}
	if err := r.checkPayload(def, p, tag, t); err != nil {
		return nil, err
	}
	if def.Name == "alpha" || def.Name == "beta" {
		return unwrapLevel(tag)
	}
	return tag, nil
}

// NoLint is the name of the tag that turns off the Kubernetes generator's
// API-style lint.
const NoLint = "validation-gen-nolint"

// parseNoLint reads +k8s:validation-gen-nolint as Kubernetes' generator
// does: it looks for the tag's name only (codetags.Extract) and never
// parses the rest of the line, so k8s.io/api writes a note after it
// ("+k8s:validation-gen-nolint // Note: ..."). A value or arguments would
// be ignored there too, which =false makes a trap: it is an error here.
func (r *Registry) parseNoLint(def *Definition, body string, pos token.Position, t Target) (*Tag, error) {
	rest := strings.TrimPrefix(body, "k8s:"+NoLint)
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, &Error{Pos: pos, Tag: body,
			Msg: "+k8s:" + NoLint + " takes no value or arguments: Kubernetes' generator reads only its name, so even =false turns the lint off",
			Fix: "write +k8s:" + NoLint + " alone (a note may follow after a space), or remove it to keep the lint"}
	}
	tag := &Tag{Def: def, Text: "k8s:" + NoLint, Pos: pos, Target: t}
	if t.Scope()&def.Scopes == 0 {
		return nil, Errorf(tag, fmt.Sprintf("+k8s:%s belongs on a %s", def.Name, def.Scopes),
			"+k8s:%s cannot be used on a %s (%s)", def.Name, scopeWord(t.Scope()), t.Describe())
	}
	return tag, nil
}

// slashComment finds a trailing // comment after an otherwise well-formed
// tag: the tag without it, and the comment's text.
func slashComment(body string, def *Definition) (tag, comment string, ok bool) {
	for i := strings.Index(body, "//"); i > 0; {
		if head := strings.TrimRight(body[:i], " \t"); len(head) < i {
			var err error
			if def.Payload == PayloadRaw {
				_, err = codetags.Parse(head, codetags.RawValues(true))
			} else {
				_, err = codetags.Parse(head)
			}
			if err == nil {
				return head, strings.TrimSpace(body[i+2:]), true
			}
		}
		j := strings.Index(body[i+2:], "//")
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return "", "", false
}

// kubeVersion is the form of a since: argument, as Kubernetes checks it.
var kubeVersion = regexp.MustCompile(`^\d+\.\d+$`)

// unwrapLevel returns the tag a +k8s:alpha or +k8s:beta wraps, with the
// level set on it and on the tags chained from it. An outer level wins
// over an inner one, as in Kubernetes, where the outer wrapper marks all
// the errors of the validation it wraps.
func unwrapLevel(w *Tag) (*Tag, error) {
	since, _ := w.Arg("since")
	if since != "" && !kubeVersion.MatchString(since) {
		return nil, Errorf(w, fmt.Sprintf(`write the version as <major>.<minor>, e.g. +k8s:%s(since: "1.36")=...`, w.Def.Name),
			"since: %q is not a Kubernetes version", since)
	}
	for c := w.Chained; c != nil; c = c.Chained {
		c.Level, c.Since = w.Def.Name, since
	}
	if w.Chained.Wrapper != "" && w.Chained.Nested == "" {
		w.Chained.Nested = w.Chained.Wrapper
	}
	w.Chained.Wrapper = w.Def.Name
	return w.Chained, nil
}

func scopeWord(s Scope) string { return s.String() }

// rawComment is where a # or // comment starts in a raw value, or -1.
func rawComment(v string) int {
	for i := 1; i < len(v); i++ {
		if (v[i-1] == ' ' || v[i-1] == '\t') && (v[i] == '#' || strings.HasPrefix(v[i:], "//")) {
			return i
		}
	}
	return -1
}

func fitsKind(def *Definition, t Target) bool {
	k := t.Kind()
	if k&def.Kinds != 0 {
		return true
	}
	if def.Pointer && k == KindPointer {
		if d := t.Deref(); d != nil {
			return d.Kind()&def.Kinds != 0
		}
	}
	return false
}

// valueTarget strips the pointer a tag looks through.
func valueTarget(def *Definition, t Target) Target {
	if def.Pointer && t.Kind() == KindPointer && def.Kinds&KindPointer == 0 {
		return t.Deref()
	}
	return t
}

func checkArgs(def *Definition, tag *Tag) error {
	if def.Name == "item" {
		if len(tag.Args) == 0 {
			return Errorf(tag, `name every listMapKey, e.g. +k8s:item(name: "x")=+k8s:required`, "+k8s:item needs named key arguments")
		}
		for _, a := range tag.Args {
			if a.Name == "" {
				return Errorf(tag, `name the key, e.g. item(name: "x")`, "+k8s:item takes named arguments only")
			}
		}
		return nil
	}
	specs := map[string]Arg{}
	for _, a := range def.Args {
		specs[a.Name] = a
	}
	seen := map[string]bool{}
	for _, a := range tag.Args {
		spec, ok := specs[a.Name]
		if !ok {
			if a.Name == "" {
				return Errorf(tag, "use "+def.Example, "+k8s:%s takes no positional argument", def.Name)
			}
			return Errorf(tag, "use "+def.Example, "+k8s:%s has no argument %q", def.Name, a.Name)
		}
		if seen[a.Name] {
			return Errorf(tag, "give it once", "argument %q given twice", a.Name)
		}
		seen[a.Name] = true
		if spec.Type != "" && !strings.Contains("|"+string(spec.Type)+"|", "|"+string(a.Type)+"|") {
			return Errorf(tag, "use "+def.Example, "argument %q must be a %s, not a %s", a.Name, spec.Type, a.Type)
		}
	}
	for _, s := range def.Args {
		if s.Required && !seen[s.Name] {
			what := "a positional argument"
			if s.Name != "" {
				what = fmt.Sprintf("the argument %q", s.Name)
			}
			return Errorf(tag, "use "+def.Example, "+k8s:%s needs %s (%s)", def.Name, what, s.Doc)
		}
	}
	return checkModeArgs(def, tag, seen)
}

// modalityName is the form Kubernetes requires of a modality.
var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

// checkModeArgs checks the arguments of +k8s:modeDiscriminator and
// +k8s:ifMode as Kubernetes does: a modality is an identifier other than
// "default" (its name for the unnamed one), and an ifMode names its mode.
func checkModeArgs(def *Definition, tag *Tag, seen map[string]bool) error {
	if def.Name != "ifMode" && def.Name != "modeDiscriminator" {
		return nil
	}
	if m, ok := tag.Arg("modality"); ok && (m == "default" || !modalityName.MatchString(m)) {
		why := "must match " + modalityName.String()
		if m == "default" {
			why = "is reserved: it names the modality of a discriminator without one"
		}
		return Errorf(tag, `name the modality with a letter, then letters, digits or _ (not "default"), or leave modality: out for the default one`,
			"modality %q %s", m, why)
	}
	if def.Name == "ifMode" && !seen[""] && !seen["mode"] {
		return Errorf(tag, `give the mode: +k8s:ifMode("<mode>")=... or +k8s:ifMode(modality: "<modality>", mode: "<mode>")=...`,
			"+k8s:ifMode needs the mode it applies in")
	}
	return nil
}

func (r *Registry) checkPayload(def *Definition, p codetags.Tag, tag *Tag, t Target) error {
	vt := valueTarget(def, t)
	need := func(msg string) error { return Errorf(tag, "write it as "+def.Example, "%s", msg) }
	switch def.Payload {
	case PayloadNone:
		if p.ValueType != codetags.ValueTypeNone {
			return Errorf(tag, "write it as "+def.Example, "+k8s:%s takes no value", def.Name)
		}
	case PayloadInt, PayloadNonNegInt:
		if p.ValueType != codetags.ValueTypeInt {
			return need(fmt.Sprintf("+k8s:%s needs an integer value, not %q", def.Name, p.Value))
		}
		n, err := strconv.ParseInt(p.Value, 0, 64)
		if err != nil {
			return need(fmt.Sprintf("+k8s:%s: %q is not a 64-bit integer", def.Name, p.Value))
		}
		if err := decimal(tag, def.Name, p.Value, n); err != nil {
			return err
		}
		if def.Payload == PayloadNonNegInt && n < 0 {
			return need(fmt.Sprintf("+k8s:%s must not be negative", def.Name))
		}
		if def.Payload == PayloadInt && vt.Kind() == KindInt {
			if lo, hi := vt.IntRange(); n < lo || (n > 0 && uint64(n) > hi) {
				return Errorf(tag, fmt.Sprintf("use a value between %d and %d", lo, hi),
					"%d is out of range for %s", n, vt.Describe())
			}
		}
		tag.Int = n
	case PayloadChoice:
		if p.ValueType != codetags.ValueTypeString || !contains(def.Choices, p.Value) {
			fix := "use one of: " + strings.Join(def.Choices, ", ")
			if near := def.nearChoice(p.Value); near != "" {
				fix = fmt.Sprintf("did you mean +k8s:%s=%s? (the values: %s)", def.Name, near, strings.Join(def.Choices, ", "))
			}
			return Errorf(tag, fix, "%q is not a value of +k8s:%s", p.Value, def.Name)
		}
	case PayloadOptionalString:
		if p.ValueType != codetags.ValueTypeNone && p.ValueType != codetags.ValueTypeString {
			return need(fmt.Sprintf("+k8s:%s takes a message, a string, or nothing; %s is a %s", def.Name, p.Value, p.ValueType))
		}
	case PayloadString:
		if p.ValueType != codetags.ValueTypeString || p.Value == "" {
			return need(fmt.Sprintf("+k8s:%s needs a non-empty string value", def.Name))
		}
	case PayloadRaw:
		if strings.TrimSpace(p.Value) == "" {
			return need(fmt.Sprintf("+k8s:%s needs a value", def.Name))
		}
		if i := rawComment(p.Value); i >= 0 {
			// Kubernetes reads these values raw (RawValues): a comment is
			// part of the value there too.
			return Errorf(tag, "put the comment on its own line",
				"the comment %q after the value is read as part of the value %q: the value of +k8s:%s is read raw, by Kubernetes' generator too",
				strings.TrimSpace(p.Value[i:]), p.Value, def.Name)
		}
	case PayloadFieldValue:
		return checkLiteral(tag, p, vt)
	case PayloadTag:
		if p.ValueType != codetags.ValueTypeTag || p.ValueTag == nil {
			return need(fmt.Sprintf("+k8s:%s needs a chained tag, =+k8s:<tag>", def.Name))
		}
		inner := *p.ValueTag
		ct, err := chainTarget(def, tag, vt)
		if err != nil {
			return err
		}
		innerName := strings.TrimPrefix(inner.Name, "k8s:")
		if !strings.HasPrefix(inner.Name, "k8s:") {
			return Errorf(tag, "chain a +k8s: tag, e.g. "+def.Example, "the chained tag +%s is not a +k8s: tag", inner.Name)
		}
		innerDef, ok := r.Lookup(innerName)
		if !ok {
			return r.unknown(innerName, tag.Text, tag.Pos)
		}
		chained, err := r.place(innerDef, inner, tag.Text, tag.Pos, ct)
		if err != nil {
			return err
		}
		if err := checkModeChain(def, tag, chained); err != nil {
			return err
		}
		tag.Chained = chained
	}
	return nil
}

// modeChainable are the tags +k8s:ifMode can chain: the checks of a
// field's value that Kubernetes runs inside validate.Discriminated and
// that validation-gen writes there (eachKey in Go only).
var modeChainable = map[string]bool{
	"required": true, "optional": true, "forbidden": true, "minimum": true, "maximum": true,
	"minLength": true, "maxLength": true, "maxBytes": true, "format": true, "neq": true,
	"minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true,
	"eachKey": true, "ifEnabled": true, "ifDisabled": true,
}

// checkModeChain rejects the chains around +k8s:ifMode that validation-gen
// does not write: a tag after it that Kubernetes would run in a mode with
// semantics of its own (update checks see the mode's ratcheting, item and
// union tags the whole struct), and ifMode or modeDiscriminator after any
// tag but a stability wrapper.
func checkModeChain(def *Definition, tag, chained *Tag) error {
	if def.Name == "ifMode" {
		// Through option wrappers, which Kubernetes runs in a mode too.
		for chained.Def.Name == "ifEnabled" || chained.Def.Name == "ifDisabled" {
			chained = chained.Chained
		}
	}
	if def.Name == "ifMode" && chained.Def.Name == "eachVal" {
		// Its validations are deferred to the list's or map's context, and
		// validate.Discriminated runs only a mode's immediate ones.
		return Errorf(tag, "write the +k8s:eachVal on the field without +k8s:ifMode, or check the items in their own type",
			"+k8s:eachVal chained from +k8s:ifMode is never applied by Kubernetes' generator (it drops the deferred item checks of a mode), so validation-gen does not accept it")
	}
	if def.Name == "ifMode" && !modeChainable[chained.Def.Name] {
		return Errorf(tag, "chain one of: "+strings.Join(sortedKeys(modeChainable), ", ")+"; or write the tag on the field without +k8s:ifMode",
			"+k8s:%s cannot be chained from +k8s:ifMode in this version", chained.Def.Name)
	}
	if n := chained.Def.Name; (n == "ifMode" || n == "modeDiscriminator") && def.Name != "alpha" && def.Name != "beta" {
		return Errorf(tag, fmt.Sprintf("write +k8s:%s on the field itself, behind +k8s:alpha or +k8s:beta if need be", n),
			"+k8s:%s cannot be chained from +k8s:%s: Kubernetes' generator applies such a chain to the mode checks of every field of the struct, "+
				"or to none (whichever field it reads first), which validation-gen does not reproduce", n, def.Name)
	}
	return nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func chainTarget(def *Definition, tag *Tag, t Target) (Target, error) {
	var ct Target
	switch def.Name {
	case "eachVal":
		ct = t.Elem()
	case "eachKey":
		ct = t.Key()
	case "subfield":
		name, _ := tag.Arg("")
		ct = t.Field(name)
		if ct == nil {
			return nil, Errorf(tag, "name a field by its JSON name", "%s has no field with JSON name %q", t.Describe(), name)
		}
	case "item":
		ct = t.Elem()
	default: // ifEnabled, ifDisabled: the chained tag applies in place
		return tag.Target, nil
	}
	if ct == nil {
		return nil, Errorf(tag, "", "+k8s:%s has nothing to apply to on %s", def.Name, t.Describe())
	}
	return ct, nil
}

func checkLiteral(tag *Tag, p codetags.Tag, vt Target) error {
	fix := func(kind string) string {
		return fmt.Sprintf("write a %s literal, e.g. +k8s:%s=%s", kind, tag.Def.Name, exampleOf(kind))
	}
	switch vt.Kind() {
	case KindString:
		if p.ValueType != codetags.ValueTypeString {
			return Errorf(tag, fix("string"), "%s is a string; %q is not a string literal", vt.Describe(), p.Value)
		}
	case KindBool:
		if p.ValueType != codetags.ValueTypeBool {
			return Errorf(tag, fix("bool"), "%s is a bool; %q is not true or false", vt.Describe(), p.Value)
		}
	case KindInt:
		if p.ValueType != codetags.ValueTypeInt {
			return Errorf(tag, fix("integer"), "%s is an integer; %q is not an integer", vt.Describe(), p.Value)
		}
		n, err := strconv.ParseInt(p.Value, 0, 64)
		lo, hi := vt.IntRange()
		if err != nil || n < lo || (n > 0 && uint64(n) > hi) {
			return Errorf(tag, fmt.Sprintf("use a value between %d and %d", lo, hi), "%s is out of range for %s", p.Value, vt.Describe())
		}
		if err := decimal(tag, tag.Def.Name, p.Value, n); err != nil {
			return err
		}
		tag.Int = n
	}
	return nil
}

// decimal rejects an integer not written as Kubernetes' generator reads
// one: plain decimal, no leading zero, no + sign, no underscore (it checks
// that strconv.Itoa gives the text back). gengo's tag parser reads 010 as
// 8, as Go does, and controller-gen's dialect reads it as 10: the text
// means different numbers to different readers, so it is refused with the
// number each reads.
func decimal(tag *Tag, name, text string, n int64) error {
	if strconv.FormatInt(n, 10) == text {
		return nil
	}
	fix := strconv.FormatInt(n, 10)
	msg := fmt.Sprintf("+k8s:%s: %s is not written as a plain decimal integer, which is all Kubernetes' generator accepts", name, text)
	digits := strings.TrimLeft(strings.ReplaceAll(text, "_", ""), "+-")
	if len(digits) > 1 && digits[0] == '0' && !strings.ContainsAny(digits[1:2], "xXoObB") {
		if ten, err := strconv.ParseInt(strings.TrimPrefix(strings.ReplaceAll(text, "_", ""), "+"), 10, 64); err == nil && ten != n {
			msg += fmt.Sprintf(" (with its leading zero Go reads it as octal %d, controller-gen as %d)", n, ten)
			fix = fmt.Sprintf("%d, or %d if the octal value is meant", ten, n)
		}
	}
	return Errorf(tag, "write "+fix, "%s", msg)
}

func exampleOf(kind string) string {
	switch kind {
	case "string":
		return `"value"`
	case "bool":
		return "false"
	}
	return "0"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// checkPlace finds conflicts among the tags written at one place.
func (r *Registry) checkPlace(tags []*Tag) []error {
	var errs []error
	count := map[string][]*Tag{}
	for _, t := range tags {
		count[t.Def.Name] = append(count[t.Def.Name], t)
	}
	for _, t := range tags {
		if !t.Def.Repeatable && count[t.Def.Name][0] != t {
			errs = append(errs, Errorf(t, "keep one of them", "+k8s:%s is given more than once here (first at line %d)", t.Def.Name, count[t.Def.Name][0].Pos.Line))
		}
	}
	presence := []string{"required", "optional", "forbidden"}
	var found []*Tag
	for _, n := range presence {
		if len(count[n]) > 0 {
			found = append(found, count[n][0])
		}
	}
	if len(found) > 1 {
		errs = append(errs, Errorf(found[1], "keep only one of +k8s:required, +k8s:optional, +k8s:forbidden",
			"+k8s:%s conflicts with +k8s:%s (line %d)", found[1].Def.Name, found[0].Def.Name, found[0].Pos.Line))
	}
	for _, b := range [][2]string{{"minimum", "maximum"}, {"minLength", "maxLength"}, {"minItems", "maxItems"}, {"minProperties", "maxProperties"}} {
		if len(count[b[0]]) == 0 || len(count[b[1]]) == 0 {
			continue
		}
		lo, hi := count[b[0]][0], count[b[1]][0]
		if lo.Int <= hi.Int {
			continue
		}
		later := hi
		if lo.Pos.Line > hi.Pos.Line {
			later = lo
		}
		errs = append(errs, Errorf(later, "correct the bound you got wrong",
			"no value satisfies both +k8s:%s=%d and +k8s:%s=%d: the lower bound is above the upper", b[0], lo.Int, b[1], hi.Int))
	}
	return errs
}

// checkOpenAPIPresence rejects +optional or +required (openapi-gen's
// markers, which Kubernetes' types carry beside the +k8s: tags, and which
// decide the OpenAPI of the field) that say the opposite of a +k8s:
// presence tag at the same place: a field cannot be both.
func checkOpenAPIPresence(lines []Line, tags []*Tag) []error {
	var errs []error
	for _, l := range lines {
		word := strings.TrimSpace(l.Text)
		var against string
		switch word {
		case "+optional":
			against = "required"
		case "+required":
			against = "optional"
		default:
			continue
		}
		for _, t := range tags {
			if t.Def.Name == against {
				errs = append(errs, Errorf(t, fmt.Sprintf("delete the line of the one you do not mean: %s (line %d) or +k8s:%s", word, l.Pos.Line, against),
					"+k8s:%s conflicts with %s (line %d), openapi-gen's marker, which makes the field %s in the API's OpenAPI", against, word, l.Pos.Line, strings.TrimPrefix(word, "+")))
			}
		}
	}
	return errs
}

// IntRange returns the range of a Go integer type by its name.
func IntRange(name string) (int64, uint64) {
	switch name {
	case "int8":
		return math.MinInt8, math.MaxInt8
	case "int16":
		return math.MinInt16, math.MaxInt16
	case "int32", "rune":
		return math.MinInt32, math.MaxInt32
	case "uint8", "byte":
		return 0, math.MaxUint8
	case "uint16":
		return 0, math.MaxUint16
	case "uint32":
		return 0, math.MaxUint32
	case "uint", "uint64", "uintptr":
		return 0, math.MaxUint64
	}
	return math.MinInt64, math.MaxInt64
}

// Closest is the candidate nearest to s by edit distance, if it is near.
func Closest(s string, candidates []string) string {
	best, bestD := "", len(s)/2+1
	for _, c := range candidates {
		if d := EditDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// nearChoice is the choice a wrong value most likely means: the one it is
// an alias of, else one a few edits away ("" when none is).
func (d *Definition) nearChoice(v string) string {
	if c, ok := d.ChoiceAliases[strings.ToLower(v)]; ok {
		return c
	}
	if c := Closest(v, d.Choices); c != "" && EditDistance(strings.ToLower(v), c) <= max(2, len(c)/6) {
		return c
	}
	return ""
}
