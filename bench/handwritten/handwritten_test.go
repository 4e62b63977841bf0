package handwritten

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	"github.com/declval/validation-gen/validationtest"
)

func generatedGadget(ctx context.Context, op operation.Operation, obj, oldObj *gadgetsv1.Gadget) field.ErrorList {
	return gadgetsv1.Validate_Gadget(ctx, op, nil, obj, oldObj)
}

func generatedFleet(ctx context.Context, op operation.Operation, obj, oldObj *gadgetsv1.Fleet) field.ErrorList {
	return gadgetsv1.Validate_Fleet(ctx, op, nil, obj, oldObj)
}

// gadgetStrings adds to the default pool the values the Gadget and Fleet
// rules single out: the "main" and "backup" ports, the "none" label, the
// modes, the power kinds, and strings just over the length limits.
var gadgetStrings = append(slices.Clone(validationtest.DefaultStrings),
	"main", "backup", "main", "backup", "none", "Fast", "Safe", "Battery", "Mains", "Battery", "Mains",
	"abcdefgh", "abcdefghi", strings.Repeat("l", 16), strings.Repeat("l", 17),
	strings.Repeat("p", 32), strings.Repeat("p", 33), strings.Repeat("n", 63),
	"192.168.0.1", "fe80::1%eth0", "::ffff:1.2.3.4",
)

// gadgetInts adds the Gadget limits to the default pool.
var gadgetInts = append(slices.Clone(validationtest.DefaultInts), 9, 1<<40, -1<<40)

// fired records which rules a run exercised: the Type, Origin and field
// path (indices and keys elided) of every handwritten error.
type fired map[string]int

var indexOrKey = regexp.MustCompile(`\[[^\]]*\]`)

func (f fired) wrap(fn func(context.Context, operation.Operation, *gadgetsv1.Gadget, *gadgetsv1.Gadget) field.ErrorList) validationtest.Func[gadgetsv1.Gadget] {
	return func(ctx context.Context, op operation.Operation, obj, old *gadgetsv1.Gadget) field.ErrorList {
		errs := fn(ctx, op, obj, old)
		f.record(errs)
		return errs
	}
}

func (f fired) record(errs field.ErrorList) {
	for _, e := range errs {
		f[fmt.Sprintf("%s %s %s", e.Type, indexOrKey.ReplaceAllString(e.Field, "[*]"), e.Origin)]++
	}
}

// missing lists the rules of want that never fired.
func (f fired) missing(want []string) []string {
	var out []string
	for _, w := range want {
		if f[w] == 0 {
			out = append(out, w)
		}
	}
	return out
}

// The handwritten ValidateGadget and the generated Validate_Gadget agree on
// thousands of random gadgets, created and updated, with the option on and
// off (and undefined: an InternalError on both sides).
func TestGadgetAgreesWithGenerated(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options map[string]bool
		rules   []string // rules the run must exercise
	}{
		{"GadgetStrict=false", map[string]bool{OptionGadgetStrict: false}, []string{
			`Invalid value spec.level minimum`,
		}},
		{"GadgetStrict=true", map[string]bool{OptionGadgetStrict: true}, []string{
			`Invalid value spec.level minimum`,
		}},
		{"GadgetStrict undefined", nil, []string{
			`Internal error spec.level `,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fired{}
			rep := validationtest.Agree(t, validationtest.Config{
				Seed:        7,
				Objects:     4000,
				Options:     tc.options,
				Strings:     gadgetStrings,
				Ints:        gadgetInts,
				MaxElements: 10, // over the 4 tags and 8 ports allowed
			}, f.wrap(ValidateGadget), generatedGadget)
			if rep.Invalid == 0 || rep.Invalid == rep.Validations {
				t.Errorf("the random gadgets should be valid and invalid alike: %s", rep)
			}
			rules := append([]string{
				`Required value spec.model `,
				`Invalid value spec.model format=k8s-short-name`,
				`Invalid value spec.replicas minimum`,
				`Too long spec.label maxLength`,
				`Invalid value spec.label neq`,
				`Invalid value spec.vendor format=k8s-long-name`,
				`Invalid value spec.priority minimum`,
				`Invalid value spec.address format=k8s-ip`,
				`Unsupported value spec.mode `,
				`Forbidden spec.legacy `,
				`Invalid value spec.locked neq`,
				`Too many spec.tags maxItems`,
				`Invalid value spec.tags[*] format=k8s-short-name`,
				`Duplicate value spec.tags[*] `,
				`Too long spec.limits maxLength`,
				`Invalid value spec.limits[*] minimum`,
				`Too many spec.ports maxItems`,
				`Duplicate value spec.ports[*] `,
				`Invalid value spec.ports[*].port minimum`,
				`Invalid value spec.ports zeroOrOneOf`,
				`Too long spec.ports[*].name maxLength`,
				`Invalid value spec.disk.size minimum`,
				`Invalid value spec.power.battery union`,
				`Invalid value spec.power.plug union`,
				`Required value spec.power.kind `,
				`Invalid value spec.power.battery.cells minimum`,
				`Invalid value status union`,
				`Invalid value status.replicas minimum`,
			}, tc.rules...)
			if m := f.missing(rules); len(m) != 0 {
				t.Errorf("the random gadgets never exercised:\n  %s", strings.Join(m, "\n  "))
			}
		})
	}
}

