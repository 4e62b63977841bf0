package v1

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/examples/apis/widgets/common"
)

// errT is what the tests compare: an error's Type, Field path and Origin.
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
	slices.SortFunc(out, func(a, b errT) int {
		return strings.Compare(a.String(), b.String())
	})
	return out
}

// sameErrors compares errs with want, ignoring order but not count.
func sameErrors(errs field.ErrorList, want []errT) (got []errT, ok bool) {
	got = triples(errs)
	w := slices.Clone(want)
	slices.SortFunc(w, func(a, b errT) int { return strings.Compare(a.String(), b.String()) })
	return got, slices.Equal(got, w)
}

func required(f string) errT  { return errT{field.ErrorTypeRequired, f, ""} }
func forbidden(f string) errT { return errT{field.ErrorTypeForbidden, f, ""} }
func invalid(f, origin string) errT {
	return errT{field.ErrorTypeInvalid, f, origin}
}
func tooLong(f string) errT      { return errT{field.ErrorTypeTooLong, f, "maxLength"} }
func tooMany(f string) errT      { return errT{field.ErrorTypeTooMany, f, "maxItems"} }
func notSupported(f string) errT { return errT{field.ErrorTypeNotSupported, f, ""} }
func internal(f string) errT     { return errT{field.ErrorTypeInternal, f, ""} }
func minimum_(f string) errT     { return invalid(f, "minimum") }
func neq_(f string) errT         { return invalid(f, "neq") }
func shortName_(f string) errT   { return invalid(f, "format=k8s-short-name") }
func longName_(f string) errT    { return invalid(f, "format=k8s-long-name") }
func ip_(f string) errT          { return invalid(f, "format=k8s-ip") }

func ptr[T any](v T) *T { return &v }

// validWidget uses every field with a valid value.
func validWidget() *Widget {
	return &Widget{
		TypeMeta:   metav1.TypeMeta{Kind: "Widget", APIVersion: "widgets.example.com/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "w1", Namespace: "default"},
		Spec: WidgetSpec{
			Naming:     Naming{Domain: "widgets.example.com", Description: "a widget", Alias: "wdg"},
			ClassName:  "standard",
			Replicas:   ptr(ReplicaCount(2)),
			Priority:   ptr(int32(5)),
			Privileged: ptr(false),
			ClusterIP:  ptr("10.0.0.1"),
			Addresses:  []string{"10.0.0.2", "2001:db8::1"},
			Labels:     map[string]string{"app": "widget", "tier": "web"},
			Selectors: map[string]Selector{
				"env": {Key: "env", Operator: OperatorIn, Values: []string{"prod", "staging"}},
				"all": {Key: "app", Operator: OperatorExists},
			},
			Ports: []Port{
				{Name: "http", Number: 80, Protocol: ProtocolTCP},
				{Name: "dns", Number: 53, Protocol: ProtocolUDP},
			},
			ExtraPorts: []int32{8080, 9090},
			Zones:      []string{"zone-a"},
			Color:      "blue",
			Backends: []*common.Reference{
				{Name: "db"},
				{Name: "cache", Namespace: ptr(common.ShortName("infra"))},
			},
			Owner:       &common.Reference{Name: "team-a"},
			Credentials: &common.Credentials{User: "admin", Token: "s3cr3t"},
			Parts: []Part{
				{
					Name:  "frame",
					Count: 1,
					Children: []Part{
						{Name: "bolt", Count: 4, Children: []Part{{Name: "thread"}}},
						{Name: "nut"},
					},
					Auth: &common.Credentials{User: "svc", Token: "t0k3n"},
				},
				{Name: "panel"},
			},
			PartNames:    PartNames{"frame", "panel"},
			Protocols:    []Protocol{ProtocolTCP},
			ZoneReplicas: map[string]ReplicaCount{"zone-a": 3},
			Tags:         []string{"blue", "large"},
			Listeners: []Listener{
				{Name: "primary", Protocol: ProtocolTCP, Port: 8443},
				{Name: "primary", Protocol: ProtocolUDP, Port: 53},
				{Name: "admin", Protocol: ProtocolTCP, Port: 22},
			},
			Mounts:     []*Mount{{Path: "/data", SizeMB: 10}, {Path: "/tmp"}},
			Storage:    &Storage{Type: StorageEmptyDir, EmptyDir: &EmptyDirStorage{SizeMB: 100}},
			TTLSeconds: ptr(int32(3600)),
		},
		Status: &WidgetStatus{
			Phase:       PhaseReady,
			PartCounts:  map[string]int32{"frame": 1, "panel": 0},
			LastUpdated: &metav1.Time{Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
			Conditions: []Condition{
				{Type: "Ready", Status: ConditionTrue},
				{Type: "Progressing", Status: ConditionFalse, Reason: "Done"},
			},
		},
	}
}

// defaultOptions defines every option the Widget rules read.
func defaultOptions() map[string]bool {
	return map[string]bool{OptionStrictPorts: true, OptionMultiZone: false, OptionColors: true}
}

type widgetCase struct {
	name string
	// update: validate as an update of old (validWidget() changed by old)
	// to obj (a deep copy of the old object changed by obj).
	update bool
	// nilOld: an update with no old object at all.
	nilOld bool
	old    func(*Widget)
	obj    func(*Widget)
	// opts replaces defaultOptions when not nil.
	opts map[string]bool
	want []errT
}

func (c widgetCase) objects() (obj, old *Widget) {
	base := validWidget()
	if c.update && c.old != nil {
		c.old(base)
	}
	obj = base.DeepCopy()
	if c.obj != nil {
		c.obj(obj)
	}
	if c.update && !c.nilOld {
		old = base
	}
	return obj, old
}

func (c widgetCase) op() operation.Operation {
	op := operation.Operation{Type: operation.Create, Options: c.opts}
	if c.update {
		op.Type = operation.Update
	}
	if op.Options == nil {
		op.Options = defaultOptions()
	}
	return op
}

func runWidgetCases(t *testing.T, cases []widgetCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj, old := c.objects()
			before := obj.DeepCopy()
			ctx := context.Background()
			op := c.op()

			gen := Validate_Widget(ctx, op, nil, obj, old)
			if got, ok := sameErrors(gen, c.want); !ok {
				t.Errorf("generated Validate_Widget:\n got  %v\n want %v\n errors: %v", got, c.want, gen)
			}
			hand := ValidateWidget(ctx, op, obj, old)
			if got, ok := sameErrors(hand, c.want); !ok {
				t.Errorf("handwritten ValidateWidget:\n got  %v\n want %v\n errors: %v", got, c.want, hand)
			}
			if !equality.Semantic.DeepEqual(obj, before) {
				t.Errorf("validation changed the object")
			}
		})
	}
}

func TestWidgetValid(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "create valid"},
		{name: "update valid, unchanged", update: true},
		{name: "update valid, changed", update: true, obj: func(w *Widget) {
			w.Spec.ClassName = "premium"
			w.Spec.Parts[0].Children[1].Name = "washer"
		}},
		{name: "create minimal: every optional field unset", obj: func(w *Widget) {
			w.Spec = WidgetSpec{Naming: Naming{Domain: "a.b"}, ClassName: "c"}
			w.Status = nil
		}},
	})
}

func TestWidgetRequired(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "missing", obj: func(w *Widget) { w.Spec.ClassName = "" },
			want: []errT{required("spec.className")}},
		{name: "missing on inline struct: path flattened", obj: func(w *Widget) { w.Spec.Domain = "" },
			want: []errT{required("spec.domain")}},
		{name: "missing integer", obj: func(w *Widget) { w.Spec.Ports[1].Number = 0 },
			want: []errT{required("spec.ports[1].number")}},
		{name: "missing enum stops the enum check", obj: func(w *Widget) { w.Spec.Ports[0].Protocol = "" },
			want: []errT{required("spec.ports[0].protocol")}},
		{name: "missing in a recursive part", obj: func(w *Widget) { w.Spec.Parts[0].Children[1].Name = "" },
			want: []errT{required("spec.parts[0].children[1].name")}},
		{name: "missing in another package's type", obj: func(w *Widget) { w.Spec.Backends[0].Name = "" },
			want: []errT{required("spec.backends[0].name")}},
		{name: "missing in a map value", obj: func(w *Widget) {
			w.Spec.Selectors["env"] = Selector{Values: []string{"x"}}
		}, want: []errT{required("spec.selectors[env].key")}},
		{name: "several missing", obj: func(w *Widget) {
			w.Spec.ClassName = ""
			w.Spec.Domain = ""
			w.Spec.Parts[0].Auth = &common.Credentials{}
		}, want: []errT{required("spec.className"), required("spec.domain"), required("spec.parts[0].auth.user"), required("spec.parts[0].auth.token")}},
		{name: "update: unchanged missing value ratchets", update: true,
			old: func(w *Widget) { w.Spec.ClassName = "" }},
		{name: "update: value cleared", update: true,
			obj:  func(w *Widget) { w.Spec.ClassName = "" },
			want: []errT{required("spec.className")}},
		{name: "update with no old object validates fully", update: true, nilOld: true,
			obj:  func(w *Widget) { w.Spec.ClassName = "" },
			want: []errT{required("spec.className")}},
	})
}

