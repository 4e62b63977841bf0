//go:build generated

// Package migration runs declarative validation the way Kubernetes 1.37's
// API server runs it, for the kinds of k8s.io/api whose strategies opt in
// to it, with validation-gen's validators (bench/k8sapi/internal/generated,
// made by go run ../cmd/gen) in place of Kubernetes' own:
// runtime.Migration beside the server's own pipeline, on the same objects.
// Its test holds the two to the same errors; cmd/coverage reports what the
// tags cover of each kind's handwritten validation.
package migration

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	ourlifecycle "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/lifecyclev1alpha1"
	ourscheduling "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/schedulingv1alpha3"
	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/registry/rest"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/admissionregistration"
	mutatingadmissionpolicyregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicy"
	mutatingadmissionpolicybindingregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicybinding"
	validatingadmissionpolicyregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
	validatingadmissionpolicybindingregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicybinding"
	podcertificaterequestregistry "k8s.io/kubernetes/pkg/registry/certificates/podcertificaterequest"
	evictionregistry "k8s.io/kubernetes/pkg/registry/lifecycle/eviction"
	evictionrequestregistry "k8s.io/kubernetes/pkg/registry/lifecycle/evictionrequest"
	resourceclaimregistry "k8s.io/kubernetes/pkg/registry/resource/resourceclaim"
	resourceclaimtemplateregistry "k8s.io/kubernetes/pkg/registry/resource/resourceclaimtemplate"
	compositepodgroupregistry "k8s.io/kubernetes/pkg/registry/scheduling/compositepodgroup"
	podgroupregistry "k8s.io/kubernetes/pkg/registry/scheduling/podgroup"
	workloadregistry "k8s.io/kubernetes/pkg/registry/scheduling/workload"
	clocktesting "k8s.io/utils/clock/testing"

	// The groups' defaults, conversions and Kubernetes' generated
	// validators, registered in the API server's scheme.
	ouradmissionregistration "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/admissionregistrationv1"
	ourapps "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/appsv1"
	ourautoscalingv1 "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/autoscalingv1"
	ourautoscaling "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/autoscalingv2"
	ourbatch "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/batchv1"
	ourcertificates "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/certificatesv1"
	ourcore "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/corev1"
	ourdiscovery "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/discoveryv1"
	ourflowcontrol "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/flowcontrolv1"
	ournetworking "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/networkingv1"
	ournode "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/nodev1"
	ourpolicy "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/policyv1"
	ourrbac "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/rbacv1"
	ourresource "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/resourcev1"
	ourstorage "github.com/declval/validation-gen/bench/k8sapi/internal/generated/ours/storagev1"
	_ "k8s.io/kubernetes/pkg/apis/admissionregistration/install"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/certificates/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/discovery/install"
	_ "k8s.io/kubernetes/pkg/apis/flowcontrol/install"
	_ "k8s.io/kubernetes/pkg/apis/lifecycle/install"
	_ "k8s.io/kubernetes/pkg/apis/networking/install"
	_ "k8s.io/kubernetes/pkg/apis/node/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/rbac/install"
	_ "k8s.io/kubernetes/pkg/apis/resource/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	mutatingwebhookconfigurationregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	validatingwebhookconfigurationregistry "k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration"
	controllerrevisionregistry "k8s.io/kubernetes/pkg/registry/apps/controllerrevision"
	daemonsetregistry "k8s.io/kubernetes/pkg/registry/apps/daemonset"
	deploymentregistry "k8s.io/kubernetes/pkg/registry/apps/deployment"
	replicasetregistry "k8s.io/kubernetes/pkg/registry/apps/replicaset"
	statefulsetregistry "k8s.io/kubernetes/pkg/registry/apps/statefulset"
	horizontalpodautoscalerregistry "k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	cronjobregistry "k8s.io/kubernetes/pkg/registry/batch/cronjob"
	jobregistry "k8s.io/kubernetes/pkg/registry/batch/job"
	certificatesregistry "k8s.io/kubernetes/pkg/registry/certificates/certificates"
	clustertrustbundleregistry "k8s.io/kubernetes/pkg/registry/certificates/clustertrustbundle"
	configmapregistry "k8s.io/kubernetes/pkg/registry/core/configmap"
	endpointregistry "k8s.io/kubernetes/pkg/registry/core/endpoint"
	eventregistry "k8s.io/kubernetes/pkg/registry/core/event"
	limitrangeregistry "k8s.io/kubernetes/pkg/registry/core/limitrange"
	namespaceregistry "k8s.io/kubernetes/pkg/registry/core/namespace"
	noderegistry "k8s.io/kubernetes/pkg/registry/core/node"
	persistentvolumeregistry "k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	persistentvolumeclaimregistry "k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
	podtemplateregistry "k8s.io/kubernetes/pkg/registry/core/podtemplate"
	replicationcontrollerregistry "k8s.io/kubernetes/pkg/registry/core/replicationcontroller"
	resourcequotaregistry "k8s.io/kubernetes/pkg/registry/core/resourcequota"
	secretregistry "k8s.io/kubernetes/pkg/registry/core/secret"
	serviceregistry "k8s.io/kubernetes/pkg/registry/core/service"
	serviceaccountregistry "k8s.io/kubernetes/pkg/registry/core/serviceaccount"
	endpointsliceregistry "k8s.io/kubernetes/pkg/registry/discovery/endpointslice"
	flowschemaregistry "k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema"
	prioritylevelconfigurationregistry "k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration"
	ingressregistry "k8s.io/kubernetes/pkg/registry/networking/ingress"
	ingressclassregistry "k8s.io/kubernetes/pkg/registry/networking/ingressclass"
	ipaddressregistry "k8s.io/kubernetes/pkg/registry/networking/ipaddress"
	networkpolicyregistry "k8s.io/kubernetes/pkg/registry/networking/networkpolicy"
	servicecidrregistry "k8s.io/kubernetes/pkg/registry/networking/servicecidr"
	runtimeclassregistry "k8s.io/kubernetes/pkg/registry/node/runtimeclass"
	poddisruptionbudgetregistry "k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	clusterroleregistry "k8s.io/kubernetes/pkg/registry/rbac/clusterrole"
	clusterrolebindingregistry "k8s.io/kubernetes/pkg/registry/rbac/clusterrolebinding"
	roleregistry "k8s.io/kubernetes/pkg/registry/rbac/role"
	rolebindingregistry "k8s.io/kubernetes/pkg/registry/rbac/rolebinding"
	deviceclassregistry "k8s.io/kubernetes/pkg/registry/resource/deviceclass"
	devicetaintruleregistry "k8s.io/kubernetes/pkg/registry/resource/devicetaintrule"
	resourcesliceregistry "k8s.io/kubernetes/pkg/registry/resource/resourceslice"
	csidriverregistry "k8s.io/kubernetes/pkg/registry/storage/csidriver"
	csinoderegistry "k8s.io/kubernetes/pkg/registry/storage/csinode"
	csistoragecapacityregistry "k8s.io/kubernetes/pkg/registry/storage/csistoragecapacity"
	storageclassregistry "k8s.io/kubernetes/pkg/registry/storage/storageclass"
	volumeattachmentregistry "k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
	volumeattributesclassregistry "k8s.io/kubernetes/pkg/registry/storage/volumeattributesclass"

	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
)

