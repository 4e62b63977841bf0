// Package celrules evaluates the CEL rules of a type (+k8s:rule,
// +kubebuilder:validation:XValidation) in generated Go validators, with
// the API server's own CEL validator (k8s.io/apiextensions-apiserver), so
// that a rule means in Go exactly what it means in a cluster: transition
// rules and optionalOldSelf, messageExpression, reason, fieldPath,
// ratcheting of unchanged values and the per-call cost limit.
//
// Generated code holds one Rules per type with CEL rules; its programs are
// compiled once per process, on first use. A value is handed to the CEL
// validator as apimachinery's unstructured converter writes it (no JSON
// round trip), which is the JSON a Go client sends, after what the server
// does to a request body before it validates it: nulls of fields that are
// not nullable dropped, and the schema's defaults applied (the CRD
// defaults the fields below list items and map values to their zero
// values, so a rule there sees them whether the client sent them or not).
// Only code with CEL rules imports this package: it brings in the CEL
// libraries.
package celrules

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"

	vgruntime "github.com/declval/validation-gen/runtime"
)

// Rules are the CEL rules of one type: the schema of the type (structure,
// with x-kubernetes-validations only where the type itself declares them)
// and, once compiled, the server's validator for it. A type whose values
// can be list items or map values (or below them) has a second schema for
// those places, where the CRD gives its non-pointer fields defaults.
type Rules struct {
	isResourceRoot bool
	plain, item    compiled
}

// compiled is one schema of a type's rules and its validator.
type compiled struct {
	schemaJSON string
	once       sync.Once
	structure  *structuralschema.Structural
	view       *viewNode
	validator  *cel.Validator
	err        error
}

// New returns the rules of a type from its generated schema (the JSON of an
// apiextensions.k8s.io/v1 JSONSchemaProps). isResourceRoot is true for a
// kind (a type with TypeMeta and ObjectMeta), whose rules see
// self.metadata.name as the server's do.
func New(schemaJSON string, isResourceRoot bool) *Rules {
	return &Rules{plain: compiled{schemaJSON: schemaJSON}, isResourceRoot: isResourceRoot}
}

// NewWithItemSchema is New for a type that can be below a list item or a
// map value, where the CRD's schema of the type is itemSchemaJSON.
func NewWithItemSchema(schemaJSON, itemSchemaJSON string, isResourceRoot bool) *Rules {
	r := New(schemaJSON, isResourceRoot)
	r.item.schemaJSON = itemSchemaJSON
	return r
}

func (c *compiled) compile(isResourceRoot bool) {
	var v1 apiextv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(c.schemaJSON), &v1); err != nil {
		c.err = fmt.Errorf("reading the generated schema: %w", err)
		return
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		c.err = fmt.Errorf("converting the generated schema: %w", err)
		return
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		c.err = fmt.Errorf("the generated schema is not structural: %w", err)
		return
	}
	c.structure = s
	c.view = newViewNode(s)
	c.validator = cel.NewValidator(s, isResourceRoot, celconfig.PerCallLimit)
	if c.validator == nil {
		c.err = fmt.Errorf("the generated schema has no CEL rules")
	}
}

// Validate evaluates the rules on obj (and, on update, against oldObj,
// nil when there is no old value) and reports their errors below fldPath.
// It never panics: a failure to compile or convert is an InternalError.
func Validate[T any](ctx context.Context, r *Rules, op operation.Operation, fldPath *field.Path, obj, oldObj *T) (errs field.ErrorList) {
	return ValidateIn(ctx, r, op, fldPath, false, obj, oldObj)
}

// ValidateIn is Validate for a value that is (inItem) or is not below a
// list item or a map value.
func ValidateIn[T any](ctx context.Context, r *Rules, op operation.Operation, fldPath *field.Path, inItem bool, obj, oldObj *T) (errs field.ErrorList) {
	if obj == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			errs = field.ErrorList{field.InternalError(fldPath, fmt.Errorf("evaluating CEL rules: %v", p))}
		}
	}()
	c, err := r.schema(inItem)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	newVal, err := c.toServerValue(obj)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	var oldVal any
	var opts []cel.Option
	if op.Type == operation.Update && oldObj != nil {
		if oldVal, err = c.toServerValue(oldObj); err != nil {
			return field.ErrorList{field.InternalError(fldPath, err)}
		}
		// As the server does: a rule is not evaluated again on a value
		// that did not change (CRDValidationRatcheting).
		opts = append(opts, cel.WithRatcheting(common.NewCorrelatedObject(newVal, oldVal, &model.Structural{Structural: c.structure})))
	}
	errs, _ = c.validator.Validate(ctx, fldPath, c.structure, newVal, oldVal, celconfig.RuntimeCELCostBudget, opts...)
	return errs
}

