package k8sapi

import (
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	resourcev1 "k8s.io/api/resource/v1"
	storagev1 "k8s.io/api/storage/v1"
	apiresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// The objects of the benchmarks: for each kind, a valid object as a user
// would write it, a changed one (what an update would change; what the
// kind lets change), and an invalid one that breaks rules both the tags
// and Kubernetes' handwritten validation enforce, so that every
// implementation must find errors. Every object gets the API server's
// defaults (Default) before anything validates it, as on the server.
//
// The invalid objects all carry metadata.generation -1 (apimachinery's
// meta/v1 tags: +k8s:minimum=0, alpha) and break one rule of their kind
// where the kind's tags have one.

// kindObjects builds one kind's objects.
type kindObjects struct {
	name                    string
	valid, changed, invalid func() runtime.Object
}

var objects = []kindObjects{
	{"Pod", func() runtime.Object { return pod() }, changedPod, invalidPod},
	{"Deployment", func() runtime.Object { return deployment() }, changedDeployment, invalidDeployment},
	{"StatefulSet", func() runtime.Object { return statefulSet() }, changedStatefulSet, invalidStatefulSet},
	{"Job", func() runtime.Object { return job() }, changedJob, invalidJob},
	{"Service", func() runtime.Object { return service() }, changedService, invalidService},
	{"ResourceClaim", func() runtime.Object { return resourceClaim() }, changedResourceClaim, invalidResourceClaim},
	{"DeviceClass", func() runtime.Object { return deviceClass() }, changedDeviceClass, invalidDeviceClass},
	{"StorageClass", func() runtime.Object { return storageClass() }, changedStorageClass, invalidStorageClass},
	{"NetworkPolicy", func() runtime.Object { return networkPolicy() }, changedNetworkPolicy, invalidNetworkPolicy},
}

func ptr[T any](v T) *T { return &v }

func meta(name string, namespaced bool) metav1.ObjectMeta {
	m := metav1.ObjectMeta{
		Name:            name,
		Labels:          map[string]string{"app.kubernetes.io/name": "web", "app.kubernetes.io/part-of": "shop"},
		Annotations:     map[string]string{"example.com/owner": "team-a"},
		ResourceVersion: "1",
		Generation:      1,
	}
	if namespaced {
		m.Namespace = "default"
	}
	return m
}

// breakMeta is every invalid object's metadata error.
func breakMeta(m *metav1.ObjectMeta) { m.Generation = -1 }

// change is every changed object's metadata change.
func change(m *metav1.ObjectMeta) { m.Labels["app.kubernetes.io/version"] = "v2" }

var webLabels = map[string]string{"app.kubernetes.io/name": "web"}

func podSpec() corev1.PodSpec {
	return corev1.PodSpec{
		Containers: []corev1.Container{{
			Name:  "web",
			Image: "registry.example.com/shop/web:1.27.3",
			Args:  []string{"--port=8080", "--log-level=info"},
			Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: corev1.ProtocolTCP}},
			Env:   []corev1.EnvVar{{Name: "MODE", Value: "production"}, {Name: "CACHE_SIZE", Value: "512"}},
			Resources: corev1.ResourceRequirements{
				Requests: corev1.ResourceList{corev1.ResourceCPU: apiresource.MustParse("250m"), corev1.ResourceMemory: apiresource.MustParse("256Mi")},
				Limits:   corev1.ResourceList{corev1.ResourceCPU: apiresource.MustParse("1"), corev1.ResourceMemory: apiresource.MustParse("512Mi")},
			},
			ReadinessProbe: &corev1.Probe{
				ProbeHandler:  corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/healthz", Port: intstr.FromString("http")}},
				PeriodSeconds: 10,
			},
			VolumeMounts: []corev1.VolumeMount{{Name: "cache", MountPath: "/var/cache/web"}},
		}},
		Volumes: []corev1.Volume{{Name: "cache", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}}},
		Tolerations: []corev1.Toleration{
			{Key: "node.kubernetes.io/not-ready", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
			{Key: "node.kubernetes.io/unreachable", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
		},
		NodeSelector: map[string]string{"kubernetes.io/os": "linux"},
	}
}

