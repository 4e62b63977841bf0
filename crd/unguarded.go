package crd

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/declval/validation-gen/kubebuilder"
	"github.com/declval/validation-gen/markers"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/parser"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// celParser parses rules as the API server's environment does: with
// every macro (has, all, exists, ...) and optional syntax.
var celParser, _ = parser.NewParser(parser.Macros(parser.AllMacros...), parser.EnableOptionalSyntax(true))

// UnguardedFields lists the fields a CEL rule reads through self or
// oldSelf (self.a, self.a.b) that an object may lack, with no has() test
// of the same field anywhere in the rule: a field not required by the
// schema s the rule is evaluated on, with no default. Wherever such a
// field is absent, the API server fails the rule with "no such key"
// instead of evaluating it. A read with optional syntax (self.?a) is
// safe, as are reads in a rule that tests the field with has() anywhere
// (the test is taken to guard it: a guard the rule's logic does not
// honour is not found).
//
// mayBeAbsent, when not nil, says further whether a field (by its path
// from self: [self a b]) can be left out of an object at all: a field Go
// always writes (no omitempty) is present in every object a Go client
// sends.
func UnguardedFields(rule string, s *apiextv1.JSONSchemaProps, mayBeAbsent func(path []string) bool) []string {
	if s == nil || len(s.Properties) == 0 {
		return nil
	}
	tree, errs := celParser.Parse(common.NewTextSource(rule))
	if errs != nil && len(errs.GetErrors()) > 0 || tree == nil {
		return nil // the CEL check reports syntax errors
	}
	tested := map[string]bool{}
	var reads [][]string
	ast.PostOrderVisit(tree.Expr(), ast.NewExprVisitor(func(e ast.Expr) {
		if e.Kind() != ast.SelectKind {
			return
		}
		path := selectPath(e)
		if path == nil {
			return
		}
		if e.AsSelect().IsTestOnly() {
			tested[strings.Join(path, ".")] = true
			return
		}
		reads = append(reads, path)
	}))
	var out []string
	for _, path := range reads {
		node := s
		for i := 1; i < len(path) && node != nil; i++ {
			name := path[i]
			prop, ok := node.Properties[name]
			if !ok {
				break // not a property the schema names (a map's key)
			}
			at := strings.Join(path[:i+1], ".")
			if i == 1 && (name == "metadata" || name == "apiVersion" || name == "kind") {
				break // set on every object the server holds
			}
			if !slices.Contains(node.Required, name) && prop.Default == nil && !tested[at] &&
				(mayBeAbsent == nil || mayBeAbsent(path[:i+1])) {
				if !slices.Contains(out, at) {
					out = append(out, at)
				}
				break
			}
			node = &prop
		}
	}
	return out
}

// selectPath is the path of a chain of field selections from self or
// oldSelf ([self a b] for self.a.b), or nil.
func selectPath(e ast.Expr) []string {
	switch e.Kind() {
	case ast.IdentKind:
		if n := e.AsIdent(); n == "self" || n == "oldSelf" {
			return []string{n}
		}
	case ast.SelectKind:
		sel := e.AsSelect()
		if base := selectPath(sel.Operand()); base != nil {
			return append(base, sel.FieldName())
		}
	}
	return nil
}

// UnguardedWarning is the warning for a CEL rule at pos that reads an
// optional field without has() (UnguardedFields); does is what
// controller-gen does with it ("" in Kubernetes' dialect).
func UnguardedWarning(pos token.Position, tag, path, does string) *markers.Warning {
	return &markers.Warning{Kind: markers.UnguardedField, Pos: pos, Tag: tag,
		Msg:  fmt.Sprintf("a CEL rule reads %s without has(%s): the field may be absent (it is not required and has no default), and where the rule reads it absent, the API server fails the rule (no such key) and rejects the object without the rule's message", path, path),
		Does: does,
		Fix:  fmt.Sprintf("guard the read (!has(%s) || ...), or read it with optional syntax (%s), or make the field required or give it a default", path, optionalForm(path))}
}

// optionalForm is a path read with CEL's optional syntax: self.?a.b.
func optionalForm(path string) string {
	root, rest, _ := strings.Cut(path, ".")
	return root + ".?" + strings.ReplaceAll(rest, ".", ".?") + ".orValue(<default>)"
}

// unguardedInKind lists the warnings for the rules of a controller-gen
// kind's schema, each at the marker that wrote the rule when only one
// marker wrote it (rules), else at the field (or kind) whose schema holds
// it.
func unguardedInKind(s *apiextv1.JSONSchemaProps, positions Positions, written map[string]bool, root token.Position, rules map[string][]kubebuilder.RuleMarker) []*markers.Warning {
	var out []*markers.Warning
	seen := map[string]bool{}
	for path, n := range kubebuilder.Nodes(s) {
		// A field Go always writes is in every object a Go client sends.
		mayBeAbsent := func(p []string) bool {
			key := path
			for _, seg := range p[1:] {
				if key != "" {
					key += "."
				}
				key += "properties[" + seg + "]"
			}
			return !written[key]
		}
		for _, r := range n.XValidations {
			for _, f := range UnguardedFields(r.Rule, n, mayBeAbsent) {
				pos, tag := root, ""
				if at, ok := ruleMarker(rules[kubebuilder.RuleKey(r)], positions[joinPath(path, kubebuilder.RuleElem(kubebuilder.RuleKey(r)))]); ok {
					pos, tag = at.Pos, at.Text
				} else if p, _, ok := lookupPos([]Positions{positions}, path); ok {
					pos = p
				}
				if key := fmt.Sprint(pos, f); !seen[key] {
					seen[key] = true
					out = append(out, UnguardedWarning(pos, tag, f, "writes the rule as it is"))
				}
			}
		}
	}
	return out
}

// joinPath is a schema path with elem below it.
func joinPath(path, elem string) string {
	if path == "" {
		return elem
	}
	return path + "." + elem
}

// ruleMarker is the XValidation marker that wrote a rule: the one
// recorded as writing it at its schema node (wrote), or the only one.
func ruleMarker(at []kubebuilder.RuleMarker, wrote token.Position) (kubebuilder.RuleMarker, bool) {
	for _, m := range at {
		if m.Pos == wrote {
			return m, true
		}
	}
	if len(at) == 1 {
		return at[0], true
	}
	return kubebuilder.RuleMarker{}, false
}
