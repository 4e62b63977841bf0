package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Certificate is shaped like cert-manager's Certificate: durations compared
// in CEL, an immutable secret name, DNS names in a set with a rule on the
// type that reads it, a private key behind a pointer with a union and a
// rule on the same type, keystores as map values with transition rules,
// output formats in a list-map with two keys, and a status whose times are
// compared in CEL.
//
// +kubebuilder:resource:shortName=cert;certs,categories=audit
// +kubebuilder:printcolumn:name="Secret",type=string,JSONPath=".spec.secretName"
// +kubebuilder:printcolumn:name="Expires",type=date,JSONPath=".status.notAfter",description="when the certificate expires"
// +k8s:rule(rule: "self.metadata.name.size() <= 40", message: "the name of a certificate has at most 40 characters")
type Certificate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CertificateSpec `json:"spec"`
	// +k8s:optional
	Status *CertificateStatus `json:"status,omitempty"`
}

// +k8s:rule(rule: "has(self.commonName) || (has(self.dnsNames) && size(self.dnsNames) > 0)", message: "a commonName or at least one dnsName is required", reason: "FieldValueRequired", fieldPath: ".dnsNames")
// +k8s:rule(rule: "!has(self.renewBefore) || !has(self.duration) || duration(self.renewBefore) < duration(self.duration)", messageExpression: "'renewBefore (' + self.renewBefore + ') must be less than duration (' + self.duration + ')'", fieldPath: ".renewBefore")
// +kubebuilder:validation:XValidation:rule="!has(self.privateKey) || !has(self.privateKey.rotationPolicy) || self.privateKey.rotationPolicy != 'Never' || !has(self.renewBefore)",message="renewBefore is forbidden when the key is never rotated",reason="FieldValueForbidden",fieldPath=".renewBefore"
type CertificateSpec struct {
	// +k8s:required
	// +k8s:format=k8s-short-name
	// +k8s:rule(rule: "self == oldSelf", message: "secretName is immutable", reason: "FieldValueForbidden")
	SecretName string `json:"secretName"`

	// +k8s:optional
	// +k8s:maxLength=64
	CommonName *string `json:"commonName,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=64
	DNSNames []string `json:"dnsNames,omitempty"`

	// +k8s:optional
	// +k8s:rule(rule: "duration(self) >= duration('1h')", message: "duration is at least an hour")
	Duration *metav1.Duration `json:"duration,omitempty"`

	// +k8s:optional
	RenewBefore *metav1.Duration `json:"renewBefore,omitempty"`

	IssuerRef IssuerRef `json:"issuerRef"`

	// +k8s:optional
	PrivateKey *PrivateKey `json:"privateKey,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=set
	Usages []KeyUsage `json:"usages,omitempty"`

	// +k8s:optional
	// +k8s:eachKey=+k8s:format=k8s-short-name
	// +k8s:eachKey=+k8s:maxLength=16
	Keystores map[string]Keystore `json:"keystores,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=3
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapKey=key
	// +k8s:item(type: "PEM", key: "tls.crt")=+k8s:subfield("encoding")=+k8s:neq="DER"
	AdditionalOutputFormats []OutputFormat `json:"additionalOutputFormats,omitempty"`

	// +k8s:optional
	// +k8s:maxItems=2
	RenewalWindows []RenewalWindow `json:"renewalWindows,omitempty"`

	// +k8s:ifDisabled("AuditStrict")=+k8s:forbidden
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:rule(rule: "!oldSelf.hasValue() || self >= oldSelf.value()", optionalOldSelf: true, message: "revisionHistoryLimit may not decrease", reason: "FieldValueForbidden")
	RevisionHistoryLimit *int32 `json:"revisionHistoryLimit,omitempty"`
}

// IssuerRef is a struct with a rule on its own type and an
// optionalOldSelf rule on a field.
//
// +k8s:rule(rule: "!has(self.group) || size(self.group) == 0 || self.group.endsWith('.io')", message: "group must end in .io", fieldPath: ".group")
type IssuerRef struct {
	// +k8s:required
	// +k8s:maxLength=32
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maxLength=32
	// +k8s:rule(rule: "!oldSelf.hasValue() || oldSelf.value() == '' || self == oldSelf.value()", optionalOldSelf: true, message: "kind cannot change once set")
	Kind string `json:"kind,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=32
	Group string `json:"group,omitempty"`
}