func TestWidgetOptional(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "nil pointers", obj: func(w *Widget) {
			w.Spec.Replicas, w.Spec.Priority, w.Spec.Privileged, w.Spec.ClusterIP = nil, nil, nil, nil
			w.Spec.Owner, w.Spec.Credentials, w.Status = nil, nil, nil
			w.Spec.Storage, w.Spec.TTLSeconds = nil, nil
			w.Spec.Parts[0].Auth = nil
		}},
		{name: "empty values", obj: func(w *Widget) {
			w.Spec.Description, w.Spec.Alias, w.Spec.Color = "", "", ""
			w.Spec.Parts[0].Count = 0
			w.Status.Phase = ""
		}},
		{name: "empty (not nil) lists and maps", obj: func(w *Widget) {
			w.Spec.Addresses, w.Spec.Ports, w.Spec.Zones, w.Spec.Parts = []string{}, []Port{}, []string{}, []Part{}
			w.Spec.Backends, w.Spec.PartNames, w.Spec.ExtraPorts = []*common.Reference{}, PartNames{}, []int32{}
			w.Spec.Labels, w.Spec.Selectors = map[string]string{}, map[string]Selector{}
			w.Spec.Tags, w.Spec.Listeners, w.Spec.Mounts = []string{}, []Listener{}, []*Mount{}
			w.Status.Conditions = []Condition{}
		}},
		{name: "unset optional fields skip an undefined option, but for a short-circuiting check", opts: map[string]bool{},
			obj:  func(w *Widget) { w.Spec.Color, w.Spec.ExtraPorts, w.Spec.Zones = "", nil, nil },
			want: []errT{internal("spec.zones")}},
		{name: "pointer set to zero is validated", obj: func(w *Widget) {
			w.Spec.Replicas = ptr(ReplicaCount(0))
			w.Spec.Priority = ptr(int32(0))
			w.Spec.ClusterIP = ptr("")
		}, want: []errT{minimum_("spec.replicas"), ip_("spec.clusterIP")}},
	})
}

func TestWidgetForbidden(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "set", obj: func(w *Widget) { w.Spec.LegacyID = "x-1" },
			want: []errT{forbidden("spec.legacyID")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.LegacyID = "x-1" }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.LegacyID = "x-1" },
			obj:  func(w *Widget) { w.Spec.LegacyID = "x-2" },
			want: []errT{forbidden("spec.legacyID")}},
		{name: "update: cleared", update: true,
			old: func(w *Widget) { w.Spec.LegacyID = "x-1" },
			obj: func(w *Widget) { w.Spec.LegacyID = "" }},
	})
}

func TestWidgetMinimum(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "type-level minimum on a typedef", obj: func(w *Widget) { w.Spec.Replicas = ptr(ReplicaCount(-3)) },
			want: []errT{minimum_("spec.replicas")}},
		{name: "field minimum at the limit", obj: func(w *Widget) { w.Spec.Priority = ptr(int32(0)) }},
		{name: "field minimum below", obj: func(w *Widget) { w.Spec.Priority = ptr(int32(-1)) },
			want: []errT{minimum_("spec.priority")}},
		{name: "in a list element", obj: func(w *Widget) { w.Spec.Ports[1].Number = -53 },
			want: []errT{minimum_("spec.ports[1].number")}},
		{name: "deep in a recursive type", obj: func(w *Widget) {
			w.Spec.Parts[0].Count = -1
			w.Spec.Parts[0].Children[0].Children[0].Count = -2
		}, want: []errT{minimum_("spec.parts[0].count"), minimum_("spec.parts[0].children[0].children[0].count")}},
		{name: "map value", obj: func(w *Widget) { w.Status.PartCounts["bolt"] = -1 },
			want: []errT{minimum_("status.partCounts[bolt]")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.Priority = ptr(int32(-1)) }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.Priority = ptr(int32(-1)) },
			obj:  func(w *Widget) { w.Spec.Priority = ptr(int32(-2)) },
			want: []errT{minimum_("spec.priority")}},
		{name: "update: map values ratchet by key", update: true,
			old: func(w *Widget) { w.Status.PartCounts["bolt"] = -1 },
			obj: func(w *Widget) {
				w.Status.PartCounts["nut"] = -2
				w.Status.PartCounts["frame"] = -3
			},
			want: []errT{minimum_("status.partCounts[nut]"), minimum_("status.partCounts[frame]")}},
		{name: "update: status added where there was none", update: true,
			old:  func(w *Widget) { w.Status = nil },
			obj:  func(w *Widget) { w.Status = &WidgetStatus{PartCounts: map[string]int32{"x": -1}} },
			want: []errT{minimum_("status.partCounts[x]")}},
	})
}

func TestWidgetMaxLength(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "at the limit", obj: func(w *Widget) { w.Spec.Description = strings.Repeat("d", 64) }},
		{name: "over", obj: func(w *Widget) { w.Spec.Description = strings.Repeat("d", 65) },
			want: []errT{tooLong("spec.description")}},
		{name: "counts characters, not bytes", obj: func(w *Widget) { w.Spec.Description = strings.Repeat("é", 64) }},
		{name: "multibyte over", obj: func(w *Widget) { w.Spec.Description = strings.Repeat("é", 65) },
			want: []errT{tooLong("spec.description")}},
		{name: "map value (eachVal)", obj: func(w *Widget) { w.Spec.Labels["app"] = strings.Repeat("v", 17) },
			want: []errT{tooLong("spec.labels[app]")}},
		{name: "map key (eachKey): at the map's path", obj: func(w *Widget) {
			w.Spec.Selectors["very-long-key"] = Selector{Key: "k"}
		}, want: []errT{tooLong("spec.selectors")}},
		{name: "in a map value struct", obj: func(w *Widget) {
			w.Spec.Selectors["env"] = Selector{Key: strings.Repeat("k", 64), Values: []string{strings.Repeat("v", 64)}}
		}, want: []errT{tooLong("spec.selectors[env].key"), tooLong("spec.selectors[env].values[0]")}},
		{name: "chained eachVal=subfield=maxLength", obj: func(w *Widget) { w.Spec.Backends[1].Name = "cache-store" },
			want: []errT{tooLong("spec.backends[1].name")}},
		{name: "in another package's type", obj: func(w *Widget) { w.Spec.Parts[0].Auth.Token = strings.Repeat("t", 33) },
			want: []errT{tooLong("spec.parts[0].auth.token")}},
		{name: "update: unchanged ratchets", update: true,
			old: func(w *Widget) { w.Spec.Description = strings.Repeat("d", 65) }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.Description = strings.Repeat("d", 65) },
			obj:  func(w *Widget) { w.Spec.Description = strings.Repeat("e", 65) },
			want: []errT{tooLong("spec.description")}},
		{name: "update: map values ratchet by key", update: true,
			old:  func(w *Widget) { w.Spec.Labels["app"] = strings.Repeat("v", 17) },
			obj:  func(w *Widget) { w.Spec.Labels["new"] = strings.Repeat("n", 17) },
			want: []errT{tooLong("spec.labels[new]")}},
		{name: "update: map value struct ratchets by key", update: true,
			old: func(w *Widget) { w.Spec.Selectors["env"] = Selector{Key: strings.Repeat("k", 64)} },
			obj: func(w *Widget) {
				s := w.Spec.Selectors["env"]
				s.Values = []string{strings.Repeat("v", 64)}
				w.Spec.Selectors["env"] = s
			},
			want: []errT{tooLong("spec.selectors[env].values[0]")}},
	})
}

