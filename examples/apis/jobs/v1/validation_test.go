package v1

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// errT is what the tables compare: an error's Type, Field path, Origin and
// stability level.
type errT struct {
	Type   field.ErrorType
	Field  string
	Origin string
	Level  string
}

func (e errT) String() string {
	return fmt.Sprintf("{%s %q %q %s}", e.Type, e.Field, e.Origin, e.Level)
}

func level(e *field.Error) string {
	switch {
	case e.IsAlpha():
		return "alpha"
	case e.IsBeta():
		return "beta"
	}
	return ""
}

func triples(errs field.ErrorList) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, errT{e.Type, e.Field, e.Origin, level(e)}.String())
	}
	slices.Sort(out)
	return out
}

func ptr[T any](v T) *T { return &v }

var (
	options = map[string]bool{"JobsFailIndex": true}
	create  = operation.Operation{Type: operation.Create, Options: options}
	update  = operation.Operation{Type: operation.Update, Options: options}
)

func validJob() *BatchJob {
	return &BatchJob{
		TypeMeta:   metav1.TypeMeta{Kind: "BatchJob", APIVersion: "jobs.example.com/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "j"},
		Spec: BatchJobSpec{
			Parallelism: ptr(int32(2)), Completions: ptr(int32(4)), CompletionMode: ptr(IndexedCompletion),
			BackoffLimitPerIndex: ptr(int32(1)), MaxFailedIndexes: ptr(int32(2)),
			Queues:       []string{"fast", "slow"},
			BackoffLimit: ptr(int32(6)), PriorityClass: PriorityNormal,
			PodFailurePolicy: &PodFailurePolicy{Rules: []PodFailurePolicyRule{
				{Action: ActionFailIndex, OnExitCodes: &OnExitCodes{Values: []int32{1, 2}}},
				{Action: ActionIgnore, OnPodConditions: []PodConditionPattern{{Type: "disruption-target", Status: ConditionTrue}}},
			}},
			Scheduling: &SchedulingPolicy{Type: SchedulingGang, Gang: &GangScheduling{MinMembers: 2}},
		},
		Status: &BatchJobStatus{
			Conditions: []JobCondition{{Type: "complete", Status: ConditionTrue}},
			Succeeded:  3, StartTime: ptr("2026-01-01T00:00:00Z"),
		},
	}
}

func validClaim() *DeviceClaim {
	return &DeviceClaim{
		TypeMeta:   metav1.TypeMeta{Kind: "DeviceClaim", APIVersion: "jobs.example.com/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "c"},
		Spec: DeviceClaimSpec{
			Requests: []DeviceRequest{
				{Name: "gpu", Exactly: &ExactDeviceRequest{DeviceClassName: "gpu.example.com", Count: 2,
					Tolerations: []DeviceToleration{{Key: "a", Operator: TolerationOpExists}, {Key: "b", Operator: TolerationOpEqual, Value: "x"}}}},
				{Name: "nic", FirstAvailable: []DeviceSubRequest{{Name: "fast", DeviceClassName: "nic.example.com"}}},
			},
		},
		Status: &DeviceClaimStatus{
			Allocation:  &AllocationResult{Devices: []DeviceResult{{Request: "gpu", Driver: "gpu.example.com"}}},
			ReservedFor: []ConsumerReference{{Resource: "pods", Name: "p", UID: "u1"}},
		},
	}
}

type jobCase struct {
	name string
	op   operation.Operation
	old  func(*BatchJob) // nil: create
	obj  func(*BatchJob)
	want []errT
}

func runJobCases(t *testing.T, cases []jobCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := validJob()
			if c.obj != nil {
				c.obj(obj)
			}
			var old *BatchJob
			op := create
			if c.old != nil {
				old = validJob()
				c.old(old)
				op = update
			}
			if c.op.Options != nil {
				op = c.op
			}
			got := triples(Validate_BatchJob(context.Background(), op, nil, obj, old))
			want := make([]string, len(c.want))
			for i, w := range c.want {
				want[i] = w.String()
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
		})
	}
}

