package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Issuer is shaped like cert-manager's Issuer, with its kind of issuer in
// a type field as flowcontrol's PriorityLevelConfiguration has it: what is
// required, allowed or forbidden depends on modes (modeDiscriminator and
// ifMode tags), of an enum and of a bool, in the spec and in a struct below
// it (both checked on the root, absent read as zero), with short-circuiting
// tags in a mode and a beta modality.
//
// +kubebuilder:resource:categories=audit
// +kubebuilder:printcolumn:name="Type",type=string,JSONPath=".spec.type"
type Issuer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec IssuerSpec `json:"spec"`
}

// +k8s:enum
type IssuerType string

const (
	IssuerACME       IssuerType = "ACME"
	IssuerCA         IssuerType = "CA"
	IssuerSelfSigned IssuerType = "SelfSigned"
)

type IssuerSpec struct {
	// +k8s:required
	// +k8s:modeDiscriminator
	Type IssuerType `json:"type"`

	// +k8s:optional
	// +k8s:modeDiscriminator(modality: "Renewal")
	AutoRenew bool `json:"autoRenew,omitempty"`

	// +k8s:optional
	// +k8s:ifMode("ACME")=+k8s:required
	ACME *ACMEIssuer `json:"acme,omitempty"`

	// +k8s:optional
	// +k8s:ifMode("CA")=+k8s:required
	// +k8s:ifMode("SelfSigned")=+k8s:optional
	CA *CAIssuer `json:"ca,omitempty"`

	// In ACME mode an empty email fails minLength, which runs before
	// optional; maxLength after it runs only on a set email.
	// +k8s:optional
	// +k8s:ifMode("ACME")=+k8s:minLength=3
	// +k8s:ifMode("ACME")=+k8s:optional
	// +k8s:ifMode("ACME")=+k8s:maxLength=32
	Email string `json:"email,omitempty"`

	// In CA mode an empty organization is let through by optional, which
	// stops minLength after it.
	// +k8s:optional
	// +k8s:ifMode("CA")=+k8s:optional
	// +k8s:ifMode("CA")=+k8s:minLength=2
	Organization string `json:"organization,omitempty"`

	// +k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode(modality: "Renewal", mode: "true")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:ifMode(modality: "Renewal", mode: "true")=+k8s:minimum=1
	RenewBeforeHours *int32 `json:"renewBeforeHours,omitempty"`

	// +k8s:optional
	// +k8s:ifMode(modality: "Renewal", mode: "true")=+k8s:maxItems=3
	// +k8s:ifMode(modality: "Renewal", mode: "true")=+k8s:minItems=1
	// +k8s:ifMode(modality: "Renewal", mode: "false")=+k8s:optional
	Windows []string `json:"windows,omitempty"`

	// The server bounds what a rule over the keys costs by maxProperties.
	// +k8s:optional
	// +k8s:maxProperties=16
	// +k8s:ifMode("SelfSigned")=+k8s:maxProperties=2
	// +k8s:ifMode("SelfSigned")=+k8s:eachKey=+k8s:maxLength=10
	// +k8s:ifMode("CA")=+k8s:optional
	Annotations map[string]string `json:"annotations,omitempty"`

	Policy RenewalPolicy `json:"policy"`
}

type ACMEIssuer struct {
	// +k8s:required
	// +k8s:maxLength=128
	Server string `json:"server"`
}

type CAIssuer struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	SecretName string `json:"secretName"`
}

// RenewalPolicy is a non-pointer struct field: its modes are read with
// absent fields (and an absent policy) as zero values.
type RenewalPolicy struct {
	// +k8s:optional
	// +k8s:modeDiscriminator
	Strategy string `json:"strategy,omitempty"`

	// +k8s:optional
	// +k8s:ifMode("Fixed")=+k8s:required
	// +k8s:ifMode("Fixed")=+k8s:neq=7
	// +k8s:ifMode("Jitter")=+k8s:maximum=100
	Interval int32 `json:"interval,omitempty"`

	// +k8s:optional
	// +k8s:ifMode("Jitter")=+k8s:minimum=0
	// +k8s:ifMode("Jitter")=+k8s:maximum=50
	// +k8s:alpha=+k8s:ifMode("Fixed")=+k8s:forbidden
	Percent *int32 `json:"percent,omitempty"`
}
