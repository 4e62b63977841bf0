// Package handwritten is the baseline of the benchmarks: validation of the
// gadgets.example.com/v1 kinds (Gadget and Fleet) written by hand, the way
// Kubernetes API validation is written (pkg/apis/apps/validation), with no
// generator and no validation-gen runtime. It reports the same errors as
// the generated Validate_Gadget and Validate_Fleet, compared by Type, Field
// path and Origin; the tests prove it on thousands of random objects.
//
// Ratcheting: on an update, a field whose value equals its old value is not
// validated again, so objects stored under older rules stay updatable. A
// field has an old value only when its parent has one; items of list-maps
// are matched with the old item of the same key, set items with an equal
// old item, map values with the old value of the same key.
package handwritten

import (
	"context"
	"fmt"
	"slices"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	netutils "k8s.io/utils/net"
	"k8s.io/utils/ptr"

	gadgetsv1 "github.com/declval/validation-gen/examples/apis/gadgets/v1"
)

// OptionGadgetStrict selects the stricter minimum of spec.level.
const OptionGadgetStrict = "GadgetStrict"

// ValidateGadget validates a Gadget. oldObj is nil on create.
func ValidateGadget(ctx context.Context, op operation.Operation, obj, oldObj *gadgetsv1.Gadget) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && oldObj != nil

	var oldSpec *gadgetsv1.GadgetSpec
	var oldStatus *gadgetsv1.GadgetStatus
	if oldObj != nil {
		oldSpec = &oldObj.Spec
		oldStatus = oldObj.Status
	}
	if !(update && equality.Semantic.DeepEqual(&obj.Spec, &oldObj.Spec)) {
		allErrs = append(allErrs, validateGadgetSpec(op, &obj.Spec, oldSpec, field.NewPath("spec"))...)
	}
	if obj.Status != nil && !(update && equality.Semantic.DeepEqual(obj.Status, oldObj.Status)) {
		allErrs = append(allErrs, validateGadgetStatus(op, obj.Status, oldStatus, field.NewPath("status"))...)
	}
	return allErrs
}