func init() {
	// The API server's own pipeline logs every mismatch it finds through
	// klog; the test and the report count them instead.
	klog.SetLogger(logr.Discard())
}

// Strategy is what the API server's generic store calls on a create and
// an update.
type Strategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

// Kind is one kind of k8s.io/api as the API server serves it: its
// version, resource and strategies (Kubernetes' registry: the handwritten
// validation, the options and normalization rules of the declarative
// one). validation-gen's validators for its versioned type are reached
// through OurScheme, as registered.
type Kind struct {
	GVK      schema.GroupVersionKind
	Resource string
	Strategy Strategy
	Status   rest.RESTUpdateStrategy // nil: no /status
}

// OurScheme holds validation-gen's validators of the kinds' packages, as
// their generated RegisterValidations register them (the harness packages
// declare the scheme builder k8s.io/api declares): it dispatches by type
// and subresource as legacyscheme.Scheme does with Kubernetes' own.
var OurScheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		ouradmissionregistration.AddToScheme, ourapps.AddToScheme, ourautoscaling.AddToScheme, ourautoscalingv1.AddToScheme,
		ourbatch.AddToScheme, ourcertificates.AddToScheme, ourcore.AddToScheme, ourdiscovery.AddToScheme,
		ourflowcontrol.AddToScheme, ourlifecycle.AddToScheme, ournetworking.AddToScheme, ournode.AddToScheme,
		ourpolicy.AddToScheme, ourrbac.AddToScheme, ourresource.AddToScheme, ourscheduling.AddToScheme, ourstorage.AddToScheme,
	} {
		if err := add(s); err != nil {
			panic(err)
		}
	}
	return s
}()