// The handwritten ValidateFleet and the generated Validate_Fleet agree on
// thousands of random fleets, with lists long enough to repeat names (and
// to take the generated code past its pairwise comparison of short lists).
func TestFleetAgreesWithGenerated(t *testing.T) {
	f := fired{}
	rep := validationtest.Agree(t, validationtest.Config{
		Seed:        11,
		Objects:     4000,
		Strings:     gadgetStrings,
		Ints:        gadgetInts,
		MaxElements: 40,
	}, func(ctx context.Context, op operation.Operation, obj, old *gadgetsv1.Fleet) field.ErrorList {
		errs := ValidateFleet(ctx, op, obj, old)
		f.record(errs)
		return errs
	}, generatedFleet)
	if rep.Invalid == 0 || rep.Invalid == rep.Validations {
		t.Errorf("the random fleets should be valid and invalid alike: %s", rep)
	}
	if m := f.missing([]string{
		`Duplicate value spec.devices[*] `,
		`Too long spec.devices[*].name maxLength`,
		`Invalid value spec.devices[*].slot minimum`,
		`Too long spec.devices[*].model maxLength`,
		`Unsupported value spec.devices[*].mode `,
		`Duplicate value spec.zones[*] `,
	}); len(m) != 0 {
		t.Errorf("the random fleets never exercised:\n  %s", strings.Join(m, "\n  "))
	}
}

// errT is what the table tests compare: an error's Type, Field and Origin.
type errT struct {
	Type   field.ErrorType
	Field  string
	Origin string
}

func (e errT) String() string { return fmt.Sprintf("{%s %q %q}", e.Type, e.Field, e.Origin) }

func triples(errs field.ErrorList) []errT {
	out := make([]errT, 0, len(errs))
	for _, e := range errs {
		out = append(out, errT{e.Type, e.Field, e.Origin})
	}
	return out
}

// sameErrors compares errs with want, ignoring order but not count.
func sameErrors(errs field.ErrorList, want []errT) bool {
	cmp := func(a, b errT) int { return strings.Compare(a.String(), b.String()) }
	got := triples(errs)
	slices.SortFunc(got, cmp)
	w := slices.Clone(want)
	slices.SortFunc(w, cmp)
	return slices.Equal(got, w)
}

func required(f string) errT     { return errT{field.ErrorTypeRequired, f, ""} }
func forbidden(f string) errT    { return errT{field.ErrorTypeForbidden, f, ""} }
func invalid(f, o string) errT   { return errT{field.ErrorTypeInvalid, f, o} }
func tooLong(f string) errT      { return errT{field.ErrorTypeTooLong, f, "maxLength"} }
func tooMany(f string) errT      { return errT{field.ErrorTypeTooMany, f, "maxItems"} }
func duplicate(f string) errT    { return errT{field.ErrorTypeDuplicate, f, ""} }
func notSupported(f string) errT { return errT{field.ErrorTypeNotSupported, f, ""} }
func minimum_(f string) errT     { return invalid(f, "minimum") }