func TestWidgetMaxItems(t *testing.T) {
	five := []string{"10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"}
	runWidgetCases(t, []widgetCase{
		{name: "at the limit", obj: func(w *Widget) { w.Spec.Addresses = five[:4] }},
		{name: "over", obj: func(w *Widget) { w.Spec.Addresses = five },
			want: []errT{tooMany("spec.addresses")}},
		{name: "over stops the element checks", obj: func(w *Widget) {
			w.Spec.Addresses = []string{"x", "y", "z", "1", "2"}
		}, want: []errT{tooMany("spec.addresses")}},
		{name: "over stops the element type's validation", obj: func(w *Widget) {
			w.Spec.Ports = make([]Port, 5)
		}, want: []errT{tooMany("spec.ports")}},
		{name: "type-level maxItems on a slice typedef", obj: func(w *Widget) {
			w.Spec.PartNames = PartNames{"a", "b", "c", "d", "e", "f", "g", "h", "Bad_Name"}
		}, want: []errT{tooMany("spec.partNames")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.Addresses = five }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.Addresses = five },
			obj:  func(w *Widget) { w.Spec.Addresses = append(slices.Clone(five), "10.0.0.6") },
			want: []errT{tooMany("spec.addresses")}},
	})
}

func TestWidgetFormatIP(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "IPv4 with leading zeros", obj: func(w *Widget) { w.Spec.ClusterIP = ptr("010.000.001.002") }},
		{name: "IPv6", obj: func(w *Widget) { w.Spec.ClusterIP = ptr("fd00::10") }},
		{name: "bad octet", obj: func(w *Widget) { w.Spec.ClusterIP = ptr("10.0.0.256") },
			want: []errT{ip_("spec.clusterIP")}},
		{name: "with a zone", obj: func(w *Widget) { w.Spec.ClusterIP = ptr("fe80::1%eth0") },
			want: []errT{ip_("spec.clusterIP")}},
		{name: "list element (eachVal)", obj: func(w *Widget) { w.Spec.Addresses = []string{"::1", "host", "1.2.3"} },
			want: []errT{ip_("spec.addresses[1]"), ip_("spec.addresses[2]")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.ClusterIP = ptr("none") }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.ClusterIP = ptr("none") },
			obj:  func(w *Widget) { w.Spec.ClusterIP = ptr("auto") },
			want: []errT{ip_("spec.clusterIP")}},
		{name: "update: atomic list changed revalidates every element", update: true,
			old:  func(w *Widget) { w.Spec.Addresses = []string{"bad"} },
			obj:  func(w *Widget) { w.Spec.Addresses = append(w.Spec.Addresses, "10.1.1.1") },
			want: []errT{ip_("spec.addresses[0]")}},
	})
}

func TestWidgetFormatLongName(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "dotted", obj: func(w *Widget) { w.Spec.Domain = "a.b.c.example" }},
		{name: "uppercase", obj: func(w *Widget) { w.Spec.Domain = "Example.com" },
			want: []errT{longName_("spec.domain")}},
		{name: "too long", obj: func(w *Widget) { w.Spec.Domain = strings.Repeat("a", 254) },
			want: []errT{longName_("spec.domain")}},
		{name: "too long and bad characters: two errors", obj: func(w *Widget) { w.Spec.Domain = strings.Repeat("A", 254) },
			want: []errT{longName_("spec.domain"), longName_("spec.domain")}},
		{name: "in another package's type, in a list of pointers", obj: func(w *Widget) { w.Spec.Backends[0].Name = "d..b" },
			want: []errT{longName_("spec.backends[0].name")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.Domain = "Example.com" }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Spec.Domain = "Example.com" },
			obj:  func(w *Widget) { w.Spec.Domain = "Example.org" },
			want: []errT{longName_("spec.domain")}},
	})
}

func TestWidgetFormatShortName(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "digits only", obj: func(w *Widget) { w.Spec.Alias = "1234" }},
		{name: "type-level format, inline field", obj: func(w *Widget) { w.Spec.Alias = "Wdg" },
			want: []errT{shortName_("spec.alias")}},
		{name: "dots", obj: func(w *Widget) { w.Spec.Alias = "a.b" },
			want: []errT{shortName_("spec.alias")}},
		{name: "too long", obj: func(w *Widget) { w.Spec.Alias = common.ShortName(strings.Repeat("a", 64)) },
			want: []errT{shortName_("spec.alias")}},
		{name: "too long and bad characters: two errors", obj: func(w *Widget) {
			w.Spec.Alias = common.ShortName(strings.Repeat("A", 64))
		}, want: []errT{shortName_("spec.alias"), shortName_("spec.alias")}},
		{name: "list of structs", obj: func(w *Widget) { w.Spec.Ports[0].Name = "HTTP" },
			want: []errT{shortName_("spec.ports[0].name")}},
		{name: "typedef list element", obj: func(w *Widget) { w.Spec.PartNames = PartNames{"ok", "Bad_Name"} },
			want: []errT{shortName_("spec.partNames[1]")}},
		{name: "map key (eachKey): at the map's path", obj: func(w *Widget) { w.Spec.Labels["Bad_Key"] = "v" },
			want: []errT{shortName_("spec.labels")}},
		{name: "pointer to typedef in another package", obj: func(w *Widget) {
			w.Spec.Backends[1].Namespace = ptr(common.ShortName("Infra"))
		}, want: []errT{shortName_("spec.backends[1].namespace")}},
		{name: "subfield", obj: func(w *Widget) { w.Spec.Owner.Name = "team.a" },
			want: []errT{shortName_("spec.owner.name")}},
		{name: "recursive", obj: func(w *Widget) { w.Spec.Parts[0].Children[0].Children[0].Name = "-thread" },
			want: []errT{shortName_("spec.parts[0].children[0].children[0].name")}},
		{name: "update: eachKey skips keys that existed", update: true,
			old: func(w *Widget) { w.Spec.Labels["Bad_Key"] = "v" },
			obj: func(w *Widget) { w.Spec.Labels["Bad_Key"] = "v2" }},
		{name: "update: eachKey checks new keys", update: true,
			old:  func(w *Widget) { w.Spec.Labels["Bad_Key"] = "v" },
			obj:  func(w *Widget) { w.Spec.Labels["Other_Key"] = "v" },
			want: []errT{shortName_("spec.labels")}},
		{name: "update: subfield unchanged ratchets", update: true,
			old: func(w *Widget) { w.Spec.Owner.Name = "team.a" },
			obj: func(w *Widget) { w.Spec.Owner.Namespace = ptr(common.ShortName("ns")) }},
		{name: "update: subfield changed", update: true,
			old:  func(w *Widget) { w.Spec.Owner.Name = "team.a" },
			obj:  func(w *Widget) { w.Spec.Owner.Name = "team.b" },
			want: []errT{shortName_("spec.owner.name")}},
		{name: "update: atomic list of structs revalidates every element", update: true,
			old:  func(w *Widget) { w.Spec.Parts[0].Name = "Frame" },
			obj:  func(w *Widget) { w.Spec.Parts[1].Name = "panel-2" },
			want: []errT{shortName_("spec.parts[0].name")}},
		{name: "update: unchanged list ratchets", update: true,
			old: func(w *Widget) { w.Spec.Parts[0].Name = "Frame" },
			obj: func(w *Widget) { w.Spec.ClassName = "other" }},
	})
}

func TestWidgetEnum(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "each value", obj: func(w *Widget) {
			w.Status.Phase = PhaseFailed
			w.Spec.Selectors["env"] = Selector{Key: "env", Operator: OperatorNotIn}
		}},
		{name: "unsupported", obj: func(w *Widget) { w.Status.Phase = "Unknown" },
			want: []errT{notSupported("status.phase")}},
		{name: "case matters", obj: func(w *Widget) { w.Spec.Ports[0].Protocol = "tcp" },
			want: []errT{notSupported("spec.ports[0].protocol")}},
		{name: "in a map value", obj: func(w *Widget) { w.Spec.Selectors["env"] = Selector{Key: "env", Operator: "Gt"} },
			want: []errT{notSupported("spec.selectors[env].operator")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Status.Phase = "Unknown" }},
		{name: "update: changed", update: true,
			old:  func(w *Widget) { w.Status.Phase = "Unknown" },
			obj:  func(w *Widget) { w.Status.Phase = "Lost" },
			want: []errT{notSupported("status.phase")}},
	})
}

