package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CronTab runs an image on a schedule.
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CronTabSpec `json:"spec"`
}

// CronTabSpec is what a CronTab runs, and when.
type CronTabSpec struct {
	// +k8s:required
	// +k8s:maxLength=64
	CronSpec string `json:"cronSpec"`

	// +k8s:required
	// +k8s:maxLength=256
	Image string `json:"image"`

	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CronTabList is a list of CronTabs.
type CronTabList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []CronTab `json:"items"`
}
