package v1

import (
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Written by hand where a kubebuilder project runs controller-gen's
// object generator: the example depends on no code generator but ours.

// DeepCopyInto copies in into out.
func (in *CronTabSpec) DeepCopyInto(out *CronTabSpec) {
	*out = *in
	if in.Replicas != nil {
		out.Replicas = new(int32)
		*out.Replicas = *in.Replicas
	}
	if in.SuspendUntil != nil {
		out.SuspendUntil = in.SuspendUntil.DeepCopy()
	}
	if in.StartingDeadlineSeconds != nil {
		out.StartingDeadlineSeconds = new(int64)
		*out.StartingDeadlineSeconds = *in.StartingDeadlineSeconds
	}
	if in.MaxSurge != nil {
		ms := *in.MaxSurge
		out.MaxSurge = &ms
	}
	out.Tags = slices.Clone(in.Tags)
	if in.Timeout != nil {
		out.Timeout = new(metav1.Duration)
		*out.Timeout = *in.Timeout
	}
	out.Checksum = slices.Clone(in.Checksum)
	if in.Port != nil {
		out.Port = new(uint32)
		*out.Port = *in.Port
	}
	if in.Paths != nil {
		out.Paths = make([]PathList, len(in.Paths))
		for i := range in.Paths {
			out.Paths[i] = slices.Clone(in.Paths[i])
		}
	}
	if in.Env != nil {
		out.Env = make([]corev1.EnvVar, len(in.Env))
		for i := range in.Env {
			in.Env[i].DeepCopyInto(&out.Env[i])
		}
	}
	out.Annotations = maps.Clone(in.Annotations)
	in.Notify.DeepCopyInto(&out.Notify)
	if in.Template != nil {
		out.Template = in.Template.DeepCopy()
	}
}

// DeepCopyInto copies in into out.
func (in *CronTabStatus) DeepCopyInto(out *CronTabStatus) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopyInto copies in into out.
func (in *CronTab) DeepCopyInto(out *CronTab) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopy returns a copy of in.
func (in *CronTab) DeepCopy() *CronTab {
	if in == nil {
		return nil
	}
	out := new(CronTab)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *CronTab) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *CronTabList) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := &CronTabList{TypeMeta: in.TypeMeta}
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	for i := range in.Items {
		out.Items = append(out.Items, *in.Items[i].DeepCopy())
	}
	return out
}
