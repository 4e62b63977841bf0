package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CronTab runs an image on a cron schedule.
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CronTabSpec `json:"spec"`
}

// CronTabSpec is the desired state of a CronTab.
type CronTabSpec struct {
	// CronSpec is the schedule, in cron format.
	// +k8s:required
	// +k8s:maxLength=64
	CronSpec string `json:"cronSpec"`

	// Image is the container image to run. Its length limit is rolling
	// out from validation.go to tags: beta, as in Kubernetes 1.37.
	// +k8s:required
	// +k8s:beta(since: "1.36")=+k8s:maxLength=256
	Image string `json:"image"`

	// Replicas is how many pods run at once.
	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`
}
