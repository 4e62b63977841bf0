package v1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Every type has an untagged Other field: an update changes it where the
// tagged fields may not change (immutable, NoModify).

type Presence struct {
	// +k8s:optional
	// +k8s:minLength=1
	Optional string `json:"optional,omitempty"`
	// +k8s:required
	Required *string `json:"required"`
	// +k8s:forbidden
	Forbidden *string `json:"forbidden,omitempty"`
	Other     string  `json:"other"`
}

type Limits struct {
	// +k8s:minimum=1
	Minimum int32 `json:"minimum"`
	// +k8s:maximum=10
	Maximum *int64 `json:"maximum,omitempty"`
	// +k8s:minLength=1
	MinLength string `json:"minLength"`
	// +k8s:maxLength=8
	MaxLength string `json:"maxLength"`
	// +k8s:maxBytes=8
	MaxBytes *string `json:"maxBytes,omitempty"`
	// +k8s:minItems=1
	MinItems []string `json:"minItems"`
	// +k8s:maxItems=3
	MaxItems []string `json:"maxItems"`
	// +k8s:minProperties=1
	MinProperties map[string]string `json:"minProperties"`
	// +k8s:maxProperties=3
	MaxProperties map[string]string `json:"maxProperties"`
	// +k8s:neq="x"
	NEQ   string `json:"neq"`
	Other string `json:"other"`
}

type Formats struct {
	// +k8s:format=k8s-extended-resource-name
	ExtendedResourceName string `json:"extendedResourceName"`
	// +k8s:format=k8s-ip
	IP string `json:"ip"`
	// +k8s:format=k8s-label-key
	LabelKey string `json:"labelKey"`
	// +k8s:format=k8s-label-value
	LabelValue string `json:"labelValue"`
	// +k8s:format=k8s-long-name
	LongName string `json:"longName"`
	// +k8s:format=k8s-long-name-caseless
	LongNameCaseless string `json:"longNameCaseless"`
	// +k8s:format=k8s-path-segment-name
	PathSegmentName string `json:"pathSegmentName"`
	// +k8s:format=k8s-prefixed-label-key
	PrefixedLabelKey string `json:"prefixedLabelKey"`
	// +k8s:format=k8s-resource-fully-qualified-name
	ResourceFullyQualifiedName string `json:"resourceFullyQualifiedName"`
	// +k8s:format=k8s-resource-pool-name
	ResourcePoolName string `json:"resourcePoolName"`
	// +k8s:format=k8s-short-name
	ShortName *string `json:"shortName,omitempty"`
	// +k8s:format=k8s-uuid
	UUID  string `json:"uuid"`
	Other string `json:"other"`
}

// Color is an enum; Violet is left out while the option Gate is enabled.
// +k8s:enum
type Color string

const (
	Red   Color = "Red"
	Green Color = "Green"
	// +k8s:ifEnabled("Gate")=+k8s:enumExclude
	Violet Color = "Violet"
	// +k8s:enumExclude
	Gray Color = "Gray"
)

// Shade is an enum without exclusions.
// +k8s:enum
type Shade string

const (
	Light Shade = "Light"
	Dark  Shade = "Dark"
)

type Enums struct {
	Color Color  `json:"color"`
	Shade *Shade `json:"shade,omitempty"`
	Other string `json:"other"`
}

type Updates struct {
	// +k8s:immutable
	Immutable string `json:"immutable"`
	// +k8s:monotonic
	Monotonic int64 `json:"monotonic"`
	// +k8s:update=NoSet
	NoSet *string `json:"noSet,omitempty"`
	// +k8s:update=NoUnset
	NoUnset *string `json:"noUnset,omitempty"`
	// +k8s:update=NoModify
	NoModify string `json:"noModify"`
	// +k8s:listType=set
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	ListNoChange []string `json:"listNoChange"`
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	MapNoChange map[string]string `json:"mapNoChange"`
	// +k8s:update=NoRemoveItem
	MapNoRemove map[string]Item `json:"mapNoRemove"`
	Other       string          `json:"other"`
}