// breakTolerations gives a toleration an invalid key (core/v1's
// Toleration.Key: +k8s:format=k8s-label-key, alpha).
func breakTolerations(s *corev1.PodSpec) { s.Tolerations[0].Key = "not a key!" }

func template() corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app.kubernetes.io/name": "web"}}, Spec: podSpec()}
}

func pod() *corev1.Pod {
	return &corev1.Pod{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"}, ObjectMeta: meta("web-0", true), Spec: podSpec()}
}

func changedPod() runtime.Object {
	p := pod()
	change(&p.ObjectMeta)
	p.Spec.Containers[0].Image = "registry.example.com/shop/web:1.27.4"
	return p
}

func invalidPod() runtime.Object {
	p := pod()
	breakMeta(&p.ObjectMeta)
	breakTolerations(&p.Spec)
	return p
}

func deployment() *appsv1.Deployment {
	return &appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: meta("web", true),
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr(int32(3)),
			Selector: &metav1.LabelSelector{MatchLabels: webLabels},
			Template: template(),
		},
	}
}

func changedDeployment() runtime.Object {
	d := deployment()
	change(&d.ObjectMeta)
	d.Spec.Replicas = ptr(int32(5))
	d.Spec.Template.Spec.Containers[0].Image = "registry.example.com/shop/web:1.27.4"
	return d
}

func invalidDeployment() runtime.Object {
	d := deployment()
	breakMeta(&d.ObjectMeta)
	breakTolerations(&d.Spec.Template.Spec)
	return d
}

func statefulSet() *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "StatefulSet"},
		ObjectMeta: meta("db", true),
		Spec: appsv1.StatefulSetSpec{
			Replicas:    ptr(int32(3)),
			ServiceName: "db",
			Selector:    &metav1.LabelSelector{MatchLabels: webLabels},
			Template:    template(),
			VolumeClaimTemplates: []corev1.PersistentVolumeClaim{{
				ObjectMeta: metav1.ObjectMeta{Name: "data"},
				Spec: corev1.PersistentVolumeClaimSpec{
					AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
					Resources:   corev1.VolumeResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceStorage: apiresource.MustParse("10Gi")}},
				},
			}},
		},
	}
}

func changedStatefulSet() runtime.Object {
	s := statefulSet()
	change(&s.ObjectMeta)
	s.Spec.Replicas = ptr(int32(5))
	s.Spec.Template.Spec.Containers[0].Image = "registry.example.com/shop/web:1.27.4"
	return s
}

// invalidStatefulSet has no selector (apps/v1's StatefulSetSpec.Selector:
// +k8s:required, alpha).
func invalidStatefulSet() runtime.Object {
	s := statefulSet()
	breakMeta(&s.ObjectMeta)
	s.Spec.Selector = nil
	return s
}

func job() *batchv1.Job {
	t := template()
	t.Spec.RestartPolicy = corev1.RestartPolicyNever
	return &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: meta("report", true),
		Spec: batchv1.JobSpec{
			Parallelism:    ptr(int32(2)),
			Completions:    ptr(int32(4)),
			BackoffLimit:   ptr(int32(3)),
			ManualSelector: ptr(true),
			Selector:       &metav1.LabelSelector{MatchLabels: webLabels},
			Template:       t,
		},
	}
}

func changedJob() runtime.Object {
	j := job()
	change(&j.ObjectMeta)
	j.Spec.Parallelism = ptr(int32(3))
	return j
}

// invalidJob sets maxFailedIndexes without backoffLimitPerIndex (batch/v1's
// JobSpec.MaxFailedIndexes: +k8s:dependentRequired, alpha).
func invalidJob() runtime.Object {
	j := job()
	breakMeta(&j.ObjectMeta)
	j.Spec.CompletionMode = ptr(batchv1.IndexedCompletion)
	j.Spec.MaxFailedIndexes = ptr(int32(1))
	return j
}