// schema is the compiled schema of r for a value below (inItem) or not
// below a list item or a map value, compiled on first use.
func (r *Rules) schema(inItem bool) (*compiled, error) {
	c := &r.plain
	if inItem && r.item.schemaJSON != "" {
		c = &r.item
	}
	c.once.Do(func() { c.compile(r.isResourceRoot) })
	return c, c.err
}

// ValidateUnchanged evaluates, on an update that left a value unchanged
// (obj equal to oldObj), the transition rules (those that read oldSelf)
// of the value and of everything below it, which r holds in their places.
// The server never ratchets a transition rule: it evaluates it on every
// update, also where nothing changed, while the generated Go code does not
// validate an unchanged value again. obj may be of any type (a struct, a
// list, a map).
func ValidateUnchanged[T any](ctx context.Context, r *Rules, op operation.Operation, fldPath *field.Path, inItem bool, obj, oldObj *T) (errs field.ErrorList) {
	if obj == nil || oldObj == nil || op.Type != operation.Update {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			errs = field.ErrorList{field.InternalError(fldPath, fmt.Errorf("evaluating CEL rules: %v", p))}
		}
	}()
	c, err := r.schema(inItem)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	newVal, err := c.toServerAny(obj)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	oldVal, err := c.toServerAny(oldObj)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	if newVal == nil || oldVal == nil {
		return nil // null, which the server drops: no value, no rules
	}
	opts := []cel.Option{cel.WithRatcheting(common.NewCorrelatedObject(newVal, oldVal, &model.Structural{Structural: c.structure}))}
	errs, _ = c.validator.Validate(ctx, fldPath, c.structure, newVal, oldVal, celconfig.RuntimeCELCostBudget, opts...)
	return errs
}

// toServerAny is toServerValue for a value of any type, converted as the
// field of a struct.
func (c *compiled) toServerAny(v any) (any, error) {
	u, err := toUnstructured(&struct {
		V any `json:"v"`
	}{v})
	if err != nil {
		return nil, fmt.Errorf("converting %T for CEL: %w", v, err)
	}
	x := u["v"]
	serverView(x, c.view)
	return x, nil
}

// toServerValue is the value as the server's CEL rules see it: a struct
// as apimachinery's unstructured converter writes it, then, as the
// server's decoding does, without the nulls of fields that are not
// nullable and with the schema's defaults.
func (c *compiled) toServerValue(v any) (any, error) {
	u, err := toUnstructured(v)
	if err != nil {
		return nil, fmt.Errorf("converting %T for CEL: %w", v, err)
	}
	serverView(u, c.view)
	return u, nil
}

// toUnstructured is apimachinery's unstructured converter, or, for what it
// does not convert (a map whose keys write themselves as text, which
// controller-gen accepts), the JSON of v decoded as the server decodes a
// request body (integers as int64).
func toUnstructured(v any) (map[string]any, error) {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(v)
	if err == nil {
		return u, nil
	}
	// An object encoding/json cannot write either (a key whose
	// MarshalText has a pointer receiver) never reaches a server: its
	// error says why.
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	u = map[string]any{}
	if err := utiljson.Unmarshal(b, &u); err != nil {
		return nil, err
	}
	return u, nil
}

// viewNode is what serverView needs of a schema node, linked by pointers
// (a Structural holds its properties by value, and walking it by address
// would allocate on every call).
type viewNode struct {
	props      map[string]*viewNode
	additional *viewNode
	items      *viewNode
	nullable   bool
	def        any // the default, nil for none
}

func newViewNode(s *structuralschema.Structural) *viewNode {
	if s == nil {
		return nil
	}
	n := &viewNode{nullable: s.Nullable, def: s.Default.Object, items: newViewNode(s.Items)}
	if s.AdditionalProperties != nil {
		n.additional = newViewNode(s.AdditionalProperties.Structural)
	}
	if len(s.Properties) > 0 {
		n.props = make(map[string]*viewNode, len(s.Properties))
		for k := range s.Properties {
			p := s.Properties[k]
			n.props[k] = newViewNode(&p)
		}
	}
	return n
}

// serverView does to x what the server's decoding does to a body before
// validation, in one walk: structuraldefaulting.PruneNonNullableNullsWithoutDefaults
// (a null where the schema is not nullable and has no default is
// dropped), then structuraldefaulting.Default (an absent field, or a null
// where the schema is not nullable, gets the schema's default). Those two
// allocate for every property of every object they visit; this does not.
func serverView(x any, n *viewNode) {
	if n == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			p := n.props[k]
			if p == nil {
				p = n.additional
			}
			if v == nil && p != nil && !p.nullable {
				if p.def == nil {
					delete(x, k)
					continue
				}
				x[k] = runtime.DeepCopyJSONValue(p.def)
			}
			serverView(x[k], p)
		}
		for k, p := range n.props {
			if p.def == nil {
				continue
			}
			if _, found := x[k]; found {
				continue
			}
			x[k] = runtime.DeepCopyJSONValue(p.def)
			serverView(x[k], p)
		}
	case []any:
		for i := range x {
			if x[i] == nil && n.items != nil && !n.items.nullable && n.items.def != nil {
				x[i] = runtime.DeepCopyJSONValue(n.items.def)
			}
			serverView(x[i], n.items)
		}
	}
}

