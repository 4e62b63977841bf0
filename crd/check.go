package crd

import (
	"context"
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"
)

// The API server validates a CRD when it is created: a structural schema,
// every CEL rule compiled with the server's environment, and the estimated
// cost of each rule and of the whole schema within the server's limits.
// Generation runs the same validation (k8s.io/apiextensions-apiserver's
// own), so that a CRD that is written is one a cluster takes; its errors
// name the Go field whose schema they are about.

var crdScheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// Positions records, by schema path below openAPIV3Schema (as the
// server's errors write it: "properties[spec].items.properties[name]"),
// the Go field that a schema node was built for.
type Positions map[string]token.Position

// checkNanos is the time Check has taken in this process, for -v's step
// times (CheckTime): CRDs are checked in parallel, deep in the backends.
var checkNanos atomic.Int64

// CheckTime is the time Check has taken in this process so far, summed
// over the goroutines that ran it.
func CheckTime() time.Duration { return time.Duration(checkNanos.Load()) }

// Check validates crd as POST /customresourcedefinitions does. pos maps
// the schema paths of each version; root is the fallback position.
func Check(crd *apiextv1.CustomResourceDefinition, pos []Positions, root token.Position) []error {
	return check(crd, pos, root, k8sFixes)
}

// dialectFixes are the fixes that name a dialect's markers.
type dialectFixes struct {
	bounds string // a rule over its cost budget: bounds on what it reads
	mapKey string // a list-map key neither required nor defaulted
	// noType is a schema node without a type, where the dialect's
	// markers write one ("" where only a mistake of validation-gen's can).
	noType string
	// recursion is the same where a type recurs, which controller-gen
	// describes by an empty schema.
	recursion string
	// rulesUnderAllOf is CEL rules under allOf, where controller-gen
	// before v0.16 puts those of a field and of its type ("" where only a
	// mistake of validation-gen's can).
	rulesUnderAllOf string
}

var (
	k8sFixes = dialectFixes{
		bounds: "bound the lists on the way to this field with +k8s:maxItems and its strings with +k8s:maxLength, so that the server can bound what its CEL rules cost",
		mapKey: "mark the key field +k8s:required, or give it a default (+default=<value>): every item of a list map has its keys",
	}
	cgFixes = dialectFixes{
		bounds:          "bound the lists on the way to this field with +kubebuilder:validation:MaxItems=<n> and its strings with +kubebuilder:validation:MaxLength=<n>, so that the server can bound what its CEL rules cost",
		mapKey:          "mark the key field +kubebuilder:validation:Required, or give it a default (+kubebuilder:default=<value>): every item of a list map has its keys",
		noType:          "give the field a type (+kubebuilder:validation:Type=<its JSON type>), or mark it +kubebuilder:pruning:PreserveUnknownFields, which keeps what it holds unchecked; +kubebuilder:validation:Schemaless alone leaves it without either",
		recursion:       "mark this field +kubebuilder:validation:Schemaless and +kubebuilder:pruning:PreserveUnknownFields (the server then keeps what it holds, unchecked), or break the recursion",
		rulesUnderAllOf: "follow controller-gen v0.16 or later (--controller-gen-version=v0.16.1), which lists both sides' rules together (controller-tools #998), or keep the rules on one side: the field or its type, the struct or the struct it embeds",
	}
)