func validateGadgetSpec(op operation.Operation, spec, old *gadgetsv1.GadgetSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.GadgetSpec{}
	}

	if p := fldPath.Child("model"); !(update && spec.Model == old.Model) {
		if spec.Model == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, validateShortName(spec.Model, p)...)
		}
	}

	if p := fldPath.Child("replicas"); spec.Replicas != nil && !(update && ptr.Equal(spec.Replicas, old.Replicas)) {
		if *spec.Replicas < 1 {
			allErrs = append(allErrs, minimum(p, *spec.Replicas, 1))
		}
	}

	if p := fldPath.Child("label"); spec.Label != "" && !(update && spec.Label == old.Label) {
		if utf8.RuneCountInString(spec.Label) > 16 {
			allErrs = append(allErrs, maxLength(p, spec.Label, 16))
		}
		if spec.Label == "none" {
			allErrs = append(allErrs, field.Invalid(p, spec.Label, `must not be equal to "none"`).WithOrigin("neq"))
		}
	}

	if p := fldPath.Child("vendor"); !(update && spec.Vendor == old.Vendor) {
		for _, msg := range validation.IsDNS1123Subdomain(spec.Vendor) {
			allErrs = append(allErrs, field.Invalid(p, spec.Vendor, msg).WithOrigin("format=k8s-long-name"))
		}
	}

	if p := fldPath.Child("priority"); !(update && spec.Priority == old.Priority) {
		allErrs = append(allErrs, apimachineryvalidation.ValidateNonnegativeField(int64(spec.Priority), p)...)
	}

	if p := fldPath.Child("address"); spec.Address != "" && !(update && spec.Address == old.Address) {
		if netutils.ParseIPSloppy(spec.Address) == nil {
			allErrs = append(allErrs, field.Invalid(p, spec.Address, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)").WithOrigin("format=k8s-ip"))
		}
	}

	if p := fldPath.Child("mode"); spec.Mode != "" && !(update && spec.Mode == old.Mode) {
		allErrs = append(allErrs, validateMode(spec.Mode, p)...)
	}

	if p := fldPath.Child("legacy"); spec.Legacy != "" && !(update && spec.Legacy == old.Legacy) {
		allErrs = append(allErrs, field.Forbidden(p, "this field is no longer supported"))
	}

	if p := fldPath.Child("locked"); spec.Locked != nil && !(update && ptr.Equal(spec.Locked, old.Locked)) {
		if *spec.Locked {
			allErrs = append(allErrs, field.Invalid(p, *spec.Locked, "must not be equal to true").WithOrigin("neq"))
		}
	}

	// tags is a set of at most 4 short names. On an update, a tag that was
	// already in the old list is not validated again.
	if p := fldPath.Child("tags"); len(spec.Tags) != 0 && !(update && equality.Semantic.DeepEqual(spec.Tags, old.Tags)) {
		if len(spec.Tags) > 4 {
			allErrs = append(allErrs, field.TooMany(p, len(spec.Tags), 4).WithOrigin("maxItems"))
		} else {
			for i, tag := range spec.Tags {
				if update && slices.Contains(old.Tags, tag) {
					continue
				}
				allErrs = append(allErrs, validateShortName(tag, p.Index(i))...)
			}
			allErrs = append(allErrs, validateUniqueStrings(spec.Tags, p)...)
		}
	}

	// limits: keys of at most 8 characters (reported at the map), values
	// not negative. On an update, keys that existed are not checked again,
	// nor values equal to their old value.
	if p := fldPath.Child("limits"); len(spec.Limits) != 0 && !(update && equality.Semantic.DeepEqual(spec.Limits, old.Limits)) {
		keys := sortedKeys(spec.Limits)
		for _, k := range keys {
			if _, existed := old.Limits[k]; update && existed {
				continue
			}
			if utf8.RuneCountInString(k) > 8 {
				allErrs = append(allErrs, maxLength(p, k, 8))
			}
		}
		for _, k := range keys {
			v := spec.Limits[k]
			if ov, existed := old.Limits[k]; update && existed && ov == v {
				continue
			}
			allErrs = append(allErrs, apimachineryvalidation.ValidateNonnegativeField(v, p.Key(k))...)
		}
	}

	if p := fldPath.Child("ports"); len(spec.Ports) != 0 && !(update && equality.Semantic.DeepEqual(spec.Ports, old.Ports)) {
		allErrs = append(allErrs, validatePorts(op, update, spec.Ports, old.Ports, p)...)
	}

	if p := fldPath.Child("disk"); spec.Disk != nil && !(update && equality.Semantic.DeepEqual(spec.Disk, old.Disk)) {
		// The spec asks for a disk of at least 2, where Disk itself
		// accepts 1; an unset size is Disk's concern.
		if size := spec.Disk.Size; size != 0 && !(update && old.Disk != nil && size == old.Disk.Size) && size < 2 {
			allErrs = append(allErrs, minimum(p.Child("size"), size, 2))
		}
		allErrs = append(allErrs, validateDisk(op, spec.Disk, old.Disk, p)...)
	}

	if p := fldPath.Child("power"); spec.Power != nil && !(update && equality.Semantic.DeepEqual(spec.Power, old.Power)) {
		allErrs = append(allErrs, validatePower(op, spec.Power, old.Power, p)...)
	}

	if p := fldPath.Child("level"); spec.Level != nil && !(update && ptr.Equal(spec.Level, old.Level)) {
		if strict, defined := op.HasOption(OptionGadgetStrict); !defined {
			allErrs = append(allErrs, field.InternalError(p, fmt.Errorf("undefined validation option %q", OptionGadgetStrict)))
		} else if strict && *spec.Level < 10 {
			allErrs = append(allErrs, minimum(p, *spec.Level, 10))
		} else if !strict && *spec.Level < 1 {
			allErrs = append(allErrs, minimum(p, *spec.Level, 1))
		}
	}

	// spec.notes is opaque: Disk's own rules do not apply to it.

	return allErrs
}

