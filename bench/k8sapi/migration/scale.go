//go:build generated

package migration

import (
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/apps"
	"k8s.io/kubernetes/pkg/apis/autoscaling"
	autoscalingvalidation "k8s.io/kubernetes/pkg/apis/autoscaling/validation"
	api "k8s.io/kubernetes/pkg/apis/core"
	deploymentstorage "k8s.io/kubernetes/pkg/registry/apps/deployment/storage"
	replicasetstorage "k8s.io/kubernetes/pkg/registry/apps/replicaset/storage"
	statefulsetstorage "k8s.io/kubernetes/pkg/registry/apps/statefulset/storage"
	replicationcontrollerstorage "k8s.io/kubernetes/pkg/registry/core/replicationcontroller/storage"

	"github.com/declval/validation-gen/validationtest"
)

// The /scale subresource. Its update is not the parent's strategy: the
// server derives the current Scale from the stored object, and validates
// the Scale the client sent with autoscaling's ValidateScaleUpdate, the
// handwritten ValidateScale then declarative validation of the Scale
// version the parent's ScaleREST maps the request's group version to
// (autoscaling/v1 for apps/v1 and core/v1).

// scaleSubresource is how a kind serves /scale.
type scaleSubresource struct {
	// mapper is the kind's own ScaleREST, which gives the Scale version.
	mapper rest.GroupVersionKindProvider
	// current is the Scale the server derives from the stored object
	// (the registry's scaleFrom<Kind>, which is not exported).
	current func(parent runtime.Object) (*autoscaling.Scale, error)
}

// scaleGVK is the Scale the parents of Kinds serve.
var scaleGVK = autoscalingv1.SchemeGroupVersion.WithKind("Scale")

// scaleSubresources are the kinds of Kinds with /scale, by kind.
var scaleSubresources = map[string]scaleSubresource{
	"Deployment": {&deploymentstorage.ScaleREST{}, func(o runtime.Object) (*autoscaling.Scale, error) {
		d := o.(*apps.Deployment)
		return scaleOf(d.ObjectMeta, d.Spec.Replicas, d.Status.Replicas, d.Spec.Selector)
	}},
	"ReplicaSet": {&replicasetstorage.ScaleREST{}, func(o runtime.Object) (*autoscaling.Scale, error) {
		rs := o.(*apps.ReplicaSet)
		return scaleOf(rs.ObjectMeta, rs.Spec.Replicas, rs.Status.Replicas, rs.Spec.Selector)
	}},
	"StatefulSet": {&statefulsetstorage.ScaleREST{}, func(o runtime.Object) (*autoscaling.Scale, error) {
		ss := o.(*apps.StatefulSet)
		return scaleOf(ss.ObjectMeta, ss.Spec.Replicas, ss.Status.Replicas, ss.Spec.Selector)
	}},
	"ReplicationController": {&replicationcontrollerstorage.ScaleREST{}, func(o runtime.Object) (*autoscaling.Scale, error) {
		rc := o.(*api.ReplicationController)
		s := scaleMeta(rc.ObjectMeta)
		if rc.Spec.Replicas != nil {
			s.Spec.Replicas = *rc.Spec.Replicas
		}
		s.Status = autoscaling.ScaleStatus{Replicas: rc.Status.Replicas, Selector: labels.SelectorFromSet(rc.Spec.Selector).String()}
		return s, nil
	}},
}

func scaleOf(m metav1.ObjectMeta, replicas, statusReplicas int32, selector *metav1.LabelSelector) (*autoscaling.Scale, error) {
	sel, err := metav1.LabelSelectorAsSelector(selector)
	if err != nil {
		return nil, err
	}
	s := scaleMeta(m)
	s.Spec.Replicas = replicas
	s.Status = autoscaling.ScaleStatus{Replicas: statusReplicas, Selector: sel.String()}
	return s, nil
}

// scaleMeta is the metadata a derived Scale keeps of its parent's.
func scaleMeta(m metav1.ObjectMeta) *autoscaling.Scale {
	return &autoscaling.Scale{ObjectMeta: metav1.ObjectMeta{
		Name: m.Name, Namespace: m.Namespace, UID: m.UID, ResourceVersion: m.ResourceVersion, CreationTimestamp: m.CreationTimestamp,
	}}
}

