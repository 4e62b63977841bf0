package playground

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-playground/validator/v10"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
	vgruntime "github.com/declval/validation-gen/runtime"
	"github.com/declval/validation-gen/validationtest"
)

// The generated validators, on create. Gadget's are called with the only
// setting of GadgetStrict the mirror models.
var (
	createOp = operation.Operation{Type: operation.Create, Options: map[string]bool{"GadgetStrict": false}}

	genCronTab = func(o *stablev1.CronTab) field.ErrorList {
		return stablev1.Validate_CronTab(context.Background(), createOp, nil, o, nil)
	}
	genGadget = func(o *gadgetsv1.Gadget) field.ErrorList {
		return gadgetsv1.Validate_Gadget(context.Background(), createOp, nil, o, nil)
	}
	genFleet = func(o *gadgetsv1.Fleet) field.ErrorList {
		return gadgetsv1.Validate_Fleet(context.Background(), createOp, nil, o, nil)
	}
)

var shared = New()

// pgErrors validates a mirror with go-playground and returns its failing
// fields as field errors at their JSON paths (Type Invalid, the failing
// tag as the detail).
func pgErrors(v *validator.Validate, obj any) field.ErrorList {
	err := v.Struct(obj)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return field.ErrorList{field.InternalError(nil, err)}
	}
	out := make(field.ErrorList, 0, len(verrs))
	for _, fe := range verrs {
		out = append(out, field.Invalid(field.NewPath(jsonPath(fe)), fe.Value(), fe.Tag()))
	}
	return out
}

// jsonPath turns a go-playground namespace ("Gadget.spec.ports[0].port",
// or "Gadget.status." for an error at a struct reported by its
// struct-level validation) into a Kubernetes field path
// ("spec.ports[0].port", "status").
func jsonPath(fe validator.FieldError) string {
	_, p, _ := strings.Cut(fe.Namespace(), ".")
	return strings.TrimSuffix(p, ".")
}

// kind is one example kind on both sides.
type kind[T, M any] struct {
	name      string
	generated func(*T) field.ErrorList
	from      func(*T) *M
}

func (k kind[T, M]) verdicts(v *validator.Validate, obj *T) (gen, pg field.ErrorList) {
	return k.generated(obj), pgErrors(v, k.from(obj))
}

var (
	cronTabKind = kind[stablev1.CronTab, CronTab]{"CronTab", genCronTab, CronTabFrom}
	gadgetKind  = kind[gadgetsv1.Gadget, Gadget]{"Gadget", genGadget, GadgetFrom}
	fleetKind   = kind[gadgetsv1.Fleet, Fleet]{"Fleet", genFleet, FleetFrom}
)

// TestVerdicts: on random objects, go-playground's verdict equals the
// generated validator's on create.
func TestVerdicts(t *testing.T) {
	t.Run("CronTab", func(t *testing.T) { agreeRandom(t, cronTabKind, 5000) })
	t.Run("Gadget", func(t *testing.T) { agreeRandom(t, gadgetKind, 20000) })
	t.Run("Fleet", func(t *testing.T) { agreeRandom(t, fleetKind, 5000) })
}

func agreeRandom[T, M any](t *testing.T, k kind[T, M], n int) {
	v := New()
	valid, invalid, single, disagree := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		obj := randomObject[T](int64(i) + 1)
		gen, pg := k.verdicts(v, obj)
		switch len(fields(gen, nil)) {
		case 0:
			valid++
		case 1:
			single++
			fallthrough
		default:
			invalid++
		}
		if (len(gen) == 0) == (len(pg) == 0) {
			continue
		}
		disagree++
		if disagree <= 10 {
			t.Errorf("%s %d: generated %d errors, go-playground %d\n  object: %s\n  generated: %v\n  go-playground: %v",
				k.name, i, len(gen), len(pg), toJSON(obj), gen, pg)
		}
	}
	t.Logf("%s: %d random objects (%d valid, %d invalid on create, %d of them at one field only): %d verdicts agree, %d disagree",
		k.name, n, valid, invalid, single, n-disagree, disagree)
	if valid < n/20 || invalid < n/20 {
		t.Errorf("%s: the run is lopsided (%d valid, %d invalid)", k.name, valid, invalid)
	}
}