type Item struct {
	// +k8s:format=k8s-short-name
	Name  string `json:"name"`
	Value int32  `json:"value"`
}

type Lists struct {
	// +k8s:listType=set
	Set []string `json:"set"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Map []Item `json:"map"`
	// +k8s:listType=atomic
	Atomic []Item `json:"atomic"`
	// +k8s:listType=atomic
	// +k8s:unique=set
	UniqueSet []int32 `json:"uniqueSet"`
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	UniqueMap []Item `json:"uniqueMap"`
	// +k8s:listType=set
	// +k8s:customUnique
	CustomUnique []string `json:"customUnique"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:subfield("value")=+k8s:minimum=1
	Item  []Item `json:"item"`
	Other string `json:"other"`
}

type Chains struct {
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachVal=+k8s:maxLength=5
	Each map[string]string `json:"each"`
	// +k8s:eachVal=+k8s:minimum=1
	EachList []int32 `json:"eachList"`
	// +k8s:subfield("value")=+k8s:maximum=10
	Subfield Item `json:"subfield"`
	// +k8s:alpha(since: "1.37")=+k8s:maxLength=5
	Alpha string `json:"alpha"`
	// +k8s:beta(since: "1.37")=+k8s:maxLength=5
	Beta string `json:"beta"`
	// +k8s:ifEnabled("Gate")=+k8s:maxLength=5
	IfEnabled string `json:"ifEnabled"`
	// +k8s:ifDisabled("Gate")=+k8s:required
	IfDisabled *string `json:"ifDisabled,omitempty"`
	// +k8s:opaqueType
	Opaque Item   `json:"opaque"`
	Other  string `json:"other"`
}

type Unions struct {
	// +k8s:unionMember
	// +k8s:optional
	A *string `json:"a,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	B *string `json:"b,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	C *string `json:"c,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	D     *string `json:"d,omitempty"`
	Other string  `json:"other"`
}

type Discriminated struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Kind string `json:"kind"`
	// +k8s:unionMember
	// +k8s:optional
	Circle *int32 `json:"circle,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	Square *int32 `json:"square,omitempty"`
	Other  string `json:"other"`
}

type Dependents struct {
	// +k8s:optional
	// +k8s:dependentRequired("image")
	// +k8s:dependentForbidden("script")
	Command []string `json:"command,omitempty"`
	// +k8s:optional
	Image string `json:"image,omitempty"`
	// +k8s:optional
	Script map[string]string `json:"script,omitempty"`
	Other  string            `json:"other"`
}

type Modes struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`
	// +k8s:ifMode("Box")=+k8s:required
	// +k8s:ifMode("Box")=+k8s:maxLength=5
	Label *string `json:"label,omitempty"`
	Other string  `json:"other"`
}

// +k8s:rule(rule: "self.min <= self.max", message: "min must not exceed max")
type Rule struct {
	Min   int64  `json:"min"`
	Max   int64  `json:"max"`
	Other string `json:"other"`
}

// Custom's field is checked by ValidateCustom_Custom_Name.
type Custom struct {
	// +k8s:customValidation
	Name  string `json:"name"`
	Other string `json:"other"`
}

// ValidateCustom_Custom_Name accepts every name: what the test counts is
// the generated code around the call.
func ValidateCustom_Custom_Name(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *string) field.ErrorList {
	return nil
}

// +k8s:validation-gen-nolint
// +k8s:validateTrue="type"
type Fixed struct {
	// +k8s:validateTrue="always"
	True string `json:"true"`
	// +k8s:alpha=+k8s:validateTrueAlpha="always"
	TrueAlpha string `json:"trueAlpha"`
	// +k8s:beta=+k8s:validateTrueBeta="always"
	TrueBeta string `json:"trueBeta"`
	Other    string `json:"other"`
}

// Failing's check always fails, so no object is valid on create; on an
// update that leaves it unchanged it is not run again.
type Failing struct {
	// +k8s:validateFalse="never"
	Never string `json:"never"`
	Other string `json:"other"`
}