func TestJobValid(t *testing.T) {
	runJobCases(t, []jobCase{{name: "create"}, {name: "update unchanged", old: func(*BatchJob) {}}})
	if errs := Validate_DeviceClaim(context.Background(), create, nil, validClaim(), nil); len(errs) != 0 {
		t.Errorf("valid claim: %v", errs)
	}
}

// dependentRequired: maxFailedIndexes needs backoffLimitPerIndex (alpha, at
// the dependent field, ratcheted on the set-or-unset states).
func TestJobDependentRequired(t *testing.T) {
	dep := errT{field.ErrorTypeRequired, "spec.backoffLimitPerIndex", "dependentRequired", "alpha"}
	runJobCases(t, []jobCase{
		{name: "trigger set, dependent unset", obj: func(j *BatchJob) { j.Spec.BackoffLimitPerIndex = nil }, want: []errT{dep}},
		{name: "trigger unset", obj: func(j *BatchJob) { j.Spec.BackoffLimitPerIndex, j.Spec.MaxFailedIndexes = nil, nil }},
		{name: "update: states unchanged ratchets",
			old: func(j *BatchJob) { j.Spec.BackoffLimitPerIndex = nil },
			obj: func(j *BatchJob) { j.Spec.BackoffLimitPerIndex, j.Spec.MaxFailedIndexes = nil, ptr(int32(7)) }},
		{name: "update: dependent cleared",
			old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Spec.BackoffLimitPerIndex = nil }, want: []errT{dep}},
	})
}

// dependentForbidden: a job managed elsewhere is not suspended here.
func TestJobDependentForbidden(t *testing.T) {
	forb := errT{field.ErrorTypeForbidden, "spec.suspend", "dependentForbidden", "alpha"}
	runJobCases(t, []jobCase{
		{name: "both set", obj: func(j *BatchJob) { j.Spec.ManagedBy, j.Spec.Suspend = ptr("kueue.example.com"), ptr(false) }, want: []errT{forb}},
		{name: "trigger only", obj: func(j *BatchJob) { j.Spec.ManagedBy = ptr("kueue.example.com") }},
		{name: "dependent only", obj: func(j *BatchJob) { j.Spec.Suspend = ptr(true) }},
	})
}

// unique=set on an atomic list: Duplicate at the later item.
func TestJobUniqueSet(t *testing.T) {
	runJobCases(t, []jobCase{
		{name: "duplicate", obj: func(j *BatchJob) { j.Spec.Queues = []string{"a", "b", "a"} },
			want: []errT{{field.ErrorTypeDuplicate, "spec.queues[2]", "", ""}}},
		{name: "update: a duplicate stored earlier is kept",
			old: func(j *BatchJob) { j.Spec.Queues = []string{"a", "a"} }, obj: func(j *BatchJob) { j.Spec.Queues = []string{"a", "a"} }},
	})
}

// enumExclude: FailIndex is a value only with JobsFailIndex; Unknown never.
func TestJobEnumExclude(t *testing.T) {
	failIndex := func(j *BatchJob) { j.Spec.PodFailurePolicy.Rules[0].Action = ActionFailIndex }
	ns := errT{field.ErrorTypeNotSupported, "spec.podFailurePolicy.rules[0].action", "", ""}
	runJobCases(t, []jobCase{
		{name: "option enabled", obj: failIndex},
		{name: "option disabled", op: operation.Operation{Type: operation.Create, Options: map[string]bool{"JobsFailIndex": false}}, obj: failIndex, want: []errT{ns}},
		{name: "option undefined", op: operation.Operation{Type: operation.Create, Options: map[string]bool{}}, obj: failIndex,
			want: []errT{{field.ErrorTypeInternal, "spec.podFailurePolicy.rules[0].action", "", ""}, {field.ErrorTypeInternal, "spec.podFailurePolicy.rules[1].action", "", ""}}},
		{name: "always excluded", obj: func(j *BatchJob) { j.Spec.PodFailurePolicy.Rules[0].Action = ActionUnknown }, want: []errT{ns}},
	})
	errs := Validate_BatchJob(context.Background(), operation.Operation{Type: operation.Create, Options: map[string]bool{"JobsFailIndex": false}}, nil, validJob(), nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, `"Count", "FailJob", "Ignore"`) || strings.Contains(errs[0].Detail, "Unknown") {
		t.Errorf("the supported values leave the excluded ones out: %v", errs)
	}
}