func ptrTo[T any](v T) *T { return &v }

func reversed[S ~[]E, E any](s S) S {
	slices.Reverse(s)
	return s
}

// validGadget uses every field with a valid value.
func validGadget() *gadgetsv1.Gadget {
	return &gadgetsv1.Gadget{
		Spec: gadgetsv1.GadgetSpec{
			Model:    "gx-1",
			Replicas: ptrTo(int32(2)),
			Label:    "blue",
			Vendor:   "gadgets.example.com",
			Priority: 3,
			Address:  "010.0.0.1",
			Mode:     gadgetsv1.ModeFast,
			Locked:   ptrTo(false),
			Tags:     []string{"a", "b"},
			Limits:   map[string]int64{"cpu": 2, "mem": 0},
			Ports:    []gadgetsv1.Port{{Name: "main", Port: 8080}, {Name: "debug", Port: 9}},
			Disk:     &gadgetsv1.Disk{Size: 10},
			Power:    &gadgetsv1.Power{Kind: "Battery", Battery: &gadgetsv1.Battery{Cells: 4}},
			Level:    ptrTo(int32(20)),
			Notes:    &gadgetsv1.Disk{Size: -5}, // opaque: not validated
		},
		Status: &gadgetsv1.GadgetStatus{Replicas: 2, Ready: ptrTo(true)},
	}
}

// invalidGadget breaks nearly every rule of Gadget.
func invalidGadget() *gadgetsv1.Gadget {
	return &gadgetsv1.Gadget{
		Spec: gadgetsv1.GadgetSpec{
			Model:    "",
			Replicas: ptrTo(int32(0)),
			Label:    "none",
			Vendor:   "Bad_Vendor",
			Priority: -1,
			Address:  "1.2.3",
			Mode:     "Slow",
			Legacy:   "x",
			Locked:   ptrTo(true),
			Tags:     []string{"Bad_Tag", "ok", "ok"},
			Limits:   map[string]int64{"toolongkey": 1, "neg": -1},
			Ports: []gadgetsv1.Port{
				{Name: "main", Port: 80},
				{Name: "backup", Port: -2},
				{Name: "main", Port: 1},
				{Name: strings.Repeat("p", 33)},
			},
			Disk:  &gadgetsv1.Disk{Size: -1},
			Power: &gadgetsv1.Power{Kind: "Mains", Battery: &gadgetsv1.Battery{Cells: -1}},
			Level: ptrTo(int32(5)),
		},
		Status: &gadgetsv1.GadgetStatus{Replicas: -1, Ready: ptrTo(true), Failed: ptrTo("boom")},
	}
}

// invalidGadgetErrors are the errors of invalidGadget on create with
// GadgetStrict on.
var invalidGadgetErrors = []errT{
	required("spec.model"),
	minimum_("spec.replicas"),
	invalid("spec.label", "neq"),
	invalid("spec.vendor", "format=k8s-long-name"),
	minimum_("spec.priority"),
	invalid("spec.address", "format=k8s-ip"),
	notSupported("spec.mode"),
	forbidden("spec.legacy"),
	invalid("spec.locked", "neq"),
	invalid("spec.tags[0]", "format=k8s-short-name"),
	duplicate("spec.tags[2]"),
	tooLong("spec.limits"),
	minimum_("spec.limits[neg]"),
	duplicate("spec.ports[2]"),
	minimum_("spec.ports[0].port"), // the first main port, under 1024
	invalid("spec.ports", "zeroOrOneOf"),
	minimum_("spec.ports[1].port"),
	tooLong("spec.ports[3].name"),
	minimum_("spec.disk.size"), // the spec's minimum of 2
	minimum_("spec.disk.size"), // Disk's own minimum of 1
	invalid("spec.power.battery", "union"),
	invalid("spec.power.plug", "union"),
	minimum_("spec.power.battery.cells"),
	minimum_("spec.level"),
	invalid("status", "union"),
	minimum_("status.replicas"),
}

