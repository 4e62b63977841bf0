package v1

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func fleet(n int) *Fleet {
	f := &Fleet{}
	for i := 0; i < n; i++ {
		f.Spec.Devices = append(f.Spec.Devices, Device{Name: fmt.Sprintf("d-%d", i), Slot: int32(i%8 + 1), Mode: ModeFast})
	}
	for i := 0; i < n/10; i++ {
		f.Spec.Zones = append(f.Spec.Zones, fmt.Sprintf("z-%d", i))
	}
	return f
}

// Validating a valid fleet allocates nothing, also with lists long enough
// to be checked through hash indexes (which are recycled).
func TestValidFleetAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	changed := fleet(1000)
	changed.Spec.Devices[500].Model = "m-2"
	cases := []struct {
		name     string
		op       operation.Type
		obj, old *Fleet
	}{
		{"create", operation.Create, fleet(1000), nil},
		{"update unchanged", operation.Update, fleet(1000), fleet(1000)},
		{"update one changed", operation.Update, changed, fleet(1000)},
	}
	for _, c := range cases {
		op := operation.Operation{Type: c.op}
		if errs := Validate_Fleet(ctx, op, nil, c.obj, c.old); len(errs) != 0 {
			t.Fatalf("%s: %v", c.name, errs)
		}
		if n := testing.AllocsPerRun(20, func() { Validate_Fleet(ctx, op, nil, c.obj, c.old) }); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", c.name, n)
		}
	}
}

func TestFleetErrors(t *testing.T) {
	ctx := context.Background()
	obj := fleet(100)
	obj.Spec.Devices[99].Name = obj.Spec.Devices[3].Name
	obj.Spec.Devices[50].Slot = -1
	obj.Spec.Zones[9] = obj.Spec.Zones[0]
	old := fleet(100)
	old.Spec.Devices[50].Slot = -2 // changed: checked again
	var got []string
	for _, e := range Validate_Fleet(ctx, operation.Operation{Type: operation.Update}, nil, obj, old) {
		got = append(got, fmt.Sprintf("%s %s %s", e.Type, e.Field, e.Origin))
	}
	want := []string{
		fmt.Sprintf("%s spec.devices[99] ", field.ErrorTypeDuplicate),
		fmt.Sprintf("%s spec.devices[50].slot minimum", field.ErrorTypeInvalid),
		fmt.Sprintf("%s spec.zones[9] ", field.ErrorTypeDuplicate),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n  %v\nwant\n  %v", got, want)
	}
}
