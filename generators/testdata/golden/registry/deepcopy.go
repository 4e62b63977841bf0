package registry

import "k8s.io/apimachinery/pkg/runtime"

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Gadget) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := *in
	return &out
}