func TestWidgetNEQ(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "string", obj: func(w *Widget) { w.Spec.ClassName = "default" },
			want: []errT{neq_("spec.className")}},
		{name: "int", obj: func(w *Widget) { w.Spec.Priority = ptr(int32(13)) },
			want: []errT{neq_("spec.priority")}},
		{name: "int: both of two tags", obj: func(w *Widget) { w.Spec.Priority = ptr(int32(-13)) },
			want: []errT{minimum_("spec.priority")}},
		{name: "bool", obj: func(w *Widget) { w.Spec.Privileged = ptr(true) },
			want: []errT{neq_("spec.privileged")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) {
			w.Spec.ClassName = "default"
			w.Spec.Privileged = ptr(true)
		}},
		{name: "update: changed", update: true,
			old: func(w *Widget) { w.Spec.Priority = ptr(int32(12)) },
			obj: func(w *Widget) {
				w.Spec.Priority = ptr(int32(13))
				w.Spec.Privileged = ptr(true)
			},
			want: []errT{neq_("spec.priority"), neq_("spec.privileged")}},
	})
}

func TestWidgetOpaqueType(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "opaque field: the type's own rules do not run", obj: func(w *Widget) {
			w.Spec.Credentials = &common.Credentials{User: "Bad_User"}
		}},
		{name: "the same type, not opaque, elsewhere", obj: func(w *Widget) {
			w.Spec.Parts[0].Auth = &common.Credentials{User: "Bad_User"}
		}, want: []errT{shortName_("spec.parts[0].auth.user"), required("spec.parts[0].auth.token")}},
		{name: "update: opaque field changed", update: true,
			old: func(w *Widget) { w.Spec.Credentials = &common.Credentials{User: "Bad_User"} },
			obj: func(w *Widget) { w.Spec.Credentials.Token = strings.Repeat("t", 99) }},
		{name: "update: elements of an atomic list are revalidated in full", update: true,
			old:  func(w *Widget) { w.Spec.Parts[0].Auth = &common.Credentials{User: "Bad_User", Token: "t"} },
			obj:  func(w *Widget) { w.Spec.Parts[0].Auth.Token = "t2" },
			want: []errT{shortName_("spec.parts[0].auth.user")}},
	})
}

func TestWidgetIfEnabled(t *testing.T) {
	lowPorts := func(w *Widget) { w.Spec.ExtraPorts = []int32{8080, 80, 443} }
	longColor := func(w *Widget) { w.Spec.Color = "lightgoldenrod" }
	runWidgetCases(t, []widgetCase{
		{name: "chained ifEnabled=eachVal=minimum, enabled", obj: lowPorts,
			want: []errT{minimum_("spec.extraPorts[1]"), minimum_("spec.extraPorts[2]")}},
		{name: "chained, disabled", obj: lowPorts,
			opts: map[string]bool{OptionStrictPorts: false, OptionMultiZone: false, OptionColors: true}},
		{name: "chained, undefined", obj: lowPorts,
			opts: map[string]bool{OptionMultiZone: false, OptionColors: true},
			want: []errT{internal("spec.extraPorts")}},
		{name: "maxLength, enabled", obj: longColor, want: []errT{tooLong("spec.color")}},
		{name: "maxLength, disabled", obj: longColor,
			opts: map[string]bool{OptionStrictPorts: true, OptionMultiZone: false, OptionColors: false}},
		{name: "maxLength, undefined", obj: longColor,
			opts: map[string]bool{OptionStrictPorts: true, OptionMultiZone: false},
			want: []errT{internal("spec.color")}},
		{name: "undefined even when valid", opts: map[string]bool{},
			want: []errT{internal("spec.extraPorts"), internal("spec.zones"), internal("spec.color")}},
		{name: "nil options: every guarded field set", opts: map[string]bool{},
			obj:  func(w *Widget) { w.Spec.Zones = nil },
			want: []errT{internal("spec.extraPorts"), internal("spec.zones"), internal("spec.color")}},
		{name: "update: unchanged ratchets even when undefined", update: true, opts: map[string]bool{}},
		{name: "update: changed", update: true,
			old:  lowPorts,
			obj:  func(w *Widget) { w.Spec.ExtraPorts = append(w.Spec.ExtraPorts, 22) },
			want: []errT{minimum_("spec.extraPorts[1]"), minimum_("spec.extraPorts[2]"), minimum_("spec.extraPorts[3]")}},
	})
}

func TestWidgetIfDisabled(t *testing.T) {
	twoZones := func(w *Widget) { w.Spec.Zones = []string{"zone-a", "zone-b"} }
	multi := map[string]bool{OptionStrictPorts: true, OptionMultiZone: true, OptionColors: true}
	undefined := map[string]bool{OptionStrictPorts: true, OptionColors: true}
	runWidgetCases(t, []widgetCase{
		{name: "disabled: maxItems applies", obj: twoZones, want: []errT{tooMany("spec.zones")}},
		{name: "enabled: maxItems does not apply", obj: twoZones, opts: multi},
		{name: "undefined", obj: twoZones, opts: undefined, want: []errT{internal("spec.zones")}},
		{name: "enabled: the elements are checked", opts: multi,
			obj:  func(w *Widget) { w.Spec.Zones = []string{"zone-a", "Zone_B"} },
			want: []errT{shortName_("spec.zones[1]")}},
		{name: "BUG-1 disabled: maxItems stops the element checks",
			obj:  func(w *Widget) { w.Spec.Zones = []string{"Zone_A", "Zone_B"} },
			want: []errT{tooMany("spec.zones")}},
		{name: "BUG-1 undefined: the InternalError stops the element checks", opts: undefined,
			obj:  func(w *Widget) { w.Spec.Zones = []string{"Zone_A"} },
			want: []errT{internal("spec.zones")}},
		{name: "update: unchanged ratchets", update: true, old: twoZones},
		{name: "update: changed", update: true, old: twoZones,
			obj:  func(w *Widget) { w.Spec.Zones = []string{"zone-c", "zone-d"} },
			want: []errT{tooMany("spec.zones")}},
	})
}

func TestWidgetTypedefElements(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "enum list element", obj: func(w *Widget) { w.Spec.Protocols = []Protocol{ProtocolUDP, "ICMP"} },
			want: []errT{notSupported("spec.protocols[1]")}},
		{name: "enum list over maxItems", obj: func(w *Widget) { w.Spec.Protocols = []Protocol{"A", "B", "C"} },
			want: []errT{tooMany("spec.protocols")}},
		{name: "typedef map value and key", obj: func(w *Widget) {
			w.Spec.ZoneReplicas = map[string]ReplicaCount{"zone-a": 0, "Zone_B": 1, "zone-c": -1}
		}, want: []errT{minimum_("spec.zoneReplicas[zone-a]"), minimum_("spec.zoneReplicas[zone-c]"), shortName_("spec.zoneReplicas")}},
		{name: "update: typedef map values ratchet by key", update: true,
			old: func(w *Widget) { w.Spec.ZoneReplicas = map[string]ReplicaCount{"zone-a": 0, "Zone_B": 1} },
			obj: func(w *Widget) {
				w.Spec.ZoneReplicas["zone-c"] = 0
				w.Spec.ZoneReplicas["Zone_B"] = 2
			},
			want: []errT{minimum_("spec.zoneReplicas[zone-c]")}},
	})
}

func TestWidgetListOfPointers(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "element checks", obj: func(w *Widget) {
			w.Spec.Backends = append(w.Spec.Backends, &common.Reference{Name: "Bad", Namespace: ptr(common.ShortName("x.y"))})
		}, want: []errT{longName_("spec.backends[2].name"), shortName_("spec.backends[2].namespace")}},
		{name: "BUG-2 nil element is Required and stops the field", obj: func(w *Widget) {
			w.Spec.Backends = []*common.Reference{{Name: "Bad"}, nil, {Name: "ok"}, nil}
		}, want: []errT{required("spec.backends[1]"), required("spec.backends[3]")}},
		{name: "BUG-3 subfield is skipped when the required subfield is unset", obj: func(w *Widget) {
			w.Spec.Owner = &common.Reference{}
		}, want: []errT{required("spec.owner.name")}},
	})
}