// Kinds are the kinds of k8s.io/api the test runs: every kind
// whose API server strategy opts in to declarative validation
// (rest.DeclarativeValidation), has tags validation-gen generates a
// Validate_<Kind> for, at the version its fixtures and validators are
// for.
var Kinds = []Kind{
	{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, "deployments", deploymentregistry.Strategy, deploymentregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "StatefulSet"}, "statefulsets", statefulsetregistry.Strategy, statefulsetregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "DaemonSet"}, "daemonsets", daemonsetregistry.Strategy, daemonsetregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ReplicaSet"}, "replicasets", replicasetregistry.Strategy, replicasetregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "ControllerRevision"}, "controllerrevisions", controllerrevisionregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "Job"}, "jobs", jobregistry.Strategy, jobregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "batch", Version: "v1", Kind: "CronJob"}, "cronjobs", cronjobregistry.Strategy, cronjobregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "ConfigMap"}, "configmaps", configmapregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Endpoints"}, "endpoints", endpointregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Event"}, "events", eventregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "LimitRange"}, "limitranges", limitrangeregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Namespace"}, "namespaces", namespaceregistry.Strategy, namespaceregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Node"}, "nodes", noderegistry.Strategy, noderegistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "PersistentVolume"}, "persistentvolumes", persistentvolumeregistry.Strategy, persistentvolumeregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "PersistentVolumeClaim"}, "persistentvolumeclaims", persistentvolumeclaimregistry.Strategy, persistentvolumeclaimregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Pod"}, "pods", podregistry.Strategy, podregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "PodTemplate"}, "podtemplates", podtemplateregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "ReplicationController"}, "replicationcontrollers", replicationcontrollerregistry.Strategy, replicationcontrollerregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "ResourceQuota"}, "resourcequotas", resourcequotaregistry.Strategy, resourcequotaregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Secret"}, "secrets", secretregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "Service"}, "services", serviceregistry.Strategy, serviceregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "", Version: "v1", Kind: "ServiceAccount"}, "serviceaccounts", serviceaccountregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IPAddress"}, "ipaddresses", ipaddressregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress"}, "ingresses", ingressregistry.Strategy, ingressregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "IngressClass"}, "ingressclasses", ingressclassregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "NetworkPolicy"}, "networkpolicies", networkpolicyregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "networking.k8s.io", Version: "v1", Kind: "ServiceCIDR"}, "servicecidrs", servicecidrregistry.Strategy, servicecidrregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "policy", Version: "v1", Kind: "PodDisruptionBudget"}, "poddisruptionbudgets", poddisruptionbudgetregistry.Strategy, poddisruptionbudgetregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"}, "clusterroles", clusterroleregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleBinding"}, "clusterrolebindings", clusterrolebindingregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "Role"}, "roles", roleregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleBinding"}, "rolebindings", rolebindingregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIDriver"}, "csidrivers", csidriverregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSINode"}, "csinodes", csinoderegistry.Strategy, csinoderegistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "CSIStorageCapacity"}, "csistoragecapacities", csistoragecapacityregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClass"}, "storageclasses", storageclassregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttachment"}, "volumeattachments", volumeattachmentregistry.Strategy, volumeattachmentregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "VolumeAttributesClass"}, "volumeattributesclasses", volumeattributesclassregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "node.k8s.io", Version: "v1", Kind: "RuntimeClass"}, "runtimeclasses", runtimeclassregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "discovery.k8s.io", Version: "v1", Kind: "EndpointSlice"}, "endpointslices", endpointsliceregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "CertificateSigningRequest"}, "certificatesigningrequests", certificatesregistry.Strategy, certificatesregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "ClusterTrustBundle"}, "clustertrustbundles", clustertrustbundleregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "resource.k8s.io", Version: "v1", Kind: "DeviceClass"}, "deviceclasses", deviceclassregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "resource.k8s.io", Version: "v1", Kind: "DeviceTaintRule"}, "devicetaintrules", devicetaintruleregistry.Strategy, devicetaintruleregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "resource.k8s.io", Version: "v1", Kind: "ResourceSlice"}, "resourceslices", resourcesliceregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "autoscaling", Version: "v2", Kind: "HorizontalPodAutoscaler"}, "horizontalpodautoscalers", horizontalpodautoscalerregistry.Strategy, horizontalpodautoscalerregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "FlowSchema"}, "flowschemas", flowschemaregistry.Strategy, flowschemaregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "flowcontrol.apiserver.k8s.io", Version: "v1", Kind: "PriorityLevelConfiguration"}, "prioritylevelconfigurations", prioritylevelconfigurationregistry.Strategy, prioritylevelconfigurationregistry.StatusStrategy},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingWebhookConfiguration"}, "mutatingwebhookconfigurations", mutatingwebhookconfigurationregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingWebhookConfiguration"}, "validatingwebhookconfigurations", validatingwebhookconfigurationregistry.Strategy, nil},
	// The strategies made by constructors, with what they need: a
	// clock that does not move, and for the claims' admin-access check
	// a namespace client and an authorizer (neither called by the
	// fixtures, which do not ask for admin access; see the stubs).
	{schema.GroupVersionKind{Group: "scheduling.k8s.io", Version: "v1alpha3", Kind: "PodGroup"}, "podgroups", podGroupStrategy, podgroupregistry.NewStatusStrategy(podGroupStrategy)},
	{schema.GroupVersionKind{Group: "scheduling.k8s.io", Version: "v1alpha3", Kind: "CompositePodGroup"}, "compositepodgroups", compositePodGroupStrategy, compositepodgroupregistry.NewStatusStrategy(compositePodGroupStrategy)},
	{schema.GroupVersionKind{Group: "scheduling.k8s.io", Version: "v1alpha3", Kind: "Workload"}, "workloads", workloadregistry.Strategy, nil},
	{schema.GroupVersionKind{Group: "lifecycle.k8s.io", Version: "v1alpha1", Kind: "EvictionRequest"}, "evictionrequests", evictionRequestStrategy, evictionrequestregistry.NewStatusStrategy(evictionRequestStrategy)},
	{schema.GroupVersionKind{Group: "lifecycle.k8s.io", Version: "v1alpha1", Kind: "Eviction"}, "evictions", evictionStrategy, evictionregistry.NewStatusStrategy(evictionStrategy)},
	{schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "PodCertificateRequest"}, "podcertificaterequests", podCertificateRequestStrategy,
		podcertificaterequestregistry.NewStatusStrategy(podCertificateRequestStrategy, allowAll{}, clocktesting.NewFakePassiveClock(time.Unix(1_700_000_000, 0)))},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingAdmissionPolicy"}, "validatingadmissionpolicies", vapStrategy,
		validatingadmissionpolicyregistry.NewStatusStrategy(vapStrategy)},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicy"}, "mutatingadmissionpolicies",
		mutatingadmissionpolicyregistry.NewStrategy(allowAll{}, resources{}), nil},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingAdmissionPolicyBinding"}, "validatingadmissionpolicybindings",
		validatingadmissionpolicybindingregistry.NewStrategy(allowAll{}, noPolicies{}, resources{}), nil},
	{schema.GroupVersionKind{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingAdmissionPolicyBinding"}, "mutatingadmissionpolicybindings",
		mutatingadmissionpolicybindingregistry.NewStrategy(allowAll{}, noPolicies{}, resources{}), nil},
	{schema.GroupVersionKind{Group: "resource.k8s.io", Version: "v1", Kind: "ResourceClaim"}, "resourceclaims", resourceClaimStrategy, resourceclaimregistry.NewStatusStrategy(resourceClaimStrategy)},
	{schema.GroupVersionKind{Group: "resource.k8s.io", Version: "v1", Kind: "ResourceClaimTemplate"}, "resourceclaimtemplates", resourceclaimtemplateregistry.NewStrategy(namespaces{}), nil},
}

