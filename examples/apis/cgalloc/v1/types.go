package v1

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Each kind carries a family of markers (alloc_test.go names, for every
// marker of markers.CGDefs, the kinds that carry it).

// +kubebuilder:object:root=true

// Numbers carries the numeric markers.
type Numbers struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec NumbersSpec `json:"spec"`
}

// NumbersSpec: Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum,
// MultipleOf, on fields, on a type and on a list's items.
type NumbersSpec struct {
	// +kubebuilder:validation:Minimum=1
	Minimum int32 `json:"minimum"`

	// +optional
	// +kubebuilder:validation:Maximum=10
	Maximum *int64 `json:"maximum,omitempty"`

	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	ExclusiveMinimum int32 `json:"exclusiveMinimum"`

	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:ExclusiveMaximum=true
	ExclusiveMaximum int64 `json:"exclusiveMaximum"`

	// +kubebuilder:validation:MultipleOf=5
	MultipleOf int32 `json:"multipleOf"`

	// +optional
	// +kubebuilder:validation:items:Minimum=0
	// +kubebuilder:validation:items:Maximum=9
	// +kubebuilder:validation:items:MultipleOf=3
	Digits []int32 `json:"digits,omitempty"`

	// +optional
	Percent *Percent `json:"percent,omitempty"`

	// +optional
	// +kubebuilder:validation:Enum=1;2;4;8
	Width int32 `json:"width,omitempty"`
}

// Percent is a percentage.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:Maximum=100
type Percent int32

// +kubebuilder:object:root=true

// Strings carries the markers of strings: lengths, patterns, formats,
// enums, types.
type Strings struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StringsSpec `json:"spec"`
}

