package v1

import (
	"maps"
	"slices"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Written by hand where a kubebuilder project runs controller-gen's
// object generator, as examples/apis/kubebuilder/v1 does: the example
// depends on no code generator but ours.

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func cloneJSON(j *apiextv1.JSON) *apiextv1.JSON {
	if j == nil {
		return nil
	}
	return &apiextv1.JSON{Raw: slices.Clone(j.Raw)}
}

// DeepCopyInto copies in into out.
func (in *NumbersSpec) DeepCopyInto(out *NumbersSpec) {
	*out = *in
	out.Maximum = clonePtr(in.Maximum)
	out.Digits = slices.Clone(in.Digits)
	out.Percent = clonePtr(in.Percent)
}

// DeepCopyInto copies in into out.
func (in *StringsSpec) DeepCopyInto(out *StringsSpec) {
	*out = *in
	if in.Since != nil {
		out.Since = in.Since.DeepCopy()
	}
	out.MaxSurge = clonePtr(in.MaxSurge)
	out.Names = slices.Clone(in.Names)
}

// DeepCopyInto copies in into out.
func (in *CollectionsSpec) DeepCopyInto(out *CollectionsSpec) {
	*out = *in
	out.MinItems = slices.Clone(in.MinItems)
	out.MaxItems = slices.Clone(in.MaxItems)
	out.MinProperties = maps.Clone(in.MinProperties)
	out.MaxProperties = maps.Clone(in.MaxProperties)
	out.Set = slices.Clone(in.Set)
	out.IntSet = slices.Clone(in.IntSet)
	out.Map = slices.Clone(in.Map)
	if in.PtrMap != nil {
		out.PtrMap = make([]*Entry, len(in.PtrMap))
		for i := range in.PtrMap {
			out.PtrMap[i] = clonePtr(in.PtrMap[i])
		}
	}
	out.Atomic = slices.Clone(in.Atomic)
	out.AtomicMap = maps.Clone(in.AtomicMap)
	out.AtomicStruct = clonePtr(in.AtomicStruct)
	out.NotUnique = slices.Clone(in.NotUnique)
	out.Tags = slices.Clone(in.Tags)
	if in.Pairs != nil {
		out.Pairs = make([][]string, len(in.Pairs))
		for i := range in.Pairs {
			out.Pairs[i] = slices.Clone(in.Pairs[i])
		}
	}
	if in.Labels != nil {
		out.Labels = make([]map[string]string, len(in.Labels))
		for i := range in.Labels {
			out.Labels[i] = maps.Clone(in.Labels[i])
		}
	}
}

// DeepCopyInto copies in into out.
func (in *PresenceSpec) DeepCopyInto(out *PresenceSpec) {
	*out = *in
	out.KBOptional = clonePtr(in.KBOptional)
	out.Required = clonePtr(in.Required)
	out.Optional = clonePtr(in.Optional)
	out.K8sRequiredList = slices.Clone(in.K8sRequiredList)
	out.K8sOptional = clonePtr(in.K8sOptional)
	out.Nullable = clonePtr(in.Nullable)
	out.NullableList = slices.Clone(in.NullableList)
	out.Defaulted = clonePtr(in.Defaulted)
	out.DefaultedEntry = clonePtr(in.DefaultedEntry)
}

// DeepCopyInto copies in into out.
func (in *ObjectsSpec) DeepCopyInto(out *ObjectsSpec) {
	*out = *in
	out.Free = cloneJSON(in.Free)
	out.Schemaless = cloneJSON(in.Schemaless)
	out.Config = slices.Clone(in.Config)
	out.Blob = slices.Clone(in.Blob)
	out.Typed = cloneJSON(in.Typed)
}

// DeepCopyInto copies in into out.
func (in *StructMapsSpec) DeepCopyInto(out *StructMapsSpec) {
	*out = *in
	out.GranularMap = maps.Clone(in.GranularMap)
	out.TextKeyed = maps.Clone(in.TextKeyed)
}

// DeepCopyInto copies in into out.
func (in *EmbeddedSpec) DeepCopyInto(out *EmbeddedSpec) {
	*out = *in
	in.Embedded.DeepCopyInto(&out.Embedded)
	if in.XEmbedded != nil {
		out.XEmbedded = new(runtime.RawExtension)
		in.XEmbedded.DeepCopyInto(out.XEmbedded)
	}
}

// DeepCopyInto copies in into out.
func (in *DurationsSpec) DeepCopyInto(out *DurationsSpec) {
	*out = *in
	out.Timeout = clonePtr(in.Timeout)
	if in.Limit != nil {
		q := in.Limit.DeepCopy()
		out.Limit = &q
	}
}

// DeepCopyInto copies in into out.
func (in *RulesSpec) DeepCopyInto(out *RulesSpec) {
	*out = *in
	out.A, out.B, out.C = clonePtr(in.A), clonePtr(in.B), clonePtr(in.C)
	out.D, out.E, out.F = clonePtr(in.D), clonePtr(in.E), clonePtr(in.F)
	out.Headers = slices.Clone(in.Headers)
	out.Values = maps.Clone(in.Values)
	out.Entries = slices.Clone(in.Entries)
}

// DeepCopyInto copies in into out.
func (in *Numbers) DeepCopyInto(out *Numbers) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Numbers) DeepCopy() *Numbers {
	if in == nil {
		return nil
	}
	out := new(Numbers)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Numbers) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Strings) DeepCopyInto(out *Strings) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Strings) DeepCopy() *Strings {
	if in == nil {
		return nil
	}
	out := new(Strings)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Strings) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Collections) DeepCopyInto(out *Collections) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Collections) DeepCopy() *Collections {
	if in == nil {
		return nil
	}
	out := new(Collections)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Collections) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Presence) DeepCopyInto(out *Presence) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Presence) DeepCopy() *Presence {
	if in == nil {
		return nil
	}
	out := new(Presence)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Presence) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Objects) DeepCopyInto(out *Objects) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Objects) DeepCopy() *Objects {
	if in == nil {
		return nil
	}
	out := new(Objects)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Objects) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Rules) DeepCopyInto(out *Rules) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Rules) DeepCopy() *Rules {
	if in == nil {
		return nil
	}
	out := new(Rules)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Rules) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Embedded) DeepCopyInto(out *Embedded) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Embedded) DeepCopy() *Embedded {
	if in == nil {
		return nil
	}
	out := new(Embedded)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Embedded) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *StructMaps) DeepCopyInto(out *StructMaps) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *StructMaps) DeepCopy() *StructMaps {
	if in == nil {
		return nil
	}
	out := new(StructMaps)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *StructMaps) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Durations) DeepCopyInto(out *Durations) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
}

// DeepCopy returns a copy of in.
func (in *Durations) DeepCopy() *Durations {
	if in == nil {
		return nil
	}
	out := new(Durations)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Durations) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies in into out.
func (in *Bundles) DeepCopyInto(out *Bundles) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.CABundle = append([]byte(nil), in.Spec.CABundle...)
}

// DeepCopy returns a copy of in.
func (in *Bundles) DeepCopy() *Bundles {
	if in == nil {
		return nil
	}
	out := new(Bundles)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Bundles) DeepCopyObject() runtime.Object { return in.DeepCopy() }