var (
	podGroupStrategy              = podgroupregistry.NewStrategy()
	podCertificateRequestStrategy = podcertificaterequestregistry.NewStrategy()
	compositePodGroupStrategy     = compositepodgroupregistry.NewStrategy()
	evictionRequestStrategy       = evictionrequestregistry.NewStrategy()
	evictionStrategy              = evictionregistry.NewStrategy(clocktesting.NewFakePassiveClock(time.Unix(1_700_000_000, 0)))
	resourceClaimStrategy         = resourceclaimregistry.NewStrategy(namespaces{}, allowAll{})
	vapStrategy                   = validatingadmissionpolicyregistry.NewStrategy(allowAll{}, resources{})
)

// resources is the admission policies' resource resolver: a kind's
// resource is its lower-cased plural, as for the built-in kinds.
type resources struct{}

func (resources) Resolve(gvk schema.GroupVersionKind) (schema.GroupVersionResource, error) {
	return gvk.GroupVersion().WithResource(strings.ToLower(gvk.Kind) + "s"), nil
}

// noPolicies is the bindings' policy getter: the policy a binding names
// is not found (the bindings' checks of it then pass over it).
type noPolicies struct{}

func (noPolicies) GetValidatingAdmissionPolicy(_ context.Context, name string) (*admissionregistration.ValidatingAdmissionPolicy, error) {
	return nil, apierrors.NewNotFound(schema.GroupResource{Group: "admissionregistration.k8s.io", Resource: "validatingadmissionpolicies"}, name)
}

func (noPolicies) GetMutatingAdmissionPolicy(_ context.Context, name string) (*admissionregistration.MutatingAdmissionPolicy, error) {
	return nil, apierrors.NewNotFound(schema.GroupResource{Group: "admissionregistration.k8s.io", Resource: "mutatingadmissionpolicies"}, name)
}

// namespaces is the namespace client of the claims' strategies: each
// namespace exists, without labels. Nothing else of it is called.
type namespaces struct {
	corev1client.NamespaceInterface
}

func (namespaces) Get(_ context.Context, name string, _ metav1.GetOptions) (*corev1.Namespace, error) {
	return &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, nil
}

// allowAll is the claims' authorizer: every request is allowed.
type allowAll struct{}

func (allowAll) Authorize(context.Context, authorizer.Attributes) (authorizer.Decision, string, error) {
	return authorizer.DecisionAllow, "", nil
}

// Fixture is one of k8s.io/api's round-trip fixtures: the release
// directory of its testdata (HEAD, v1.36.0, ...) and the object.
type Fixture struct {
	Release string
	Object  runtime.Object
}