// scaleRequests are the /scale updates of a kind with /scale, on its
// first fixture as the stored object: to the Scale the server derives
// from it (unchanged, and with other replicas), to every release's Scale fixture, to mutated
// copies of them, and to random Scales. Request.Object is the Scale the
// client sends (autoscaling/v1), Request.Old the stored parent.
func (k Kind) scaleRequests(mutations int, fixture runtime.Object) ([]Request, error) {
	sub := scaleSubresources[k.GVK.Kind]
	stored := storable(fixture)
	internal, err := k.Prepare(stored)
	if err != nil {
		return nil, err
	}
	current, err := sub.current(internal)
	if err != nil {
		return nil, err
	}
	unchanged, err := legacyscheme.Scheme.ConvertToVersion(current, scaleGVK.GroupVersion())
	if err != nil {
		return nil, err
	}
	out := []Request{{Name: "scale update unchanged", Subresource: "scale", Object: unchanged, Old: stored}}
	// The fixtures' replicas are all positive: scale around the tags'
	// bound too.
	for _, n := range []int32{-1, 0, 3} {
		s := unchanged.DeepCopyObject().(*autoscalingv1.Scale)
		s.Spec.Replicas = n
		out = append(out, Request{Name: fmt.Sprintf("scale update to %d replicas", n), Subresource: "scale", Object: s, Old: stored})
	}
	fixtures, err := Kind{GVK: scaleGVK}.Fixtures()
	if err != nil {
		return nil, err
	}
	for _, f := range fixtures {
		out = append(out, Request{Name: "scale update to " + f.Release, Subresource: "scale", Object: f.Object, Old: stored})
		for i := range mutations {
			m := f.Object.DeepCopyObject()
			validationtest.Mutate(validationtest.Config{}, int64(i+1), m)
			out = append(out, Request{Name: fmt.Sprintf("scale update to %s mutation %d", f.Release, i+1), Subresource: "scale", Object: m, Old: stored})
		}
	}
	for i := range Randoms {
		r, err := Kind{GVK: scaleGVK}.Random(int64(i + 1))
		if err != nil {
			return nil, err
		}
		out = append(out, Request{Name: fmt.Sprintf("scale update to random scale %d", i+1), Subresource: "scale", Object: r, Old: stored})
	}
	return out, nil
}

// storable is a fixture as the server could have stored it: its label
// selector (which a fixture fills with operators no selector has, and
// the server refuses to derive a Scale from) keeps only its labels.
func storable(fixture runtime.Object) runtime.Object {
	obj := fixture.DeepCopyObject()
	var sel *metav1.LabelSelector
	switch o := obj.(type) {
	case *appsv1.Deployment:
		sel = o.Spec.Selector
	case *appsv1.ReplicaSet:
		sel = o.Spec.Selector
	case *appsv1.StatefulSet:
		sel = o.Spec.Selector
	}
	if sel != nil {
		sel.MatchExpressions = nil
	}
	return obj
}

// validateScale runs one /scale update as the server's ScaleREST does,
// with runtime.Migration beside it.
func (k Kind) validateScale(req Request) (Result, error) {
	var r Result
	sub := scaleSubresources[k.GVK.Kind]
	stored, err := k.Prepare(req.Old)
	if err != nil {
		return r, err
	}
	old, err := sub.current(stored)
	if err != nil {
		return r, err
	}
	sent := req.Object.DeepCopyObject()
	legacyscheme.Scheme.Default(sent)
	obj, err := legacyscheme.Scheme.ConvertToVersion(sent, schema.GroupVersion{Group: autoscaling.GroupName, Version: runtime.APIVersionInternal})
	if err != nil {
		return r, fmt.Errorf("Scale to the internal version: %w", err)
	}
	scale, ok := obj.(*autoscaling.Scale)
	if !ok {
		return r, fmt.Errorf("Scale converts to %T", obj)
	}
	// The server keeps the stored object's namespace.
	if m, err := meta.Accessor(scale); err == nil {
		m.SetNamespace(old.Namespace)
	}
	ctx := k.context(stored, "update", "scale")
	r.Handwritten = autoscalingvalidation.ValidateScale(scale.DeepCopy())
	if !req.HandwrittenOnly {
		r.Server = autoscalingvalidation.ValidateScaleUpdate(ctx, scale.DeepCopy(), old.DeepCopy(), legacyscheme.Scheme, sub.mapper)
	}

	gv := sub.mapper.GroupVersionKind(k.GVK.GroupVersion()).GroupVersion()
	versioned, err := legacyscheme.Scheme.ConvertToVersion(scale, gv)
	if err != nil {
		return r, err
	}
	oldVersioned, err := legacyscheme.Scheme.ConvertToVersion(old, gv)
	if err != nil {
		return r, err
	}
	cfg := rest.DeclarativeValidationConfig{SubresourceGVKMapper: sub.mapper}
	op := operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"scale"}}}
	r.Versioned, r.OldVersioned = versioned, oldVersioned
	if req.HandwrittenOnly {
		return r, nil
	}
	r.compare(ctx, cfg, scaleGVK.Kind, op)
	return r, nil
}