// validatePorts validates spec.ports, a list-map keyed by name of at most
// 8 items, whose "main" and "backup" items are mutually exclusive and
// whose "main" item must use a port of at least 1024.
func validatePorts(op operation.Operation, update bool, ports, oldPorts []gadgetsv1.Port, fldPath *field.Path) field.ErrorList {
	if len(ports) > 8 {
		return field.ErrorList{field.TooMany(fldPath, len(ports), 8).WithOrigin("maxItems")}
	}
	allErrs := field.ErrorList{}

	seen := make(map[string]bool, len(ports))
	for i, port := range ports {
		if seen[port.Name] {
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), port))
			continue
		}
		seen[port.Name] = true
	}

	// The main port (its first item, if several) is compared with the old
	// main port.
	if i := indexOfPort(ports, "main"); i >= 0 {
		port := ports[i].Port
		oldIdx := indexOfPort(oldPorts, "main")
		if port != 0 && !(update && oldIdx >= 0 && port == oldPorts[oldIdx].Port) && port < 1024 {
			allErrs = append(allErrs, minimum(fldPath.Index(i).Child("port"), port, 1024))
		}
	}

	// Checked again on an update only when which of them are set changed.
	hasMain, hasBackup := indexOfPort(ports, "main") >= 0, indexOfPort(ports, "backup") >= 0
	if hasMain && hasBackup && !(update && indexOfPort(oldPorts, "main") >= 0 && indexOfPort(oldPorts, "backup") >= 0) {
		allErrs = append(allErrs, field.Invalid(fldPath, `{Ports[{"name": "main"}], Ports[{"name": "backup"}]}`,
			"must specify at most one of: `Ports[{\"name\": \"main\"}]`, `Ports[{\"name\": \"backup\"}]`").WithOrigin("zeroOrOneOf"))
	}

	oldByName := make(map[string]*gadgetsv1.Port, len(oldPorts))
	if update {
		for i := range oldPorts {
			if _, ok := oldByName[oldPorts[i].Name]; !ok {
				oldByName[oldPorts[i].Name] = &oldPorts[i]
			}
		}
	}
	for i := range ports {
		oldPort := oldByName[ports[i].Name]
		if oldPort != nil && equality.Semantic.DeepEqual(&ports[i], oldPort) {
			continue
		}
		allErrs = append(allErrs, validatePort(op, &ports[i], oldPort, fldPath.Index(i))...)
	}
	return allErrs
}

func indexOfPort(ports []gadgetsv1.Port, name string) int {
	return slices.IndexFunc(ports, func(p gadgetsv1.Port) bool { return p.Name == name })
}

func validatePort(op operation.Operation, port, old *gadgetsv1.Port, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.Port{}
	}
	if p := fldPath.Child("name"); !(update && port.Name == old.Name) && utf8.RuneCountInString(port.Name) > 32 {
		allErrs = append(allErrs, maxLength(p, port.Name, 32))
	}
	if p := fldPath.Child("port"); port.Port != 0 && !(update && port.Port == old.Port) && port.Port < 1 {
		allErrs = append(allErrs, minimum(p, port.Port, 1))
	}
	return allErrs
}

func validateDisk(op operation.Operation, disk, old *gadgetsv1.Disk, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if p := fldPath.Child("size"); disk.Size != 0 && !(update && disk.Size == old.Size) && disk.Size < 1 {
		allErrs = append(allErrs, minimum(p, disk.Size, 1))
	}
	return allErrs
}