// TestValidationtest runs the same comparison with validationtest's own
// random objects and its changes of them. go-playground cannot ratchet:
// it validates only the new object. So every operation is compared as the
// create of its new object (both sides ignore the old one); the updates of
// the run contribute their changed objects, and nothing else.
func TestValidationtest(t *testing.T) {
	cfg := validationtest.Config{
		Seed:    42,
		Objects: 2000,
		Options: map[string]bool{"GadgetStrict": false},
		Strings: append(slices.Clone(validationtest.DefaultStrings), extraStrings...),
		Ints:    append(slices.Clone(validationtest.DefaultInts), extraInts...),
		Compare: compareVerdicts,
	}
	t.Run("CronTab", func(t *testing.T) { agreeValidationtest(t, cfg, cronTabKind) })
	t.Run("Gadget", func(t *testing.T) { agreeValidationtest(t, cfg, gadgetKind) })
	t.Run("Fleet", func(t *testing.T) { agreeValidationtest(t, cfg, fleetKind) })
}

func agreeValidationtest[T, M any](t *testing.T, cfg validationtest.Config, k kind[T, M]) {
	v := New()
	pg := func(_ context.Context, _ operation.Operation, obj, _ *T) field.ErrorList {
		return pgErrors(v, k.from(obj))
	}
	gen := func(_ context.Context, _ operation.Operation, obj, _ *T) field.ErrorList {
		return k.generated(obj) // on create, whatever the operation
	}
	validationtest.Agree(t, cfg, pg, gen)
}

// compareVerdicts compares only the verdicts.
func compareVerdicts(pg, gen field.ErrorList) []vgruntime.Mismatch {
	switch {
	case len(pg) > 0 && len(gen) == 0:
		return []vgruntime.Mismatch{{Kind: vgruntime.MissingInDeclarative, Error: pg[0]}}
	case len(pg) == 0 && len(gen) > 0:
		return []vgruntime.Mismatch{{Kind: vgruntime.ExtraInDeclarative, Error: gen[0]}}
	}
	return nil
}

// TestUpdateNotRatcheted records the difference the package documents:
// updating an invalid object without changing it is valid to the
// generated validator (nothing changed, so nothing is validated again),
// and invalid to go-playground, which sees only the new object.
func TestUpdateNotRatcheted(t *testing.T) {
	old := validGadget()
	old.Spec.Vendor = "Not A Subdomain"
	obj := validGadget()
	obj.Spec.Vendor = old.Spec.Vendor
	update := operation.Operation{Type: operation.Update, Options: map[string]bool{"GadgetStrict": false}}
	if errs := gadgetsv1.Validate_Gadget(context.Background(), update, nil, obj, old); len(errs) != 0 {
		t.Fatalf("generated, unchanged update: %v", errs)
	}
	if errs := pgErrors(shared, GadgetFrom(obj)); len(errs) == 0 {
		t.Fatalf("go-playground accepted an invalid vendor")
	}
}