// Fixtures are the fixtures k8s.io/api ships for the kind's version,
// testdata/HEAD and each older release's, decoded into the versioned
// type, in release order.
func (k Kind) Fixtures() ([]Fixture, error) {
	dir, err := apiModuleDir()
	if err != nil {
		return nil, err
	}
	group := k.GVK.Group
	if group == "" {
		group = "core"
	}
	name := fmt.Sprintf("%s.%s.%s.json", group, k.GVK.Version, k.GVK.Kind)
	releases, err := os.ReadDir(filepath.Join(dir, "testdata"))
	if err != nil {
		return nil, err
	}
	var out []Fixture
	for _, r := range releases {
		b, err := os.ReadFile(filepath.Join(dir, "testdata", r.Name(), name))
		if err != nil {
			continue
		}
		obj, err := legacyscheme.Scheme.New(k.GVK)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, obj); err != nil {
			return nil, fmt.Errorf("%s/%s: %w", r.Name(), name, err)
		}
		out = append(out, Fixture{r.Name(), obj})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no fixture %s in k8s.io/api's testdata", name)
	}
	return out, nil
}

var apiModuleDir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "k8s.io/api").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m k8s.io/api: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
})

// Prepare turns a versioned object into the internal one the strategy
// validates, as the API server does with a request body: defaults,
// conversion, the namespace the request's scope gives it.
func (k Kind) Prepare(versioned runtime.Object) (runtime.Object, error) {
	v := versioned.DeepCopyObject()
	legacyscheme.Scheme.Default(v)
	internal, err := legacyscheme.Scheme.ConvertToVersion(v, schema.GroupVersion{Group: k.GVK.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return nil, fmt.Errorf("%s: to the internal version: %w", k.GVK, err)
	}
	m, err := meta.Accessor(internal)
	if err != nil {
		return nil, err
	}
	if !k.Strategy.NamespaceScoped() {
		m.SetNamespace("")
	} else if m.GetNamespace() == "" {
		m.SetNamespace("default")
	}
	return internal, nil
}

// context is the context the API server validates a request in.
func (k Kind) context(obj runtime.Object, verb, subresource string) context.Context {
	ctx := context.Background()
	if a, err := meta.Accessor(obj); err == nil && a.GetNamespace() != "" {
		ctx = genericapirequest.WithNamespace(ctx, a.GetNamespace())
	}
	return genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: verb, APIGroup: k.GVK.Group, APIVersion: k.GVK.Version,
		Resource: k.Resource, Subresource: subresource,
	})
}

// recording keeps the handwritten errors the API server hands to
// declarative validation (the strategy's, and the common metadata
// checks), so that Migration is given the very errors the server's
// pipeline had: Kubernetes' handwritten validation is not always the
// same twice (it reports some errors in map order).
type recording struct {
	dv          rest.DeclarativeValidationStrategy
	handwritten field.ErrorList
	// only: keep the handwritten errors, and validate no further.
	only bool
}

func (r *recording) ValidateDeclaratively(ctx context.Context, obj, old runtime.Object, errs field.ErrorList, op operation.Type, cfg rest.DeclarativeValidationConfig) field.ErrorList {
	r.handwritten = make(field.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		r.handwritten[i] = &c
	}
	if r.only {
		return errs
	}
	return r.dv.ValidateDeclaratively(ctx, obj, old, errs, op, cfg)
}

func (r *recording) DeclarativeValidationConfig(ctx context.Context, obj, old runtime.Object) rest.DeclarativeValidationConfig {
	return r.dv.DeclarativeValidationConfig(ctx, obj, old)
}

type recordingCreate struct {
	Strategy
	*recording
}

type recordingUpdate struct {
	rest.RESTUpdateStrategy
	*recording
}

// Result is what one request came to.
type Result struct {
	// Server is the API server's verdict: rest.ValidateCreate or
	// ValidateUpdate, with Kubernetes' generated validators.
	Server field.ErrorList
	// Handwritten are the handwritten errors (with their
	// CoveredByDeclarative marks); Declarative validation-gen's errors,
	// every stability level; Rules the normalization rules of the kind.
	Handwritten, Declarative field.ErrorList
	Rules                    []field.NormalizationRule
	// Ours and Theirs are runtime.Migration's verdicts with
	// validation-gen's validators and with Kubernetes' generated ones (the
	// same handwritten errors, options and rules); OursMismatches and
	// TheirMismatches the mismatches it logged with each.
	Ours, Theirs                    field.ErrorList
	OursMismatches, TheirMismatches []string
	// Versioned and OldVersioned are the objects declarative validation
	// read (the internal ones converted back), Options the options it ran
	// with.
	Versioned, OldVersioned runtime.Object
	Options                 map[string]bool
}

// Validate runs one create (old nil) or update of the kind, through its
// main strategy or /status (subresource "status"), on internal objects
// from Prepare (which it changes as the server does before validating:
// system metadata, the strategy's PrepareFor*).
func (k Kind) Validate(subresource string, obj, old runtime.Object) (Result, error) {
	return k.validate(subresource, obj, old, false)
}