// check is Check, with the fixes of the dialect whose markers wrote crd.
func check(crd *apiextv1.CustomResourceDefinition, pos []Positions, root token.Position, fixes dialectFixes) []error {
	start := time.Now()
	defer func() { checkNanos.Add(int64(time.Since(start))) }()
	v1 := crd.DeepCopy()
	crdScheme.Default(v1)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := crdScheme.Convert(v1, internal, nil); err != nil {
		return []error{err}
	}
	var errs []error
	var noGroup []string            // the fields a package without +groupName breaks
	underAllOf := map[string]bool{} // the nodes whose allOf holds rules, reported once
	for _, e := range validation.ValidateCustomResourceDefinition(context.Background(), internal) {
		if e.Field == "status.storedVersions" {
			continue // the server's to set
		}
		p, where, userRule, key, why := root, " at "+e.Field, false, "", ""
		version, schemaPath, ok := splitSchemaPath(e.Field)
		var versions []Positions // those of the version the error is about
		if !ok && crd.Spec.Group == "" && (strings.HasPrefix(e.Field, "metadata.name") || strings.HasPrefix(e.Field, "spec.group") || strings.HasPrefix(e.Field, "spec.version")) {
			// Without +groupName, controller-gen gives the package no group
			// and no version (gatekeeper's unversioned packages): the
			// CRD's name, group and version name all break, for one cause.
			if !slices.Contains(noGroup, e.Field) {
				noGroup = append(noGroup, e.Field)
			}
			continue
		}
		if ok {
			where = " at the root of its schema"
			if schemaPath != "" {
				where = " at " + schemaPath
			}
			versions = pos
			if version >= 0 && version < len(pos) {
				versions = pos[version : version+1]
			}
			if q, k, found := lookupPos(versions, schemaPath); found {
				key = k
				p = q
				// Only the rules of +k8s:rule are recorded by their index.
				userRule = strings.Contains(key, "x-kubernetes-validations[")
			}
			if q, found := ruleMarkerPos(crd, version, schemaPath, versions); found && !userRule {
				p = q // the XValidation marker that wrote the rule
			}
		}
		cost := strings.Contains(e.Detail, "cost")
		var fix string
		switch {
		case strings.HasSuffix(e.Field, ".default") && key == schemaPath && schemaPath != "":
			// A default the user wrote (its position is recorded under
			// .default): the user's to correct, not the generator's. A
			// warning here; the dialect decides (Kubernetes': an error;
			// controller-gen's, which writes such a CRD: a warning).
			detail := oneLine(e.Detail)
			if v, ok := e.BadValue.(string); ok && v != "" {
				detail = fmt.Sprintf("%q: %s", v, detail)
			}
			errs = append(errs, &markers.Warning{Kind: markers.BadDefault, Pos: p,
				Msg:  fmt.Sprintf("the default written here breaks its own field's schema (%s), so the API server would reject CRD %s", detail, crd.Name),
				Does: "writes the CRD as it is, and the server rejects it when it is applied",
				Fix:  "write a default the field accepts (of its type, within its bounds, enum and length), or delete the default"})
			continue
		case strings.HasSuffix(e.Field, ".default") && strings.Contains(e.Detail, "failed rule"):
			// Below list items and map values, non-pointer fields default
			// to their zero values (docs/crd-design.md); the server checks a
			// default against the field's rules when the CRD is created.
			detail := oneLine(e.Detail)
			if v, ok := e.BadValue.(string); ok && v != "" {
				detail = fmt.Sprintf("%q: %s", v, detail)
			}
			errs = append(errs, &markers.Error{Pos: p,
				Msg: fmt.Sprintf("the API server would reject CRD %s%s: %s: a CEL rule fails on the field's zero value, which the CRD gives the field as its default below list items and map values (so that absent and zero are one value, as in Go); the server rejects a default that breaks a rule", crd.Name, where, detail),
				Fix: "let the zero value through in the rule (self == '' || ..., self == 0 || ...) and add +k8s:required if the field must be set, or make the field a pointer (which gets no default)"})
			continue
		case userRule && cost:
			fix = "bound the lists and strings the rule reads with +k8s:maxItems and +k8s:maxLength, or make the rule cheaper"
		case userRule && strings.HasSuffix(e.Field, ".fieldPath"):
			fix = "fieldPath names a field below the value by JSON names, e.g. .spec.replicas"
		case userRule:
			fix = "correct the rule (the API server's CEL compiler says what is wrong)"
		case cost:
			fix = fixes.bounds
		case ok && e.Type == field.ErrorTypeForbidden && strings.HasSuffix(e.Field, ".x-kubernetes-validations") && strings.Contains(e.Field, ".allOf[") && fixes.rulesUnderAllOf != "":
			node := e.Field[:strings.LastIndex(e.Field, ".allOf[")]
			if underAllOf[node] {
				continue
			}
			underAllOf[node] = true
			fix = fixes.rulesUnderAllOf
			why = " (controller-gen before v0.16 writes the CEL rules of a field and of its type, or of a struct and of a struct it embeds, as two entries of allOf, where the server refuses rules; the Go validator checks no rule there either)"
		case e.Type == field.ErrorTypeRequired && strings.Contains(e.Detail, "x-kubernetes-list-map-keys"):
			fix = fixes.mapKey
		case ok && e.Type == field.ErrorTypeRequired && (schemaPath == "type" || strings.HasSuffix(schemaPath, ".type")) && fixes.noType != "":
			fix = fixes.noType
			if t, found := recursionAt(versions, strings.TrimSuffix(strings.TrimSuffix(schemaPath, "type"), ".")); found {
				fix = fixes.recursion
				why = fmt.Sprintf(" (type %s contains itself, and where it recurs controller-gen writes an empty schema with only the referring field's own markers)", t)
			}
		case strings.HasPrefix(e.Field, "metadata.annotations[api-approved.kubernetes.io]"):
			// A group under k8s.io or kubernetes.io is Kubernetes' own.
			fix = `a CRD of a group under k8s.io or kubernetes.io needs the link to the API review that approved it: add +kubebuilder:metadata:annotations="api-approved.kubernetes.io=<URL of the review>" to the kind (or "unapproved, <reason>"), or use a group of your own`
		case e.Field == "spec.versions" && strings.Contains(e.Detail, "storage version"):
			// controller-gen marks every version +kubebuilder:storageversion
			// names.
			var storage []string
			for _, v := range crd.Spec.Versions {
				if v.Storage {
					storage = append(storage, v.Name)
				}
			}
			fix = fmt.Sprintf("keep +kubebuilder:storageversion on exactly one version's %s (it is on %s)", crd.Spec.Names.Kind, strings.Join(storage, ", "))
		case ok && e.Type == field.ErrorTypeRequired && strings.HasSuffix(e.Field, ".items"):
			// Type=array on a value Go does not describe as a list
			// (apiextensions JSON, a struct): nothing says what its items are.
			fix = "say what the list's items are (a Go slice of a typed element describes them), or drop +kubebuilder:validation:Type=array; a schema of type array needs items"
		default:
			fix = "this CRD is validation-gen's mistake: please report it with the type"
		}
		detail := oneLine(e.Detail)
		if v, ok := e.BadValue.(string); ok && v != "" {
			detail = fmt.Sprintf("%q: %s", v, detail)
		}
		errs = append(errs, &markers.Error{Pos: p,
			Msg: fmt.Sprintf("the API server would reject CRD %s%s: %s: %s%s", crd.Name, where, e.Type, detail, why), Fix: fix})
	}
	if len(noGroup) > 0 {
		errs = append(errs, &markers.Error{Pos: root,
			Msg: fmt.Sprintf("the API server would reject CRD %q (%s): its package has no +groupName, so that the CRD has no API group and, as controller-gen writes it, no version name", crd.Name, strings.Join(noGroup, ", ")),
			Fix: "give the package its API group: +groupName=<group> in its doc.go (the package's name becomes the version's)"})
	}
	// When the schema's total cost is over the limit, the server also names
	// each rule that contributed; those errors say where to act, the total
	// (at the root) adds nothing.
	if slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), costContributed) }) {
		errs = slices.DeleteFunc(errs, func(e error) bool { return strings.Contains(e.Error(), costTotal) })
	}
	return errs
}