// TestFailingFields: on hand-picked invalid objects, go-playground fails
// the fields the generated validator reports, as JSON paths. Two
// differences of place are normalized, as the package doc says:
// duplicates are at the list for go-playground's unique, and too long
// keys of spec.limits at the map for the generated validator's eachKey.
func TestFailingFields(t *testing.T) {
	type gadgetCase struct {
		name   string
		change func(*gadgetsv1.Gadget)
		want   []string
	}
	gadgetCases := []gadgetCase{
		{"valid", func(g *gadgetsv1.Gadget) {}, nil},
		{"model required", func(g *gadgetsv1.Gadget) { g.Spec.Model = "" }, []string{"spec.model"}},
		{"model format", func(g *gadgetsv1.Gadget) { g.Spec.Model = "Bad_Name" }, []string{"spec.model"}},
		{"model too long", func(g *gadgetsv1.Gadget) { g.Spec.Model = strings.Repeat("a", 64) }, []string{"spec.model"}},
		{"replicas zero", func(g *gadgetsv1.Gadget) { g.Spec.Replicas = ptr[int32](0) }, []string{"spec.replicas"}},
		{"label none", func(g *gadgetsv1.Gadget) { g.Spec.Label = "none" }, []string{"spec.label"}},
		{"label 16 runes", func(g *gadgetsv1.Gadget) { g.Spec.Label = strings.Repeat("é", 16) }, nil},
		{"label 17 runes", func(g *gadgetsv1.Gadget) { g.Spec.Label = strings.Repeat("é", 17) }, []string{"spec.label"}},
		{"vendor empty", func(g *gadgetsv1.Gadget) { g.Spec.Vendor = "" }, []string{"spec.vendor"}},
		{"priority", func(g *gadgetsv1.Gadget) { g.Spec.Priority = -1 }, []string{"spec.priority"}},
		{"address", func(g *gadgetsv1.Gadget) { g.Spec.Address = "1.2.3" }, []string{"spec.address"}},
		{"address leading zeros", func(g *gadgetsv1.Gadget) { g.Spec.Address = "010.001.002.003" }, nil},
		{"mode", func(g *gadgetsv1.Gadget) { g.Spec.Mode = "Slow" }, []string{"spec.mode"}},
		{"legacy", func(g *gadgetsv1.Gadget) { g.Spec.Legacy = "x" }, []string{"spec.legacy"}},
		{"locked", func(g *gadgetsv1.Gadget) { g.Spec.Locked = ptr(true) }, []string{"spec.locked"}},
		{"unlocked", func(g *gadgetsv1.Gadget) { g.Spec.Locked = ptr(false) }, nil},
		{"tags too many", func(g *gadgetsv1.Gadget) { g.Spec.Tags = []string{"a", "b", "c", "d", "e"} }, []string{"spec.tags"}},
		{"tags duplicate", func(g *gadgetsv1.Gadget) { g.Spec.Tags = []string{"a", "b", "a"} }, []string{"spec.tags"}},
		{"tags format", func(g *gadgetsv1.Gadget) { g.Spec.Tags = []string{"a", "B"} }, []string{"spec.tags[1]"}},
		// Not compared field by field: with ["B", "B"], the generated
		// validator reports spec.tags[0], spec.tags[1] (format) and the
		// duplicate; go-playground only unique, at spec.tags (see the doc).
		{"limits key", func(g *gadgetsv1.Gadget) { g.Spec.Limits["toolongkey"] = 1 }, []string{"spec.limits"}},
		{"limits value", func(g *gadgetsv1.Gadget) { g.Spec.Limits["cpu"] = -1 }, []string{"spec.limits[cpu]"}},
		{"ports too many", func(g *gadgetsv1.Gadget) {
			for i := range 7 { // 9 in all
				g.Spec.Ports = append(g.Spec.Ports, gadgetsv1.Port{Name: fmt.Sprint("p", i)})
			}
		}, []string{"spec.ports"}},
		{"ports duplicate", func(g *gadgetsv1.Gadget) { g.Spec.Ports[1].Name = "main" }, []string{"spec.ports"}},
		{"ports port", func(g *gadgetsv1.Gadget) { g.Spec.Ports[1].Port = -1 }, []string{"spec.ports[1].port"}},
		{"ports name", func(g *gadgetsv1.Gadget) { g.Spec.Ports[1].Name = strings.Repeat("n", 33) }, []string{"spec.ports[1].name"}},
		{"ports main port", func(g *gadgetsv1.Gadget) { g.Spec.Ports[0].Port = 80 }, []string{"spec.ports[0].port"}},
		{"ports main port unset", func(g *gadgetsv1.Gadget) { g.Spec.Ports[0].Port = 0 }, nil},
		{"ports main second", func(g *gadgetsv1.Gadget) {
			g.Spec.Ports = []gadgetsv1.Port{{Name: "http", Port: 80}, {Name: "main", Port: 443}}
		}, []string{"spec.ports[1].port"}},
		{"ports main and backup", func(g *gadgetsv1.Gadget) {
			g.Spec.Ports = append(g.Spec.Ports, gadgetsv1.Port{Name: "backup", Port: 9090})
		}, []string{"spec.ports"}},
		{"disk size 1", func(g *gadgetsv1.Gadget) { g.Spec.Disk.Size = 1 }, []string{"spec.disk.size"}},
		{"disk size negative", func(g *gadgetsv1.Gadget) { g.Spec.Disk.Size = -1 }, []string{"spec.disk.size"}},
		{"notes opaque", func(g *gadgetsv1.Gadget) { g.Spec.Notes = &gadgetsv1.Disk{Size: -5} }, nil},
		{"power kind required", func(g *gadgetsv1.Gadget) { g.Spec.Power.Kind = "" }, []string{"spec.power.battery", "spec.power.kind"}},
		{"power kind only required", func(g *gadgetsv1.Gadget) { g.Spec.Power = &gadgetsv1.Power{} }, []string{"spec.power.kind"}},
		{"power member missing", func(g *gadgetsv1.Gadget) { g.Spec.Power.Battery = nil }, []string{"spec.power.battery"}},
		{"power other member", func(g *gadgetsv1.Gadget) { g.Spec.Power.Kind = "Mains" }, []string{"spec.power.battery", "spec.power.plug"}},
		{"power mains", func(g *gadgetsv1.Gadget) {
			g.Spec.Power = &gadgetsv1.Power{Kind: "Mains", Plug: ptr("eu")}
		}, nil},
		{"power cells", func(g *gadgetsv1.Gadget) { g.Spec.Power.Battery.Cells = -1 }, []string{"spec.power.battery.cells"}},
		{"level zero", func(g *gadgetsv1.Gadget) { g.Spec.Level = ptr[int32](0) }, []string{"spec.level"}},
		{"level strict-only", func(g *gadgetsv1.Gadget) { g.Spec.Level = ptr[int32](5) }, nil},
		{"status neither", func(g *gadgetsv1.Gadget) { g.Status.Ready = nil }, []string{"status"}},
		{"status both", func(g *gadgetsv1.Gadget) { g.Status.Failed = ptr("oops") }, []string{"status"}},
		{"status replicas", func(g *gadgetsv1.Gadget) { g.Status.Replicas = -1 }, []string{"status.replicas"}},
		{"several", func(g *gadgetsv1.Gadget) {
			g.Spec.Model = ""
			g.Spec.Priority = -3
			g.Spec.Ports[0].Port = 1
			g.Spec.Tags = []string{"x", "x"}
			g.Status.Replicas = -1
		}, []string{"spec.model", "spec.ports[0].port", "spec.priority", "spec.tags", "status.replicas"}},
	}
	for _, c := range gadgetCases {
		t.Run("Gadget/"+c.name, func(t *testing.T) {
			g := validGadget()
			c.change(g)
			checkFields(t, gadgetKind, g, c.want)
		})
	}

	cronCases := []struct {
		name   string
		change func(*stablev1.CronTab)
		want   []string
	}{
		{"valid", func(c *stablev1.CronTab) {}, nil},
		{"cronSpec required", func(c *stablev1.CronTab) { c.Spec.CronSpec = "" }, []string{"spec.cronSpec"}},
		{"cronSpec 64 runes", func(c *stablev1.CronTab) { c.Spec.CronSpec = strings.Repeat("日", 64) }, nil},
		{"cronSpec 65 runes", func(c *stablev1.CronTab) { c.Spec.CronSpec = strings.Repeat("日", 65) }, []string{"spec.cronSpec"}},
		{"image too long", func(c *stablev1.CronTab) { c.Spec.Image = strings.Repeat("i", 257) }, []string{"spec.image"}},
		{"replicas zero", func(c *stablev1.CronTab) { c.Spec.Replicas = ptr[int32](0) }, []string{"spec.replicas"}},
		{"replicas unset", func(c *stablev1.CronTab) { c.Spec.Replicas = nil }, nil},
		{"empty", func(c *stablev1.CronTab) { c.Spec = stablev1.CronTabSpec{} }, []string{"spec.cronSpec", "spec.image"}},
	}
	for _, c := range cronCases {
		t.Run("CronTab/"+c.name, func(t *testing.T) {
			obj := &stablev1.CronTab{Spec: stablev1.CronTabSpec{CronSpec: "*/5 * * * *", Image: "nginx", Replicas: ptr[int32](2)}}
			c.change(obj)
			checkFields(t, cronTabKind, obj, c.want)
		})
	}

	fleetCases := []struct {
		name   string
		change func(*gadgetsv1.Fleet)
		want   []string
	}{
		{"valid", func(f *gadgetsv1.Fleet) {}, nil},
		{"empty", func(f *gadgetsv1.Fleet) { f.Spec = gadgetsv1.FleetSpec{} }, nil},
		{"device name", func(f *gadgetsv1.Fleet) { f.Spec.Devices[1].Name = strings.Repeat("d", 64) }, []string{"spec.devices[1].name"}},
		{"device duplicate", func(f *gadgetsv1.Fleet) { f.Spec.Devices[2].Name = "d0" }, []string{"spec.devices"}},
		{"device slot", func(f *gadgetsv1.Fleet) { f.Spec.Devices[0].Slot = -1 }, []string{"spec.devices[0].slot"}},
		{"device model", func(f *gadgetsv1.Fleet) { f.Spec.Devices[2].Model = strings.Repeat("m", 33) }, []string{"spec.devices[2].model"}},
		{"device mode", func(f *gadgetsv1.Fleet) { f.Spec.Devices[1].Mode = "Turbo" }, []string{"spec.devices[1].mode"}},
		{"zones duplicate", func(f *gadgetsv1.Fleet) { f.Spec.Zones = []string{"a", "b", "a"} }, []string{"spec.zones"}},
		{"zones too many", func(f *gadgetsv1.Fleet) {
			f.Spec.Zones = make([]string, 200001)
			for i := range f.Spec.Zones {
				f.Spec.Zones[i] = fmt.Sprint("z", i)
			}
		}, []string{"spec.zones"}},
		{"devices too many", func(f *gadgetsv1.Fleet) {
			f.Spec.Devices = make([]gadgetsv1.Device, 200001)
			for i := range f.Spec.Devices {
				f.Spec.Devices[i].Name = fmt.Sprint("d", i)
			}
		}, []string{"spec.devices"}},
	}
	for _, c := range fleetCases {
		t.Run("Fleet/"+c.name, func(t *testing.T) {
			f := &gadgetsv1.Fleet{Spec: gadgetsv1.FleetSpec{Zones: []string{"eu", "us"}}}
			for i := range 3 {
				f.Spec.Devices = append(f.Spec.Devices, gadgetsv1.Device{Name: fmt.Sprint("d", i), Slot: int32(i + 1), Model: "m", Mode: gadgetsv1.ModeFast})
			}
			c.change(f)
			checkFields(t, fleetKind, f, c.want)
		})
	}
}

