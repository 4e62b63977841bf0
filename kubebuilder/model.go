package kubebuilder

import (
	"errors"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/source"
)

// Options are controller-gen's crd generator options that change a
// schema; a project passes them to controller-gen on its command line
// (crd:generateEmbeddedObjectMeta=true), so they are flags here too.
type Options struct {
	// EmbeddedObjectMeta describes an ObjectMeta below the root (a pod
	// template's) with its name, namespace, labels, annotations and
	// finalizers, instead of as an object of any fields.
	EmbeddedObjectMeta bool
	// ControllerGenVersion is the controller-gen whose output to match
	// where its versions differ (v0.20.1); "" is the newest this
	// dialect follows, ControllerGenFollowed.
	ControllerGenVersion string
	// IgnoreUnexportedFields leaves unexported fields out of the schemas
	// (controller-gen's crd:ignoreUnexportedFields=true), where they are
	// otherwise described, or refused without a json tag.
	IgnoreUnexportedFields bool
}

// ControllerGenFollowed is the controller-gen version whose reading the
// dialect follows by default.
const ControllerGenFollowed = "v0.23.0"

// ControllerGenOldest is the oldest controller-gen version whose CRDs can
// be written: before v0.14, controller-gen joined a comment's lines with
// spaces.
const ControllerGenOldest = 14

// TooOldWhy is what controller-gen versions before ControllerGenOldest
// wrote otherwise.
const TooOldWhy = "before it, a comment's lines were joined with spaces"

// TooOldError is the error of a version before ControllerGenOldest; its
// text carries its own fix.
type TooOldError struct{ Version string }

func (e *TooOldError) Error() string {
	return fmt.Sprintf("%s is older than v0.%d.0, the oldest controller-gen whose CRDs validation-gen writes (%s); fix: --controller-gen-version=v0.%d.0 (the CRDs then change where those occur, as they would with a newer controller-gen)",
		e.Version, ControllerGenOldest, TooOldWhy, ControllerGenOldest)
}

// TooNewError is the error of a version after ControllerGenFollowed,
// whose changes this validation-gen does not know; its text carries its
// own fix.
type TooNewError struct{ Version string }

func (e *TooNewError) Error() string {
	return fmt.Sprintf("%s is newer than %s, the newest controller-gen whose CRDs this validation-gen writes, and may write CRDs otherwise; fix: update validation-gen to a release that follows %s, or --controller-gen-version=%s to write %s's CRDs",
		e.Version, ControllerGenFollowed, e.Version, ControllerGenFollowed, ControllerGenFollowed)
}

// ControllerGenMinor is the minor version of a controller-gen version
// (v0.21.0, v0.21), or an error naming what is expected: a
// *TooOldError or *TooNewError with the minor version, whose CRDs cannot
// be written.
func ControllerGenMinor(v string) (int, error) {
	if v == "" {
		v = ControllerGenFollowed
	}
	rest, ok := strings.CutPrefix(v, "v0.")
	minor, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(minor)
	if !ok || err != nil || n < 0 {
		return 0, fmt.Errorf("controller-gen version %q is not v0.<minor>[.<patch>] (v0.20.1)", v)
	}
	if n < ControllerGenOldest {
		return n, &TooOldError{v}
	}
	if followed := ControllerGenMinorFollowed(); n > followed {
		return n, &TooNewError{v}
	}
	return n, nil
}

// ControllerGenMinorFollowed is ControllerGenFollowed's minor version.
func ControllerGenMinorFollowed() int {
	rest, _ := strings.CutPrefix(ControllerGenFollowed, "v0.")
	minor, _, _ := strings.Cut(rest, ".")
	n, _ := strconv.Atoi(minor)
	return n
}

// Model is the kubebuilder-dialect packages of a run.
type Model struct {
	Packages []*Package // sorted by path
	// Warnings are what controller-gen passes over in silence, and every
	// problem with the markers of a type of a package outside the run (a
	// dependency's, which this run cannot change and which never stops
	// it: the marker is left out).
	Warnings []*markers.Warning
}