func TestWidgetPaths(t *testing.T) {
	// Validate_<Type> roots its paths at fldPath; inline fields stay
	// directly under their parent.
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create, Options: defaultOptions()}
	spec := validWidget().Spec
	spec.Domain = ""
	spec.Parts[0].Children[1].Name = "Nut"
	got, ok := sameErrors(Validate_WidgetSpec(ctx, op, field.NewPath("items").Index(3).Child("spec"), &spec, nil),
		[]errT{required("items[3].spec.domain"), shortName_("items[3].spec.parts[0].children[1].name")})
	if !ok {
		t.Errorf("Validate_WidgetSpec: got %v", got)
	}
	part := Part{Name: "p", Children: []Part{{Name: "P"}}}
	got, ok = sameErrors(Validate_Part(ctx, op, nil, &part, nil), []errT{shortName_("children[0].name")})
	if !ok {
		t.Errorf("Validate_Part with nil path: got %v", got)
	}
	var n common.ShortName = "N"
	got, ok = sameErrors(common.Validate_ShortName(ctx, op, field.NewPath("n"), &n, nil), []errT{shortName_("n")})
	if !ok {
		t.Errorf("common.Validate_ShortName: got %v", got)
	}
	names := PartNames{"a", "B"}
	got, ok = sameErrors(Validate_PartNames(ctx, op, field.NewPath("names"), &names, nil), []errT{shortName_("names[1]")})
	if !ok {
		t.Errorf("Validate_PartNames: got %v", got)
	}
}

func TestWidgetScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w := validWidget()
	if !scheme.HasValidationFunc(w) {
		t.Fatal("no validation function registered for *Widget")
	}
	if errs := scheme.Validate(ctx, defaultOptions(), w); len(errs) != 0 {
		t.Errorf("valid widget: %v", errs)
	}

	bad := validWidget()
	bad.Spec.ClassName = "default"
	bad.Spec.Ports[0].Protocol = "SCTP"
	want := []errT{neq_("spec.className"), notSupported("spec.ports[0].protocol")}
	if got, ok := sameErrors(scheme.Validate(ctx, defaultOptions(), bad), want); !ok {
		t.Errorf("create: got %v, want %v", got, want)
	}
	// An update that does not touch the bad values ratchets them.
	newer := bad.DeepCopy()
	newer.Spec.Description = "changed"
	if errs := scheme.ValidateUpdate(ctx, defaultOptions(), newer, bad); len(errs) != 0 {
		t.Errorf("update: %v", errs)
	}
	newer.Spec.ClassName = ""
	if got, ok := sameErrors(scheme.ValidateUpdate(ctx, defaultOptions(), newer, bad), []errT{required("spec.className")}); !ok {
		t.Errorf("update: got %v", got)
	}
	// Options reach the validators.
	if got, ok := sameErrors(scheme.Validate(ctx, nil, w), []errT{internal("spec.extraPorts"), internal("spec.zones"), internal("spec.color")}); !ok {
		t.Errorf("nil options: got %v", got)
	}

	// Widget supports /status (supportsSubresource in doc.go): the same
	// validation as the root.
	if errs := scheme.Validate(ctx, defaultOptions(), w, "status"); len(errs) != 0 {
		t.Errorf("status of a valid widget: %v", errs)
	}
	if got, ok := sameErrors(scheme.Validate(ctx, defaultOptions(), bad, "status"), want); !ok {
		t.Errorf("status create: got %v, want %v", got, want)
	}
	if errs := scheme.ValidateUpdate(ctx, defaultOptions(), bad.DeepCopy(), bad, "status"); len(errs) != 0 {
		t.Errorf("status update, unchanged: %v", errs)
	}
	badStatus := validWidget()
	badStatus.Status.Phase = "Lost"
	if got, ok := sameErrors(scheme.ValidateUpdate(ctx, defaultOptions(), badStatus, validWidget(), "status"), []errT{notSupported("status.phase")}); !ok {
		t.Errorf("status update: got %v", got)
	}

	// Widget serves no other subresource.
	for _, sub := range [][]string{{"scale"}, {"status", "x"}, {"x", "y"}} {
		errs := scheme.Validate(ctx, defaultOptions(), w, sub...)
		if got, ok := sameErrors(errs, []errT{internal("<nil>")}); !ok {
			t.Errorf("subresource %v: got %v", sub, got)
			continue
		}
		if d := errs[0].Detail; !strings.Contains(d, "no validation found for *v1.Widget") || !strings.Contains(d, "/"+strings.Join(sub, "/")) {
			t.Errorf("subresource %v: detail %q", sub, d)
		}
		errs = scheme.ValidateUpdate(ctx, defaultOptions(), w, w, sub...)
		if got, ok := sameErrors(errs, []errT{internal("<nil>")}); !ok {
			t.Errorf("update subresource %v: got %v", sub, got)
		}
	}
}

func TestWidgetScaleSubresource(t *testing.T) {
	// WidgetScale has +k8s:isSubresource="/scale": its validation serves
	// that path only, never the root nor the package's /status.
	scheme := runtime.NewScheme()
	if err := RegisterValidations(scheme); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	good := &WidgetScale{Replicas: 3}
	bad := &WidgetScale{Replicas: -1}
	if errs := scheme.Validate(ctx, nil, good, "scale"); len(errs) != 0 {
		t.Errorf("valid scale: %v", errs)
	}
	if got, ok := sameErrors(scheme.Validate(ctx, nil, bad, "scale"), []errT{minimum_("replicas")}); !ok {
		t.Errorf("invalid scale: got %v", got)
	}
	if errs := scheme.ValidateUpdate(ctx, nil, bad.DeepCopy(), bad, "scale"); len(errs) != 0 {
		t.Errorf("unchanged scale ratchets: %v", errs)
	}
	if got, ok := sameErrors(scheme.ValidateUpdate(ctx, nil, &WidgetScale{Replicas: -2}, bad, "scale"), []errT{minimum_("replicas")}); !ok {
		t.Errorf("changed scale: got %v", got)
	}
	for _, sub := range [][]string{nil, {"status"}} {
		errs := scheme.Validate(ctx, nil, good, sub...)
		if got, ok := sameErrors(errs, []errT{internal("<nil>")}); !ok {
			t.Errorf("scale at %v: got %v", sub, got)
			continue
		}
		if d := errs[0].Detail; !strings.Contains(d, "no validation found for *v1.WidgetScale") {
			t.Errorf("scale at %v: detail %q", sub, d)
		}
	}

	// The handwritten twin agrees.
	op := operation.Operation{Type: operation.Create}
	for _, c := range []struct {
		obj, old *WidgetScale
		update   bool
		want     []errT
	}{
		{obj: good},
		{obj: bad, want: []errT{minimum_("replicas")}},
		{obj: bad, old: bad, update: true},
		{obj: &WidgetScale{Replicas: -2}, old: bad, update: true, want: []errT{minimum_("replicas")}},
	} {
		op.Type = operation.Create
		if c.update {
			op.Type = operation.Update
		}
		for name, errs := range map[string]field.ErrorList{
			"generated":   Validate_WidgetScale(ctx, op, nil, c.obj, c.old),
			"handwritten": ValidateWidgetScale(ctx, op, c.obj, c.old),
		} {
			if got, ok := sameErrors(errs, c.want); !ok {
				t.Errorf("%s %v -> %v: got %v, want %v", name, c.old, c.obj, got, c.want)
			}
		}
	}
}

func TestWidgetErrorDetails(t *testing.T) {
	// Not part of the contract's comparison, but what users read.
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create, Options: map[string]bool{OptionMultiZone: false, OptionColors: true}}
	w := validWidget()
	w.Spec.ClassName = "default"
	w.Spec.Privileged = ptr(true)
	w.Status.Phase = "Unknown"
	for _, errs := range []field.ErrorList{Validate_Widget(ctx, op, nil, w, nil), ValidateWidget(ctx, op, w, nil)} {
		details := map[string]string{}
		for _, e := range errs {
			details[e.Field] = e.Detail
		}
		for f, d := range map[string]string{
			"spec.className":  `must not be equal to "default"`,
			"spec.privileged": "must not be equal to true",
			"status.phase":    `supported values: "Failed", "Pending", "Ready"`,
			"spec.extraPorts": `undefined validation option "WidgetStrictPorts"`,
		} {
			if details[f] != d {
				t.Errorf("%s: detail %q, want %q", f, details[f], d)
			}
		}
	}
}