// validGadget is a Gadget that uses every field, and is valid.
func validGadget() *gadgetsv1.Gadget {
	return &gadgetsv1.Gadget{
		ObjectMeta: metav1.ObjectMeta{Name: "g", Namespace: "default"},
		Spec: gadgetsv1.GadgetSpec{
			Model:    "widget",
			Replicas: ptr[int32](3),
			Label:    "blue",
			Vendor:   "example.com",
			Priority: 0,
			Address:  "2001:db8::1",
			Mode:     gadgetsv1.ModeSafe,
			Locked:   ptr(false),
			Tags:     []string{"a", "b"},
			Limits:   map[string]int64{"cpu": 2, "mem": 0},
			Ports:    []gadgetsv1.Port{{Name: "main", Port: 8443}, {Name: "http", Port: 80}},
			Disk:     &gadgetsv1.Disk{Size: 10},
			Power:    &gadgetsv1.Power{Kind: "Battery", Battery: &gadgetsv1.Battery{Cells: 4}},
			Level:    ptr[int32](1),
			Notes:    &gadgetsv1.Disk{Size: 0},
		},
		Status: &gadgetsv1.GadgetStatus{Replicas: 3, Ready: ptr(true)},
	}
}

// checkFields checks that both validators fail exactly the fields want
// lists (normalized as TestFailingFields says).
func checkFields[T, M any](t *testing.T, k kind[T, M], obj *T, want []string) {
	t.Helper()
	gen, pg := k.verdicts(shared, obj)
	genFields := fields(gen, normalizeGenerated)
	pgFields := fields(pg, normalizePlayground)
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(genFields, want) {
		t.Errorf("generated fails %q, want %q: %v", genFields, want, gen)
	}
	if !slices.Equal(pgFields, genFields) {
		t.Errorf("go-playground fails %q, generated %q\n  go-playground: %v\n  generated: %v", pgFields, genFields, pg, gen)
	}
}

