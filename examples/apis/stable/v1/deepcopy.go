package v1

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyInto copies the receiver into out.
func (in *CronTab) DeepCopyInto(out *CronTab) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec = in.Spec
	if in.Spec.Replicas != nil {
		r := *in.Spec.Replicas
		out.Spec.Replicas = &r
	}
}

// DeepCopy returns a copy of the receiver.
func (in *CronTab) DeepCopy() *CronTab {
	if in == nil {
		return nil
	}
	out := new(CronTab)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *CronTab) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
