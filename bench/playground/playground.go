package playground

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
	"k8s.io/apimachinery/pkg/util/validation"
	netutils "k8s.io/utils/net"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
)

// New returns a validator with every registration of this package done:
// JSON names in error namespaces, the Kubernetes formats, and the
// struct-level rules. A *validator.Validate is safe for concurrent use and
// caches what it learns of each type, so make one and reuse it.
func New() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(jsonName)
	for tag, fn := range map[string]validator.Func{
		"k8s-short-name": isShortName,
		"k8s-long-name":  isLongName,
		"k8s-ip":         isIP,
	} {
		if err := v.RegisterValidation(tag, fn); err != nil {
			panic(err) // only for a bad tag name: a bug of this package
		}
	}
	v.RegisterStructValidation(gadgetSpecRules, GadgetSpec{})
	v.RegisterStructValidation(powerRules, Power{})
	v.RegisterStructValidation(gadgetStatusRules, GadgetStatus{})
	return v
}

// jsonName names fields in error namespaces by their JSON names, as
// Kubernetes field paths do.
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "-" {
		return ""
	}
	return name
}

// isShortName is format=k8s-short-name: a DNS-1123 label.
func isShortName(fl validator.FieldLevel) bool {
	return len(validation.IsDNS1123Label(fl.Field().String())) == 0
}

// isLongName is format=k8s-long-name: a DNS-1123 subdomain.
func isLongName(fl validator.FieldLevel) bool {
	return len(validation.IsDNS1123Subdomain(fl.Field().String())) == 0
}

// isIP is format=k8s-ip: an IP address as Kubernetes' legacy IP fields
// accept it (IPv4 octets may have leading zeros).
func isIP(fl validator.FieldLevel) bool {
	return netutils.ParseIPSloppy(fl.Field().String()) != nil
}

// gadgetSpecRules holds the rules of GadgetSpec that tags cannot place:
//
//   - +k8s:subfield("size")=+k8s:minimum=2 on disk: size, when set, is at
//     least 2 (on top of Disk's own minimum=1, which its tag checks);
//   - +k8s:item(name: "main")=+k8s:subfield("port")=+k8s:minimum=1024 on
//     ports: the port of the item named "main", when set, is at least 1024;
//   - +k8s:item(name: "main"/"backup")=+k8s:zeroOrOneOfMember on ports: at
//     most one of the items "main" and "backup" is present.
//
// Like the generated validator, the item rules look at the first item of
// each name, and only when ports is within its maxItems.
func gadgetSpecRules(sl validator.StructLevel) {
	s := sl.Current().Interface().(GadgetSpec)
	if s.Disk != nil && s.Disk.Size != 0 && s.Disk.Size < 2 {
		sl.ReportError(s.Disk.Size, "disk.size", "Disk.Size", "min", "2")
	}
	if n := len(s.Ports); n > 0 && n <= 8 {
		main, backup := -1, -1
		for i := range s.Ports {
			switch name := s.Ports[i].Name; {
			case name == "main" && main < 0:
				main = i
			case name == "backup" && backup < 0:
				backup = i
			}
		}
		if main >= 0 {
			if p := s.Ports[main].Port; p != 0 && p < 1024 {
				i := strconv.Itoa(main)
				sl.ReportError(p, "ports["+i+"].port", "Ports["+i+"].Port", "min", "1024")
			}
			if backup >= 0 {
				sl.ReportError(s.Ports, "ports", "Ports", "zeroOrOneOf", "main backup")
			}
		}
	}
}

// powerRules is Power's discriminated union: kind names the member that
// is set ("Battery" for battery, "Mains" for plug). A member that is set
// while kind names another, and the member kind names left unset, are
// errors at the member.
func powerRules(sl validator.StructLevel) {
	p := sl.Current().Interface().(Power)
	if (p.Battery != nil) != (p.Kind == "Battery") {
		sl.ReportError(p.Battery, "battery", "Battery", "union", "Battery")
	}
	if (p.Plug != nil) != (p.Kind == "Mains") {
		sl.ReportError(p.Plug, "plug", "Plug", "union", "Mains")
	}
}

