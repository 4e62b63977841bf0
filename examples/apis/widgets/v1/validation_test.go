package v1

import (
	"context"
	"fmt"
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
		},
		Status: &WidgetStatus{
			Phase:       PhaseReady,
			PartCounts:  map[string]int32{"frame": 1, "panel": 0},
			LastUpdated: &metav1.Time{Time: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
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
		}},
		{name: "unset optional fields skip even an undefined option", opts: map[string]bool{},
			obj: func(w *Widget) { w.Spec.Color, w.Spec.ExtraPorts, w.Spec.Zones = "", nil, nil }},
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
			want: []errT{internal("spec.extraPorts"), internal("spec.color")}},
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

	// Widget has no subresource validation.
	for _, sub := range [][]string{{"status"}, {"scale"}, {"x", "y"}} {
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
	c.ObjectMeta.Labels = map[string]string{"x": "y"}
	if !equality.Semantic.DeepEqual(w, validWidget()) {
		t.Error("changing the copy changed the original")
	}
	if (*Widget)(nil).DeepCopy() != nil {
		t.Error("nil copy")
	}
}
