package k8sapi

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	podutil "k8s.io/kubernetes/pkg/api/pod"
	"k8s.io/kubernetes/pkg/apis/apps"
	appsvalidation "k8s.io/kubernetes/pkg/apis/apps/validation"
	"k8s.io/kubernetes/pkg/apis/batch"
	batchvalidation "k8s.io/kubernetes/pkg/apis/batch/validation"
	"k8s.io/kubernetes/pkg/apis/core"
	corevalidation "k8s.io/kubernetes/pkg/apis/core/validation"
	"k8s.io/kubernetes/pkg/apis/networking"
	networkingvalidation "k8s.io/kubernetes/pkg/apis/networking/validation"
	resourcevalidation "k8s.io/kubernetes/pkg/apis/resource/validation"
	"k8s.io/kubernetes/pkg/apis/storage"
	storagevalidation "k8s.io/kubernetes/pkg/apis/storage/validation"
)

// Kubernetes' handwritten validation of each kind, called as the kind's
// strategy in k8s.io/kubernetes/pkg/registry calls it (Validate on
// create, ValidateUpdate on update), with the options the strategy
// computes, computed on every call as the strategy does. The strategies
// themselves are not imported: they bring the registry's storage
// dependencies, and the resource claim's needs a namespace client.
func init() {
	addImplementation("Pod", handwrittenImpl(
		func(p *core.Pod) field.ErrorList {
			opts := podutil.GetValidationOptionsFromPodSpecAndMeta(&p.Spec, nil, &p.ObjectMeta, nil)
			opts.ResourceIsPod = true
			return corevalidation.ValidatePodCreate(p, opts)
		},
		func(p, old *core.Pod) field.ErrorList {
			opts := podutil.GetValidationOptionsFromPodSpecAndMeta(&p.Spec, &old.Spec, &p.ObjectMeta, &old.ObjectMeta)
			opts.ResourceIsPod = true
			return corevalidation.ValidatePodUpdate(p, old, opts)
		}))
	addImplementation("Deployment", handwrittenImpl(
		func(d *apps.Deployment) field.ErrorList {
			return appsvalidation.ValidateDeployment(d, podutil.GetValidationOptionsFromPodTemplate(&d.Spec.Template, nil))
		},
		func(d, old *apps.Deployment) field.ErrorList {
			return appsvalidation.ValidateDeploymentUpdate(d, old, podutil.GetValidationOptionsFromPodTemplate(&d.Spec.Template, &old.Spec.Template))
		}))
	addImplementation("StatefulSet", handwrittenImpl(
		func(s *apps.StatefulSet) field.ErrorList {
			return appsvalidation.ValidateStatefulSet(s, appsvalidation.StatefulSetValidationOptions{},
				podutil.GetValidationOptionsFromPodTemplate(&s.Spec.Template, nil))
		},
		func(s, old *apps.StatefulSet) field.ErrorList {
			setOpts := appsvalidation.StatefulSetValidationOptions{AllowInvalidServiceName: true, SkipValidateVolumeClaimTemplates: true}
			return appsvalidation.ValidateStatefulSetUpdate(s, old, setOpts, podutil.GetValidationOptionsFromPodTemplate(&s.Spec.Template, &old.Spec.Template))
		}))
	addImplementation("Job", handwrittenImpl(
		func(j *batch.Job) field.ErrorList {
			opts := batchvalidation.JobValidationOptions{
				PodValidationOptions:  podutil.GetValidationOptionsFromPodTemplate(&j.Spec.Template, nil),
				RequirePrefixedLabels: true,
			}
			return batchvalidation.ValidateJobCreate(j, opts)
		},
		func(j, old *batch.Job) field.ErrorList {
			// The strategy's options for a job whose template lacks the
			// controller's labels (manual selector) and has not started.
			opts := batchvalidation.JobValidationOptions{
				PodValidationOptions: podutil.GetValidationOptionsFromPodTemplate(&j.Spec.Template, &old.Spec.Template),
			}
			return batchvalidation.ValidateJobUpdate(j, old, opts)
		}))
	addImplementation("Service", handwrittenImpl(corevalidation.ValidateServiceCreate, corevalidation.ValidateServiceUpdate))
	addImplementation("ResourceClaim", handwrittenImpl(resourcevalidation.ValidateResourceClaim, resourcevalidation.ValidateResourceClaimUpdate))
	addImplementation("DeviceClass", handwrittenImpl(resourcevalidation.ValidateDeviceClass, resourcevalidation.ValidateDeviceClassUpdate))
	addImplementation("StorageClass", handwrittenImpl(storagevalidation.ValidateStorageClass,
		func(s, old *storage.StorageClass) field.ErrorList {
			return append(storagevalidation.ValidateStorageClass(s), storagevalidation.ValidateStorageClassUpdate(s, old)...)
		}))
	addImplementation("NetworkPolicy", handwrittenImpl(
		func(n *networking.NetworkPolicy) field.ErrorList {
			return networkingvalidation.ValidateNetworkPolicy(n, networkingvalidation.ValidationOptionsForNetworking(n, nil))
		},
		func(n, old *networking.NetworkPolicy) field.ErrorList {
			return networkingvalidation.ValidateNetworkPolicyUpdate(n, old, networkingvalidation.ValidationOptionsForNetworking(n, old))
		}))
}

// handwrittenImpl validates the case's objects converted (beforehand) to
// the internal type I.
func handwrittenImpl[I runtime.Object](create func(I) field.ErrorList, update func(I, I) field.ErrorList) implementation {
	return implementation{name: "handwritten", prepare: func(tb testing.TB, c benchCase) validation {
		obj, err := Internal[I](c.obj)
		if err != nil {
			tb.Fatal(err)
		}
		if c.old == nil {
			return func() field.ErrorList { return create(obj) }
		}
		old, err := Internal[I](c.old)
		if err != nil {
			tb.Fatal(err)
		}
		return func() field.ErrorList { return update(obj, old) }
	}}
}