// validatePower validates a union of power sources, discriminated by kind:
// the battery is set exactly when kind is "Battery", the plug exactly when
// kind is "Mains".
func validatePower(op operation.Operation, power, old *gadgetsv1.Power, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.Power{}
	}

	// Checked again on an update only when the kind, or which members are
	// set, changed.
	if !(update && power.Kind == old.Kind && (power.Battery != nil) == (old.Battery != nil) && (power.Plug != nil) == (old.Plug != nil)) {
		allErrs = append(allErrs, validateUnionMember(power.Kind, "Battery", power.Battery != nil, fldPath.Child("battery"))...)
		allErrs = append(allErrs, validateUnionMember(power.Kind, "Mains", power.Plug != nil, fldPath.Child("plug"))...)
	}

	if p := fldPath.Child("kind"); !(update && power.Kind == old.Kind) && power.Kind == "" {
		allErrs = append(allErrs, field.Required(p, ""))
	}

	if p := fldPath.Child("battery"); power.Battery != nil && !(update && equality.Semantic.DeepEqual(power.Battery, old.Battery)) {
		allErrs = append(allErrs, validateBattery(op, power.Battery, old.Battery, p)...)
	}
	return allErrs
}

// validateUnionMember checks that a member of a discriminated union is set
// exactly when the discriminator (kind) selects it.
func validateUnionMember(kind, selectedBy string, set bool, fldPath *field.Path) field.ErrorList {
	switch {
	case set && kind != selectedBy:
		return field.ErrorList{field.Invalid(fldPath, "", fmt.Sprintf("may only be specified when `kind` is %q", selectedBy)).WithOrigin("union")}
	case !set && kind == selectedBy:
		return field.ErrorList{field.Invalid(fldPath, "", fmt.Sprintf("must be specified when `kind` is %q", kind)).WithOrigin("union")}
	}
	return nil
}

func validateBattery(op operation.Operation, battery, old *gadgetsv1.Battery, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if p := fldPath.Child("cells"); battery.Cells != 0 && !(update && battery.Cells == old.Cells) && battery.Cells < 1 {
		allErrs = append(allErrs, minimum(p, battery.Cells, 1))
	}
	return allErrs
}

func validateGadgetStatus(op operation.Operation, status, old *gadgetsv1.GadgetStatus, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.GadgetStatus{}
	}

	// Exactly one of ready and failed is set; checked again on an update
	// only when which of them are set changed.
	ready, failed := status.Ready != nil, status.Failed != nil
	if !(update && ready == (old.Ready != nil) && failed == (old.Failed != nil)) {
		switch {
		case !ready && !failed:
			allErrs = append(allErrs, field.Invalid(fldPath, "", "must specify one of: `ready`, `failed`").WithOrigin("union"))
		case ready && failed:
			allErrs = append(allErrs, field.Invalid(fldPath, "{ready, failed}", "must specify exactly one of: `ready`, `failed`").WithOrigin("union"))
		}
	}

	if p := fldPath.Child("replicas"); !(update && status.Replicas == old.Replicas) {
		allErrs = append(allErrs, apimachineryvalidation.ValidateNonnegativeField(int64(status.Replicas), p)...)
	}
	return allErrs
}

// ValidateFleet validates a Fleet. oldObj is nil on create.
func ValidateFleet(ctx context.Context, op operation.Operation, obj, oldObj *gadgetsv1.Fleet) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && oldObj != nil

	var oldSpec *gadgetsv1.FleetSpec
	if oldObj != nil {
		oldSpec = &oldObj.Spec
	}
	if !(update && equality.Semantic.DeepEqual(&obj.Spec, &oldObj.Spec)) {
		allErrs = append(allErrs, validateFleetSpec(op, &obj.Spec, oldSpec, field.NewPath("spec"))...)
	}
	return allErrs
}

// maxFleetItems bounds the devices and zones of a fleet.
const maxFleetItems = 200000