func TestWidgetDeepCopy(t *testing.T) {
	w := validWidget()
	c := w.DeepCopyObject().(*Widget)
	if !equality.Semantic.DeepEqual(w, c) {
		t.Fatal("copy differs")
	}
	c.Spec.Replicas = ptr(ReplicaCount(9))
	*c.Spec.Priority = 1
	*c.Spec.ClusterIP = "x"
	c.Spec.Addresses[0] = "x"
	c.Spec.Labels["app"] = "x"
	s := c.Spec.Selectors["env"]
	s.Values[0] = "x"
	c.Spec.Ports[0].Name = "x"
	c.Spec.ExtraPorts[0] = 1
	c.Spec.Zones[0] = "x"
	c.Spec.Backends[0].Name = "x"
	*c.Spec.Backends[1].Namespace = "x"
	c.Spec.Owner.Name = "x"
	c.Spec.Credentials.User = "x"
	c.Spec.Parts[0].Children[0].Children[0].Name = "x"
	c.Spec.Parts[0].Auth.User = "x"
	c.Spec.PartNames[0] = "x"
	c.Spec.Protocols[0] = "x"
	c.Spec.ZoneReplicas["zone-a"] = 7
	c.Status.PartCounts["frame"] = 7
	c.Status.LastUpdated.Time = time.Time{}
	c.Status.Conditions[0].Type = "x"
	c.Spec.Tags[0] = "x"
	c.Spec.Listeners[0].Port = 1
	c.Spec.Mounts[0].Path = "x"
	c.Spec.Storage.Type = "x"
	c.Spec.Storage.EmptyDir.SizeMB = 7
	*c.Spec.TTLSeconds = 7
	c.ObjectMeta.Labels = map[string]string{"x": "y"}
	if !equality.Semantic.DeepEqual(w, validWidget()) {
		t.Error("changing the copy changed the original")
	}
	if (*Widget)(nil).DeepCopy() != nil {
		t.Error("nil copy")
	}

	// The members of the union that validWidget leaves unset.
	st := &Storage{Type: StorageHost, HostPath: ptr("/srv"), Volumes: []string{"v1"}}
	var sc Storage
	st.DeepCopyInto(&sc)
	*sc.HostPath = "x"
	sc.Volumes[0] = "x"
	if *st.HostPath != "/srv" || st.Volumes[0] != "v1" {
		t.Error("changing the copied storage changed the original")
	}

	sc1 := &WidgetScale{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"a": "b"}}, Replicas: 2}
	sc2 := sc1.DeepCopyObject().(*WidgetScale)
	sc2.Labels["a"] = "c"
	sc2.Replicas = 3
	if sc1.Labels["a"] != "b" || sc1.Replicas != 2 {
		t.Error("changing the copied scale changed the original")
	}
	if (*WidgetScale)(nil).DeepCopy() != nil {
		t.Error("nil scale copy")
	}
}

func duplicate(f string) errT    { return errT{field.ErrorTypeDuplicate, f, ""} }
func union_(f string) errT       { return invalid(f, "union") }
func zeroOrOneOf_(f string) errT { return invalid(f, "zeroOrOneOf") }

func TestWidgetListTypeSet(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "unique, valid", obj: func(w *Widget) { w.Spec.Tags = []string{"a", "b", "c"} }},
		{name: "invalid item", obj: func(w *Widget) { w.Spec.Tags = []string{"ok", "Not_OK"} },
			want: []errT{shortName_("spec.tags[1]")}},
		{name: "duplicates at every later index", obj: func(w *Widget) { w.Spec.Tags = []string{"a", "b", "a", "a", "b"} },
			want: []errT{duplicate("spec.tags[2]"), duplicate("spec.tags[3]"), duplicate("spec.tags[4]")}},
		{name: "invalid duplicates: every item checked, the later reported", obj: func(w *Widget) { w.Spec.Tags = []string{"X", "X"} },
			want: []errT{shortName_("spec.tags[0]"), shortName_("spec.tags[1]"), duplicate("spec.tags[1]")}},
		{name: "long list: duplicates found by hashing", obj: func(w *Widget) {
			w.Spec.Tags = nil
			for i := range 40 {
				w.Spec.Tags = append(w.Spec.Tags, fmt.Sprintf("t%d", i%30))
			}
		}, want: func() []errT {
			var want []errT
			for i := 30; i < 40; i++ {
				want = append(want, duplicate(fmt.Sprintf("spec.tags[%d]", i)))
			}
			return want
		}()},
		{name: "update: reordered items ratchet by value", update: true,
			old: func(w *Widget) { w.Spec.Tags = []string{"Bad_A", "ok", "Bad_B"} },
			obj: func(w *Widget) { w.Spec.Tags = []string{"Bad_B", "Bad_A", "ok"} }},
		{name: "update: only new items are checked", update: true,
			old:  func(w *Widget) { w.Spec.Tags = []string{"Bad_A"} },
			obj:  func(w *Widget) { w.Spec.Tags = []string{"new", "Bad_A", "Bad_C"} },
			want: []errT{shortName_("spec.tags[2]")}},
		{name: "update: uniqueness is checked whenever the list changed", update: true,
			old:  func(w *Widget) { w.Spec.Tags = []string{"a", "a"} },
			obj:  func(w *Widget) { w.Spec.Tags = []string{"a", "a", "b"} },
			want: []errT{duplicate("spec.tags[1]")}},
		{name: "update: unchanged duplicates ratchet", update: true,
			old: func(w *Widget) { w.Spec.Tags = []string{"a", "a"} }},
	})
}

func TestWidgetListTypeMap(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "composite key: same name, other protocol is another item", obj: func(w *Widget) {
			w.Spec.Listeners = []Listener{{Name: "dns", Protocol: ProtocolTCP, Port: 53}, {Name: "dns", Protocol: ProtocolUDP, Port: 53}}
		}},
		{name: "composite key duplicates", obj: func(w *Widget) {
			w.Spec.Listeners = []Listener{
				{Name: "a", Protocol: ProtocolTCP, Port: 1},
				{Name: "a", Protocol: ProtocolUDP, Port: 2},
				{Name: "a", Protocol: ProtocolTCP, Port: 3},
				{Name: "a", Protocol: ProtocolUDP, Port: 4},
			}
		}, want: []errT{duplicate("spec.listeners[2]"), duplicate("spec.listeners[3]")}},
		{name: "item checks", obj: func(w *Widget) {
			w.Spec.Listeners = append(w.Spec.Listeners, Listener{Name: "Bad", Protocol: "SCTP", Port: -1}, Listener{})
		}, want: []errT{shortName_("spec.listeners[3].name"), notSupported("spec.listeners[3].protocol"), minimum_("spec.listeners[3].port"),
			required("spec.listeners[4].name"), required("spec.listeners[4].protocol"), required("spec.listeners[4].port")}},
		{name: "update: reordered items ratchet by key", update: true,
			old: func(w *Widget) { w.Spec.Listeners[2].Port = -22 },
			obj: func(w *Widget) {
				l := w.Spec.Listeners
				w.Spec.Listeners = []Listener{l[2], l[0], l[1]}
			}},
		{name: "update: a changed item is checked against its old self", update: true,
			old: func(w *Widget) { w.Spec.Listeners[2].Port = -22 },
			obj: func(w *Widget) {
				l := w.Spec.Listeners
				l[2].Name = "admin"
				w.Spec.Listeners = []Listener{l[2], l[0], l[1]}
				w.Spec.Listeners[0].Protocol = ProtocolUDP // another key: a new item
			},
			want: []errT{minimum_("spec.listeners[0].port")}},
		{name: "update: changed field of a correlated item", update: true,
			old: func(w *Widget) {
				w.Spec.Listeners[2].Port = -22
				w.Spec.Listeners[1].Port = -53
			},
			obj: func(w *Widget) {
				l := w.Spec.Listeners
				w.Spec.Listeners = []Listener{l[1], l[2], l[0]}
				w.Spec.Listeners[0].Port = -54
			},
			want: []errT{minimum_("spec.listeners[0].port")}},
		{name: "update: a duplicate added", update: true,
			obj:  func(w *Widget) { w.Spec.Listeners = append(w.Spec.Listeners, w.Spec.Listeners[1]) },
			want: []errT{duplicate("spec.listeners[3]")}},
	})
}

