package crwebhook

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	kbv1 "github.com/declval/validation-gen/examples/apis/kubebuilder/v1"
)

// A kubebuilder API package (controller-gen's markers, no
// localSchemeBuilder): its RegisterValidations is called next to
// AddToScheme, and the webhook enforces what its CRD enforces.
func TestKubebuilderAPI(t *testing.T) {
	s := runtime.NewScheme()
	if err := kbv1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if _, err := New[*kbv1.CronTab](s); err == nil {
		t.Fatal("New took a scheme without the kind's validation")
	}
	if err := kbv1.RegisterValidations(s); err != nil {
		t.Fatal(err)
	}
	v, err := New[*kbv1.CronTab](s)
	if err != nil {
		t.Fatal(err)
	}
	hook := admission.WithValidator[*kbv1.CronTab](s, v)
	request := func(op admissionv1.Operation, sub string, obj, old *kbv1.CronTab) admission.Request {
		raw := func(o *kbv1.CronTab) runtime.RawExtension {
			if o == nil {
				return runtime.RawExtension{}
			}
			b, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			return runtime.RawExtension{Raw: b}
		}
		return admission.Request{AdmissionRequest: admissionv1.AdmissionRequest{
			UID: "1", Operation: op, SubResource: sub, Name: "my-cron", Namespace: "default",
			Kind:   metav1.GroupVersionKind{Group: "kubebuilder.example.com", Version: "v1", Kind: "CronTab"},
			Object: raw(obj), OldObject: raw(old),
		}}
	}
	cron := func(spec kbv1.CronTabSpec) *kbv1.CronTab {
		return &kbv1.CronTab{
			TypeMeta:   metav1.TypeMeta{APIVersion: "kubebuilder.example.com/v1", Kind: "CronTab"},
			ObjectMeta: metav1.ObjectMeta{Name: "my-cron", Namespace: "default"},
			Spec:       spec,
		}
	}
	valid := kbv1.CronTabSpec{CronSpec: "* * * * */5", Image: "my-awesome-cron-image", Replicas: ptr(int32(3)), ConcurrencyPolicy: "Allow"}
	invalid := kbv1.CronTabSpec{CronSpec: "daily", Image: "img", Replicas: ptr(int32(11)), ConcurrencyPolicy: "Sometimes", Tags: []string{"a", "a"}}
	ctx := context.Background()
	if resp := hook.Handle(ctx, request(admissionv1.Create, "", cron(valid), nil)); !resp.Allowed {
		t.Errorf("valid CronTab denied: %+v", resp.Result)
	}
	resp := hook.Handle(ctx, request(admissionv1.Create, "", cron(invalid), nil))
	if resp.Allowed || resp.Result == nil || resp.Result.Code != http.StatusUnprocessableEntity || resp.Result.Details == nil {
		t.Fatalf("invalid CronTab: %+v", resp.Result)
	}
	got := map[string]bool{}
	for _, c := range resp.Result.Details.Causes {
		got[string(c.Type)+" "+c.Field] = true
	}
	for _, want := range []string{
		"FieldValueInvalid spec.cronSpec",               // minLength and pattern
		"FieldValueInvalid spec.replicas",               // maximum
		"FieldValueNotSupported spec.concurrencyPolicy", // enum
		"FieldValueDuplicate spec.tags[1]",              // listType=set
	} {
		if !got[want] {
			t.Errorf("no %s among %v", want, resp.Result.Details.Causes)
		}
	}
	// An update that leaves the invalid values as they were is allowed:
	// the server ratchets them, and so does the webhook.
	old := cron(invalid)
	old.Spec.Tags = nil
	changed := cron(invalid)
	changed.Spec.Tags = nil
	changed.Spec.Image = "other"
	if resp := hook.Handle(ctx, request(admissionv1.Update, "", changed, old)); !resp.Allowed {
		t.Errorf("update of unchanged invalid values denied: %+v", resp.Result)
	}
}