func service() *corev1.Service {
	return &corev1.Service{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: meta("web", true),
		Spec: corev1.ServiceSpec{
			Selector: webLabels,
			Ports: []corev1.ServicePort{
				{Name: "http", Port: 80, TargetPort: intstr.FromString("http"), Protocol: corev1.ProtocolTCP},
				{Name: "metrics", Port: 9090, TargetPort: intstr.FromInt32(9090), Protocol: corev1.ProtocolTCP},
			},
		},
	}
}

func changedService() runtime.Object {
	s := service()
	change(&s.ObjectMeta)
	s.Spec.Ports[1].Port = 9091
	return s
}

// invalidService breaks only the metadata: core/v1's Service has no tag of
// its own in v0.37.
func invalidService() runtime.Object {
	s := service()
	breakMeta(&s.ObjectMeta)
	return s
}

func resourceClaim() *resourcev1.ResourceClaim {
	return &resourcev1.ResourceClaim{
		TypeMeta:   metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "ResourceClaim"},
		ObjectMeta: meta("gpus", true),
		Spec: resourcev1.ResourceClaimSpec{Devices: resourcev1.DeviceClaim{
			Requests: []resourcev1.DeviceRequest{
				{Name: "gpu", Exactly: &resourcev1.ExactDeviceRequest{
					DeviceClassName: "gpu.example.com",
					AllocationMode:  resourcev1.DeviceAllocationModeExactCount,
					Count:           2,
					Selectors:       []resourcev1.DeviceSelector{{CEL: &resourcev1.CELDeviceSelector{Expression: `device.attributes["gpu.example.com"].model == "a100"`}}},
				}},
				{Name: "nic", Exactly: &resourcev1.ExactDeviceRequest{DeviceClassName: "nic.example.com", AllocationMode: resourcev1.DeviceAllocationModeExactCount, Count: 1}},
			},
			Constraints: []resourcev1.DeviceConstraint{{Requests: []string{"gpu", "nic"}, MatchAttribute: ptr(resourcev1.FullyQualifiedName("example.com/numa"))}},
			Config: []resourcev1.DeviceClaimConfiguration{{
				Requests:            []string{"gpu"},
				DeviceConfiguration: resourcev1.DeviceConfiguration{Opaque: &resourcev1.OpaqueDeviceConfiguration{Driver: "gpu.example.com", Parameters: runtime.RawExtension{Raw: []byte(`{"sharing":"timeSlicing"}`)}}},
			}},
		}},
	}
}

// changedResourceClaim changes the metadata only: the spec is immutable.
func changedResourceClaim() runtime.Object {
	c := resourceClaim()
	change(&c.ObjectMeta)
	return c
}

// invalidResourceClaim repeats a request's name (resource/v1's
// DeviceClaim.Requests: +k8s:unique=map, beta) and names a constraint's
// attribute wrongly (+k8s:format=k8s-resource-fully-qualified-name, beta).
func invalidResourceClaim() runtime.Object {
	c := resourceClaim()
	breakMeta(&c.ObjectMeta)
	c.Spec.Devices.Requests[1].Name = "gpu"
	c.Spec.Devices.Constraints[0].MatchAttribute = ptr(resourcev1.FullyQualifiedName("not an attribute!"))
	return c
}

func deviceClass() *resourcev1.DeviceClass {
	m := meta("gpu.example.com", false)
	return &resourcev1.DeviceClass{
		TypeMeta:   metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "DeviceClass"},
		ObjectMeta: m,
		Spec: resourcev1.DeviceClassSpec{
			Selectors: []resourcev1.DeviceSelector{{CEL: &resourcev1.CELDeviceSelector{Expression: `device.driver == "gpu.example.com"`}}},
			Config: []resourcev1.DeviceClassConfiguration{{DeviceConfiguration: resourcev1.DeviceConfiguration{
				Opaque: &resourcev1.OpaqueDeviceConfiguration{Driver: "gpu.example.com", Parameters: runtime.RawExtension{Raw: []byte(`{"mig":"disabled"}`)}},
			}}},
			ExtendedResourceName: ptr("example.com/gpu"),
		},
	}
}

