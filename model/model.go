package model

import (
	"go/token"
	"strings"
	"sync"

	"github.com/declval/validation-gen/markers"
	"k8s.io/gengo/v2/types"
)

// Model is everything one run generates.
type Model struct {
	Packages []*Package // sorted by import path
	// CRDRoots are the kinds of packages with +groupName (with
	// BuildOptions.CRDs), sorted by group, kind and version.
	CRDRoots []*CRDRoot
	index    map[types.Name]*Type
	// itemTypes are the types whose values can be list items or map
	// values, or below them (belowItems).
	itemTypes map[*Type]bool
	// transitions are the types with transition rules (transitionTypes).
	transitions map[*Type]bool
	// celTags are the tags of the CEL rules, by position (withRuleTags).
	celTags map[token.Position]string
	// The indexes above are built on first use, once: the backends render
	// packages in parallel.
	itemTypesOnce, transitionsOnce, celTagsOnce sync.Once
}

// Package is one output package: the Go file validation-gen writes.
type Package struct {
	Path string // import path of the output package
	Name string
	Dir  string
	// InputPath is where the types live (Path unless validation-gen-input).
	InputPath string
	// SchemeRegistry is the registry type of RegisterValidations ("" for
	// +k8s:validation-gen-scheme-registry=nil; DefaultSchemeRegistry
	// without the tag). The package registers, with RegisterValidations
	// and an init() that calls localSchemeBuilder.Register, when it also
	// has Roots.
	SchemeRegistry string
	// Subresources are the supportsSubresource paths ("/status").
	Subresources []string
	// IsSubresource scopes this package's validations to one subresource.
	IsSubresource string
	// NoLint is +k8s:validation-gen-nolint in doc.go: Kubernetes'
	// generator does not lint the package's root types.
	NoLint bool
	// Roots get an exported entry point and, with a registry, are
	// registered; sorted by name.
	Roots []*Type
	// Types are every type of this package that has a validation
	// function, sorted by name.
	Types []*Type
	// Declared are the package's own top-level names (in the files the
	// generator does not own), which generated names must not take.
	Declared map[string]token.Position
	// selectedBy is the tag that put the package in the run's output:
	// its +k8s:validation-gen-input, else its +k8s:validation-gen.
	selectedBy *markers.Tag
	// registryTag is the +k8s:validation-gen-scheme-registry, if written;
	// registryBroken, set when the registry it names was not found.
	registryTag    *markers.Tag
	registryBroken bool
}

// Type is a named Go type (struct or typedef) of the run.
type Type struct {
	Go    *types.Type
	Pkg   *Package
	Pos   token.Position
	Rules []Rule // type-level tags, applied to every value of the type
	// Fields of a struct, in declaration order.
	Fields []*Field
	// Enum holds the constants of an enum typedef, sorted by value;
	// EnumLevel is the stability level of its +k8s:enum.
	Enum      []EnumValue
	EnumLevel Level
	// enumTagged: the type carries +k8s:enum (its constants may exclude
	// themselves, even all of them).
	enumTagged bool
	// HasValidation is true when the type or anything it reaches (through
	// fields, elements or other types) has a rule.
	HasValidation bool
	// Root is true for types selected by validation-gen=...
	Root bool
	// Unions are the unionMember and zeroOrOneOfMember groups among the
	// struct's fields, checked at the struct's path; sorted by kind, name.
	Unions []*Union
	// Dependencies are the struct's dependentRequired and
	// dependentForbidden checks, in field order.
	Dependencies []Dependency
	// Modalities are the +k8s:modeDiscriminator groups among the struct's
	// fields, with their +k8s:ifMode members; sorted by name as Kubernetes
	// checks them ("default" for the unnamed one).
	Modalities []*Modality
	// Subresources and IsSubresource are the type's own subresource tags,
	// added to (or, for IsSubresource, replacing) its package's.
	Subresources  []string
	IsSubresource string
	// NoLint is +k8s:validation-gen-nolint in the type's doc comment:
	// Kubernetes' generator lints neither the type nor what it holds.
	NoLint bool
	// Recursive is set for types that can contain themselves. Calls into
	// them start a fresh path and rebase its errors, because a chain of
	// stack paths through a recursive call escapes to the heap.
	Recursive bool
	// LazyPath is set for types of readonly packages that were generated
	// by validation-gen and so have ValidateAt_ functions.
	LazyPath bool
	// FuncPkg is the package of an external type's Validate_ function when
	// it is not the type's own: the package that publishes the validation
	// of the type's package (source.Loaded.Published).
	FuncPkg string
	// Tags are the type's own tags as parsed (for the lint).
	Tags []*markers.Tag
}

