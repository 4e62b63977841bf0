package crwebhook

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
)

func scheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	if err := stablev1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func ptr[T any](v T) *T { return &v }

func cronTab(spec stablev1.CronTabSpec) *stablev1.CronTab {
	return &stablev1.CronTab{
		TypeMeta:   metav1.TypeMeta{APIVersion: "stable.example.com/v1", Kind: "CronTab"},
		ObjectMeta: metav1.ObjectMeta{Name: "my-cron", Namespace: "default"},
		Spec:       spec,
	}
}

var (
	valid   = stablev1.CronTabSpec{CronSpec: "* * * * */5", Image: "my-awesome-cron-image", Replicas: ptr(int32(3))}
	invalid = stablev1.CronTabSpec{CronSpec: "", Image: strings.Repeat("x", 257), Replicas: ptr(int32(0))}
)

// fields are the fields of the causes of an Invalid error, sorted.
func fields(t *testing.T, err error) []string {
	t.Helper()
	var status apierrors.APIStatus
	if !errors.As(err, &status) || !apierrors.IsInvalid(err) {
		t.Fatalf("want an Invalid error, got %v", err)
	}
	var out []string
	for _, c := range status.Status().Details.Causes {
		out = append(out, c.Field)
	}
	sort.Strings(out)
	return out
}