// +default with optional: effectively required (the server defaults an
// absent field before validation), or, a zero default on a value,
// optional in documentation only.
func TestJobDefaults(t *testing.T) {
	runJobCases(t, []jobCase{
		{name: "defaulted pointer absent", obj: func(j *BatchJob) { j.Spec.BackoffLimit = nil },
			want: []errT{{field.ErrorTypeRequired, "spec.backoffLimit", "", ""}}},
		{name: "defaulted value zero", obj: func(j *BatchJob) { j.Spec.PriorityClass = "" },
			want: []errT{{field.ErrorTypeRequired, "spec.priorityClass", "", ""}}},
		{name: "zero default: the zero value is checked", obj: func(j *BatchJob) { j.Spec.ActiveDeadlineSeconds = -1 },
			want: []errT{{field.ErrorTypeInvalid, "spec.activeDeadlineSeconds", "minimum", ""}}},
	})
}

// Levels: a beta minimum and an alpha monotonic mark their errors.
func TestJobLevels(t *testing.T) {
	runJobCases(t, []jobCase{
		{name: "beta minimum", obj: func(j *BatchJob) { j.Spec.Parallelism = ptr(int32(-1)) },
			want: []errT{{field.ErrorTypeInvalid, "spec.parallelism", "minimum", "beta"}}},
		{name: "beta maximum next to a stable minimum", obj: func(j *BatchJob) { j.Spec.MaxFailedIndexes = ptr(int32(200000)) },
			want: []errT{{field.ErrorTypeInvalid, "spec.maxFailedIndexes", "maximum", "beta"}}},
		{name: "alpha monotonic", old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Status.Succeeded = 1 },
			want: []errT{{field.ErrorTypeInvalid, "status.succeeded", "monotonic", "alpha"}}},
	})
}

// A beta mode union (modeDiscriminator and ifMode, as flowcontrol/v1 writes
// them): the type says which member is required, allowed or forbidden.
func TestJobModes(t *testing.T) {
	runJobCases(t, []jobCase{
		{name: "gang without its member", obj: func(j *BatchJob) { j.Spec.Scheduling.Gang = nil },
			want: []errT{{field.ErrorTypeRequired, "spec.scheduling.gang", "", "beta"}}},
		{name: "spread may leave its member out", obj: func(j *BatchJob) { j.Spec.Scheduling = &SchedulingPolicy{Type: SchedulingSpread} }},
		{name: "spread with its member", obj: func(j *BatchJob) {
			j.Spec.Scheduling = &SchedulingPolicy{Type: SchedulingSpread, Spread: &SpreadScheduling{MaxSkew: 3}}
		}},
		{name: "a member of another mode", obj: func(j *BatchJob) { j.Spec.Scheduling.Spread = &SpreadScheduling{} },
			want: []errT{{field.ErrorTypeForbidden, "spec.scheduling.spread", "", "beta"}}},
		{name: "default mode forbids both", obj: func(j *BatchJob) { j.Spec.Scheduling.Type = SchedulingDefault },
			want: []errT{{field.ErrorTypeForbidden, "spec.scheduling.gang", "", "beta"}}},
		{name: "update: the stored combination ratchets", old: func(j *BatchJob) { j.Spec.Scheduling.Gang = nil },
			obj: func(j *BatchJob) { j.Spec.Scheduling.Gang = nil }},
		{name: "update: the mode changed", old: func(*BatchJob) {},
			obj: func(j *BatchJob) {
				j.Spec.Scheduling = &SchedulingPolicy{Type: SchedulingSpread, Gang: &GangScheduling{MinMembers: 2}}
			},
			want: []errT{{field.ErrorTypeForbidden, "spec.scheduling.gang", "", "beta"}}},
	})
}