// Field is a struct member.
type Field struct {
	GoName   string
	JSONName string // "" for inlined members
	Embedded bool
	Inline   bool // embedded with json:",inline" or no json tag: fields are flattened
	// NameTagged: the JSON name is written in a json tag (not the Go
	// name), which decides between fields of one name (encoding/json).
	NameTagged bool
	Go         *types.Type
	Rules      []Rule
	Pos        token.Position
	// Default is the field's +default (JSON, as written), and DefaultPos
	// where it is.
	Default    string
	DefaultPos token.Position
	// Tags are the field's tags as parsed (for the lint).
	Tags []*markers.Tag
	// Generic is the instance of a generic type the field's value holds
	// (G[string] in *G[string] or []G[string]), "" if none.
	Generic string
}

// Union is a group of members of which exactly one (union) or at most one
// (zeroOrOneOf) is set; with a discriminator, the set member must be the
// one the discriminator names.
type Union struct {
	Src
	Name          string // the union: argument; "" for the default union
	ZeroOrOne     bool
	Discriminator *Field
	Members       []UnionMember
}

// Dependency is +k8s:dependentRequired (or, with Forbidden,
// +k8s:dependentForbidden) on Trigger: when Trigger is set, Dependent
// must be set (unset). Kubernetes checks it at the struct, reporting at
// the dependent field; Option, when not nil, is the ifEnabled or
// ifDisabled the tag was written under.
type Dependency struct {
	Src
	Trigger, Dependent *Field
	Forbidden          bool
	Option             *DependencyOption
}

// DependencyOption is the option a dependency is conditional on.
type DependencyOption struct {
	Name    string
	Enabled bool
}

// Modality is a discriminator and the fields whose checks depend on its
// value (+k8s:ifMode); Src is the discriminator's tag.
type Modality struct {
	Src
	Name          string // the modality: argument, "" for the default
	Discriminator *Field
	Members       []*ModeMember // sorted by Go name, as Kubernetes checks them
}

// ModeMember is a field's rules in each of its modes. In any other mode
// it must be unset: the Forbidden error carries ForbiddenLevel, the level
// of the field's ifMode tags when they all have one (else stable).
type ModeMember struct {
	Field          *Field
	Modes          []*Mode // sorted by value
	ForbiddenLevel Level
}

// Mode is the rules of a field in one mode, in the order Kubernetes runs
// them. Value is the mode as written ("true" or "false" for a bool).
type Mode struct {
	Value string
	Rules []Rule
}

// UnionMember is a struct field, or an item of a list-map (Item set).
type UnionMember struct {
	Field *Field
	Item  *ItemSelector
	// Display is the member's name in messages: its JSON name, or for an
	// item `jsonName[{"key": "value"}]` as Kubernetes writes it.
	Display string
	// Value is what the discriminator holds when this member is set.
	Value string
}

// ItemSelector picks the first item of a list-map whose keys equal
// literals.
type ItemSelector struct {
	List *Field
	Elem *types.Type // the list's element type
	Keys []ItemKey
}

// ItemKey is one key field with the literal it must equal.
type ItemKey struct {
	ListKey
	Kind  string // string, int, bool
	Value string // the literal as written (unquoted for strings)
}

// ListKey is one field of a list-map key.
type ListKey struct {
	JSONName string
	GoName   string
	Go       *types.Type
}

// EnumValue is one constant of an enum typedef.
type EnumValue struct {
	Name  string // Go constant name
	Value string
	// Exclusions are its +k8s:ifEnabled/+k8s:ifDisabled=+k8s:enumExclude
	// tags, in Kubernetes' order (disabled-option ones first, then by
	// option name).
	Exclusions []EnumExclusion
}

// EnumExclusion leaves a value out of its enum while Option is enabled
// (ExcludeWhen) or disabled (!ExcludeWhen).
type EnumExclusion struct {
	Option      string
	ExcludeWhen bool
}

// Rule is one validation attached to a place (type, field, element, key).
type Rule interface {
	At() token.Position
	// TagName is the name of the tag the rule came from ("k8s:minimum"),
	// or of the stability wrapper around it ("k8s:beta"), as Kubernetes
	// orders checks by it.
	TagName() string
	// Stability is the level the rule's errors carry.
	Stability() Level
}

// Level is the stability level of a validation (+k8s:alpha, +k8s:beta).
type Level string

const (
	Stable Level = ""
	Alpha  Level = "alpha"
	Beta   Level = "beta"
)

// Src records where a rule came from.
type Src struct {
	Pos   token.Position
	Tag   string
	Level Level
}

func (s Src) At() token.Position { return s.Pos }

func (s Src) Stability() Level { return s.Level }

func (s Src) TagName() string {
	if i := strings.IndexAny(s.Tag, "=("); i >= 0 {
		return s.Tag[:i]
	}
	return s.Tag
}