// validate is Validate; handwrittenOnly stops at the handwritten errors
// and the versioned objects (Request.HandwrittenOnly).
func (k Kind) validate(subresource string, obj, old runtime.Object, handwrittenOnly bool) (Result, error) {
	var r Result
	verb, opType := "create", operation.Create
	if old != nil {
		verb, opType = "update", operation.Update
	}
	ctx := k.context(obj, verb, subresource)
	om, err := meta.Accessor(obj)
	if err != nil {
		return r, err
	}
	var cfg rest.DeclarativeValidationConfig
	if old == nil {
		rest.FillObjectMetaSystemFields(om)
		k.Strategy.PrepareForCreate(ctx, obj)
		rec := &recording{dv: k.Strategy.(rest.DeclarativeValidationStrategy), only: handwrittenOnly}
		r.Server = rest.ValidateCreate(ctx, obj.DeepCopyObject(), recordingCreate{k.Strategy, rec})
		r.Handwritten = rec.handwritten
		cfg = k.Strategy.(rest.DeclarativeValidationStrategy).DeclarativeValidationConfig(ctx, obj, nil)
	} else {
		strategy := rest.RESTUpdateStrategy(k.Strategy)
		if subresource == "status" {
			strategy = k.Status
		}
		oldMeta, err := meta.Accessor(old)
		if err != nil {
			return r, err
		}
		om.SetGeneration(oldMeta.GetGeneration())
		strategy.PrepareForUpdate(ctx, obj, old)
		om.SetUID(oldMeta.GetUID())
		om.SetCreationTimestamp(oldMeta.GetCreationTimestamp())
		rec := &recording{dv: strategy.(rest.DeclarativeValidationStrategy), only: handwrittenOnly}
		r.Server = rest.ValidateUpdate(ctx, obj.DeepCopyObject(), old.DeepCopyObject(), recordingUpdate{strategy, rec})
		r.Handwritten = rec.handwritten
		cfg = strategy.(rest.DeclarativeValidationStrategy).DeclarativeValidationConfig(ctx, obj, old)
	}
	r.Rules = cfg.NormalizationRules

	// Declarative validation reads the versioned object the server
	// converts the internal one back to.
	gv := k.GVK.GroupVersion()
	versioned, err := legacyscheme.Scheme.ConvertToVersion(obj, gv)
	if err != nil {
		return r, err
	}
	var oldVersioned runtime.Object
	if old != nil {
		if oldVersioned, err = legacyscheme.Scheme.ConvertToVersion(old, gv); err != nil {
			return r, err
		}
	}
	var subresources []string
	if subresource != "" {
		subresources = []string{subresource}
	}
	op := operation.Operation{Type: opType, Options: cfg.Options, Request: operation.Request{Subresources: subresources}}
	r.Versioned, r.OldVersioned, r.Options = versioned, oldVersioned, cfg.Options
	if handwrittenOnly {
		r.Server = nil // the handwritten errors alone
		return r, nil
	}
	r.compare(ctx, cfg, k.GVK.Kind, op)
	return r, nil
}

// compare runs runtime.Migration on r's handwritten errors with the
// declarative validation of r's versioned objects (op says create or
// update, options and subresources) through validation-gen's validators
// (OurScheme: Ours, and Declarative) and through Kubernetes' generated
// ones (legacyscheme: Theirs).
func (r *Result) compare(ctx context.Context, cfg rest.DeclarativeValidationConfig, kind string, op operation.Operation) {
	declarative := func(s *runtime.Scheme) field.ErrorList {
		if op.Type == operation.Create {
			return s.Validate(ctx, op.Options, r.Versioned, op.Request.Subresources...)
		}
		return s.ValidateUpdate(ctx, op.Options, r.Versioned, r.OldVersioned, op.Request.Subresources...)
	}
	r.Ours, r.OursMismatches = migrate(ctx, cfg, kind, op, r.Handwritten, func() field.ErrorList {
		r.Declarative = declarative(OurScheme)
		return r.Declarative
	})
	r.Theirs, r.TheirMismatches = migrate(ctx, cfg, kind, op, r.Handwritten, func() field.ErrorList {
		return declarative(legacyscheme.Scheme)
	})
}

// migrate runs runtime.Migration as Kubernetes 1.37 is set up (the
// DeclarativeValidationBeta gate as the process has it) on a copy of the
// handwritten errors, and returns its verdict and the mismatches it
// logged.
func migrate(ctx context.Context, cfg rest.DeclarativeValidationConfig, kind string, op operation.Operation, handwritten field.ErrorList, declarative func() field.ErrorList) (field.ErrorList, []string) {
	log := &mismatchLog{}
	m := vgruntime.Migration{
		DisableBeta:          !utilfeature.DefaultFeatureGate.Enabled(features.DeclarativeValidationBeta),
		NormalizationRules:   cfg.NormalizationRules,
		ShortCircuitMismatch: cfg.ShortCircuitMismatch,
		Logger:               slog.New(log),
	}
	hw := make(field.ErrorList, len(handwritten))
	for i, e := range handwritten {
		c := *e
		hw[i] = &c
	}
	errs := m.Validate(ctx, kind, op, hw, declarative)
	sort.Strings(log.lines)
	return errs, log.lines
}