// Unchanged reports whether the API server's ratcheting finds obj (below
// a list item or a map value when inItem) unchanged from oldObj: the
// value when field is "", else its property field, or, where the server
// cannot correlate that property (absent on either side), the value.
// CEL rules compiled to Go (golang/celgo) call it, on a failed rule only,
// where runtime.JSONEqual would not compare as the server does (list-maps
// correlated by key, objects whose schema names no property).
func Unchanged[T any](r *Rules, inItem bool, obj, oldObj *T, field string) (unchanged bool) {
	if obj == nil || oldObj == nil {
		return false
	}
	defer func() {
		if recover() != nil {
			unchanged = false // report the error rather than hide it
		}
	}()
	c, err := r.schema(inItem)
	if err != nil {
		return false
	}
	newVal, err := c.toServerValue(obj)
	if err != nil {
		return false
	}
	oldVal, err := c.toServerValue(oldObj)
	if err != nil {
		return false
	}
	co := common.NewCorrelatedObject(newVal, oldVal, &model.Structural{Structural: c.structure})
	if field != "" {
		if child := co.Key(field); child != nil {
			return child.CachedDeepEqual()
		}
	}
	return co.CachedDeepEqual()
}

// ServerView is what the API server's CEL validator does with r's rules
// once a request is decoded: its validator, the schema it validates
// against and obj as the server holds it (unstructured). Benchmarks time
// the server's share with it; validation goes through ValidateIn.
func ServerView[T any](r *Rules, inItem bool, obj *T) (*cel.Validator, *structuralschema.Structural, any, error) {
	c, err := r.schema(inItem)
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := c.toServerValue(obj)
	return c.validator, c.structure, v, err
}

// Ratchet is the server's ratcheting for CEL rules compiled to Go over a
// whole kind (golang/celgo's CompileKind): on an update, a rule that does
// not read oldSelf reports nothing where the server's correlation of the
// new object with the old finds the rule's value unchanged, or, where it
// cannot correlate the value (an item of a list that is not a list-map,
// an absent old value), the value's nearest correlatable ancestor. The
// compiled code asks it on a failed rule only; the first question
// converts both objects as the server holds them.
type Ratchet struct {
	rules    *Rules
	obj, old any
	depth    int
	root     *common.CorrelatedObject
	failed   bool
}

// NewRatchet is the ratcheting of r's rules for obj at base (the path the
// compiled code starts from) against oldObj, nil on create.
func NewRatchet[T any](r *Rules, base *vgruntime.Path, obj, oldObj *T) Ratchet {
	rt := Ratchet{rules: r, depth: base.Depth()}
	if obj != nil && oldObj != nil {
		rt.obj, rt.old = obj, oldObj
	}
	return rt
}

// Unchanged reports whether the server ratchets the errors of the rules
// at p: false on create.
func (rt *Ratchet) Unchanged(p *vgruntime.Path) (unchanged bool) {
	if rt.old == nil || rt.failed {
		return false
	}
	defer func() {
		if recover() != nil {
			unchanged = false // report the error rather than hide it
		}
	}()
	if rt.root == nil {
		c, err := rt.rules.schema(false)
		if err != nil {
			rt.failed = true
			return false
		}
		newVal, err := c.toServerValue(rt.obj)
		if err != nil {
			rt.failed = true
			return false
		}
		oldVal, err := c.toServerValue(rt.old)
		if err != nil {
			rt.failed = true
			return false
		}
		rt.root = common.NewCorrelatedObject(newVal, oldVal, &model.Structural{Structural: c.structure})
	}
	// As the server's ratchetingOptions: the current correlation, and the
	// nearest correlatable ancestor once it is lost.
	current, parent := rt.root, (*common.CorrelatedObject)(nil)
	for _, s := range p.Steps(rt.depth) {
		if current == nil {
			continue
		}
		if !s.IsIndex && parent == nil && (s.Name == "apiVersion" || s.Name == "kind") {
			current, parent = nil, nil
			break
		}
		if s.IsIndex {
			current, parent = current.Index(s.Index), current
		} else {
			current, parent = current.Key(s.Name), current
		}
	}
	if current != nil {
		return current.CachedDeepEqual()
	}
	return parent.CachedDeepEqual()
}
