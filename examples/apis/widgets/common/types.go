package common

// ShortName is the name of an object that must be a DNS-1123 label.
// +k8s:format=k8s-short-name
type ShortName string

// Reference points at another object by name.
type Reference struct {
	// Name of the referenced object.
	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`

	// Namespace of the referenced object; the referrer's when unset.
	// +k8s:optional
	Namespace *ShortName `json:"namespace,omitempty"`
}

// Credentials authenticate a widget against its backends. They have their
// own validation, which does not run where they are held as opaque.
type Credentials struct {
	// User to log in as.
	// +k8s:required
	// +k8s:format=k8s-short-name
	User string `json:"user"`

	// Token is the secret.
	// +k8s:required
	// +k8s:maxLength=32
	Token string `json:"token"`
}