// immutable, update=NoUnset/NoModify, and alpha NoRemoveItem on a list-map.
func TestJobUpdates(t *testing.T) {
	runJobCases(t, []jobCase{
		{name: "immutable changed", old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Spec.CompletionMode = ptr(NonIndexedCompletion) },
			want: []errT{{field.ErrorTypeInvalid, "spec.completionMode", "immutable", ""}}},
		{name: "NoUnset", old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Status.StartTime = nil },
			want: []errT{{field.ErrorTypeInvalid, "status.startTime", "update", ""}}},
		{name: "NoModify", old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Status.StartTime = ptr("later") },
			want: []errT{{field.ErrorTypeInvalid, "status.startTime", "update", ""}}},
		{name: "alpha NoRemoveItem", old: func(*BatchJob) {}, obj: func(j *BatchJob) { j.Status.Conditions = nil },
			want: []errT{{field.ErrorTypeForbidden, "status.conditions", "update", "alpha"}}},
	})
}

// update=NoAddItem and eachVal NoModify on the requests list-map; unique=map
// (beta) on tolerations.
func TestClaimUpdates(t *testing.T) {
	for _, c := range []struct {
		name string
		obj  func(*DeviceClaim)
		want []errT
	}{
		{"request added", func(c *DeviceClaim) {
			c.Spec.Requests = append(c.Spec.Requests, DeviceRequest{Name: "new", FirstAvailable: []DeviceSubRequest{{Name: "a", DeviceClassName: "x.example.com"}}})
		}, []errT{{field.ErrorTypeForbidden, "spec.requests[2]", "update", ""}}},
		{"request changed", func(c *DeviceClaim) { c.Spec.Requests[0].Exactly.Count = 3 },
			[]errT{{field.ErrorTypeInvalid, "spec.requests[0]", "update", ""}}},
		{"requests reordered", func(c *DeviceClaim) {
			c.Spec.Requests[0], c.Spec.Requests[1] = c.Spec.Requests[1], c.Spec.Requests[0]
		}, nil},
		{"request removed", func(c *DeviceClaim) { c.Spec.Requests = c.Spec.Requests[:1] }, nil},
		{"allocation changed", func(c *DeviceClaim) { c.Status.Allocation.Devices[0].Driver = "other.example.com" },
			[]errT{{field.ErrorTypeInvalid, "status.allocation", "update", ""}}},
		{"allocation removed", func(c *DeviceClaim) { c.Status.Allocation = nil }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := validClaim()
			c.obj(obj)
			got := triples(Validate_DeviceClaim(context.Background(), update, nil, obj, validClaim()))
			var want []string
			for _, w := range c.want {
				want = append(want, w.String())
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
		})
	}
	claim := validClaim()
	claim.Spec.Requests[0].Exactly.Tolerations = append(claim.Spec.Requests[0].Exactly.Tolerations, DeviceToleration{Key: "a"})
	got := triples(Validate_DeviceClaim(context.Background(), create, nil, claim, nil))
	if want := (errT{field.ErrorTypeDuplicate, "spec.requests[0].exactly.tolerations[2]", "", "beta"}).String(); !slices.Equal(got, []string{want}) {
		t.Errorf("unique=map: got %v, want %v", got, want)
	}
}

// Valid objects of both kinds validate without allocating, on create and
// on update.
func TestValidJobsAllocateNothing(t *testing.T) {
	ctx := context.Background()
	job, oldJob := validJob(), validJob()
	oldJob.Status.Succeeded = 1
	claim, oldClaim := validClaim(), validClaim()
	oldClaim.Status.Allocation = nil
	for name, f := range map[string]func(){
		"job create":   func() { Validate_BatchJob(ctx, create, nil, job, nil) },
		"job update":   func() { Validate_BatchJob(ctx, update, nil, job, oldJob) },
		"claim create": func() { Validate_DeviceClaim(ctx, create, nil, claim, nil) },
		"claim update": func() { Validate_DeviceClaim(ctx, update, nil, claim, oldClaim) },
	} {
		f()
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}
