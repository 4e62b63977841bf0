package v1

import (
	"context"
	"net/netip"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	instant = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	// The same instant, read in another location.
	sameInstant = instant.In(time.FixedZone("UTC+2", 2*60*60))
	later       = instant.Add(time.Second)
)

func validStamped() *Stamped {
	exp := metav1.NewTime(later)
	return &Stamped{
		Count:    1,
		At:       metav1.NewTime(instant),
		Expires:  &exp,
		Observed: metav1.NewMicroTime(instant),
		Size:     resource.MustParse("1"),
		Limits:   map[string]resource.Quantity{"cpu": resource.MustParse("500m")},
		Conditions: []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up",
			LastTransitionTime: metav1.NewTime(instant)}},
		Windows: map[string]Window{"night": {Minutes: 30, Start: metav1.NewTime(instant)}},
	}
}

// stampedVariants are values of Stamped that equality.Semantic holds
// equal to the valid one, and values it does not.
func stampedVariants() map[string]*Stamped {
	vs := map[string]*Stamped{"valid": validStamped()}
	add := func(name string, change func(s *Stamped)) {
		s := validStamped()
		change(s)
		vs[name] = s
	}
	add("at, same instant elsewhere", func(s *Stamped) { s.At = metav1.NewTime(sameInstant) })
	add("at, later", func(s *Stamped) { s.At = metav1.NewTime(later) })
	add("expires nil", func(s *Stamped) { s.Expires = nil })
	add("expires, same instant elsewhere", func(s *Stamped) { e := metav1.NewTime(later.In(sameInstant.Location())); s.Expires = &e })
	add("observed, same instant elsewhere", func(s *Stamped) { s.Observed = metav1.NewMicroTime(sameInstant) })
	add("observed, a microsecond later", func(s *Stamped) { s.Observed = metav1.NewMicroTime(instant.Add(time.Microsecond)) })
	add("size 1000m", func(s *Stamped) { s.Size = resource.MustParse("1000m") })
	add("size 2", func(s *Stamped) { s.Size = resource.MustParse("2") })
	add("size zero value", func(s *Stamped) { s.Size = resource.Quantity{} })
	add("size 0", func(s *Stamped) { s.Size = resource.MustParse("0") })
	add("limits 0.5", func(s *Stamped) { s.Limits["cpu"] = resource.MustParse("0.5") })
	add("limits 1", func(s *Stamped) { s.Limits["cpu"] = resource.MustParse("1") })
	add("limits nil", func(s *Stamped) { s.Limits = nil })
	add("limits empty", func(s *Stamped) { s.Limits = map[string]resource.Quantity{} })
	add("condition, same instant elsewhere", func(s *Stamped) { s.Conditions[0].LastTransitionTime = metav1.NewTime(sameInstant) })
	add("condition, other reason", func(s *Stamped) { s.Conditions[0].Reason = "Down" })
	add("conditions empty", func(s *Stamped) { s.Conditions = []metav1.Condition{} })
	add("conditions nil", func(s *Stamped) { s.Conditions = nil })
	add("window, same instant elsewhere", func(s *Stamped) { s.Windows["night"] = Window{Minutes: 30, Start: metav1.NewTime(sameInstant)} })
	add("window, later", func(s *Stamped) { s.Windows["night"] = Window{Minutes: 30, Start: metav1.NewTime(later)} })
	add("wall", func(s *Stamped) { w := instant; s.Wall = &w })
	add("wall, same instant elsewhere", func(s *Stamped) { w := sameInstant; s.Wall = &w })
	add("host", func(s *Stamped) { s.Hosts = map[string]Host{"a": {Port: 1, Addr: netip.MustParseAddr("10.0.0.1")}} })
	add("host, other address", func(s *Stamped) { s.Hosts = map[string]Host{"a": {Port: 1, Addr: netip.MustParseAddr("10.0.0.2")}} })
	return vs
}

// The generated equality of a type holding apimachinery's types means what
// equality.Semantic means, on every pair of variants: times are instants
// (metav1.Time, MicroTime), quantities values, nil and empty alike. A
// time.Time, on which equality.Semantic panics, is an instant too, and a
// netip.Addr (opaque) is compared by reflection.
func TestStampedEqualityIsSemantic(t *testing.T) {
	semantic := equality.Semantic.Copy()
	if err := semantic.AddFuncs(
		func(a, b time.Time) bool { return a.Equal(b) },
		func(a, b netip.Addr) bool { return a == b },
	); err != nil {
		t.Fatal(err)
	}
	vs := stampedVariants()
	equalPairs := 0
	for an, a := range vs {
		for bn, b := range vs {
			want := semantic.DeepEqual(a, b)
			if got := equal_Stamped(a, b); got != want {
				t.Errorf("%s vs %s: generated equality %v, equality.Semantic %v", an, bn, got, want)
			}
			if want && an != bn {
				equalPairs++
			}
		}
	}
	// The variants must exercise both outcomes across types.
	if equalPairs < 10 {
		t.Errorf("only %d pairs of distinct variants are equal: the test does not exercise Semantic's own equalities", equalPairs)
	}
}