// mismatchLog keeps what a Migration logs, one line per mismatch: kind,
// Type, field, origin, stability level.
type mismatchLog struct{ lines []string }

func (l *mismatchLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *mismatchLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *mismatchLog) WithGroup(string) slog.Handler            { return l }
func (l *mismatchLog) Handle(_ context.Context, r slog.Record) error {
	a := map[string]string{}
	r.Attrs(func(x slog.Attr) bool { a[x.Key] = x.Value.String(); return true })
	if r.Message == "declarative validation mismatch" {
		l.lines = append(l.lines, fmt.Sprintf("%s: %s %s origin=%q %s", a["mismatch"], a["type"], a["field"], a["origin"], a["level"]))
	} else {
		l.lines = append(l.lines, r.Message+": "+a["panic"])
	}
	return nil
}

// Request is one request of a run: a create (Old nil) or an update, of
// the resource or its /status, on versioned objects as a client sends
// them.
type Request struct {
	Name        string
	Subresource string
	Object, Old runtime.Object
	// HandwrittenOnly asks only for the handwritten errors and the objects
	// declarative validation would read (a probe, a proof): Server,
	// Declarative, Ours and Theirs stay empty.
	HandwrittenOnly bool
}

// Requests are the requests a run sends for the kind: a create of every
// fixture; an update from every fixture to every other (and to itself,
// unchanged), of the resource and of /status where the kind has it; and
// creates and updates of mutated fixtures (validationtest.Mutate: a
// scalar or two redrawn, a list reversed, a pointer, list or map cleared),
// mutations per fixture; Randoms random objects (Random), created, updated
// to from the first fixture and updated to a mutated copy; and /scale
// updates where the kind has it (scaleRequests).
func (k Kind) Requests(mutations int) ([]Request, error) {
	fixtures, err := k.Fixtures()
	if err != nil {
		return nil, err
	}
	var out []Request
	for _, f := range fixtures {
		out = append(out, Request{Name: "create " + f.Release, Object: f.Object})
	}
	for _, to := range fixtures {
		for _, from := range fixtures {
			name := fmt.Sprintf("update %s to %s", from.Release, to.Release)
			out = append(out, Request{Name: name, Object: to.Object, Old: from.Object})
			if k.Status != nil {
				out = append(out, Request{Name: "status " + name, Subresource: "status", Object: to.Object, Old: from.Object})
			}
		}
	}
	for _, f := range fixtures {
		for i := range mutations {
			m := f.Object.DeepCopyObject()
			validationtest.Mutate(validationtest.Config{}, int64(i+1), m)
			name := fmt.Sprintf("%s mutation %d", f.Release, i+1)
			out = append(out, Request{Name: "create " + name, Object: m},
				Request{Name: "update to " + name, Object: m, Old: f.Object})
			if k.Status != nil {
				out = append(out, Request{Name: "status update to " + name, Subresource: "status", Object: m, Old: f.Object})
			}
		}
	}
	for i := range Randoms {
		r, err := k.Random(int64(i + 1))
		if err != nil {
			return nil, err
		}
		changed := r.DeepCopyObject()
		validationtest.Mutate(validationtest.Config{}, int64(i+1), changed)
		head := fixtures[0].Object
		name := fmt.Sprintf("random object %d", i+1)
		out = append(out, Request{Name: "create " + name, Object: r},
			Request{Name: "create " + name + "'s mutation", Object: changed},
			Request{Name: "update to " + name, Object: r, Old: head},
			Request{Name: "update from " + name + " to its mutation", Object: changed, Old: r})
		if k.Status != nil {
			out = append(out, Request{Name: "status update to " + name, Subresource: "status", Object: r, Old: head},
				Request{Name: "status update from " + name + " to its mutation", Subresource: "status", Object: changed, Old: r})
		}
	}
	if _, ok := scaleSubresources[k.GVK.Kind]; ok {
		scale, err := k.scaleRequests(mutations, fixtures[0].Object)
		if err != nil {
			return nil, err
		}
		out = append(out, scale...)
	}
	return out, nil
}

// Random is a random object of the kind (validationtest.Fill), with the
// kind's apiVersion and kind, as a client would send it: every field
// drawn, most of them near the checks' edges.
func (k Kind) Random(seed int64) (runtime.Object, error) {
	obj, err := legacyscheme.Scheme.New(k.GVK)
	if err != nil {
		return nil, err
	}
	validationtest.Fill(validationtest.Config{}, seed, obj)
	obj.GetObjectKind().SetGroupVersionKind(k.GVK)
	return obj, nil
}

// Run prepares a request's objects and validates it (Validate). A panic
// in Kubernetes' code or ours is returned as an error naming the request.
func (k Kind) Run(req Request) (r Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s %s: panic: %v", k.GVK.Kind, req.Name, p)
		}
	}()
	if req.Subresource == "scale" {
		return k.validateScale(req)
	}
	obj, err := k.Prepare(req.Object)
	if err != nil {
		return r, err
	}
	var old runtime.Object
	if req.Old != nil {
		if old, err = k.Prepare(req.Old); err != nil {
			return r, err
		}
	}
	return k.validate(req.Subresource, obj, old, req.HandwrittenOnly)
}