func TestWidgetListMapOfPointers(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "item checks", obj: func(w *Widget) {
			w.Spec.Mounts = append(w.Spec.Mounts, &Mount{Path: strings.Repeat("p", 65), SizeMB: -1}, &Mount{})
		}, want: []errT{tooLong("spec.mounts[2].path"), minimum_("spec.mounts[2].sizeMB"), required("spec.mounts[3].path")}},
		{name: "duplicates by key", obj: func(w *Widget) {
			w.Spec.Mounts = append(w.Spec.Mounts, &Mount{Path: "/data", SizeMB: 1}, &Mount{Path: "/tmp"})
		}, want: []errT{duplicate("spec.mounts[2]"), duplicate("spec.mounts[3]")}},
		{name: "nil items are Required and stop the other checks", obj: func(w *Widget) {
			w.Spec.Mounts = []*Mount{{Path: "/a"}, nil, {Path: "/a", SizeMB: -1}, nil}
		}, want: []errT{required("spec.mounts[1]"), required("spec.mounts[3]")}},
		{name: "update: reordered items ratchet by key", update: true,
			old: func(w *Widget) { w.Spec.Mounts[0].SizeMB = -1 },
			obj: func(w *Widget) { w.Spec.Mounts[0], w.Spec.Mounts[1] = w.Spec.Mounts[1], w.Spec.Mounts[0] }},
		{name: "update: changed item", update: true,
			old: func(w *Widget) { w.Spec.Mounts[0].SizeMB = -1 },
			obj: func(w *Widget) {
				w.Spec.Mounts[0], w.Spec.Mounts[1] = w.Spec.Mounts[1], w.Spec.Mounts[0]
				w.Spec.Mounts[1].SizeMB = -2
			},
			want: []errT{minimum_("spec.mounts[1].sizeMB")}},
	})
}

func TestWidgetItem(t *testing.T) {
	// +k8s:item(name: "primary", protocol: "TCP")=+k8s:subfield("port")=+k8s:minimum=1024
	runWidgetCases(t, []widgetCase{
		{name: "matching item below the minimum", obj: func(w *Widget) { w.Spec.Listeners[0].Port = 80 },
			want: []errT{minimum_("spec.listeners[0].port")}},
		{name: "the other keys are not that item", obj: func(w *Widget) {
			w.Spec.Listeners[1].Port = 80 // primary/UDP
			w.Spec.Listeners[2].Port = 80 // admin/TCP
		}},
		{name: "found wherever it is", obj: func(w *Widget) {
			w.Spec.Listeners = []Listener{{Name: "a", Protocol: ProtocolTCP, Port: 1}, {Name: "primary", Protocol: ProtocolTCP, Port: 443}}
		}, want: []errT{minimum_("spec.listeners[1].port")}},
		{name: "both the item rule and the item type's rule", obj: func(w *Widget) { w.Spec.Listeners[0].Port = -1 },
			want: []errT{minimum_("spec.listeners[0].port"), minimum_("spec.listeners[0].port")}},
		{name: "the subfield honours the member's required", obj: func(w *Widget) { w.Spec.Listeners[0].Port = 0 },
			want: []errT{required("spec.listeners[0].port")}},
		{name: "no such item: nothing to check", obj: func(w *Widget) { w.Spec.Listeners = w.Spec.Listeners[1:] }},
		{name: "only the first matching item", obj: func(w *Widget) {
			w.Spec.Listeners = append(w.Spec.Listeners, Listener{Name: "primary", Protocol: ProtocolTCP, Port: 80})
		}, want: []errT{duplicate("spec.listeners[3]")}},
		{name: "update: moved, unchanged item ratchets", update: true,
			old: func(w *Widget) { w.Spec.Listeners[0].Port = 80 },
			obj: func(w *Widget) {
				l := w.Spec.Listeners
				w.Spec.Listeners = []Listener{l[2], l[1], l[0]}
			}},
		{name: "update: changed port", update: true,
			old: func(w *Widget) { w.Spec.Listeners[0].Port = 80 },
			obj: func(w *Widget) {
				l := w.Spec.Listeners
				w.Spec.Listeners = []Listener{l[2], l[1], l[0]}
				w.Spec.Listeners[2].Port = 81
			},
			want: []errT{minimum_("spec.listeners[2].port")}},
		{name: "update: item added", update: true,
			old: func(w *Widget) { w.Spec.Listeners = w.Spec.Listeners[1:] },
			obj: func(w *Widget) {
				w.Spec.Listeners = append(w.Spec.Listeners, Listener{Name: "primary", Protocol: ProtocolTCP, Port: 80})
			},
			want: []errT{minimum_("spec.listeners[2].port")}},
	})
}

func TestWidgetUnion(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "each member with its discriminator", obj: func(w *Widget) {
			w.Spec.Storage = &Storage{Type: StorageHost, HostPath: ptr("/srv")}
		}},
		{name: "list member", obj: func(w *Widget) { w.Spec.Storage = &Storage{Type: StorageVolumes, Volumes: []string{"v1"}} }},
		{name: "none set", obj: func(w *Widget) { w.Spec.Storage = &Storage{Type: StorageEmptyDir} },
			want: []errT{union_("spec.storage.emptyDir")}},
		{name: "none set, memberName", obj: func(w *Widget) { w.Spec.Storage = &Storage{Type: StorageHost} },
			want: []errT{union_("spec.storage.hostPath")}},
		{name: "an empty list is unset", obj: func(w *Widget) { w.Spec.Storage = &Storage{Type: StorageVolumes, Volumes: []string{}} },
			want: []errT{union_("spec.storage.volumes")}},
		{name: "two set", obj: func(w *Widget) { w.Spec.Storage.HostPath = ptr("/srv") },
			want: []errT{union_("spec.storage.hostPath")}},
		{name: "three set", obj: func(w *Widget) {
			w.Spec.Storage.HostPath = ptr("/srv")
			w.Spec.Storage.Volumes = []string{"v"}
		}, want: []errT{union_("spec.storage.hostPath"), union_("spec.storage.volumes")}},
		{name: "discriminator names another member", obj: func(w *Widget) { w.Spec.Storage.Type = StorageHost },
			want: []errT{union_("spec.storage.emptyDir"), union_("spec.storage.hostPath")}},
		{name: "unknown discriminator: the enum says so", obj: func(w *Widget) { w.Spec.Storage.Type = "Cloud" },
			want: []errT{notSupported("spec.storage.type"), union_("spec.storage.emptyDir")}},
		{name: "unknown discriminator, nothing set", obj: func(w *Widget) { w.Spec.Storage = &Storage{Type: "Cloud"} },
			want: []errT{notSupported("spec.storage.type")}},
		{name: "no discriminator", obj: func(w *Widget) { w.Spec.Storage = &Storage{EmptyDir: &EmptyDirStorage{}} },
			want: []errT{required("spec.storage.type"), union_("spec.storage.emptyDir")}},
		{name: "members' own rules", obj: func(w *Widget) {
			w.Spec.Storage = &Storage{Type: StorageVolumes, Volumes: []string{"ok", "Bad"}, HostPath: ptr(strings.Repeat("h", 129))}
		}, want: []errT{shortName_("spec.storage.volumes[1]"), tooLong("spec.storage.hostPath"), union_("spec.storage.hostPath")}},
		{name: "update: unchanged invalid union ratchets", update: true,
			old: func(w *Widget) { w.Spec.Storage.HostPath = ptr("/srv") }},
		{name: "update: member values changed, set states not: not rechecked", update: true,
			old: func(w *Widget) { w.Spec.Storage.HostPath = ptr("/srv") },
			obj: func(w *Widget) {
				w.Spec.Storage.HostPath = ptr("/srv2")
				w.Spec.Storage.EmptyDir.SizeMB = 5
			}},
		{name: "update: a member set", update: true,
			obj:  func(w *Widget) { w.Spec.Storage.Volumes = []string{"v"} },
			want: []errT{union_("spec.storage.volumes")}},
		{name: "update: a member unset", update: true,
			old:  func(w *Widget) { w.Spec.Storage.HostPath = ptr("/srv") },
			obj:  func(w *Widget) { w.Spec.Storage.EmptyDir = nil },
			want: []errT{union_("spec.storage.emptyDir"), union_("spec.storage.hostPath")}},
		{name: "update: discriminator changed", update: true,
			old:  func(w *Widget) { w.Spec.Storage.HostPath = ptr("/srv") },
			obj:  func(w *Widget) { w.Spec.Storage.Type = StorageHost },
			want: []errT{union_("spec.storage.emptyDir")}},
		{name: "update: storage added is checked in full", update: true,
			old: func(w *Widget) { w.Spec.Storage = nil },
			obj: func(w *Widget) {
				w.Spec.Storage = &Storage{Type: StorageEmptyDir, EmptyDir: &EmptyDirStorage{}, HostPath: ptr("/srv")}
			},
			want: []errT{union_("spec.storage.hostPath")}},
	})
}

