package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// HTTPRoute is shaped like Gateway API's HTTPRoute: parent references in a
// list-map with two keys, hostnames in a set, rules in an atomic list whose
// matches and filters carry CEL rules (Gateway API's own), a discriminated
// union of filters with CEL on the same type, timeouts as metav1.Duration
// compared in CEL, and backends in a map whose values have rules.
//
// +kubebuilder:resource:shortName=hr,categories=audit
// +kubebuilder:printcolumn:name="Hostnames",type=string,JSONPath=".spec.hostnames"
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"
type HTTPRoute struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec HTTPRouteSpec `json:"spec"`
}

// +k8s:rule(rule: "!has(self.rules) || self.rules.all(r, !has(r.timeouts) || has(self.parentRefs))", message: "timeouts need a parent", reason: "FieldValueRequired", fieldPath: ".parentRefs")
type HTTPRouteSpec struct {
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=sectionName
	// +k8s:item(name: "default", sectionName: "")=+k8s:subfield("port")=+k8s:neq=0
	ParentRefs []ParentReference `json:"parentRefs,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:rule(rule: "self.all(h, !h.startsWith('*') || h.indexOf('*', 1) < 0)", message: "a wildcard is only allowed as the first label", reason: "FieldValueInvalid")
	Hostnames []Hostname `json:"hostnames,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=3
	Rules []HTTPRouteRule `json:"rules,omitempty"`

	// Backends by name: map values with a type rule and a transition rule.
	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachKey=+k8s:maxLength=16
	Backends map[string]BackendRef `json:"backends,omitempty"`

	// +k8s:ifEnabled("AuditStrict")=+k8s:required
	// +k8s:ifDisabled("AuditStrict")=+k8s:optional
	// +k8s:rule(rule: "self.matches('^[a-z]+$')", message: "owner is lowercase letters")
	// +k8s:maxLength=16
	Owner string `json:"owner,omitempty"`
}

// Hostname is a DNS name, possibly with a leading wildcard label.
//
// +k8s:maxLength=64
type Hostname string

// ParentReference is a list-map item keyed by name and sectionName; its
// rule is a transition rule, which the server can run because list-map
// items correlate by key.
//
// The second rule fails on an unchanged value: the server evaluates a
// transition rule on every update, unchanged values included.
//
// +k8s:rule(rule: "!has(oldSelf.port) || !has(self.port) || self.port == oldSelf.port || oldSelf.port == 1", message: "port is immutable once it is not 1", reason: "FieldValueForbidden", fieldPath: ".port")
// +k8s:rule(rule: "self.sectionName != 'canary' || !has(oldSelf.port) || !has(self.port) || self.port != oldSelf.port", message: "the canary section moves to another port on every update", fieldPath: ".port")
type ParentReference struct {
	// +k8s:format=k8s-short-name
	Name string `json:"name"`
	// +k8s:maxLength=16
	SectionName string `json:"sectionName"`
	// +k8s:optional
	// +k8s:minimum=1
	Port *int32 `json:"port,omitempty"`
	// +k8s:optional
	Kind *ParentKind `json:"kind,omitempty"`
}

// +k8s:enum
type ParentKind string

const (
	ParentKindGateway ParentKind = "Gateway"
	ParentKindService ParentKind = "Service"
)

// HTTPRouteRule is an atomic-list item with Gateway API's filter rules.
//
// +k8s:rule(rule: "!has(self.filters) || self.filters.filter(f, f.type == 'RequestRedirect').size() <= 1", message: "at most one RequestRedirect filter", reason: "FieldValueDuplicate", fieldPath: ".filters")
// +k8s:rule(rule: "!has(self.filters) || !(self.filters.exists(f, f.type == 'RequestRedirect') && self.filters.exists(f, f.type == 'URLRewrite'))", message: "RequestRedirect and URLRewrite cannot be combined", reason: "FieldValueForbidden", fieldPath: ".filters")
type HTTPRouteRule struct {
	// +k8s:optional
	// +k8s:maxItems=4
	Matches []HTTPRouteMatch `json:"matches,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	Filters []HTTPRouteFilter `json:"filters,omitempty"`
	// +k8s:optional
	Timeouts *HTTPRouteTimeouts `json:"timeouts,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=16
	Name *string `json:"name,omitempty"`
}