func validateFleetSpec(op operation.Operation, spec, old *gadgetsv1.FleetSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.FleetSpec{}
	}

	// devices is a list-map keyed by name. On an update, a device equal to
	// the old device of the same name is not validated again.
	if p := fldPath.Child("devices"); len(spec.Devices) != 0 && !(update && equality.Semantic.DeepEqual(spec.Devices, old.Devices)) {
		if len(spec.Devices) > maxFleetItems {
			allErrs = append(allErrs, field.TooMany(p, len(spec.Devices), maxFleetItems).WithOrigin("maxItems"))
		} else {
			seen := make(map[string]bool, len(spec.Devices))
			for i := range spec.Devices {
				name := spec.Devices[i].Name
				if seen[name] {
					allErrs = append(allErrs, field.Duplicate(p.Index(i), spec.Devices[i]))
					continue
				}
				seen[name] = true
			}

			var oldByName map[string]*gadgetsv1.Device
			if update {
				oldByName = make(map[string]*gadgetsv1.Device, len(old.Devices))
				for i := range old.Devices {
					if _, ok := oldByName[old.Devices[i].Name]; !ok {
						oldByName[old.Devices[i].Name] = &old.Devices[i]
					}
				}
			}
			for i := range spec.Devices {
				device := &spec.Devices[i]
				oldDevice := oldByName[device.Name]
				if oldDevice != nil && equality.Semantic.DeepEqual(device, oldDevice) {
					continue
				}
				allErrs = append(allErrs, validateDevice(op, device, oldDevice, p.Index(i))...)
			}
		}
	}

	// zones is a set of names.
	if p := fldPath.Child("zones"); len(spec.Zones) != 0 && !(update && equality.Semantic.DeepEqual(spec.Zones, old.Zones)) {
		if len(spec.Zones) > maxFleetItems {
			allErrs = append(allErrs, field.TooMany(p, len(spec.Zones), maxFleetItems).WithOrigin("maxItems"))
		} else {
			allErrs = append(allErrs, validateUniqueStrings(spec.Zones, p)...)
		}
	}
	return allErrs
}

func validateDevice(op operation.Operation, device, old *gadgetsv1.Device, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	update := op.Type == operation.Update && old != nil
	if old == nil {
		old = &gadgetsv1.Device{}
	}
	if p := fldPath.Child("name"); !(update && device.Name == old.Name) && utf8.RuneCountInString(device.Name) > 63 {
		allErrs = append(allErrs, maxLength(p, device.Name, 63))
	}
	if p := fldPath.Child("slot"); device.Slot != 0 && !(update && device.Slot == old.Slot) && device.Slot < 1 {
		allErrs = append(allErrs, minimum(p, device.Slot, 1))
	}
	if p := fldPath.Child("model"); device.Model != "" && !(update && device.Model == old.Model) && utf8.RuneCountInString(device.Model) > 32 {
		allErrs = append(allErrs, maxLength(p, device.Model, 32))
	}
	if p := fldPath.Child("mode"); device.Mode != "" && !(update && device.Mode == old.Mode) {
		allErrs = append(allErrs, validateMode(device.Mode, p)...)
	}
	return allErrs
}

var supportedModes = []gadgetsv1.Mode{gadgetsv1.ModeFast, gadgetsv1.ModeSafe}

func validateMode(mode gadgetsv1.Mode, fldPath *field.Path) field.ErrorList {
	if !slices.Contains(supportedModes, mode) {
		return field.ErrorList{field.NotSupported(fldPath, mode, supportedModes)}
	}
	return nil
}

func validateShortName(name string, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for _, msg := range validation.IsDNS1123Label(name) {
		allErrs = append(allErrs, field.Invalid(fldPath, name, msg).WithOrigin("format=k8s-short-name"))
	}
	return allErrs
}

// validateUniqueStrings reports every item of a set that repeats an
// earlier one, as Duplicate at the later index.
func validateUniqueStrings(items []string, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := make(map[string]bool, len(items))
	for i, item := range items {
		if seen[item] {
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), item))
			continue
		}
		seen[item] = true
	}
	return allErrs
}

func minimum[T int32 | int64](fldPath *field.Path, value, min T) *field.Error {
	return field.Invalid(fldPath, value, fmt.Sprintf("must be greater than or equal to %d", min)).WithOrigin("minimum")
}

func maxLength(fldPath *field.Path, value string, max int) *field.Error {
	return field.TooLongCharacters(fldPath, value, max).WithOrigin("maxLength")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