// Package is one API package of the dialect (one group version).
type Package struct {
	Path, Name, Dir string
	Group, Version  string
	Kinds           []*Kind // sorted by name
	// Namesakes are the package's types named as a kind of its group in
	// another package of the run that are no kinds themselves: controller-gen
	// looks a kind up by name in every package of its group, so each is a
	// version of that kind's CRD (never validated: no object is of it).
	Namesakes []*Kind
	// Fields are where the struct fields the schemas describe are
	// declared (their markers above them), for the Go backend's errors;
	// one map for the whole model.
	Fields map[Field]token.Position
}

// Field is a struct field: its type and Go name.
type Field struct {
	Type   types.Name
	Member string
}

// Kind is a root type (embedding TypeMeta, with ObjectMeta) and its
// CRD version.
type Kind struct {
	Go      *types.Type
	Pos     token.Position
	Pkg     *Package
	Markers markers.CRDMarkers
	// Schema is the openAPIV3Schema controller-gen writes for the kind.
	Schema *apiextv1.JSONSchemaProps
	// Positions are where the schema's nodes come from, by the path the
	// API server's errors give them (properties[spec].properties[x]).
	Positions map[string]token.Position
	// Unregistered: the kind's pointer is no runtime.Object yet (no
	// DeepCopyObject, before deep copies are generated), so
	// RegisterValidations cannot add it to a scheme and leaves it out.
	Unregistered bool
	// Written are the property paths (as Positions') that encoding/json
	// writes whatever the value: present in every object a Go client
	// sends.
	Written map[string]bool
	// Rules are the XValidation markers a CEL rule was written in, by
	// RuleKey: a warning about a rule points at its marker, not at a
	// field of the type that carries it. Shared by the kinds of a run.
	Rules map[string][]RuleMarker
}

// RuleMarker is where an XValidation marker is written, and its text.
type RuleMarker struct {
	Pos  token.Position
	Text string
}

// RuleKey identifies a rule by everything its marker says (the rule, its
// message and reason, ...), so that two types of a package with the same
// rule text but their own messages (Envoy Gateway's) tell their markers
// apart.
func RuleKey(r apiextv1.ValidationRule) string {
	optional := ""
	if r.OptionalOldSelf != nil {
		optional = fmt.Sprint(*r.OptionalOldSelf)
	}
	reason := ""
	if r.Reason != nil {
		reason = string(*r.Reason)
	}
	return strings.Join([]string{r.Rule, r.Message, r.MessageExpression, reason, r.FieldPath, optional}, "\x00")
}

// secondPackageMarker is the warning for a package marker given again with
// another value, which controller-gen passes over: the first one is the
// package's.
func secondPackageMarker(line markers.Line, name, value, first string, at markers.Line) *markers.Warning {
	return &markers.Warning{Kind: markers.Contradiction, Pos: line.Pos, Tag: strings.TrimPrefix(strings.TrimSpace(line.Text), "+"),
		Msg:  fmt.Sprintf("the package already has %s=%s (%s:%d), the first in the order of its files; this %s (%s) is not read", name, first, filepath.Base(at.Pos.Filename), at.Pos.Line, name, value),
		Does: fmt.Sprintf("takes the first %s of a package and passes over the others (so does validation-gen)", name),
		Fix:  fmt.Sprintf("delete this line, or make it the package's only %s (delete the other)", name)}
}

// skipped reports a package controller-gen is told to skip
// (+kubebuilder:skip in its package comment).
func (b *builder) skipped(path string) bool {
	for _, line := range b.packageLines(path) {
		if strings.TrimSpace(line.Text) == "+kubebuilder:skip" {
			return true
		}
	}
	return false
}