// Ratcheting an update of a value that holds metav1.Time, MicroTime,
// Quantity and conditions allocates nothing: their equalities are the
// runtime's, not equality.Semantic's reflection.
func TestStampedUpdateAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	for name, change := range map[string]func(s *Stamped){
		"unchanged":            func(*Stamped) {},
		"same instants":        func(s *Stamped) { s.At = metav1.NewTime(sameInstant); s.Size = resource.MustParse("1000m") },
		"changed count":        func(s *Stamped) { s.Count = 2 },
		"changed condition":    func(s *Stamped) { s.Conditions[0].LastTransitionTime = metav1.NewTime(later) },
		"changed window start": func(s *Stamped) { s.Windows["night"] = Window{Minutes: 30, Start: metav1.NewTime(later)} },
	} {
		obj, old := valid(), valid()
		obj.Stamped, old.Stamped = validStamped(), validStamped()
		change(obj.Stamped)
		op := operation.Operation{Type: operation.Update}
		if errs := Validate_T(ctx, op, nil, obj, old); len(errs) != 0 {
			t.Fatalf("%s: %v", name, errs)
		}
		if n := testing.AllocsPerRun(100, func() { Validate_T(ctx, op, nil, obj, old) }); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// Ratcheting follows the same equality: conditions stored with a duplicate
// type (before the rule existed) stay accepted while the list is
// unchanged as equality.Semantic sees it, and are rejected once it changed.
func TestStampedRatchetsOnSemanticEquality(t *testing.T) {
	ctx := context.Background()
	op := operation.Operation{Type: operation.Update}
	withDuplicate := func(at time.Time) *T {
		obj := valid()
		obj.Stamped = validStamped()
		c := obj.Stamped.Conditions[0]
		c.LastTransitionTime = metav1.NewTime(at)
		obj.Stamped.Conditions = append(obj.Stamped.Conditions, c)
		return obj
	}
	old := withDuplicate(instant)
	for name, c := range map[string]struct {
		at      time.Time
		wantErr bool
	}{
		"the same instant elsewhere: unchanged, ratcheted": {sameInstant, false},
		"a later instant: changed, validated":              {later, true},
	} {
		errs := Validate_T(ctx, op, nil, withDuplicate(c.at), old)
		if got := len(errs) != 0; got != c.wantErr {
			t.Errorf("%s: errors %v, want errors: %v", name, errs, c.wantErr)
		}
		if c.wantErr && (len(errs) != 1 || errs[0].Field != "stamped.conditions[1]" || errs[0].Type != field.ErrorTypeDuplicate) {
			t.Errorf("%s: %v, want one Duplicate at stamped.conditions[1]", name, errs)
		}
	}
}

// A value holding a type generated code cannot see into (netip.Addr, whose
// unexported fields make equality.Semantic panic) is compared by
// reflection on update: no panic, and an unchanged invalid port is still
// ratcheted (fields ratchet one by one) while a changed one is validated.
func TestOpaqueValuesRatchetWithoutPanic(t *testing.T) {
	ctx := context.Background()
	op := operation.Operation{Type: operation.Update}
	withHost := func(port int32, addr string) *T {
		obj := valid()
		obj.Stamped = validStamped()
		obj.Stamped.Hosts = map[string]Host{"a": {Port: port, Addr: netip.MustParseAddr(addr)}}
		return obj
	}
	old := withHost(0, "10.0.0.1") // port 0: stored before the rule existed
	for name, c := range map[string]struct {
		obj     *T
		wantErr bool
	}{
		"unchanged: ratcheted":                  {withHost(0, "10.0.0.1"), false},
		"address changed, port kept: ratcheted": {withHost(0, "10.0.0.2"), false},
		"port changed, still invalid: checked":  {withHost(-1, "10.0.0.2"), true},
		"valid port, new address":               {withHost(1, "10.0.0.2"), false},
	} {
		errs := Validate_T(ctx, op, nil, c.obj, old)
		if got := len(errs) != 0; got != c.wantErr {
			t.Errorf("%s: errors %v, want errors: %v", name, errs, c.wantErr)
		}
		if c.wantErr && (len(errs) != 1 || errs[0].Field != "stamped.hosts[a].port") {
			t.Errorf("%s: %v, want one error at stamped.hosts[a].port", name, errs)
		}
	}
}