const (
	costContributed = "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
	costTotal       = "estimated rule cost total for entire OpenAPIv3 schema exceeds budget"
)

var versionPathRE = regexp.MustCompile(`^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema\.?`)

// splitSchemaPath splits an error path of ValidateCustomResourceDefinition
// into the version (-1: the top-level schema, which all versions share)
// and the path below openAPIV3Schema.
func splitSchemaPath(p string) (int, string, bool) {
	if rest, ok := strings.CutPrefix(p, "spec.validation.openAPIV3Schema"); ok {
		return -1, strings.TrimPrefix(rest, "."), true
	}
	if m := versionPathRE.FindStringSubmatch(p); m != nil {
		var v int
		fmt.Sscan(m[1], &v)
		return v, p[len(m[0]):], true
	}
	return 0, "", false
}

// lookupPos finds the position of the longest recorded prefix of path,
// and that prefix.
func lookupPos(versions []Positions, path string) (token.Position, string, bool) {
	for {
		for _, m := range versions {
			if p, ok := m[path]; ok {
				return p, path, true
			}
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return token.Position{}, "", false
		}
		path = path[:i]
	}
}

// recursionAt is the type that recurs at the node at path, as the
// controller-gen dialect records it (kubebuilder.RecursionElem).
func recursionAt(versions []Positions, path string) (string, bool) {
	for _, m := range versions {
		if t, ok := kubebuilder.Recursion(m, path); ok {
			return t, true
		}
	}
	return "", false
}

// ruleIndexRE matches a rule of a schema node in a server path.
var ruleIndexRE = regexp.MustCompile(`^(.*?)\.?x-kubernetes-validations\[(\d+)\]`)

// ruleMarkerPos is where the XValidation marker that wrote the rule a
// schema path names (....x-kubernetes-validations[i]...) is, as the
// controller-gen dialect records it (kubebuilder.RuleElem); the rule's
// type may be used by many fields, and its marker is where to act.
func ruleMarkerPos(crd *apiextv1.CustomResourceDefinition, version int, schemaPath string, versions []Positions) (token.Position, bool) {
	m := ruleIndexRE.FindStringSubmatch(schemaPath)
	if version < 0 {
		version = 0 // the schema every version shares
	}
	if m == nil || version >= len(crd.Spec.Versions) || crd.Spec.Versions[version].Schema == nil {
		return token.Position{}, false
	}
	var i int
	fmt.Sscan(m[2], &i)
	for path, n := range kubebuilder.Nodes(crd.Spec.Versions[version].Schema.OpenAPIV3Schema) {
		if path != m[1] {
			continue
		}
		if i >= len(n.XValidations) {
			return token.Position{}, false
		}
		key := joinPath(path, kubebuilder.RuleElem(kubebuilder.RuleKey(n.XValidations[i])))
		for _, ps := range versions {
			if p, ok := ps[key]; ok {
				return p, true
			}
		}
		return token.Position{}, false
	}
	return token.Position{}, false
}

// celSource matches the position CEL gives in its messages.
var celSource = regexp.MustCompile(`<input>:(\d+):(\d+): `)

// oneLine makes one line of a server message, so that every error of the
// generator is one line that starts with its file:line. CEL's compiler
// follows each error with the rule and a caret under the column; the
// column is kept in words instead.
func oneLine(detail string) string {
	var parts []string
	for _, l := range strings.Split(detail, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "|") || strings.TrimSpace(l) == "" {
			continue
		}
		parts = append(parts, strings.TrimSpace(l))
	}
	s := strings.Join(parts, "; ")
	return celSource.ReplaceAllString(s, "line $1, column $2 of the rule: ")
}