// fields lists the distinct, sorted paths of errs.
func fields(errs field.ErrorList, normalize func(*field.Error) string) []string {
	out := []string{}
	for _, e := range errs {
		f := e.Field
		if normalize != nil {
			f = normalize(e)
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// normalizeGenerated moves a Duplicate of the generated validator from
// the list's later item to the list, where go-playground's unique reports
// it.
func normalizeGenerated(e *field.Error) string {
	if e.Type == field.ErrorTypeDuplicate {
		if i := strings.LastIndexByte(e.Field, '['); i >= 0 {
			return e.Field[:i]
		}
	}
	return e.Field
}

// normalizePlayground moves go-playground's error on a too long key of
// spec.limits (its keys' max, at "spec.limits[key]") to the map, where
// the generated validator reports eachKey's errors.
func normalizePlayground(e *field.Error) string {
	if strings.HasPrefix(e.Field, "spec.limits[") && e.Detail == "max" {
		return "spec.limits"
	}
	return e.Field
}

// TestFormats checks the custom format validations against the generated
// checks on values around their edges.
func TestFormats(t *testing.T) {
	values := append(slices.Clone(validationtest.DefaultStrings), extraStrings...)
	values = append(values,
		"0.0.0.0", "255.255.255.255", "256.0.0.1", "1.2.3.4.", ".1.2.3.4", "1..2.3", "0001.2.3.4",
		"::", "::ffff:1.2.3.4", "::ffff:01.2.3.4", "2001:db8::1", "2001:DB8::1", "2001:db8:::1",
		"fe80::1%eth0", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "::1.2.3.4", " 1.2.3.4", "1.2.3.4 ",
		"a-b", "a.b", "-a", "a-", "a_b", "0", "0a", "a..b", strings.Repeat("a", 63), strings.Repeat("a", 64),
		strings.Repeat("a.", 126)+"a", strings.Repeat("a.", 127)+"a", "é", "A",
	)
	r := rand.New(rand.NewSource(7))
	alphabet := "0123456789abcdef.:-%Ax_"
	for range 20000 {
		b := make([]byte, 1+r.Intn(20))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		values = append(values, string(b), randomIPish(r))
	}
	type check struct {
		tag string
		gen func(string) bool
	}
	checks := []check{
		{"k8s-short-name", func(s string) bool { var p vgruntime.Path; return len(vgruntime.ShortName(&p, s)) == 0 }},
		{"k8s-long-name", func(s string) bool { var p vgruntime.Path; return len(vgruntime.LongName(&p, s)) == 0 }},
		{"k8s-ip", func(s string) bool { var p vgruntime.Path; return len(vgruntime.IP(&p, s)) == 0 }},
	}
	for _, c := range checks {
		agree, valid := 0, 0
		for _, s := range values {
			want := c.gen(s)
			got := shared.Var(s, c.tag) == nil
			if got != want {
				t.Errorf("%s(%q): go-playground %v, generated %v", c.tag, s, got, want)
				continue
			}
			agree++
			if want {
				valid++
			}
		}
		t.Logf("%s: %d of %d values agree (%d valid)", c.tag, agree, len(values), valid)
	}
}

// randomIPish makes a string shaped like an IPv4 or IPv6 address, often
// one, sometimes slightly off (octets with leading zeros or over 255,
// parts missing or extra, a zone, an embedded IPv4).
func randomIPish(r *rand.Rand) string {
	digits := func(alphabet string, max int) string {
		b := make([]byte, r.Intn(max+1))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		return string(b)
	}
	v4 := func() string {
		parts := make([]string, []int{3, 4, 4, 4, 4, 5}[r.Intn(6)])
		for i := range parts {
			if r.Intn(4) == 0 {
				parts[i] = digits("0123456789", 4)
			} else {
				parts[i] = fmt.Sprint([]int{0, 1, 10, 127, 255, 256, 999}[r.Intn(7)])
				if r.Intn(6) == 0 {
					parts[i] = "0" + parts[i]
				}
			}
		}
		return strings.Join(parts, ".")
	}
	if r.Intn(2) == 0 {
		return v4()
	}
	groups := make([]string, 1+r.Intn(9))
	for i := range groups {
		groups[i] = digits("0123456789abcdefABCDEF", 5)
	}
	if r.Intn(3) == 0 {
		groups[len(groups)-1] = v4()
	}
	s := strings.Join(groups, ":")
	if r.Intn(2) == 0 {
		i := r.Intn(len(s) + 1)
		s = s[:i] + "::" + s[i:]
	}
	if r.Intn(10) == 0 {
		s += "%eth0"
	}
	return s
}

// TestConverters checks that the mirrors keep every field: the mirror's
// JSON is the original's.
func TestConverters(t *testing.T) {
	for i := range 200 {
		seed := int64(i) + 1
		c := randomObject[stablev1.CronTab](seed)
		sameJSON(t, c, CronTabFrom(c))
		g := randomObject[gadgetsv1.Gadget](seed)
		g.ObjectMeta = metav1.ObjectMeta{Name: "n", Labels: map[string]string{"a": "b"}}
		sameJSON(t, g, GadgetFrom(g))
		f := randomObject[gadgetsv1.Fleet](seed)
		sameJSON(t, f, FleetFrom(f))
	}
	if CronTabFrom(nil) != nil || GadgetFrom(nil) != nil || FleetFrom(nil) != nil {
		t.Error("a nil object converts to non-nil")
	}
}

func sameJSON(t *testing.T, a, b any) {
	t.Helper()
	if ja, jb := toJSON(a), toJSON(b); ja != jb {
		t.Errorf("converted object differs:\n  original: %s\n  mirror:   %s", ja, jb)
	}
}

// ----- random objects -----

// extraStrings and extraInts are values around this package's rules that
// validationtest's defaults lack.
var (
	extraStrings = []string{
		"none", "Fast", "Safe", "main", "backup", "Battery", "Mains", "http",
		strings.Repeat("é", 16), strings.Repeat("é", 17), strings.Repeat("x", 65), strings.Repeat("x", 257),
		strings.Repeat("a", 63), strings.Repeat("a", 64), "::ffff:1.2.3.4", "fe80::1%eth0", "256.1.1.1",
		"1.2.3.4.5", "a..b", "cpu", "toolongkey",
		// at and just past the maxLengths of 8, 16, 32, 63, 64 and 256
		strings.Repeat("k", 8), strings.Repeat("k", 9), strings.Repeat("é", 16), strings.Repeat("n", 32),
		strings.Repeat("n", 33), strings.Repeat("d", 63), strings.Repeat("日", 64), strings.Repeat("i", 256),
	}
	extraInts = []int64{-5, 3, 9, 80, 8443, -1 << 31, 1 << 40}
)

// pools are, for some fields ("Type.jsonName"; a map's keys are
// "Type.jsonName[key]"), values that mostly satisfy their rules, so that
// random objects are often valid and often just one value away from it.
var (
	stringPools = map[string][]string{
		"CronTabSpec.cronSpec":   {"*/5 * * * *", "0 0 * * *", strings.Repeat("日", 64)},
		"CronTabSpec.image":      {"nginx", "registry.example.com/app:v1"},
		"GadgetSpec.model":       {"widget", "a", "valid-name"},
		"GadgetSpec.label":       {"", "blue", strings.Repeat("é", 16)},
		"GadgetSpec.vendor":      {"example.com", "a", "my.example.com"},
		"GadgetSpec.address":     {"", "10.0.0.1", "::1", "010.001.002.003", "2001:db8::1"},
		"GadgetSpec.mode":        {"", "Fast", "Safe"},
		"GadgetSpec.legacy":      {""},
		"GadgetSpec.tags":        {"a", "b", "c", "d", "valid-name", "x1"},
		"GadgetSpec.limits[key]": {"cpu", "mem", "disk", "gpu", "net"},
		"Port.name":              {"main", "backup", "http", "grpc", "admin", "metrics"},
		"Power.kind":             {"Battery", "Mains"},
		"Power.plug":             {"eu", "us"},
		"GadgetStatus.failed":    {"oops"},
		"Device.name":            {"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11"},
		"Device.model":           {"", "m1", "model-x"},
		"Device.mode":            {"", "Fast", "Safe"},
		"FleetSpec.zones":        {"z0", "z1", "z2", "z3", "z4", "z5", "z6", "z7", "z8", "z9", "z10", "z11"},
	}
	intPools = map[string][]int64{
		"CronTabSpec.replicas":  {1, 2, 5},
		"GadgetSpec.replicas":   {1, 3},
		"GadgetSpec.priority":   {0, 1, 100},
		"GadgetSpec.limits":     {0, 1, 100},
		"GadgetSpec.level":      {1, 5, 10},
		"Port.port":             {0, 1024, 8080, 65535},
		"Disk.size":             {0, 2, 10},
		"Battery.cells":         {0, 1, 4},
		"GadgetStatus.replicas": {0, 1, 3},
		"Device.slot":           {0, 1, 2},
	}
	boolPools = map[string][]bool{"GadgetSpec.locked": {false}}
)

// randomObject makes an object from a seed: randfill decides its shape
// (nil pointers, list and map sizes, up to past Gadget's maxItems), then
// every scalar is redrawn, from its field's pool (values that mostly
// satisfy its rules) or from the edge pools (validationtest's values
// around the tag contract's edges, mostly invalid here). How often the
// edge pools are used varies from object to object: never, for one scalar
// only, for a share of them, or always; and some objects keep half of
// randfill's random strings and numbers.
func randomObject[T any](seed int64) *T {
	r := rand.New(rand.NewSource(seed))
	obj := new(T)
	randfill.NewWithSeed(seed).NilChance(0.25).NumElements(0, []int{2, 4, 4, 10}[r.Intn(4)]).MaxDepth(8).
		Funcs(func(*metav1.ObjectMeta, randfill.Continue) {}).Fill(obj)
	g := &redrawer{r: r, target: -1, raw: r.Intn(10) == 0}
	switch mode := r.Intn(9); {
	case mode < 3:
		if n := countScalars(reflect.ValueOf(obj).Elem()); n > 0 {
			g.target = r.Intn(n)
		}
	case mode < 8:
		g.edge = []float64{0, 0.01, 0.05, 0.2, 0.5}[mode-3]
	default:
		g.edge = 1
	}
	g.walk(reflect.ValueOf(obj).Elem(), "")
	if g.edge == 0 && r.Intn(4) > 0 {
		tidyUnions(any(obj), r)
	}
	return obj
}

// countScalars counts the scalars redrawer.walk redraws.
func countScalars(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			return countScalars(v.Elem())
		}
	case reflect.Struct:
		if slices.Contains(metaTypes, v.Type()) {
			return 0
		}
		n := 0
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				n += countScalars(v.Field(i))
			}
		}
		return n
	case reflect.Slice:
		n := 0
		for i := 0; i < v.Len(); i++ {
			n += countScalars(v.Index(i))
		}
		return n
	case reflect.Map:
		return 2 * v.Len() // string keys, integer values
	case reflect.String, reflect.Int32, reflect.Int64, reflect.Bool:
		return 1
	}
	return 0
}

