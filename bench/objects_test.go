package bench

import (
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
)

// The objects every implementation validates. Each case states whether the
// object is valid; before a benchmark is timed, every implementation must
// reach that verdict (a validator that misses the errors would be measured
// doing less work).
//
//   - create-valid: passes every rule.
//   - create-invalid: breaks many rules (the numbers of errors differ:
//     the API server stops at some errors, go-playground reports per tag).
//   - update-unchanged: valid, old a deep copy (ratcheting skips it all).
//   - update-changed: valid, every validated field differs from old.
//   - update-invalid: the invalid object over a valid old one.

var (
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

// benchCase is one object (and old object, on update) to validate.
type benchCase struct {
	name     string
	op       operation.Operation
	obj, old any // pointers to the example type; old nil on create
	valid    bool
}

// standardCases are the five cases of a kind from its valid, changed and
// invalid objects; options go into every operation.
func standardCases[T any](options map[string]bool, valid, changed, invalid func() *T) []benchCase {
	c, u := create, update
	c.Options, u.Options = options, options
	return []benchCase{
		{"create-valid", c, valid(), nil, true},
		{"create-invalid", c, invalid(), nil, false},
		{"update-unchanged", u, valid(), valid(), true},
		{"update-changed", u, changed(), valid(), true},
		{"update-invalid", u, invalid(), valid(), false},
	}
}

// convert copies v into the same-shaped type R through JSON (setup only).
func convert[R any](tb interface{ Fatal(...any) }, v any) *R {
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	out := new(R)
	if err := json.Unmarshal(b, out); err != nil {
		tb.Fatal(err)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// CronTab: the CRD documentation's example kind (examples/apis/stable/v1).

func validCronTab() *stablev1.CronTab {
	return &stablev1.CronTab{
		TypeMeta:   metav1.TypeMeta{APIVersion: "stable.example.com/v1", Kind: "CronTab"},
		ObjectMeta: metav1.ObjectMeta{Name: "my-new-cron-object", Namespace: "default"},
		Spec: stablev1.CronTabSpec{
			CronSpec: "* * * * */5",
			Image:    "my-awesome-cron-image",
			Replicas: ptr(int32(3)),
		},
	}
}

func changedCronTab() *stablev1.CronTab {
	obj := validCronTab()
	obj.Spec = stablev1.CronTabSpec{CronSpec: "0 * * * *", Image: "my-awesome-cron-image:v2", Replicas: ptr(int32(5))}
	return obj
}

// invalidCronTab breaks every rule of the spec: 3 errors.
func invalidCronTab() *stablev1.CronTab {
	obj := validCronTab()
	obj.Spec = stablev1.CronTabSpec{CronSpec: "", Image: strings.Repeat("x", 257), Replicas: ptr(int32(0))}
	return obj
}

// Gadget: the richer kind (examples/apis/gadgets/v1), with every tag of the
// contract: formats, enums, neq, forbidden, a list-set, a list-map with
// item rules and a zeroOrOneOf over its items, map keys and values,
// subfield, a discriminated union, a union in the status, options.

func validGadget() *gadgetsv1.Gadget {
	return &gadgetsv1.Gadget{
		TypeMeta:   metav1.TypeMeta{APIVersion: "gadgets.example.com/v1", Kind: "Gadget"},
		ObjectMeta: metav1.ObjectMeta{Name: "gadget-1", Namespace: "default"},
		Spec: gadgetsv1.GadgetSpec{
			Model:    "model-x",
			Replicas: ptr(int32(3)),
			Label:    "blue",
			Vendor:   "gadgets.example.com",
			Priority: 5,
			Address:  "10.0.0.1",
			Mode:     gadgetsv1.ModeFast,
			Locked:   ptr(false),
			Tags:     []string{"edge", "lab", "eu-west"},
			Limits:   map[string]int64{"cpu": 2, "memory": 4},
			Ports:    []gadgetsv1.Port{{Name: "main", Port: 8080}, {Name: "metrics", Port: 9100}, {Name: "debug", Port: 6060}},
			Disk:     &gadgetsv1.Disk{Size: 10},
			Power:    &gadgetsv1.Power{Kind: "Battery", Battery: &gadgetsv1.Battery{Cells: 4}},
			Level:    ptr(int32(2)),
			Notes:    &gadgetsv1.Disk{Size: 1},
		},
		Status: &gadgetsv1.GadgetStatus{Replicas: 3, Ready: ptr(true)},
	}
}

func changedGadget() *gadgetsv1.Gadget {
	obj := validGadget()
	obj.Spec = gadgetsv1.GadgetSpec{
		Model:    "model-y",
		Replicas: ptr(int32(4)),
		Label:    "green",
		Vendor:   "vendor.example.org",
		Priority: 7,
		Address:  "2001:db8::1",
		Mode:     gadgetsv1.ModeSafe,
		Locked:   ptr(false),
		Tags:     []string{"core", "lab", "eu-east"},
		Limits:   map[string]int64{"cpu": 3, "disk": 8},
		Ports:    []gadgetsv1.Port{{Name: "backup", Port: 8081}, {Name: "metrics", Port: 9101}, {Name: "trace", Port: 6061}},
		Disk:     &gadgetsv1.Disk{Size: 20},
		Power:    &gadgetsv1.Power{Kind: "Mains", Plug: ptr("eu")},
		Level:    ptr(int32(3)),
		Notes:    &gadgetsv1.Disk{Size: 2},
	}
	obj.Status = &gadgetsv1.GadgetStatus{Replicas: 4, Failed: ptr("overheated")}
	return obj
}

// invalidGadget breaks a rule in most fields of the spec.
func invalidGadget() *gadgetsv1.Gadget {
	obj := validGadget()
	obj.Spec = gadgetsv1.GadgetSpec{
		Model:    "Model_X",                                       // format=k8s-short-name
		Replicas: ptr(int32(0)),                                   // minimum=1
		Label:    "none",                                          // neq
		Vendor:   "-vendor",                                       // format=k8s-long-name
		Priority: -1,                                              // minimum=0
		Address:  "10.0.0.256",                                    // format=k8s-ip
		Mode:     "Turbo",                                         // enum
		Legacy:   "v1",                                            // forbidden
		Locked:   ptr(true),                                       // neq=true
		Tags:     []string{"a", "B", "a"},                         // format, set
		Limits:   map[string]int64{"cpu": -1, "much-too-long": 1}, // eachVal minimum, eachKey maxLength
		Ports: []gadgetsv1.Port{ // item(main) port minimum, zeroOrOneOf of main and backup, duplicate key
			{Name: "main", Port: 80}, {Name: "backup", Port: 8081}, {Name: "main", Port: 8082},
		},
		Disk:  &gadgetsv1.Disk{Size: 1},                                               // subfield minimum=2
		Power: &gadgetsv1.Power{Kind: "Mains", Battery: &gadgetsv1.Battery{Cells: 4}}, // discriminator
		Level: ptr(int32(0)),                                                          // ifDisabled minimum=1
	}
	return obj
}

// gadgetOptions: GadgetStrict off, as the committed CRD is generated
// (no --crd-options).
var gadgetOptions = map[string]bool{"GadgetStrict": false}

// Fleet: the list-heavy kind (examples/apis/gadgets/v1/fleet_types.go): a
// list-map of devices keyed by name, each with rules of its own, and a
// list-set of zones, one per ten devices.

func validFleet(n int) *gadgetsv1.Fleet {
	devices := make([]gadgetsv1.Device, n)
	for i := range devices {
		devices[i] = gadgetsv1.Device{Name: fmt.Sprintf("device-%06d", i), Slot: int32(i%64 + 1), Model: "m-100", Mode: gadgetsv1.ModeFast}
	}
	zones := make([]string, n/10)
	for i := range zones {
		zones[i] = fmt.Sprintf("zone-%05d", i)
	}
	return &gadgetsv1.Fleet{
		TypeMeta:   metav1.TypeMeta{APIVersion: "gadgets.example.com/v1", Kind: "Fleet"},
		ObjectMeta: metav1.ObjectMeta{Name: "fleet-1", Namespace: "default"},
		Spec:       gadgetsv1.FleetSpec{Devices: devices, Zones: zones},
	}
}

// fleetCases: create a valid fleet; create one whose last device repeats
// the first's name; update a valid fleet in which one device changed (so
// the list is walked and every item correlated with its old self by key,
// and only the changed one validated again).
func fleetCases(n int) []benchCase {
	dup := validFleet(n)
	dup.Spec.Devices[n-1].Name = dup.Spec.Devices[0].Name
	changed := validFleet(n)
	changed.Spec.Devices[n/2].Model = "m-200"
	return []benchCase{
		{"create-valid", create, validFleet(n), nil, true},
		{"create-duplicate", create, dup, nil, false},
		{"update-one-changed", update, changed, validFleet(n), true},
	}
}