// KindRun is every request of a kind, and what each came to.
type KindRun struct {
	Kind     Kind
	Requests []Request
	Results  []Result
}

// RunAll runs every kind's requests (Requests(mutations)).
func RunAll(mutations int) ([]KindRun, error) {
	var out []KindRun
	for _, k := range Kinds {
		reqs, err := k.Requests(mutations)
		if err != nil {
			return nil, err
		}
		kr := KindRun{Kind: k, Requests: reqs, Results: make([]Result, len(reqs))}
		err = parallel(len(reqs), func(i int) (err error) {
			kr.Results[i], err = k.Run(reqs[i])
			return err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, kr)
	}
	return out, nil
}

// parallel calls f(0), ..., f(n-1) on GOMAXPROCS goroutines, and returns
// the error of the lowest i that failed. The API server validates
// requests concurrently too: its strategies and scheme are safe for it.
func parallel(n int, f func(i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, goruntime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				errs[i] = f(i)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Created is the result of the create of each object the run created,
// by the object: every object a run updates to, it also creates.
func (kr KindRun) Created() map[runtime.Object]Result {
	out := map[runtime.Object]Result{}
	for i, req := range kr.Requests {
		if req.Old == nil {
			out[req.Object] = kr.Results[i]
		}
	}
	return out
}

// Coverage measures, kind by kind, how much of the handwritten
// validation validation-gen's validators, generated from the tags of
// k8s.io/api, report on the runs' requests.
func Coverage(runs []KindRun) []*validationtest.Coverage {
	var out []*validationtest.Coverage
	for _, kr := range runs {
		c := validationtest.NewCoverage(kr.Kind.GVK.Kind)
		// /scale validates another type (Scale): a table of its own.
		var scale *validationtest.Coverage
		created := kr.Created()
		for i, req := range kr.Requests {
			r := kr.Results[i]
			if req.Subresource == "scale" {
				if scale == nil {
					scale = validationtest.NewCoverage(kr.Kind.GVK.Kind + " /scale")
				}
				scale.Add(r.Handwritten, r.Declarative, r.Rules)
				continue
			}
			handwritten := r.Handwritten
			if req.Old != nil {
				// An update counts only its own checks (immutability,
				// transitions): what the handwritten code finds on the
				// create of the same object, it finds again on every
				// update, where a tag ratchets an unchanged value; the
				// create counts those.
				handwritten = slices.DeleteFunc(slices.Clone(handwritten), func(h *field.Error) bool {
					return slices.ContainsFunc(created[req.Object].Handwritten, func(c *field.Error) bool {
						return c.Type == h.Type && c.Field == h.Field && c.Origin == h.Origin
					})
				})
			}
			c.Add(handwritten, r.Declarative, r.Rules)
		}
		out = append(out, c)
		if scale != nil {
			out = append(out, scale)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// Mutations is how many mutated copies of each fixture the test and the
// coverage report validate.
const Mutations = 4

// Randoms is how many random objects (Kind.Random) the test and the
// coverage report send of each kind.
const Randoms = 4

// CoverageReport is docs/k8s-coverage.md: the coverage of every kind of
// the runs, and the tags Suggest proves (working in scratch), as
// Markdown.
func CoverageReport(runs []KindRun, scratch string) ([]byte, error) {
	cs := Coverage(runs)
	suggestions, unproven, err := Suggest(runs, cs, scratch)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(`# What Kubernetes' tags cover of its handwritten validation

<!-- Generated by hack/update-k8s-coverage.sh (bench/k8sapi/cmd/coverage); do not edit.
     hack/bench.sh's migration step fails when it is stale. -->

For each kind of k8s.io/api v0.37.2 whose API server strategy runs declarative validation (see
bench/k8sapi/migration), every kind of error Kubernetes 1.37's handwritten validation reported on
k8s.io/api's round-trip fixtures (every release's), on updates between them, on /status updates,
and on mutated copies of them: how often it was seen, how often the handwritten code marked it
covered by declarative validation, and how often an error of validation-gen's validators,
generated from the tags of k8s.io/api, matched it (same Type and Origin, same field path after the
kind's normalization rules, as the API server matches them), at which stability level.

An update counts only the errors the create of the same object does not have (immutability,
transitions): the handwritten code reports an invalid value again on every update, where a tag
ratchets it when unchanged. A handwritten ` + "`Invalid`" + ` error without an origin matches no tag: the server requires the origin on
both sides. "matched by a tag" counts the error kinds matched on every object that showed them.
Field paths fold list indices and map keys to ` + "`[*]`" + `. The fixtures fill every field, so most
errors here are what a fully populated object breaks; the rows list which checks remain
handwritten-only: the migration backlog.

`)
	writeSuggestions(&b, suggestions, unproven)
	b.WriteString("\n## Coverage by kind\n\n")
	if err := validationtest.WriteCoverageMarkdown(&b, cs); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}