func TestValidateGadgetCases(t *testing.T) {
	strict := map[string]bool{OptionGadgetStrict: true}
	lax := map[string]bool{OptionGadgetStrict: false}
	create := func(options map[string]bool) operation.Operation {
		return operation.Operation{Type: operation.Create, Options: options}
	}
	update := func(options map[string]bool) operation.Operation {
		return operation.Operation{Type: operation.Update, Options: options}
	}

	for _, tc := range []struct {
		name     string
		op       operation.Operation
		obj, old *gadgetsv1.Gadget
		want     []errT
	}{
		{name: "valid", op: create(strict), obj: validGadget()},
		{name: "minimal", op: create(strict), obj: &gadgetsv1.Gadget{Spec: gadgetsv1.GadgetSpec{Model: "m", Vendor: "v"}}},
		{name: "empty", op: create(strict), obj: &gadgetsv1.Gadget{}, want: []errT{
			required("spec.model"),
			invalid("spec.vendor", "format=k8s-long-name"),
		}},
		{name: "every rule broken", op: create(strict), obj: invalidGadget(), want: invalidGadgetErrors},
		{name: "level lax", op: create(lax), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Spec.Level = ptrTo(int32(0))
			return g
		}(), want: []errT{minimum_("spec.level")}},
		{name: "level 5 is enough when lax", op: create(lax), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Spec.Level = ptrTo(int32(5))
			return g
		}()},
		{name: "too many tags and ports stop their other checks", op: create(strict), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Spec.Tags = []string{"X", "X", "X", "X", "X"}
			g.Spec.Ports = make([]gadgetsv1.Port, 9) // duplicates, all
			return g
		}(), want: []errT{tooMany("spec.tags"), tooMany("spec.ports")}},
		{name: "power: nothing set for its kind", op: create(strict), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Spec.Power = &gadgetsv1.Power{Kind: "Mains"}
			return g
		}(), want: []errT{invalid("spec.power.plug", "union")}},
		{name: "power: no kind", op: create(strict), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Spec.Power = &gadgetsv1.Power{Plug: ptrTo("eu")}
			return g
		}(), want: []errT{invalid("spec.power.plug", "union"), required("spec.power.kind")}},
		{name: "status: no member", op: create(strict), obj: func() *gadgetsv1.Gadget {
			g := validGadget()
			g.Status = &gadgetsv1.GadgetStatus{}
			return g
		}(), want: []errT{invalid("status", "union")}},

		// Ratcheting.
		{name: "unchanged invalid object", op: update(strict), obj: invalidGadget(), old: invalidGadget()},
		{name: "invalid object on update from nothing like it", op: update(strict), obj: invalidGadget(), old: validGadget(),
			want: invalidGadgetErrors},
		{name: "one changed field of an invalid object", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Priority = -2
			return g
		}(), old: invalidGadget(), want: []errT{minimum_("spec.priority")}},
		{name: "reordered list-map and set: items correlate by key and value", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			slices.Reverse(g.Spec.Ports)
			slices.Reverse(g.Spec.Tags) // ok, ok, Bad_Tag
			return g
		}(), old: invalidGadget(), want: []errT{
			// Uniqueness is checked whenever the list changed. The union
			// of ports did not change which members are set; the first
			// main port is now the one of port 1, which differs from the
			// old first main port (80).
			duplicate("spec.tags[1]"),
			duplicate("spec.ports[3]"),
			minimum_("spec.ports[1].port"),
		}},
		{name: "a new tag and a new limit", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Tags = append(g.Spec.Tags, "New")
			g.Spec.Limits["alsotoolong"] = -3
			return g
		}(), old: invalidGadget(), want: []errT{
			invalid("spec.tags[3]", "format=k8s-short-name"),
			duplicate("spec.tags[2]"),
			tooLong("spec.limits"),
			minimum_("spec.limits[alsotoolong]"),
		}},
		{name: "changed map value", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Limits["toolongkey"] = -1 // the key existed: only the value is checked
			return g
		}(), old: invalidGadget(), want: []errT{minimum_("spec.limits[toolongkey]")}},
		{name: "union rechecked only when which members are set changes", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Power.Battery.Cells = -2
			g.Status.Failed = ptrTo("other")
			return g
		}(), old: invalidGadget(), want: []errT{minimum_("spec.power.battery.cells")}},
		{name: "union rechecked when the discriminator changes", op: update(strict), obj: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Power.Kind = "Solar"
			return g
		}(), old: invalidGadget(), want: []errT{invalid("spec.power.battery", "union")}},
		{name: "status appears", op: update(strict), obj: invalidGadget(), old: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Status = nil
			return g
		}(), want: []errT{invalid("status", "union"), minimum_("status.replicas")}},
		{name: "disk appears", op: update(strict), obj: invalidGadget(), old: func() *gadgetsv1.Gadget {
			g := invalidGadget()
			g.Spec.Disk = nil
			return g
		}(), want: []errT{minimum_("spec.disk.size"), minimum_("spec.disk.size")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			hand := ValidateGadget(ctx, tc.op, tc.obj, tc.old)
			if !sameErrors(hand, tc.want) {
				t.Errorf("handwritten:\n got  %v\n want %v", triples(hand), tc.want)
			}
			gen := generatedGadget(ctx, tc.op, tc.obj, tc.old)
			if !sameErrors(gen, tc.want) {
				t.Errorf("generated:\n got  %v\n want %v", triples(gen), tc.want)
			}
		})
	}
}

