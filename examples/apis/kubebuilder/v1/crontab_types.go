package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// CronTabSpec defines the desired state of CronTab.
// +kubebuilder:validation:XValidation:rule="!has(self.suspendUntil) || self.suspend",message="suspendUntil needs suspend"
type CronTabSpec struct {
	// CronSpec is the schedule, in cron format.
	// +kubebuilder:validation:MinLength=9
	// +kubebuilder:validation:MaxLength=64
	// +kubebuilder:validation:Pattern=`^(\S+\s+){4}\S+$`
	CronSpec string `json:"cronSpec"`

	// Image is the container image to run.
	// +kubebuilder:validation:MaxLength=256
	Image string `json:"image"`

	// Replicas is how many pods run at once.
	// +optional
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	Replicas *int32 `json:"replicas,omitempty"`

	// ConcurrencyPolicy says what to do when a run is due while the last
	// one is still running.
	// +optional
	// +kubebuilder:default=Allow
	ConcurrencyPolicy ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`

	// Suspend stops new runs.
	// +optional
	Suspend bool `json:"suspend,omitempty"`

	// SuspendUntil is when a suspension ends.
	// +optional
	SuspendUntil *metav1.Time `json:"suspendUntil,omitempty"`

	// StartingDeadlineSeconds is how late a run may start.
	// +optional
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:MultipleOf=5
	StartingDeadlineSeconds *int64 `json:"startingDeadlineSeconds,omitempty"`

	// MaxSurge is how many extra pods a run may start, a count or a
	// percentage.
	// +optional
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^(\d+|\d+%)$`
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`

	// Tags label the runs.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=8
	// +kubebuilder:validation:items:MaxLength=32
	// +kubebuilder:validation:XValidation:rule="self.all(t, t != 'UPPER')",message="no tag is UPPER"
	Tags []string `json:"tags,omitempty"`

	// Paths are the search paths of each run: a list of lists, whose
	// items have no keyword of their own (a null item is still an error).
	// +optional
	Paths []PathList `json:"paths,omitempty"`

	// Timeout bounds a run, written as Go writes a duration (Flux's
	// pattern, which the server checks on that text: not "-1m0s").
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Pattern="^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$"
	Timeout *metav1.Duration `json:"timeout,omitempty"`

	// Checksum is raw bytes, base64 in JSON; an empty one is "", which is
	// not of format byte.
	// +optional
	Checksum []byte `json:"checksum"`

	// Port is a uint32, an int32 in the schema: a value past 2147483647
	// does not fit its format.
	// +optional
	Port *uint32 `json:"port,omitempty"`

	// Env is passed to every run, one entry per name.
	// +optional
	// +listType=map
	// +listMapKey=name
	Env []corev1.EnvVar `json:"env,omitempty"`

	// Annotations are copied to every run's pods.
	// +optional
	// +kubebuilder:validation:MaxProperties=16
	Annotations map[string]AnnotationValue `json:"annotations,omitempty"`

	// Contact is who to mail when a run fails.
	// +optional
	// +kubebuilder:validation:Format=email
	Contact string `json:"contact,omitempty"`

	// Notify is an object created when a run fails, of any kind.
	// +optional
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	Notify runtime.RawExtension `json:"notify,omitempty"`

	// Template is the pod every run starts.
	// +optional
	Template *corev1.PodTemplateSpec `json:"template,omitempty"`

	// Owner is who owns the CronTab.
	// +optional
	Owner OwnerName `json:"owner,omitempty"`
}

// DNSLabel is a lowercase RFC 1123 label.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=63
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
type DNSLabel string

// OwnerName is the DNSLabel of who owns a CronTab. Declared as DNSLabel, it
// has DNSLabel's markers as well as its own (controller-gen describes it as
// DNSLabel's schema with its markers added; Go forgets DNSLabel).
// +kubebuilder:validation:XValidation:rule="self != 'root'",message="root owns no CronTab"
type OwnerName DNSLabel

// ConcurrencyPolicy says how runs of a CronTab overlap.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
type ConcurrencyPolicy string

// AnnotationValue is the value of an annotation copied to a run's pods.
// +kubebuilder:validation:MaxLength=256
type AnnotationValue string

// CronTabStatus defines the observed state of CronTab.
type CronTabStatus struct {
	// Active counts the running runs.
	// +optional
	Active int32 `json:"active,omitempty"`

	// Conditions are the CronTab's conditions, one per type.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// LastRuns are the names of the last runs, newest first. Required (no
	// omitempty), as a status written by a controller only may be: the
	// server never checks the status on the main resource, which has the
	// status subresource.
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=10
	LastRuns []DNSLabel `json:"lastRuns"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=ct,categories=all
// +kubebuilder:printcolumn:name="Schedule",type=string,JSONPath=".spec.cronSpec"
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=".spec.replicas"
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"

// CronTab runs an image on a cron schedule.
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CronTabSpec   `json:"spec"`
	Status CronTabStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CronTabList is a list of CronTabs.
type CronTabList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronTab `json:"items"`
}

// PathList is a list of paths.
type PathList []string