// Build reads the given packages of the dialect.
func Build(l *source.Loaded, paths []string, opts Options) (*Model, error) {
	minor, err := ControllerGenMinor(opts.ControllerGenVersion)
	if err != nil {
		return nil, err
	}
	b := &builder{l: l, opts: opts, cgMinor: minor, named: map[types.Name]*apiextv1.JSONSchemaProps{}, traces: map[types.Name]*trace{}, embeddedRules: map[types.Name][]apiextv1.ValidationRule{}, folded: map[types.Name]foldedRules{}, fields: map[Field]token.Position{}, rules: map[string][]RuleMarker{}, pkgLines: map[string][]markers.Line{}}
	m := &Model{}
	for _, path := range paths {
		if b.skipped(path) {
			continue // +kubebuilder:skip: controller-gen makes nothing of it
		}
		p := b.pkg(path)
		m.Packages = append(m.Packages, p)
	}
	sort.Slice(m.Packages, func(i, j int) bool { return m.Packages[i].Path < m.Packages[j].Path })
	b.namesakes(m)
	warnings, errs := markers.SplitWarnings(b.errs)
	var own []error
	for _, err := range errs {
		var me *markers.Error
		if errors.As(err, &me) && me.Pos.Filename != "" && !l.InRun(me.Pos.Filename) {
			warnings = append(warnings, &markers.Warning{Kind: markers.DependencyProblem, Pos: me.Pos, Tag: me.Tag, Msg: me.Msg, Fix: me.Fix})
			continue
		}
		own = append(own, err)
	}
	if len(own) > 0 {
		return nil, markers.JoinSorted(own)
	}
	markers.SortWarnings(warnings)
	m.Warnings = warnings
	return m, nil
}

// namesakes finds each package's Namesakes (tink's v1alpha1 OSIE struct
// beside v1alpha2's OSIE kind), each with a warning: a version whose
// objects have no apiVersion, kind or metadata is seldom meant.
func (b *builder) namesakes(m *Model) {
	kinds := map[string]map[string]*Kind{} // group: kind name: its first kind
	for _, p := range m.Packages {
		if p.Version == "" {
			continue // no +groupName: no group to look in
		}
		for _, k := range p.Kinds {
			if kinds[p.Group] == nil {
				kinds[p.Group] = map[string]*Kind{}
			}
			if kinds[p.Group][k.Go.Name.Name] == nil {
				kinds[p.Group][k.Go.Name.Name] = k
			}
		}
	}
	for _, p := range m.Packages {
		if p.Version == "" {
			continue
		}
		gp := b.l.Universe.Package(p.Path)
		for _, n := range slices.Sorted(maps.Keys(kinds[p.Group])) {
			t := gp.Types[n]
			if t == nil || slices.ContainsFunc(p.Kinds, func(k *Kind) bool { return k.Go.Name.Name == n }) {
				continue
			}
			lines, pos := b.typeLines(p.Path, n)
			mk, _ := markers.ParseCRDMarkers(lines) // reported where the type's markers are read
			k := &Kind{Go: t, Pos: pos, Pkg: p, Markers: mk, Positions: map[string]token.Position{}, Written: map[string]bool{}, Rules: b.rules}
			b.positions, b.path, b.written = k.Positions, nil, k.Written
			s := b.rootSchema(t)
			k.Schema = &s
			p.Namesakes = append(p.Namesakes, k)
			kind := kinds[p.Group][n]
			b.errs = append(b.errs, &markers.Warning{Kind: markers.KindNamesake, Pos: pos,
				Msg: fmt.Sprintf("type %s is no kind (it does not embed TypeMeta and ObjectMeta) but has the name of kind %s of group %s (%s:%d): its package's version %s of that kind's CRD describes objects of this type, with no apiVersion, kind or metadata",
					n, n, p.Group, kind.Pos.Filename, kind.Pos.Line, p.Version),
				Does: "looks a kind up by name in every package of its group, and writes this type as a version of its CRD (so does validation-gen)",
				Fix:  fmt.Sprintf("rename the type, or make it a kind (metav1.TypeMeta and metav1.ObjectMeta embedded, +kubebuilder:object:root=true) if %s %s is meant", p.Version, n)})
		}
	}
}