// StringsSpec carries the markers of strings.
type StringsSpec struct {
	// +kubebuilder:validation:MinLength=2
	MinLength string `json:"minLength"`

	// +kubebuilder:validation:MaxLength=8
	MaxLength string `json:"maxLength"`

	// +kubebuilder:validation:Pattern=`^[a-z]+(-[a-z]+)*$`
	Pattern string `json:"pattern"`

	// +optional
	// +kubebuilder:validation:Format=email
	Email string `json:"email,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=uuid
	UUID string `json:"uuid,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=hostname
	Hostname string `json:"hostname,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=ipv4
	IPv4 string `json:"ipv4,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=date-time
	DateTime string `json:"dateTime,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=duration
	Duration string `json:"duration,omitempty"`

	// +optional
	// +kubebuilder:validation:Format=byte
	Bytes string `json:"bytes,omitempty"`

	// +optional
	Since *metav1.Time `json:"since,omitempty"`

	// +optional
	// +kubebuilder:validation:Enum=a;b;c
	Enum string `json:"enum,omitempty"`

	// +optional
	Color Color `json:"color,omitempty"`

	// +optional
	Level Level `json:"level,omitempty"`

	// +optional
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^(\d+|\d+%)$`
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`

	// +optional
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=16
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:items:Enum=x;y;z
	// +kubebuilder:validation:items:Format=hostname
	Names []string `json:"names,omitempty"`
}

// +kubebuilder:object:root=true

// Durations carries a metav1.Duration and a resource.Quantity checked as
// the strings they write (kept apart from Strings: see alloc_test.go).
type Durations struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DurationsSpec `json:"spec"`
}

// DurationsSpec carries a metav1.Duration with a pattern, and a
// resource.Quantity.
type DurationsSpec struct {
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Pattern="^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$"
	Timeout *metav1.Duration `json:"timeout,omitempty"`

	// +optional
	// +kubebuilder:validation:MaxLength=16
	Interval metav1.Duration `json:"interval,omitempty"`

	// Limit is a quantity with a pattern of its own, which the CRD
	// requires of its string beside a quantity's (allOf), as Envoy
	// Gateway's buffer limits do.
	// +optional
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern="^[1-9]+[0-9]*([EPTGMK]i|[EPTGMk])?$"
	Limit *resource.Quantity `json:"limit,omitempty"`
}

// Color is one of three colors.
// +kubebuilder:validation:Enum=Red;Green;Blue
type Color string

// Level is a level: its values are its constants.
// +k8s:enum
type Level string

const (
	LevelLow  Level = "Low"
	LevelHigh Level = "High"
)

// +kubebuilder:object:root=true

// Collections carries the markers of lists and maps.
type Collections struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CollectionsSpec `json:"spec"`
}

// CollectionsSpec carries the markers of lists and maps.
type CollectionsSpec struct {
	// +kubebuilder:validation:MinItems=1
	MinItems []string `json:"minItems"`

	// +optional
	// +kubebuilder:validation:MaxItems=3
	MaxItems []string `json:"maxItems,omitempty"`

	// +kubebuilder:validation:MinProperties=1
	MinProperties map[string]string `json:"minProperties"`

	// +optional
	// +kubebuilder:validation:MaxProperties=3
	MaxProperties map[string]int32 `json:"maxProperties,omitempty"`

	// +optional
	// +listType=set
	Set []string `json:"set,omitempty"`

	// +optional
	// +listType=set
	IntSet []int64 `json:"intSet,omitempty"`

	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=port
	Map []Entry `json:"map,omitempty"`

	// PtrMap is a list-map of pointers, which controller-gen accepts
	// (envoy gateway's contextExtensions): its items are keyed as
	// objects, and a nil item is null.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=port
	PtrMap []*Entry `json:"ptrMap,omitempty"`

	// +optional
	// +listType=atomic
	Atomic []Entry `json:"atomic,omitempty"`

	// +optional
	// +mapType=atomic
	AtomicMap map[string]string `json:"atomicMap,omitempty"`

	// +optional
	// +structType=atomic
	AtomicStruct *Entry `json:"atomicStruct,omitempty"`

	// +optional
	// +kubebuilder:validation:UniqueItems=false
	NotUnique []string `json:"notUnique,omitempty"`

	// +optional
	Tags Tags `json:"tags,omitempty"`

	// +optional
	// +kubebuilder:validation:items:MinItems=1
	// +kubebuilder:validation:items:MaxItems=2
	Pairs [][]string `json:"pairs,omitempty"`

	// +optional
	// +kubebuilder:validation:items:MinProperties=1
	// +kubebuilder:validation:items:MaxProperties=2
	Labels []map[string]string `json:"labels,omitempty"`
}

// +kubebuilder:object:root=true

// StructMaps carries a granular map of structs (kept apart from
// Collections: see alloc_test.go).
type StructMaps struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec StructMapsSpec `json:"spec"`
}

// StructMapsSpec carries a granular map of structs.
type StructMapsSpec struct {
	// +optional
	// +mapType=granular
	GranularMap map[string]Entry `json:"granularMap,omitempty"`

	// TextKeyed is keyed by endpoints, which write themselves as text
	// (MarshalText): the JSON object's keys are that text, and so are the
	// keys in the paths of its values' errors.
	// +optional
	TextKeyed map[Endpoint]Entry `json:"textKeyed,omitempty"`
}

// Endpoint is a host and a port, written host:port.
type Endpoint struct {
	Host string
	Port int32
}

// MarshalText writes e as host:port: the key of a JSON object.
func (e Endpoint) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "%s:%d", e.Host, e.Port), nil
}

// UnmarshalText reads host:port.
func (e *Endpoint) UnmarshalText(b []byte) error {
	host, port, ok := strings.Cut(string(b), ":")
	if !ok {
		return fmt.Errorf("endpoint %q is not host:port", b)
	}
	p, err := strconv.ParseInt(port, 10, 32)
	if err != nil {
		return fmt.Errorf("endpoint %q: %w", b, err)
	}
	*e = Endpoint{host, int32(p)}
	return nil
}

// Entry is an item of a list-map.
// +kubebuilder:validation:MaxProperties=3
type Entry struct {
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Port int32 `json:"port"`
	// +optional
	Value string `json:"value,omitempty"`
}

// Tags is a set of at most four tags.
// +listType=set
// +kubebuilder:validation:MaxItems=4
// +kubebuilder:validation:MinItems=1
type Tags []string

// +kubebuilder:object:root=true

// Presence carries the markers of presence, nulls and defaults.
type Presence struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec PresenceSpec `json:"spec"`
}

// PresenceSpec carries the markers of presence, nulls and defaults.
type PresenceSpec struct {
	// +kubebuilder:validation:Required
	KBRequired string `json:"kbRequired,omitempty"`

	// +kubebuilder:validation:Optional
	KBOptional *string `json:"kbOptional"`

	// +required
	Required *int32 `json:"required,omitempty"`

	// +optional
	Optional *int32 `json:"optional,omitempty"`

	// +k8s:required
	K8sRequired string `json:"k8sRequired,omitempty"`

	// +k8s:required
	K8sRequiredList []string `json:"k8sRequiredList,omitempty"`

	// +k8s:optional
	K8sOptional *string `json:"k8sOptional,omitempty"`

	// +optional
	// +kubebuilder:validation:Nullable
	Nullable *Entry `json:"nullable"`

	// +optional
	// +nullable
	NullableList []string `json:"nullableList"`

	// +optional
	// +kubebuilder:default=3
	// +kubebuilder:validation:Minimum=1
	Defaulted *int32 `json:"defaulted,omitempty"`

	// +optional
	// +default="fast"
	// +kubebuilder:validation:Enum=fast;slow
	Mode string `json:"mode,omitempty"`

	// +kubebuilder:default={name: "d", port: 80}
	DefaultedEntry *Entry `json:"defaultedEntry,omitempty"`
}

// +kubebuilder:object:root=true

// Objects carries the markers of embedded, preserved and schemaless
// objects, and the documentation markers.
type Objects struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ObjectsSpec `json:"spec"`
}

// ObjectsSpec carries the markers of embedded, preserved and schemaless
// objects.
// +kubebuilder:title="objects"
// +kubebuilder:externalDocs:url="https://example.com/objects",description="the objects"
type ObjectsSpec struct {
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	Free *apiextv1.JSON `json:"free,omitempty"`

	// +optional
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	Schemaless *apiextv1.JSON `json:"schemaless,omitempty"`

	// Config is raw JSON that must be an object (Chaos Mesh's
	// configOverride).
	// +optional
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Type=object
	Config json.RawMessage `json:"config,omitempty"`

	// Blob is bytes, written as base64, whose unknown fields are kept.
	// +optional
	// +kubebuilder:pruning:PreserveUnknownFields
	Blob []byte `json:"blob,omitempty"`

	// Typed is raw JSON that must be a list.
	// +optional
	// +kubebuilder:validation:Type=array
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	Typed *apiextv1.JSON `json:"typed,omitempty"`

	// +optional
	// +kubebuilder:title="a name"
	// +kubebuilder:example="n"
	// +kubebuilder:externalDocs:url="https://example.com/name"
	// +kubebuilder:validation:MaxLength=8
	Name string `json:"name,omitempty"`
}

// +kubebuilder:object:root=true

// Embedded carries the markers of embedded Kubernetes objects (kept apart
// from Objects: see alloc_test.go).
type Embedded struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec EmbeddedSpec `json:"spec"`
}

// EmbeddedSpec carries the markers of embedded Kubernetes objects.
type EmbeddedSpec struct {
	// +optional
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	Embedded runtime.RawExtension `json:"embedded,omitempty"`

	// +optional
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	XEmbedded *runtime.RawExtension `json:"xEmbedded,omitempty"`
}

// +kubebuilder:object:root=true

// Rules carries the CEL markers: XValidation in its forms, the unions
// and +k8s:immutable.
type Rules struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RulesSpec `json:"spec"`
}

// RulesSpec carries the CEL markers.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min exceeds max"
// +kubebuilder:validation:XValidation:rule="!has(self.a) || self.a.size() > 1",messageExpression="'a is ' + self.a",reason=FieldValueForbidden,fieldPath=".a"
// +kubebuilder:validation:AtMostOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=c;d
// +kubebuilder:validation:AtLeastOneOf=e;f
type RulesSpec struct {
	Min int32 `json:"min"`
	Max int32 `json:"max"`

	// +optional
	A *string `json:"a,omitempty"`
	// +optional
	B *string `json:"b,omitempty"`
	// +optional
	C *string `json:"c,omitempty"`
	// +optional
	D *string `json:"d,omitempty"`
	// +optional
	E *string `json:"e,omitempty"`
	// +optional
	F *string `json:"f,omitempty"`

	// +kubebuilder:validation:XValidation:rule="self >= oldSelf",message="may not decrease"
	Generation int64 `json:"generation"`

	// +optional
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self.size() >= oldSelf.value().size()",message="may not shrink",optionalOldSelf=true
	Grown string `json:"grown,omitempty"`

	// +k8s:immutable
	Immutable string `json:"immutable"`

	// +optional
	// +kubebuilder:validation:items:XValidation:rule="self.startsWith('x-')",message="not an x- header"
	Headers []string `json:"headers,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:rule="self.all(k, self[k] != '')",message="an empty value"
	Values map[string]string `json:"values,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:rule="self.exists(e, e.port == 80) && self.map(e, e.name).size() == self.size()",message="no port 80"
	// +listType=map
	// +listMapKey=name
	Entries []Entry `json:"entries,omitempty"`

	// +optional
	// +kubebuilder:validation:XValidation:rule="self.matches('^[a-z]+$') && self in ['alpha', 'beta', 'gamma']",message="not a name"
	Word string `json:"word,omitempty"`
}

// +kubebuilder:object:root=true

// Bundles carries a rule that asks whether a []byte field is set. The API
// server reads such a field (format: byte) as a CEL value when a rule
// reaches it, has() included, decoding it as URL-safe base64: the standard
// base64 of bytes with + or / in it fails the rule. The compiled has()
// fails as the server does (runtime.CELBytesError), allocating nothing on
// a value the server decodes.
type Bundles struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BundlesSpec `json:"spec"`
}

// BundlesSpec is a CA bundle and the name it goes by.
// +kubebuilder:validation:XValidation:rule="!has(self.caBundle) || has(self.caName)",message="a CA bundle needs its name"
type BundlesSpec struct {
	// +optional
	CABundle []byte `json:"caBundle,omitempty"`
	// +optional
	CAName string `json:"caName,omitempty"`
}