// tidyUnions makes the unions of a Gadget hold together (randfill sets
// each member with the same chance), so that clean objects are often
// valid.
func tidyUnions(obj any, r *rand.Rand) {
	g, ok := obj.(*gadgetsv1.Gadget)
	if !ok {
		return
	}
	if p := g.Spec.Power; p != nil {
		switch p.Kind {
		case "Battery":
			p.Plug = nil
			if p.Battery == nil {
				p.Battery = &gadgetsv1.Battery{Cells: 2}
			}
		case "Mains":
			p.Battery = nil
			if p.Plug == nil {
				p.Plug = ptr("eu")
			}
		}
	}
	if s := g.Status; s != nil && (s.Ready == nil) == (s.Failed == nil) {
		if r.Intn(2) == 0 {
			s.Ready, s.Failed = ptr(r.Intn(2) == 0), nil
		} else {
			s.Ready, s.Failed = nil, ptr("oops")
		}
	}
}

type redrawer struct {
	r      *rand.Rand
	edge   float64 // chance to draw a scalar from the edge pools
	target int     // the one scalar drawn from the edge pools, or -1
	seen   int     // scalars redrawn so far
	raw    bool    // keep half of randfill's scalars
}

var (
	edgeStrings = append(slices.Clone(validationtest.DefaultStrings), extraStrings...)
	edgeInts    = append(slices.Clone(validationtest.DefaultInts), extraInts...)
	metaTypes   = []reflect.Type{reflect.TypeFor[metav1.TypeMeta](), reflect.TypeFor[metav1.ObjectMeta]()}
)