// gadgetStatusRules is GadgetStatus's union: exactly one of ready and
// failed is set. The error is at the status itself (its namespace ends
// with the status's, followed by a dot).
func gadgetStatusRules(sl validator.StructLevel) {
	s := sl.Current().Interface().(GadgetStatus)
	if (s.Ready != nil) == (s.Failed != nil) {
		sl.ReportError(s, "", "", "union", "ready failed")
	}
}

// CronTabFrom converts a CronTab to its go-playground mirror. The result
// shares no memory with in.
func CronTabFrom(in *stablev1.CronTab) *CronTab {
	if in == nil {
		return nil
	}
	return &CronTab{
		TypeMeta:   in.TypeMeta,
		ObjectMeta: *in.ObjectMeta.DeepCopy(),
		Spec: CronTabSpec{
			CronSpec: in.Spec.CronSpec,
			Image:    in.Spec.Image,
			Replicas: clone(in.Spec.Replicas),
		},
	}
}

// GadgetFrom converts a Gadget to its go-playground mirror. The result
// shares no memory with in.
func GadgetFrom(in *gadgetsv1.Gadget) *Gadget {
	if in == nil {
		return nil
	}
	s := &in.Spec
	out := &Gadget{
		TypeMeta:   in.TypeMeta,
		ObjectMeta: *in.ObjectMeta.DeepCopy(),
		Spec: GadgetSpec{
			Model:    s.Model,
			Replicas: clone(s.Replicas),
			Label:    s.Label,
			Vendor:   s.Vendor,
			Priority: s.Priority,
			Address:  s.Address,
			Mode:     Mode(s.Mode),
			Legacy:   s.Legacy,
			Locked:   clone(s.Locked),
			Level:    clone(s.Level),
		},
	}
	if s.Tags != nil {
		out.Spec.Tags = append([]string{}, s.Tags...)
	}
	if s.Limits != nil {
		out.Spec.Limits = make(map[string]int64, len(s.Limits))
		for k, v := range s.Limits {
			out.Spec.Limits[k] = v
		}
	}
	if s.Ports != nil {
		out.Spec.Ports = make([]Port, len(s.Ports))
		for i, p := range s.Ports {
			out.Spec.Ports[i] = Port{Name: p.Name, Port: p.Port}
		}
	}
	if s.Disk != nil {
		out.Spec.Disk = &Disk{Size: s.Disk.Size}
	}
	if s.Notes != nil {
		out.Spec.Notes = &Disk{Size: s.Notes.Size}
	}
	if s.Power != nil {
		out.Spec.Power = &Power{Kind: s.Power.Kind, Plug: clone(s.Power.Plug)}
		if s.Power.Battery != nil {
			out.Spec.Power.Battery = &Battery{Cells: s.Power.Battery.Cells}
		}
	}
	if in.Status != nil {
		out.Status = &GadgetStatus{
			Replicas: in.Status.Replicas,
			Ready:    clone(in.Status.Ready),
			Failed:   clone(in.Status.Failed),
		}
	}
	return out
}

// FleetFrom converts a Fleet to its go-playground mirror. The result
// shares no memory with in.
func FleetFrom(in *gadgetsv1.Fleet) *Fleet {
	if in == nil {
		return nil
	}
	out := &Fleet{
		TypeMeta:   in.TypeMeta,
		ObjectMeta: *in.ObjectMeta.DeepCopy(),
	}
	if in.Spec.Devices != nil {
		out.Spec.Devices = make([]Device, len(in.Spec.Devices))
		for i, d := range in.Spec.Devices {
			out.Spec.Devices[i] = Device{Name: d.Name, Slot: d.Slot, Model: d.Model, Mode: Mode(d.Mode)}
		}
	}
	if in.Spec.Zones != nil {
		out.Spec.Zones = append([]string{}, in.Spec.Zones...)
	}
	return out
}

func clone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