// The errors are the generated Validate_CronTab's, one cause each.
func TestCreateAndUpdate(t *testing.T) {
	v, err := New[*stablev1.CronTab](scheme(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := v.ValidateCreate(ctx, cronTab(valid)); err != nil {
		t.Errorf("valid CronTab denied: %v", err)
	}
	_, err = v.ValidateCreate(ctx, cronTab(invalid))
	want := stablev1.Validate_CronTab(ctx, operation.Operation{Type: operation.Create}, nil, cronTab(invalid), nil)
	if len(want) == 0 {
		t.Fatal("the invalid CronTab is valid")
	}
	var wantFields []string
	for _, e := range want {
		wantFields = append(wantFields, e.Field)
	}
	sort.Strings(wantFields)
	if got := fields(t, err); strings.Join(got, " ") != strings.Join(wantFields, " ") {
		t.Errorf("causes %v, want %v", got, wantFields)
	}
	if status := err.(apierrors.APIStatus).Status(); status.Details.Kind != "CronTab" || status.Details.Group != "stable.example.com" || status.Details.Name != "my-cron" {
		t.Errorf("details %+v", status.Details)
	}
	// Ratcheting: an update that keeps the invalid spec is allowed.
	if _, err := v.ValidateUpdate(ctx, cronTab(invalid), cronTab(invalid)); err != nil {
		t.Errorf("unchanged invalid spec denied on update: %v", err)
	}
	if _, err := v.ValidateUpdate(ctx, cronTab(valid), cronTab(invalid)); err == nil {
		t.Error("update to an invalid spec allowed")
	}
	if _, err := v.ValidateDelete(ctx, cronTab(invalid)); err != nil {
		t.Errorf("delete denied: %v", err)
	}
	// The same through the deprecated interface.
	if _, err := v.Custom().ValidateCreate(ctx, cronTab(invalid)); err == nil {
		t.Error("CustomValidator allowed an invalid CronTab")
	}
	if _, err := v.Custom().ValidateCreate(ctx, &metav1.Status{}); err == nil {
		t.Error("CustomValidator took another type")
	}
}

// Through controller-runtime's own webhook handler, as a manager serves
// it: the request decoded, the response a 422 with one cause per error.
func TestServedByControllerRuntime(t *testing.T) {
	s := scheme(t)
	v, err := New[*stablev1.CronTab](s)
	if err != nil {
		t.Fatal(err)
	}
	hook := admission.WithValidator[*stablev1.CronTab](s, v)
	request := func(op admissionv1.Operation, sub string, obj, old *stablev1.CronTab) admission.Request {
		raw := func(o *stablev1.CronTab) runtime.RawExtension {
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
			Kind:   metav1.GroupVersionKind{Group: "stable.example.com", Version: "v1", Kind: "CronTab"},
			Object: raw(obj), OldObject: raw(old),
		}}
	}
	ctx := context.Background()
	if resp := hook.Handle(ctx, request(admissionv1.Create, "", cronTab(valid), nil)); !resp.Allowed {
		t.Errorf("valid CronTab denied: %+v", resp.Result)
	}
	resp := hook.Handle(ctx, request(admissionv1.Create, "", cronTab(invalid), nil))
	if resp.Allowed || resp.Result == nil || resp.Result.Code != http.StatusUnprocessableEntity || resp.Result.Details == nil || len(resp.Result.Details.Causes) < 3 {
		t.Errorf("invalid CronTab: %+v", resp.Result)
	}
	// A subresource reaches the generated dispatch: CronTab declares none,
	// so a /status update is refused by it (InternalError), not let through.
	resp = hook.Handle(ctx, request(admissionv1.Update, "status", cronTab(valid), cronTab(valid)))
	if resp.Allowed || resp.Result == nil || !strings.Contains(resp.Result.Message, "no validation found") {
		t.Errorf("/status update: allowed=%t %+v", resp.Allowed, resp.Result)
	}
}

// A kind whose validation the scheme lacks is an error, not a webhook
// that allows everything.
func TestNewNeedsRegisteredValidation(t *testing.T) {
	s := runtime.NewScheme()
	s.AddKnownTypes(stablev1.SchemeGroupVersion, &stablev1.CronTab{})
	if _, err := New[*stablev1.CronTab](s); err == nil || !strings.Contains(err.Error(), "RegisterValidations") {
		t.Errorf("New on a scheme without the validation: %v", err)
	}
	if _, err := New[*stablev1.CronTab](scheme(t), WithStability("gamma")); err == nil {
		t.Error("an unknown stability level was taken")
	}
}

// Errors below the enforced stability level are dropped, as Kubernetes
// drops them; beta is enforced by default.
func TestStability(t *testing.T) {
	errs := field.ErrorList{
		field.Invalid(field.NewPath("a"), 1, "x").MarkAlpha(),
		field.Invalid(field.NewPath("b"), 1, "x").MarkBeta(),
		field.Invalid(field.NewPath("c"), 1, "x"),
	}
	for level, want := range map[string]string{"stable": "c", "beta": "b c", "alpha": "a b c"} {
		v, err := New[*stablev1.CronTab](scheme(t), WithStability(level))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(fields(t, v.denial(cronTab(valid), errs)), " "); got != want {
			t.Errorf("%s: causes %q, want %q", level, got, want)
		}
	}
	v, _ := New[*stablev1.CronTab](scheme(t), WithStability("stable"))
	if err := v.denial(cronTab(valid), errs[:2]); err != nil {
		t.Errorf("stable only: alpha and beta errors denied: %v", err)
	}
	def, _ := New[*stablev1.CronTab](scheme(t))
	if got := strings.Join(fields(t, def.denial(cronTab(valid), errs)), " "); got != "b c" {
		t.Errorf("default: causes %q, want beta and stable", got)
	}
}

// gizmo is a kind with a status whose validation, as generated without
// +k8s:supportsSubresource="/status", answers the /status subresource
// with an internal error.
type gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            struct{ Ready bool } `json:"status,omitempty"`
}

func (g *gizmo) DeepCopyObject() runtime.Object { c := *g; return &c }

// A kind with a status whose validation does not dispatch /status is an
// error when the webhook is set up (else every status update would be
// denied with an internal error), unless WithoutStatus says the webhook
// gets no status updates.
func TestStatusWithoutDispatch(t *testing.T) {
	s := runtime.NewScheme()
	s.AddKnownTypes(stablev1.SchemeGroupVersion, &gizmo{})
	s.AddValidationFunc(&gizmo{}, func(ctx context.Context, op operation.Operation, obj, old any) field.ErrorList {
		if op.Request.SubresourcePath() != "/" {
			return field.ErrorList{field.InternalError(nil, errors.New("no validation found for *gizmo, subresource: "+op.Request.SubresourcePath()))}
		}
		return nil
	})
	_, err := New[*gizmo](s)
	if err == nil || !strings.Contains(err.Error(), `add +k8s:supportsSubresource="/status" to gizmo`) || !strings.Contains(err.Error(), "WithoutStatus()") {
		t.Fatalf("New: %v, want the error naming the missing /status dispatch and its fixes", err)
	}
	if _, err := New[*gizmo](s, WithoutStatus()); err != nil {
		t.Fatalf("New with WithoutStatus: %v", err)
	}
}