func (b *builder) pkg(path string) *Package {
	gp := b.l.Universe.Package(path)
	p := &Package{Path: path, Name: gp.Name, Dir: gp.Dir, Version: gp.Name, Fields: b.fields}
	// controller-gen takes a package marker's first value, in the order
	// of the package's files (katib's doc.go and register.go each have a
	// +groupName, of two groups).
	var group, version *markers.Line
	for _, line := range b.packageLines(path) {
		text := strings.TrimSpace(line.Text)
		if v, ok := strings.CutPrefix(text, "+groupName"); ok {
			g := strings.Trim(strings.TrimSpace(strings.TrimPrefix(v, "=")), `"`)
			if group == nil {
				p.Group, group = g, &line
			} else if g != p.Group {
				b.errs = append(b.errs, secondPackageMarker(line, "+groupName", g, p.Group, *group))
			}
		}
		if v, ok := strings.CutPrefix(text, "+versionName="); ok {
			n := strings.Trim(strings.TrimSpace(v), `"`)
			if version == nil {
				p.Version, version = n, &line
			} else if n != p.Version {
				b.errs = append(b.errs, secondPackageMarker(line, "+versionName", n, p.Version, *version))
			}
		}
	}
	grouped := group != nil
	if !grouped {
		// Without +groupName, controller-gen gives the package no group
		// and no version either (gatekeeper's unversioned packages).
		p.Version = ""
	}
	for _, n := range slices.Sorted(maps.Keys(gp.Types)) {
		t := gp.Types[n]
		if t.Kind != types.Struct || !gotype.IsKind(t) {
			continue
		}
		lines, pos := b.typeLines(path, n)
		mk, errs := markers.ParseCRDMarkers(lines)
		for _, err := range errs {
			// A line no marker reads is warned of once, where the type's
			// schema markers are read.
			if w, ok := err.(*markers.Warning); ok && w.Kind == markers.UnknownMarker && markers.UnknownReportedOnType(w.Tag) {
				continue
			}
			b.errs = append(b.errs, err)
		}
		k := &Kind{Go: t, Pos: pos, Pkg: p, Markers: mk, Positions: map[string]token.Position{}, Rules: b.rules}
		k.Written = map[string]bool{}
		b.positions, b.path, b.written = k.Positions, nil, k.Written
		s := b.rootSchema(t)
		k.Schema = &s
		if missing := b.l.MethodsMissing(t, []string{"DeepCopyObject", "GetObjectKind"}); len(missing) > 0 && b.own(path) {
			k.Unregistered = true
			fix := "generate the deep copies first (controller-gen object paths=./..., or make generate), then run validation-gen again"
			if !slices.ContainsFunc(lines, func(l markers.Line) bool { return strings.TrimSpace(l.Text) == "+kubebuilder:object:root=true" }) {
				// controller-gen object writes DeepCopyObject only for a
				// root type (gatekeeper's DummyCRD has none).
				fix = "if it is a kind, add +kubebuilder:object:root=true above it and generate the deep copies (controller-gen object paths=./..., or make generate), then run validation-gen again; if not, nothing: Validate_" + n + " is there to call"
			}
			if !mk.SkipVersion {
				// A version left out of the CRD (OpenTelemetry's
				// v1beta1 Instrumentation) is never served: no object of
				// it reaches a server to be validated.
				b.errs = append(b.errs, &markers.Warning{Kind: markers.NotRegistered, Pos: pos,
					Msg:  fmt.Sprintf("*%s has no %s yet, so it is no runtime.Object: RegisterValidations leaves it out (Validate_%s is generated)", n, strings.Join(missing, " or "), n),
					Does: "needs no deep copies to write the CRD",
					Fix:  fix})
			}
		}
		p.Kinds = append(p.Kinds, k)
	}
	return p
}