func changedDeviceClass() runtime.Object {
	c := deviceClass()
	change(&c.ObjectMeta)
	c.Spec.Selectors[0].CEL.Expression = `device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].model == "a100"`
	return c
}

// invalidDeviceClass has an invalid extended resource name (resource/v1's
// DeviceClassSpec.ExtendedResourceName:
// +k8s:format=k8s-extended-resource-name, beta).
func invalidDeviceClass() runtime.Object {
	c := deviceClass()
	breakMeta(&c.ObjectMeta)
	c.Spec.ExtendedResourceName = ptr("not a resource name!")
	return c
}

func storageClass() *storagev1.StorageClass {
	return &storagev1.StorageClass{
		TypeMeta:             metav1.TypeMeta{APIVersion: "storage.k8s.io/v1", Kind: "StorageClass"},
		ObjectMeta:           meta("fast", false),
		Provisioner:          "ebs.csi.aws.com",
		Parameters:           map[string]string{"type": "gp3", "iops": "6000", "throughput": "250"},
		ReclaimPolicy:        ptr(corev1.PersistentVolumeReclaimDelete),
		VolumeBindingMode:    ptr(storagev1.VolumeBindingWaitForFirstConsumer),
		AllowVolumeExpansion: ptr(true),
		MountOptions:         []string{"noatime"},
	}
}

// changedStorageClass changes what may change: provisioner, parameters,
// reclaim policy and binding mode are immutable.
func changedStorageClass() runtime.Object {
	s := storageClass()
	change(&s.ObjectMeta)
	s.AllowVolumeExpansion = ptr(false)
	return s
}

// invalidStorageClass has no provisioner (storage/v1's
// StorageClass.Provisioner: +k8s:required, beta).
func invalidStorageClass() runtime.Object {
	s := storageClass()
	breakMeta(&s.ObjectMeta)
	s.Provisioner = ""
	return s
}

func networkPolicy() *networkingv1.NetworkPolicy {
	tcp := corev1.ProtocolTCP
	return &networkingv1.NetworkPolicy{
		TypeMeta:   metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "NetworkPolicy"},
		ObjectMeta: meta("web", true),
		Spec: networkingv1.NetworkPolicySpec{
			PodSelector: metav1.LabelSelector{MatchLabels: webLabels},
			Ingress: []networkingv1.NetworkPolicyIngressRule{{
				From: []networkingv1.NetworkPolicyPeer{
					{IPBlock: &networkingv1.IPBlock{CIDR: "10.0.0.0/8", Except: []string{"10.1.0.0/16"}}},
					{PodSelector: &metav1.LabelSelector{MatchLabels: map[string]string{"app.kubernetes.io/name": "gateway"}}},
				},
				Ports: []networkingv1.NetworkPolicyPort{{Protocol: &tcp, Port: ptr(intstr.FromInt32(8080))}},
			}},
			Egress: []networkingv1.NetworkPolicyEgressRule{{
				To:    []networkingv1.NetworkPolicyPeer{{IPBlock: &networkingv1.IPBlock{CIDR: "192.168.0.0/16"}}},
				Ports: []networkingv1.NetworkPolicyPort{{Protocol: &tcp, Port: ptr(intstr.FromInt32(5432))}},
			}},
			PolicyTypes: []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress},
		},
	}
}

func changedNetworkPolicy() runtime.Object {
	n := networkPolicy()
	change(&n.ObjectMeta)
	n.Spec.Ingress[0].Ports[0].Port = ptr(intstr.FromInt32(8443))
	return n
}

// invalidNetworkPolicy has an IP block without a CIDR (networking/v1's
// IPBlock.CIDR: +k8s:required, beta).
func invalidNetworkPolicy() runtime.Object {
	n := networkPolicy()
	breakMeta(&n.ObjectMeta)
	n.Spec.Egress[0].To[0].IPBlock.CIDR = ""
	return n
}

// defaulted returns the object with the API server's defaults.
func defaulted(build func() runtime.Object) runtime.Object {
	obj := build()
	Default(obj)
	return obj
}