func TestWidgetZeroOrOneOf(t *testing.T) {
	runWidgetCases(t, []widgetCase{
		{name: "none", obj: func(w *Widget) { w.Spec.TTLSeconds = nil }},
		{name: "the other one", obj: func(w *Widget) {
			w.Spec.TTLSeconds = nil
			w.Spec.RunOnce = true
		}},
		{name: "two", obj: func(w *Widget) { w.Spec.RunOnce = true },
			want: []errT{zeroOrOneOf_("spec")}},
		{name: "two, and a member's own rule", obj: func(w *Widget) {
			w.Spec.RunOnce = true
			w.Spec.TTLSeconds = ptr(int32(0))
		}, want: []errT{zeroOrOneOf_("spec"), minimum_("spec.ttlSeconds")}},
		{name: "update: unchanged ratchets", update: true, old: func(w *Widget) { w.Spec.RunOnce = true },
			obj: func(w *Widget) { w.Spec.TTLSeconds = ptr(int32(60)) }},
		{name: "update: a second member set", update: true,
			obj:  func(w *Widget) { w.Spec.RunOnce = true },
			want: []errT{zeroOrOneOf_("spec")}},
		{name: "update: no old object", update: true, nilOld: true,
			old:  func(w *Widget) { w.Spec.RunOnce = true },
			want: []errT{zeroOrOneOf_("spec")}},
	})
}

func TestWidgetItemZeroOrOneOf(t *testing.T) {
	// +k8s:item(type: "Ready")=+k8s:zeroOrOneOfMember and the same for
	// "Failed": the group is checked at the list's path.
	ready := Condition{Type: "Ready", Status: ConditionTrue}
	failed := Condition{Type: "Failed", Status: ConditionTrue}
	runWidgetCases(t, []widgetCase{
		{name: "one", obj: func(w *Widget) { w.Status.Conditions = []Condition{failed} }},
		{name: "neither", obj: func(w *Widget) { w.Status.Conditions = []Condition{{Type: "Progressing", Status: ConditionTrue}} }},
		{name: "both", obj: func(w *Widget) { w.Status.Conditions = append(w.Status.Conditions, failed) },
			want: []errT{zeroOrOneOf_("status.conditions")}},
		{name: "both, and a duplicate", obj: func(w *Widget) {
			w.Status.Conditions = []Condition{failed, ready, ready}
		}, want: []errT{zeroOrOneOf_("status.conditions"), duplicate("status.conditions[2]")}},
		{name: "item checks", obj: func(w *Widget) {
			w.Status.Conditions = []Condition{{Type: strings.Repeat("t", 33), Status: "Maybe", Reason: strings.Repeat("r", 33)}, {}}
		}, want: []errT{tooLong("status.conditions[0].type"), notSupported("status.conditions[0].status"), tooLong("status.conditions[0].reason"),
			required("status.conditions[1].type"), required("status.conditions[1].status")}},
		{name: "update: unchanged presence ratchets", update: true,
			old: func(w *Widget) { w.Status.Conditions = append(w.Status.Conditions, failed) },
			obj: func(w *Widget) {
				c := w.Status.Conditions
				w.Status.Conditions = []Condition{c[2], c[1], c[0]}
				w.Status.Conditions[0].Status = ConditionFalse
			}},
		{name: "update: the second member added", update: true,
			obj:  func(w *Widget) { w.Status.Conditions = append(w.Status.Conditions, failed) },
			want: []errT{zeroOrOneOf_("status.conditions")}},
		{name: "update: reordered invalid items ratchet by key", update: true,
			old: func(w *Widget) { w.Status.Conditions[1].Status = "Maybe" },
			obj: func(w *Widget) {
				c := w.Status.Conditions
				w.Status.Conditions = []Condition{c[1], c[0]}
			}},
		{name: "update: a changed item is checked", update: true,
			old: func(w *Widget) { w.Status.Conditions[1].Status = "Maybe" },
			obj: func(w *Widget) {
				c := w.Status.Conditions
				w.Status.Conditions = []Condition{c[1], c[0]}
				w.Status.Conditions[0].Status = "Perhaps"
			},
			want: []errT{notSupported("status.conditions[0].status")}},
	})
}

func TestWidgetDuplicateBadValue(t *testing.T) {
	// The bad value of a Duplicate is the whole later item.
	ctx := context.Background()
	op := operation.Operation{Type: operation.Create, Options: defaultOptions()}
	w := validWidget()
	w.Spec.Tags = []string{"a", "a"}
	w.Spec.Listeners = append(w.Spec.Listeners, Listener{Name: "admin", Protocol: ProtocolTCP, Port: 23})
	w.Spec.Mounts = append(w.Spec.Mounts, &Mount{Path: "/tmp", SizeMB: 2})
	for name, errs := range map[string]field.ErrorList{"generated": Validate_Widget(ctx, op, nil, w, nil), "handwritten": ValidateWidget(ctx, op, w, nil)} {
		bad := map[string]any{}
		for _, e := range errs {
			if e.Type == field.ErrorTypeDuplicate {
				bad[e.Field] = e.BadValue
			}
		}
		if len(bad) != 3 || bad["spec.tags[1]"] != "a" ||
			bad["spec.listeners[3]"] != w.Spec.Listeners[3] || bad["spec.mounts[2]"] != w.Spec.Mounts[2] {
			t.Errorf("%s: duplicates %v", name, bad)
		}
	}
}

// TestWidgetUsesEveryTag keeps this example complete: every tag of the
// reference (TAGS.md) appears in the widgets API.
func TestWidgetUsesEveryTag(t *testing.T) {
	var src strings.Builder
	for _, f := range []string{"doc.go", "types.go", "../common/types.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	for _, tag := range []string{
		"optional", "required", "forbidden", "minimum=", "maxLength=", "maxItems=",
		"format=k8s-ip", "format=k8s-long-name", "format=k8s-short-name", "enum", "neq=",
		"eachKey=", "eachVal=", "subfield(", "opaqueType",
		"listType=atomic", "listType=set", "listType=map", "listMapKey=", "item(",
		"unionMember", "unionMember(memberName:", "unionDiscriminator", "zeroOrOneOfMember(union:",
		"ifEnabled(", "ifDisabled(", "supportsSubresource=", "isSubresource=",
	} {
		if !strings.Contains(src.String(), "+k8s:"+tag) {
			t.Errorf("no +k8s:%s in the widgets API", tag)
		}
	}
}

// The valid widget, lists, unions and all, validates without allocating,
// on create and on an update that changes every list. The status holds a
// metav1.Time: it is compared as equality.Semantic compares it, without
// its reflection.
func TestValidWidgetAllocatesNothing(t *testing.T) {
	ctx := context.Background()
	obj, old := validWidget(), validWidget()
	if obj.Status == nil || obj.Status.LastUpdated == nil {
		t.Fatal("the valid widget has no status time to compare")
	}
	earlier := metav1.NewTime(old.Status.LastUpdated.Add(-time.Hour))
	old.Status.LastUpdated = &earlier
	old.Spec.Tags = []string{"large", "old"}
	old.Spec.Listeners[0].Port = 9443
	old.Spec.Mounts[1].SizeMB = 1
	old.Spec.Storage.EmptyDir.SizeMB = 1
	unchanged := obj.DeepCopy()
	for _, c := range []struct {
		name string
		op   operation.Type
		obj  *Widget
		old  *Widget
	}{
		{"create", operation.Create, validWidget(), nil},
		{"update", operation.Update, obj, old},
		{"update unchanged", operation.Update, obj, unchanged},
	} {
		op := operation.Operation{Type: c.op, Options: defaultOptions()}
		if n := testing.AllocsPerRun(100, func() { Validate_Widget(ctx, op, nil, c.obj, c.old) }); n != 0 {
			t.Errorf("%s: %v allocations", c.name, n)
		}
	}
}