// PrivateKey holds a zeroOrOneOf group and a rule on the same type.
//
// +k8s:rule(rule: "self.algorithm != 'ECDSA' || self.size in [0, 256, 384, 521]", message: "ECDSA keys are 256, 384 or 521 bits", fieldPath: ".size")
// +k8s:rule(rule: "self.algorithm != 'Ed25519' || self.size == 0", message: "Ed25519 keys have no size", reason: "FieldValueForbidden", fieldPath: ".size")
type PrivateKey struct {
	// +k8s:optional
	RotationPolicy RotationPolicy `json:"rotationPolicy,omitempty"`
	Algorithm      KeyAlgorithm   `json:"algorithm"`
	// +k8s:optional
	// +k8s:minimum=0
	Size int32 `json:"size,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	Encoding *KeyEncoding `json:"encoding,omitempty"`
	// +k8s:zeroOrOneOfMember
	// +k8s:optional
	// +k8s:maxLength=16
	SecretRef string `json:"secretRef,omitempty"`
}

// +k8s:enum
type RotationPolicy string

const (
	RotationNever  RotationPolicy = "Never"
	RotationAlways RotationPolicy = "Always"
)

// +k8s:enum
type KeyAlgorithm string

const (
	KeyRSA     KeyAlgorithm = "RSA"
	KeyECDSA   KeyAlgorithm = "ECDSA"
	KeyEd25519 KeyAlgorithm = "Ed25519"
)

// +k8s:enum
type KeyEncoding string

const (
	KeyPKCS1 KeyEncoding = "PKCS1"
	KeyPKCS8 KeyEncoding = "PKCS8"
)

// +k8s:enum
type KeyUsage string

const (
	UsageDigitalSignature KeyUsage = "digital signature"
	UsageServerAuth       KeyUsage = "server auth"
	UsageClientAuth       KeyUsage = "client auth"
)

// Keystore is a map value: a union, a rule on the type and a transition
// rule on a field.
//
// +k8s:rule(rule: "!self.create || size(self.passwordSecret) > 0", message: "a keystore that is created needs a password secret", reason: "FieldValueRequired", fieldPath: ".passwordSecret")
type Keystore struct {
	Create bool `json:"create"`
	// +k8s:optional
	// +k8s:maxLength=16
	// +k8s:rule(rule: "self == oldSelf", message: "passwordSecret is immutable")
	PasswordSecret string `json:"passwordSecret,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=16
	Alias string `json:"alias,omitempty"`
}

// OutputFormat is a list-map item with two keys and a rule that reads them.
//
// +k8s:rule(rule: "self.type != 'DER' || self.key.endsWith('.der')", messageExpression: "'a DER output needs a .der key, not ' + self.key", fieldPath: ".key")
type OutputFormat struct {
	// +k8s:required
	Type OutputType `json:"type"`
	// +k8s:maxLength=16
	Key string `json:"key"`
	// +k8s:optional
	// +k8s:maxLength=8
	Encoding string `json:"encoding,omitempty"`
}

// +k8s:enum
type OutputType string

const (
	OutputDER OutputType = "DER"
	OutputPEM OutputType = "PEM"
)

// RenewalWindow is an item of an atomic list with a non-pointer duration
// (the list item's zero value, which the CRD must default) and a rule on
// it.
//
// +k8s:rule(rule: "duration(self.length) >= duration('0s')", message: "length may not be negative", fieldPath: ".length")
type RenewalWindow struct {
	Length metav1.Duration `json:"length"`
	// +k8s:optional
	// +k8s:maxLength=16
	Label string `json:"label,omitempty"`
}

// +k8s:rule(rule: "!has(self.notBefore) || !has(self.notAfter) || self.notBefore < self.notAfter", message: "notBefore must be before notAfter", fieldPath: ".notAfter")
type CertificateStatus struct {
	// +k8s:optional
	NotBefore *metav1.Time `json:"notBefore,omitempty"`
	// +k8s:optional
	NotAfter *metav1.Time `json:"notAfter,omitempty"`
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:rule(rule: "self >= oldSelf", message: "revision may not decrease", reason: "FieldValueForbidden")
	Revision *int32 `json:"revision,omitempty"`
	// +k8s:optional
	// +k8s:maxItems=4
	// +k8s:listType=map
	// +k8s:listMapKey=type
	Conditions []Condition `json:"conditions,omitempty"`
}
