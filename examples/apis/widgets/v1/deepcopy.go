package v1

import (
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/declval/validation-gen/examples/apis/widgets/common"
)

// DeepCopyInto copies the receiver into out.
func (in *Widget) DeepCopyInto(out *Widget) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	if in.Status != nil {
		out.Status = new(WidgetStatus)
		in.Status.DeepCopyInto(out.Status)
	}
}

// DeepCopy returns a copy of the receiver.
func (in *Widget) DeepCopy() *Widget {
	if in == nil {
		return nil
	}
	out := new(Widget)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

func copyPtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

func copyReference(in *common.Reference) *common.Reference {
	if in == nil {
		return nil
	}
	out := *in
	out.Namespace = copyPtr(in.Namespace)
	return &out
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetSpec) DeepCopyInto(out *WidgetSpec) {
	*out = *in
	out.Replicas = copyPtr(in.Replicas)
	out.Priority = copyPtr(in.Priority)
	out.Privileged = copyPtr(in.Privileged)
	out.ClusterIP = copyPtr(in.ClusterIP)
	if in.Addresses != nil {
		out.Addresses = append([]string(nil), in.Addresses...)
	}
	if in.Labels != nil {
		out.Labels = make(map[string]string, len(in.Labels))
		for k, v := range in.Labels {
			out.Labels[k] = v
		}
	}
	if in.Selectors != nil {
		out.Selectors = make(map[string]Selector, len(in.Selectors))
		for k, v := range in.Selectors {
			var c Selector
			v.DeepCopyInto(&c)
			out.Selectors[k] = c
		}
	}
	if in.Ports != nil {
		out.Ports = append([]Port(nil), in.Ports...)
	}
	if in.ExtraPorts != nil {
		out.ExtraPorts = append([]int32(nil), in.ExtraPorts...)
	}
	if in.Zones != nil {
		out.Zones = append([]string(nil), in.Zones...)
	}
	if in.Backends != nil {
		out.Backends = make([]*common.Reference, len(in.Backends))
		for i, b := range in.Backends {
			out.Backends[i] = copyReference(b)
		}
	}
	out.Owner = copyReference(in.Owner)
	out.Credentials = copyPtr(in.Credentials)
	if in.Parts != nil {
		out.Parts = make([]Part, len(in.Parts))
		for i := range in.Parts {
			in.Parts[i].DeepCopyInto(&out.Parts[i])
		}
	}
	if in.PartNames != nil {
		out.PartNames = append(PartNames(nil), in.PartNames...)
	}
	if in.Protocols != nil {
		out.Protocols = append([]Protocol(nil), in.Protocols...)
	}
	if in.ZoneReplicas != nil {
		out.ZoneReplicas = make(map[string]ReplicaCount, len(in.ZoneReplicas))
		for k, v := range in.ZoneReplicas {
			out.ZoneReplicas[k] = v
		}
	}
	if in.Tags != nil {
		out.Tags = append([]string(nil), in.Tags...)
	}
	if in.Listeners != nil {
		out.Listeners = append([]Listener(nil), in.Listeners...)
	}
	if in.Mounts != nil {
		out.Mounts = make([]*Mount, len(in.Mounts))
		for i, m := range in.Mounts {
			out.Mounts[i] = copyPtr(m)
		}
	}
	if in.Storage != nil {
		out.Storage = new(Storage)
		in.Storage.DeepCopyInto(out.Storage)
	}
	out.TTLSeconds = copyPtr(in.TTLSeconds)
}

// DeepCopyInto copies the receiver into out.
func (in *Storage) DeepCopyInto(out *Storage) {
	*out = *in
	out.EmptyDir = copyPtr(in.EmptyDir)
	out.HostPath = copyPtr(in.HostPath)
	if in.Volumes != nil {
		out.Volumes = append([]string(nil), in.Volumes...)
	}
}

// DeepCopyInto copies the receiver into out.
func (in *Selector) DeepCopyInto(out *Selector) {
	*out = *in
	if in.Values != nil {
		out.Values = append([]string(nil), in.Values...)
	}
}

// DeepCopyInto copies the receiver into out.
func (in *Part) DeepCopyInto(out *Part) {
	*out = *in
	if in.Children != nil {
		out.Children = make([]Part, len(in.Children))
		for i := range in.Children {
			in.Children[i].DeepCopyInto(&out.Children[i])
		}
	}
	out.Auth = copyPtr(in.Auth)
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetStatus) DeepCopyInto(out *WidgetStatus) {
	*out = *in
	if in.PartCounts != nil {
		out.PartCounts = make(map[string]int32, len(in.PartCounts))
		for k, v := range in.PartCounts {
			out.PartCounts[k] = v
		}
	}
	if in.LastUpdated != nil {
		out.LastUpdated = in.LastUpdated.DeepCopy()
	}
	if in.Conditions != nil {
		out.Conditions = append([]Condition(nil), in.Conditions...)
	}
}

// DeepCopyInto copies the receiver into out.
func (in *WidgetScale) DeepCopyInto(out *WidgetScale) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

// DeepCopy returns a copy of the receiver.
func (in *WidgetScale) DeepCopy() *WidgetScale {
	if in == nil {
		return nil
	}
	out := new(WidgetScale)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *WidgetScale) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