// edgy says, for the next scalar, whether to draw it from the edge pools
// (always when its field has no pool of its own).
func (g *redrawer) edgy(haveField bool) bool {
	g.seen++
	return !haveField || g.seen-1 == g.target || g.r.Float64() < g.edge
}

func (g *redrawer) keep() bool { return g.raw && g.r.Intn(2) == 0 }

func (g *redrawer) walk(v reflect.Value, name string) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			g.walk(v.Elem(), name)
		}
	case reflect.Struct:
		if slices.Contains(metaTypes, v.Type()) {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if f.IsExported() {
				g.walk(v.Field(i), v.Type().Name()+"."+jsonName(f))
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			g.walk(v.Index(i), name)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		fresh := reflect.MakeMapWithSize(v.Type(), len(keys))
		for _, k := range keys {
			nk := reflect.New(k.Type()).Elem()
			nk.Set(k)
			g.walk(nk, name+"[key]")
			nv := reflect.New(v.Type().Elem()).Elem()
			nv.Set(v.MapIndex(k))
			g.walk(nv, name)
			fresh.SetMapIndex(nk, nv)
		}
		v.Set(fresh)
	case reflect.String:
		pool, ok := stringPools[name]
		edgy := g.edgy(ok)
		if g.keep() {
			return
		}
		if edgy {
			pool = edgeStrings
		}
		v.SetString(pool[g.r.Intn(len(pool))])
	case reflect.Int32, reflect.Int64:
		pool, ok := intPools[name]
		edgy := g.edgy(ok)
		if g.keep() {
			return
		}
		if edgy {
			pool = edgeInts
		}
		if n := pool[g.r.Intn(len(pool))]; !v.OverflowInt(n) {
			v.SetInt(n)
		}
	case reflect.Bool:
		if pool, ok := boolPools[name]; !g.edgy(ok) {
			v.SetBool(pool[g.r.Intn(len(pool))])
		}
	}
}

func ptr[T any](v T) *T { return &v }

func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%+v", v)
	}
	return string(b)
}