type HTTPRouteMatch struct {
	// +k8s:optional
	Path *HTTPPathMatch `json:"path,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Headers []HTTPHeaderMatch `json:"headers,omitempty"`
	// +k8s:optional
	Method *HTTPMethod `json:"method,omitempty"`
}

// HTTPPathMatch has rules that read its enum and its value, with a
// messageExpression.
//
// +k8s:rule(rule: "self.type == 'RegularExpression' || self.value.startsWith('/')", messageExpression: "'a ' + self.type + ' path must begin with a slash'", fieldPath: ".value")
// +k8s:rule(rule: "self.type != 'Exact' || !self.value.contains('//')", message: "an exact path may not contain //", fieldPath: ".value")
type HTTPPathMatch struct {
	// +k8s:required
	Type PathMatchType `json:"type"`
	// +k8s:maxLength=64
	Value string `json:"value"`
}

// +k8s:enum
type PathMatchType string

const (
	PathMatchExact             PathMatchType = "Exact"
	PathMatchPathPrefix        PathMatchType = "PathPrefix"
	PathMatchRegularExpression PathMatchType = "RegularExpression"
)

// +k8s:enum
type HTTPMethod string

const (
	HTTPMethodGet  HTTPMethod = "GET"
	HTTPMethodPost HTTPMethod = "POST"
)

type HTTPHeaderMatch struct {
	// +k8s:maxLength=32
	// +k8s:rule(rule: "!self.contains(':')", message: "a header name has no colon")
	Name string `json:"name"`
	// +k8s:maxLength=32
	Value string `json:"value"`
}

// HTTPRouteFilter is a discriminated union that also has CEL rules.
//
// +k8s:rule(rule: "self.type != 'RequestRedirect' || !has(self.requestRedirect) || !has(self.requestRedirect.statusCode) || self.requestRedirect.statusCode in [301, 302]", message: "statusCode must be 301 or 302", reason: "FieldValueInvalid", fieldPath: ".requestRedirect.statusCode")
type HTTPRouteFilter struct {
	// +k8s:unionDiscriminator
	// +k8s:required
	Type FilterType `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	RequestHeaderModifier *HeaderModifier `json:"requestHeaderModifier,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	RequestRedirect *RequestRedirect `json:"requestRedirect,omitempty"`
	// +k8s:unionMember(memberName: "URLRewrite")
	// +k8s:optional
	URLRewrite *URLRewrite `json:"urlRewrite,omitempty"`
}

// +k8s:enum
type FilterType string

const (
	FilterRequestHeaderModifier FilterType = "RequestHeaderModifier"
	FilterRequestRedirect       FilterType = "RequestRedirect"
	FilterURLRewrite            FilterType = "URLRewrite"
)

type HeaderModifier struct {
	// +k8s:optional
	// +k8s:maxItems=2
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=16
	Remove []string `json:"remove,omitempty"`
}

type RequestRedirect struct {
	// +k8s:optional
	// +k8s:format=k8s-long-name
	Hostname *string `json:"hostname,omitempty"`
	// +k8s:optional
	StatusCode *int32 `json:"statusCode,omitempty"`
}

type URLRewrite struct {
	// +k8s:optional
	// +k8s:maxLength=32
	// +k8s:rule(rule: "self.startsWith('/')", message: "must begin with a slash", reason: "FieldValueInvalid")
	ReplacePrefixMatch *string `json:"replacePrefixMatch,omitempty"`
}

// HTTPRouteTimeouts is Gateway API's rule between two durations.
//
// +k8s:rule(rule: "!(has(self.request) && has(self.backendRequest) && duration(self.request) != duration('0s') && duration(self.backendRequest) > duration(self.request))", message: "backendRequest timeout cannot be longer than request timeout", fieldPath: ".backendRequest")
type HTTPRouteTimeouts struct {
	// +k8s:optional
	// +k8s:rule(rule: "duration(self) >= duration('0s')", message: "request timeout may not be negative")
	Request *metav1.Duration `json:"request,omitempty"`
	// +k8s:optional
	BackendRequest *metav1.Duration `json:"backendRequest,omitempty"`
}

// BackendRef is a map value with a type rule and transition rules, one of
// which fails on an unchanged value.
//
// +k8s:rule(rule: "self.weight <= 100 || self.weight == 1000", message: "weight is out of range", fieldPath: ".weight")
// +k8s:rule(rule: "self.weight == 0 || self.weight >= oldSelf.weight", message: "a weight may not decrease", reason: "FieldValueForbidden", fieldPath: ".weight")
// +k8s:rule(rule: "self.weight != 7 || self.weight != oldSelf.weight", message: "a canary weight of 7 must change on every update", fieldPath: ".weight")
type BackendRef struct {
	// +k8s:optional
	// +k8s:minimum=0
	Weight int32 `json:"weight,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=16
	Tenant string `json:"tenant,omitempty"`
}