func TestValidateFleetCases(t *testing.T) {
	devices := func() []gadgetsv1.Device {
		return []gadgetsv1.Device{
			{Name: "d1", Slot: 1, Model: "m", Mode: gadgetsv1.ModeSafe},
			{Name: "d2", Slot: -1, Model: strings.Repeat("m", 33), Mode: "Slow"},
			{Name: "d1"},
			{Name: strings.Repeat("n", 64)},
		}
	}
	for _, tc := range []struct {
		name     string
		op       operation.Type
		obj, old *gadgetsv1.Fleet
		want     []errT
	}{
		{name: "empty", op: operation.Create, obj: &gadgetsv1.Fleet{}},
		{name: "valid", op: operation.Create, obj: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{
			Devices: []gadgetsv1.Device{{Name: "d1", Slot: 1}, {Name: "d2"}},
			Zones:   []string{"a", "b"},
		}}},
		{name: "invalid", op: operation.Create, obj: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{
			Devices: devices(),
			Zones:   []string{"a", "b", "a", "a"},
		}}, want: []errT{
			duplicate("spec.devices[2]"),
			minimum_("spec.devices[1].slot"),
			tooLong("spec.devices[1].model"),
			notSupported("spec.devices[1].mode"),
			tooLong("spec.devices[3].name"),
			duplicate("spec.zones[2]"),
			duplicate("spec.zones[3]"),
		}},
		{name: "unchanged", op: operation.Update,
			obj: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: devices(), Zones: []string{"a", "a"}}},
			old: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: devices(), Zones: []string{"a", "a"}}}},
		{name: "reordered devices keep their old selves", op: operation.Update,
			obj: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: reversed(devices())}},
			old: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: devices()}},
			want: []errT{
				// Uniqueness is checked again; the later d1 (now first,
				// the old first d1's twin in name only) is validated
				// against the old first d1 and its empty slot, model and
				// mode are unset: nothing to report.
				duplicate("spec.devices[3]"),
			}},
		{name: "changed device", op: operation.Update,
			obj: &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: func() []gadgetsv1.Device {
				d := devices()
				d[1].Slot = -2
				return d
			}()}},
			old:  &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Devices: devices()}},
			want: []errT{duplicate("spec.devices[2]"), minimum_("spec.devices[1].slot")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			op := operation.Operation{Type: tc.op}
			hand := ValidateFleet(ctx, op, tc.obj, tc.old)
			if !sameErrors(hand, tc.want) {
				t.Errorf("handwritten:\n got  %v\n want %v", triples(hand), tc.want)
			}
			gen := generatedFleet(ctx, op, tc.obj, tc.old)
			if !sameErrors(gen, tc.want) {
				t.Errorf("generated:\n got  %v\n want %v", triples(gen), tc.want)
			}
		})
	}
}