type (
	// Required: the value must be set. Defaulted marks a +k8s:optional
	// field with a +default, which Kubernetes treats as required.
	Required struct {
		Src
		Defaulted bool
	}
	// Optional: an unset value stops the other checks.
	Optional struct{ Src }
	// Forbidden: the value must be unset.
	Forbidden struct{ Src }
	// Minimum: v >= N.
	Minimum struct {
		Src
		N int64
	}
	// Maximum: v <= N.
	Maximum struct {
		Src
		N int64
	}
	// MinLength: rune count >= N.
	MinLength struct {
		Src
		N int64
	}
	// MaxLength: rune count <= N.
	MaxLength struct {
		Src
		N int64
	}
	// MaxBytes: byte length <= N.
	MaxBytes struct {
		Src
		N int64
	}
	// Immutable: on update, a changed value is an error.
	Immutable struct{ Src }
	// Monotonic: on update, an integer may not decrease.
	Monotonic struct{ Src }
	// Update holds the +k8s:update constraints of a place, in the order
	// of UpdateConstraints. List is the listType of a list with NoAddItem
	// or NoRemoveItem (the items' identity).
	Update struct {
		Src
		Constraints []string
		List        *ListType
	}
	// MinItems: len >= N.
	MinItems struct {
		Src
		N int64
	}
	// MinProperties: a map has at least N entries.
	MinProperties struct {
		Src
		N int64
	}
	// MaxProperties: a map has at most N entries; more stops the other
	// checks of the map.
	MaxProperties struct {
		Src
		N int64
	}
	// MaxItems: len <= N; too many stops the other checks of the list.
	MaxItems struct {
		Src
		N int64
	}
	// Format: one of the named string formats.
	Format struct {
		Src
		Name string
	}
	// NEQ: v != Value. Kind is "string", "int" or "bool"; Value is the
	// literal (unquoted for strings).
	NEQ struct {
		Src
		Kind  string
		Value string
		Int   int64
	}
	// EachKey applies Rules to every map key.
	EachKey struct {
		Src
		Rules []Rule
	}
	// EachVal applies Rules to every list element or map value.
	EachVal struct {
		Src
		Rules []Rule
	}
	// Subfield applies Rules to one field of a struct.
	Subfield struct {
		Src
		JSONName string
		Field    *Field
		Rules    []Rule
	}
	// ListType is listType (with its listMapKey keys for "map"): set and
	// map lists have unique items, and their items are correlated with
	// the old list on update.
	ListType struct {
		Src
		Kind string // atomic, set, map: how items are unique and correlated
		Keys []ListKey
		// Unique: Kind comes from +k8s:unique on a listType=atomic list,
		// which stays atomic for server-side apply.
		Unique bool
		// CustomUnique: handwritten code checks the items' uniqueness.
		CustomUnique bool
	}
	// Item applies Rules to the list-map item Selector picks.
	Item struct {
		Src
		Selector *ItemSelector
		Rules    []Rule
	}
	// ItemUnion is a union whose members are items of the list it is on;
	// its errors are at the list's path.
	ItemUnion struct {
		Src
		Union *Union
	}
	// CEL is a CEL rule with the fields of an x-kubernetes-validations
	// entry, from +k8s:rule or +kubebuilder:validation:XValidation.
	CEL struct {
		Src
		Rule, Message, MessageExpression, Reason, FieldPath string
		OptionalOldSelf                                     bool
	}
	// Opaque: do not call the validation of the value's type.
	Opaque struct{ Src }
	// Custom calls Func, a handwritten function of the output package,
	// with the value: as it is when Nilable (a pointer, list, map or
	// interface), else a pointer to it.
	Custom struct {
		Src
		Func string
		// FuncPkg is the package declaring Func when it is not the
		// output package (the input's validation package).
		FuncPkg string
		Nilable bool
	}
	// IfOption applies Rules when op.Options[Option] == Enabled.
	IfOption struct {
		Src
		Option  string
		Enabled bool
		Rules   []Rule
	}
	// Fixed is a test tag of Kubernetes' generator with a fixed result
	// (validateTrue, validateFalse, ...), its cohort already resolved
	// (fixedCohorts): Pass never fails; otherwise the check fails wherever
	// it runs, with Message, marked ShortCircuit when Mark, unless
	// NonError; Stop: the failure stops the place's other checks.
	Fixed struct {
		Src
		Pass     bool
		Message  string
		Mark     bool
		Stop     bool
		NonError bool
		// cohort is the tag's cohort: until fixedCohorts resolves it.
		cohort string
	}
)

// CRDRoot is a kind: a root type (embedding TypeMeta, with ObjectMeta) of
// a package with +groupName.
type CRDRoot struct {
	Type    *Type
	Group   string
	Version string
	Markers markers.CRDMarkers
}
