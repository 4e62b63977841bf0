package v1

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/examples/apis/widgets/common"
)

// This file is the handwritten twin of zz_generated.validations.go: the
// same rules, written the way Kubernetes API validation is written by
// hand, reporting errors with the same Type, Field and Origin. The tests
// check that both agree.
//
// Ratcheting: on an update, a field whose value equals its old value is not
// validated again. A field's old value is known ("correlated") only when its
// parent's old value is; elements of atomic lists never have one.

// Validation options read by the Widget rules.
const (
	OptionStrictPorts = "WidgetStrictPorts"
	OptionMultiZone   = "WidgetMultiZone"
	OptionColors      = "WidgetColors"
)

// ValidateWidget validates a Widget. oldObj is nil on create.
func ValidateWidget(ctx context.Context, op operation.Operation, obj, oldObj *Widget) field.ErrorList {
	allErrs := field.ErrorList{}
	var oldSpec *WidgetSpec
	var oldStatus *WidgetStatus
	if oldObj != nil {
		oldSpec = &oldObj.Spec
		oldStatus = oldObj.Status
	}
	if !(oldObj != nil && unchanged(op, true, obj.Spec, oldObj.Spec)) {
		allErrs = append(allErrs, validateWidgetSpec(op, &obj.Spec, oldSpec, field.NewPath("spec"))...)
	}
	if obj.Status != nil && !unchanged(op, oldObj != nil, obj.Status, oldStatus) {
		allErrs = append(allErrs, validateWidgetStatus(op, obj.Status, oldStatus, field.NewPath("status"))...)
	}
	return allErrs
}

// unchanged reports whether a field need not be validated again: on an
// update, when its old value is known (correlated) and equal to the new
// one. Pointers are compared by what they point to.
func unchanged(op operation.Operation, correlated bool, newVal, oldVal any) bool {
	return op.Type == operation.Update && correlated && equality.Semantic.DeepEqual(newVal, oldVal)
}

func validateWidgetSpec(op operation.Operation, spec, old *WidgetSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &WidgetSpec{}
	}

	// Naming is inline: its fields are validated at the spec's path.
	if !unchanged(op, correlated, spec.Naming, old.Naming) {
		var oldNaming *Naming
		if correlated {
			oldNaming = &old.Naming
		}
		allErrs = append(allErrs, validateNaming(op, &spec.Naming, oldNaming, fldPath)...)
	}

	if p := fldPath.Child("className"); !unchanged(op, correlated, spec.ClassName, old.ClassName) {
		if spec.ClassName == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else if spec.ClassName == "default" {
			allErrs = append(allErrs, neq(p, spec.ClassName, `"default"`))
		}
	}

	if p := fldPath.Child("replicas"); spec.Replicas != nil && !unchanged(op, correlated, spec.Replicas, old.Replicas) {
		allErrs = append(allErrs, validateReplicaCount(*spec.Replicas, p)...)
	}

	if p := fldPath.Child("priority"); spec.Priority != nil && !unchanged(op, correlated, spec.Priority, old.Priority) {
		allErrs = append(allErrs, minimum(p, int64(*spec.Priority), *spec.Priority, 0)...)
		if *spec.Priority == 13 {
			allErrs = append(allErrs, neq(p, *spec.Priority, "13"))
		}
	}

	if p := fldPath.Child("privileged"); spec.Privileged != nil && !unchanged(op, correlated, spec.Privileged, old.Privileged) {
		if *spec.Privileged {
			allErrs = append(allErrs, neq(p, true, "true"))
		}
	}

	if p := fldPath.Child("legacyID"); spec.LegacyID != "" && !unchanged(op, correlated, spec.LegacyID, old.LegacyID) {
		allErrs = append(allErrs, field.Forbidden(p, ""))
	}

	if p := fldPath.Child("clusterIP"); spec.ClusterIP != nil && !unchanged(op, correlated, spec.ClusterIP, old.ClusterIP) {
		allErrs = append(allErrs, validateIP(p, *spec.ClusterIP)...)
	}

	if p := fldPath.Child("addresses"); len(spec.Addresses) != 0 && !unchanged(op, correlated, spec.Addresses, old.Addresses) {
		if len(spec.Addresses) > 4 {
			allErrs = append(allErrs, maxItems(p, len(spec.Addresses), 4))
		} else {
			for i, a := range spec.Addresses {
				allErrs = append(allErrs, validateIP(p.Index(i), a)...)
			}
		}
	}

	if p := fldPath.Child("labels"); len(spec.Labels) != 0 && !unchanged(op, correlated, spec.Labels, old.Labels) {
		for _, k := range sortedKeys(spec.Labels) {
			if _, existed := old.Labels[k]; op.Type == operation.Update && existed {
				continue
			}
			// A key's errors are reported at the map's path.
			allErrs = append(allErrs, shortName(p, k)...)
		}
		for _, k := range sortedKeys(spec.Labels) {
			v := spec.Labels[k]
			if ov, ok := old.Labels[k]; op.Type == operation.Update && ok && ov == v {
				continue
			}
			allErrs = append(allErrs, maxLength(p.Key(k), v, 16)...)
		}
	}

	if p := fldPath.Child("selectors"); len(spec.Selectors) != 0 && !unchanged(op, correlated, spec.Selectors, old.Selectors) {
		for _, k := range sortedKeys(spec.Selectors) {
			if _, existed := old.Selectors[k]; op.Type == operation.Update && existed {
				continue
			}
			allErrs = append(allErrs, maxLength(p, k, 8)...)
		}
		for _, k := range sortedKeys(spec.Selectors) {
			sel := spec.Selectors[k]
			var oldSel *Selector
			if os, ok := old.Selectors[k]; ok {
				oldSel = &os
			}
			if oldSel != nil && unchanged(op, true, sel, *oldSel) {
				continue
			}
			allErrs = append(allErrs, validateSelector(op, &sel, oldSel, p.Key(k))...)
		}
	}

	if p := fldPath.Child("ports"); len(spec.Ports) != 0 && !unchanged(op, correlated, spec.Ports, old.Ports) {
		if len(spec.Ports) > 4 {
			allErrs = append(allErrs, maxItems(p, len(spec.Ports), 4))
		} else {
			for i := range spec.Ports {
				allErrs = append(allErrs, validatePort(op, &spec.Ports[i], nil, p.Index(i))...)
			}
		}
	}

	if p := fldPath.Child("extraPorts"); len(spec.ExtraPorts) != 0 && !unchanged(op, correlated, spec.ExtraPorts, old.ExtraPorts) {
		if enabled, defined := op.HasOption(OptionStrictPorts); !defined {
			allErrs = append(allErrs, undefinedOption(p, OptionStrictPorts))
		} else if enabled {
			for i, port := range spec.ExtraPorts {
				allErrs = append(allErrs, minimum(p.Index(i), int64(port), port, 1024)...)
			}
		}
	}

	if p := fldPath.Child("zones"); !unchanged(op, correlated, spec.Zones, old.Zones) {
		// The option check and maxItems stop the field's other checks. As
		// Kubernetes runs every short-circuiting check of a field, an
		// undefined option is reported for an empty list too.
		if enabled, defined := op.HasOption(OptionMultiZone); !defined {
			allErrs = append(allErrs, undefinedOption(p, OptionMultiZone))
		} else if !enabled && len(spec.Zones) > 1 {
			allErrs = append(allErrs, maxItems(p, len(spec.Zones), 1))
		} else {
			for i, z := range spec.Zones {
				allErrs = append(allErrs, shortName(p.Index(i), z)...)
			}
		}
	}

	if p := fldPath.Child("color"); spec.Color != "" && !unchanged(op, correlated, spec.Color, old.Color) {
		if enabled, defined := op.HasOption(OptionColors); !defined {
			allErrs = append(allErrs, undefinedOption(p, OptionColors))
		} else if enabled {
			allErrs = append(allErrs, maxLength(p, spec.Color, 7)...)
		}
	}

	if p := fldPath.Child("backends"); len(spec.Backends) != 0 && !unchanged(op, correlated, spec.Backends, old.Backends) {
		// nil elements are rejected first, and stop the field's other checks.
		var nils field.ErrorList
		for i, b := range spec.Backends {
			if b == nil {
				nils = append(nils, field.Required(p.Index(i), ""))
			}
		}
		if len(nils) != 0 {
			allErrs = append(allErrs, nils...)
		} else {
			for i, b := range spec.Backends {
				// subfield("name"): skipped when the name is unset, which
				// Reference's own required rule reports.
				if b.Name != "" {
					allErrs = append(allErrs, maxLength(p.Index(i).Child("name"), b.Name, 10)...)
				}
			}
			for i, b := range spec.Backends {
				allErrs = append(allErrs, validateReference(op, b, nil, p.Index(i))...)
			}
		}
	}

	if p := fldPath.Child("owner"); spec.Owner != nil && !unchanged(op, correlated, spec.Owner, old.Owner) {
		oldOwner := old.Owner
		if !correlated {
			oldOwner = nil
		}
		// subfield("name"), ratcheted on the old owner's name, and skipped
		// when the name is unset.
		if spec.Owner.Name != "" && !(oldOwner != nil && unchanged(op, true, spec.Owner.Name, oldOwner.Name)) {
			allErrs = append(allErrs, shortName(p.Child("name"), spec.Owner.Name)...)
		}
		allErrs = append(allErrs, validateReference(op, spec.Owner, oldOwner, p)...)
	}

	// spec.credentials is opaque: common.Credentials' own rules do not run here.

	if p := fldPath.Child("parts"); len(spec.Parts) != 0 && !unchanged(op, correlated, spec.Parts, old.Parts) {
		for i := range spec.Parts {
			allErrs = append(allErrs, validatePart(op, &spec.Parts[i], nil, p.Index(i))...)
		}
	}

	if p := fldPath.Child("partNames"); len(spec.PartNames) != 0 && !unchanged(op, correlated, spec.PartNames, old.PartNames) {
		allErrs = append(allErrs, validatePartNames(spec.PartNames, p)...)
	}

	if p := fldPath.Child("protocols"); len(spec.Protocols) != 0 && !unchanged(op, correlated, spec.Protocols, old.Protocols) {
		if len(spec.Protocols) > 2 {
			allErrs = append(allErrs, maxItems(p, len(spec.Protocols), 2))
		} else {
			for i, proto := range spec.Protocols {
				allErrs = append(allErrs, validateProtocol(proto, p.Index(i))...)
			}
		}
	}

	if p := fldPath.Child("zoneReplicas"); len(spec.ZoneReplicas) != 0 && !unchanged(op, correlated, spec.ZoneReplicas, old.ZoneReplicas) {
		for _, k := range sortedKeys(spec.ZoneReplicas) {
			if _, existed := old.ZoneReplicas[k]; op.Type == operation.Update && existed {
				continue
			}
			allErrs = append(allErrs, shortName(p, k)...)
		}
		for _, k := range sortedKeys(spec.ZoneReplicas) {
			v := spec.ZoneReplicas[k]
			if ov, ok := old.ZoneReplicas[k]; op.Type == operation.Update && ok && ov == v {
				continue
			}
			allErrs = append(allErrs, validateReplicaCount(v, p.Key(k))...)
		}
	}

	// ttlSeconds and runOnce: at most one is set. Checked again on an
	// update only when which of them are set changed.
	expiry := [2]bool{spec.TTLSeconds != nil, spec.RunOnce}
	if !(op.Type == operation.Update && correlated && expiry == [2]bool{old.TTLSeconds != nil, old.RunOnce}) {
		allErrs = append(allErrs, zeroOrOneOf(fldPath, expiry[:], []string{"ttlSeconds", "runOnce"})...)
	}
	if p := fldPath.Child("ttlSeconds"); spec.TTLSeconds != nil && !unchanged(op, correlated, spec.TTLSeconds, old.TTLSeconds) {
		allErrs = append(allErrs, minimum(p, int64(*spec.TTLSeconds), *spec.TTLSeconds, 1)...)
	}

	// tags is a set: items are unique, and on an update an item that was
	// already in the old list is not validated again.
	if p := fldPath.Child("tags"); len(spec.Tags) != 0 && !unchanged(op, correlated, spec.Tags, old.Tags) {
		for i, tag := range spec.Tags {
			if op.Type == operation.Update && slices.Contains(old.Tags, tag) {
				continue
			}
			allErrs = append(allErrs, shortName(p.Index(i), tag)...)
		}
		allErrs = append(allErrs, duplicates(p, spec.Tags, func(t string) string { return t })...)
	}

	// listeners is a list-map keyed by (name, protocol).
	if p := fldPath.Child("listeners"); len(spec.Listeners) != 0 && !unchanged(op, correlated, spec.Listeners, old.Listeners) {
		// item(name: "primary", protocol: "TCP")=+subfield("port")=+minimum=1024,
		// on the first such item, ratcheted against the first such old item.
		if i := indexOfListener(spec.Listeners, "primary", ProtocolTCP); i >= 0 {
			l := &spec.Listeners[i]
			var oldL *Listener
			if j := indexOfListener(old.Listeners, "primary", ProtocolTCP); j >= 0 {
				oldL = &old.Listeners[j]
			}
			itemUnchanged := oldL != nil && unchanged(op, true, *l, *oldL)
			portUnchanged := oldL != nil && unchanged(op, true, l.Port, oldL.Port)
			// The subfield is skipped when unset: port is required, and
			// Listener's own rule reports that.
			if !itemUnchanged && !portUnchanged && l.Port != 0 {
				allErrs = append(allErrs, minimum(p.Index(i).Child("port"), int64(l.Port), l.Port, 1024)...)
			}
		}
		allErrs = append(allErrs, duplicates(p, spec.Listeners, listenerKeyOf)...)
		oldByKey := firstByKey(old.Listeners, listenerKeyOf)
		for i := range spec.Listeners {
			l := &spec.Listeners[i]
			oldL := oldByKey[listenerKeyOf(*l)]
			if oldL != nil && unchanged(op, true, *l, *oldL) {
				continue
			}
			allErrs = append(allErrs, validateListener(op, l, oldL, p.Index(i))...)
		}
	}

	// mounts is a list-map of pointers keyed by path: nil items are
	// Required and stop the field's other checks.
	if p := fldPath.Child("mounts"); len(spec.Mounts) != 0 && !unchanged(op, correlated, spec.Mounts, old.Mounts) {
		var nils field.ErrorList
		for i, m := range spec.Mounts {
			if m == nil {
				nils = append(nils, field.Required(p.Index(i), ""))
			}
		}
		if len(nils) != 0 {
			allErrs = append(allErrs, nils...)
		} else {
			allErrs = append(allErrs, duplicates(p, spec.Mounts, func(m *Mount) string { return m.Path })...)
			oldByPath := map[string]*Mount{}
			for _, m := range old.Mounts {
				if m == nil {
					continue
				}
				if _, seen := oldByPath[m.Path]; !seen {
					oldByPath[m.Path] = m
				}
			}
			for i, m := range spec.Mounts {
				oldM := oldByPath[m.Path]
				if oldM != nil && unchanged(op, true, *m, *oldM) {
					continue
				}
				allErrs = append(allErrs, validateMount(op, m, oldM, p.Index(i))...)
			}
		}
	}

	if p := fldPath.Child("storage"); spec.Storage != nil && !unchanged(op, correlated, spec.Storage, old.Storage) {
		oldStorage := old.Storage
		if !correlated {
			oldStorage = nil
		}
		allErrs = append(allErrs, validateStorage(op, spec.Storage, oldStorage, p)...)
	}
	return allErrs
}

type listenerKey struct {
	name     common.ShortName
	protocol Protocol
}

func listenerKeyOf(l Listener) listenerKey { return listenerKey{l.Name, l.Protocol} }

func indexOfListener(list []Listener, name common.ShortName, protocol Protocol) int {
	return slices.IndexFunc(list, func(l Listener) bool { return l.Name == name && l.Protocol == protocol })
}

func validateListener(op operation.Operation, l, old *Listener, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Listener{}
	}
	if p := fldPath.Child("name"); !unchanged(op, correlated, l.Name, old.Name) {
		if l.Name == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, shortName(p, l.Name)...)
		}
	}
	if p := fldPath.Child("protocol"); !unchanged(op, correlated, l.Protocol, old.Protocol) {
		if l.Protocol == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, validateProtocol(l.Protocol, p)...)
		}
	}
	if p := fldPath.Child("port"); !unchanged(op, correlated, l.Port, old.Port) {
		if l.Port == 0 {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, minimum(p, int64(l.Port), l.Port, 1)...)
		}
	}
	return allErrs
}

func validateMount(op operation.Operation, m, old *Mount, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Mount{}
	}
	if p := fldPath.Child("path"); !unchanged(op, correlated, m.Path, old.Path) {
		if m.Path == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, maxLength(p, m.Path, 64)...)
		}
	}
	if p := fldPath.Child("sizeMB"); m.SizeMB != 0 && !unchanged(op, correlated, m.SizeMB, old.SizeMB) {
		allErrs = append(allErrs, minimum(p, int64(m.SizeMB), m.SizeMB, 1)...)
	}
	return allErrs
}

// storageMembers are the members of the Storage union: JSON name and the
// discriminator value that selects each.
var storageMembers = []struct{ name, value string }{
	{"emptyDir", string(StorageEmptyDir)},
	{"hostPath", string(StorageHost)},
	{"volumes", string(StorageVolumes)},
}

func validateStorage(op operation.Operation, s, old *Storage, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Storage{}
	}
	// The discriminated union: the set member is the one type names.
	// Checked again on an update only when which members are set, or the
	// discriminator, changed.
	set := [3]bool{s.EmptyDir != nil, s.HostPath != nil, len(s.Volumes) != 0}
	oldSet := [3]bool{old.EmptyDir != nil, old.HostPath != nil, len(old.Volumes) != 0}
	if !(op.Type == operation.Update && correlated && set == oldSet && s.Type == old.Type) {
		for i, m := range storageMembers {
			selected := string(s.Type) == m.value
			switch {
			case set[i] && !selected:
				allErrs = append(allErrs, field.Invalid(fldPath.Child(m.name), "",
					fmt.Sprintf("may only be specified when `type` is %q", m.value)).WithOrigin("union"))
			case !set[i] && selected:
				allErrs = append(allErrs, field.Invalid(fldPath.Child(m.name), "",
					fmt.Sprintf("must be specified when `type` is %q", string(s.Type))).WithOrigin("union"))
			}
		}
	}
	if p := fldPath.Child("type"); !unchanged(op, correlated, s.Type, old.Type) {
		if s.Type == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, enum(p, s.Type, supportedStorageTypes)...)
		}
	}
	if p := fldPath.Child("emptyDir"); s.EmptyDir != nil && !unchanged(op, correlated, s.EmptyDir, old.EmptyDir) {
		if e := s.EmptyDir; e.SizeMB != 0 {
			oldE := old.EmptyDir
			if !(correlated && oldE != nil && unchanged(op, true, e.SizeMB, oldE.SizeMB)) {
				allErrs = append(allErrs, minimum(p.Child("sizeMB"), int64(e.SizeMB), e.SizeMB, 1)...)
			}
		}
	}
	if p := fldPath.Child("hostPath"); s.HostPath != nil && !unchanged(op, correlated, s.HostPath, old.HostPath) {
		allErrs = append(allErrs, maxLength(p, *s.HostPath, 128)...)
	}
	// volumes is an atomic list: when it changed, every item is checked.
	if p := fldPath.Child("volumes"); len(s.Volumes) != 0 && !unchanged(op, correlated, s.Volumes, old.Volumes) {
		for i, v := range s.Volumes {
			allErrs = append(allErrs, shortName(p.Index(i), v)...)
		}
	}
	return allErrs
}

// ValidateWidgetScale validates the body of a /scale request. oldObj is nil
// on create.
func ValidateWidgetScale(ctx context.Context, op operation.Operation, obj, oldObj *WidgetScale) field.ErrorList {
	allErrs := field.ErrorList{}
	if oldObj != nil && unchanged(op, true, obj.Replicas, oldObj.Replicas) {
		return allErrs
	}
	return append(allErrs, minimum(field.NewPath("replicas"), int64(obj.Replicas), obj.Replicas, 0)...)
}

func validateNaming(op operation.Operation, n, old *Naming, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Naming{}
	}
	if p := fldPath.Child("domain"); !unchanged(op, correlated, n.Domain, old.Domain) {
		if n.Domain == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, longName(p, n.Domain)...)
		}
	}
	if p := fldPath.Child("description"); n.Description != "" && !unchanged(op, correlated, n.Description, old.Description) {
		allErrs = append(allErrs, maxLength(p, n.Description, 64)...)
	}
	if p := fldPath.Child("alias"); n.Alias != "" && !unchanged(op, correlated, n.Alias, old.Alias) {
		allErrs = append(allErrs, shortName(p, n.Alias)...)
	}
	return allErrs
}

func validateReplicaCount(r ReplicaCount, fldPath *field.Path) field.ErrorList {
	return minimum(fldPath, int64(r), r, 1)
}

func validatePartNames(names PartNames, fldPath *field.Path) field.ErrorList {
	if len(names) > 8 {
		return field.ErrorList{maxItems(fldPath, len(names), 8)}
	}
	allErrs := field.ErrorList{}
	for i, n := range names {
		allErrs = append(allErrs, shortName(fldPath.Index(i), n)...)
	}
	return allErrs
}

func validateSelector(op operation.Operation, s, old *Selector, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Selector{}
	}
	if p := fldPath.Child("key"); !unchanged(op, correlated, s.Key, old.Key) {
		if s.Key == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, maxLength(p, s.Key, 63)...)
		}
	}
	if p := fldPath.Child("operator"); s.Operator != "" && !unchanged(op, correlated, s.Operator, old.Operator) {
		allErrs = append(allErrs, validateOperator(s.Operator, p)...)
	}
	if p := fldPath.Child("values"); len(s.Values) != 0 && !unchanged(op, correlated, s.Values, old.Values) {
		for i, v := range s.Values {
			allErrs = append(allErrs, maxLength(p.Index(i), v, 63)...)
		}
	}
	return allErrs
}

func validatePort(op operation.Operation, port, old *Port, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Port{}
	}
	if p := fldPath.Child("name"); !unchanged(op, correlated, port.Name, old.Name) {
		if port.Name == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, shortName(p, port.Name)...)
		}
	}
	if p := fldPath.Child("number"); !unchanged(op, correlated, port.Number, old.Number) {
		if port.Number == 0 {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, minimum(p, int64(port.Number), port.Number, 1)...)
		}
	}
	if p := fldPath.Child("protocol"); !unchanged(op, correlated, port.Protocol, old.Protocol) {
		if port.Protocol == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, validateProtocol(port.Protocol, p)...)
		}
	}
	return allErrs
}

func validatePart(op operation.Operation, part, old *Part, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Part{}
	}
	if p := fldPath.Child("name"); !unchanged(op, correlated, part.Name, old.Name) {
		if part.Name == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, shortName(p, part.Name)...)
		}
	}
	if p := fldPath.Child("count"); part.Count != 0 && !unchanged(op, correlated, part.Count, old.Count) {
		allErrs = append(allErrs, minimum(p, int64(part.Count), part.Count, 1)...)
	}
	if p := fldPath.Child("children"); len(part.Children) != 0 && !unchanged(op, correlated, part.Children, old.Children) {
		for i := range part.Children {
			allErrs = append(allErrs, validatePart(op, &part.Children[i], nil, p.Index(i))...)
		}
	}
	if p := fldPath.Child("auth"); part.Auth != nil && !unchanged(op, correlated, part.Auth, old.Auth) {
		oldAuth := old.Auth
		if !correlated {
			oldAuth = nil
		}
		allErrs = append(allErrs, validateCredentials(op, part.Auth, oldAuth, p)...)
	}
	return allErrs
}

func validateWidgetStatus(op operation.Operation, s, old *WidgetStatus, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &WidgetStatus{}
	}
	if p := fldPath.Child("phase"); s.Phase != "" && !unchanged(op, correlated, s.Phase, old.Phase) {
		allErrs = append(allErrs, validatePhase(s.Phase, p)...)
	}
	if p := fldPath.Child("partCounts"); len(s.PartCounts) != 0 && !unchanged(op, correlated, s.PartCounts, old.PartCounts) {
		for _, k := range sortedKeys(s.PartCounts) {
			v := s.PartCounts[k]
			if ov, ok := old.PartCounts[k]; op.Type == operation.Update && ok && ov == v {
				continue
			}
			allErrs = append(allErrs, minimum(p.Key(k), int64(v), v, 0)...)
		}
	}
	// conditions is a list-map keyed by type, and its Ready and Failed
	// items are a zeroOrOneOf group, checked at the list's path.
	if p := fldPath.Child("conditions"); len(s.Conditions) != 0 && !unchanged(op, correlated, s.Conditions, old.Conditions) {
		set := [2]bool{hasCondition(s.Conditions, "Ready"), hasCondition(s.Conditions, "Failed")}
		oldSet := [2]bool{hasCondition(old.Conditions, "Ready"), hasCondition(old.Conditions, "Failed")}
		if !(op.Type == operation.Update && correlated && set == oldSet) {
			allErrs = append(allErrs, zeroOrOneOf(p, set[:], []string{`Conditions[{"type": "Ready"}]`, `Conditions[{"type": "Failed"}]`})...)
		}
		conditionType := func(c Condition) string { return c.Type }
		allErrs = append(allErrs, duplicates(p, s.Conditions, conditionType)...)
		oldByType := firstByKey(old.Conditions, conditionType)
		for i := range s.Conditions {
			c := &s.Conditions[i]
			oldC := oldByType[c.Type]
			if oldC != nil && unchanged(op, true, *c, *oldC) {
				continue
			}
			allErrs = append(allErrs, validateCondition(op, c, oldC, p.Index(i))...)
		}
	}
	return allErrs
}

func hasCondition(conditions []Condition, conditionType string) bool {
	return slices.ContainsFunc(conditions, func(c Condition) bool { return c.Type == conditionType })
}

func validateCondition(op operation.Operation, c, old *Condition, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &Condition{}
	}
	if p := fldPath.Child("type"); !unchanged(op, correlated, c.Type, old.Type) {
		if c.Type == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, maxLength(p, c.Type, 32)...)
		}
	}
	if p := fldPath.Child("status"); !unchanged(op, correlated, c.Status, old.Status) {
		if c.Status == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, enum(p, c.Status, supportedConditionStatuses)...)
		}
	}
	if p := fldPath.Child("reason"); c.Reason != "" && !unchanged(op, correlated, c.Reason, old.Reason) {
		allErrs = append(allErrs, maxLength(p, c.Reason, 32)...)
	}
	return allErrs
}

// validateReference implements common.Reference's rules.
func validateReference(op operation.Operation, r, old *common.Reference, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &common.Reference{}
	}
	if p := fldPath.Child("name"); !unchanged(op, correlated, r.Name, old.Name) {
		if r.Name == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, longName(p, r.Name)...)
		}
	}
	if p := fldPath.Child("namespace"); r.Namespace != nil && !unchanged(op, correlated, r.Namespace, old.Namespace) {
		allErrs = append(allErrs, shortName(p, *r.Namespace)...)
	}
	return allErrs
}

// validateCredentials implements common.Credentials' rules.
func validateCredentials(op operation.Operation, c, old *common.Credentials, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	correlated := old != nil
	if old == nil {
		old = &common.Credentials{}
	}
	if p := fldPath.Child("user"); !unchanged(op, correlated, c.User, old.User) {
		if c.User == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, shortName(p, c.User)...)
		}
	}
	if p := fldPath.Child("token"); !unchanged(op, correlated, c.Token, old.Token) {
		if c.Token == "" {
			allErrs = append(allErrs, field.Required(p, ""))
		} else {
			allErrs = append(allErrs, maxLength(p, c.Token, 32)...)
		}
	}
	return allErrs
}

// Enums: the supported values are listed sorted.

var (
	supportedPhases    = []Phase{PhaseFailed, PhasePending, PhaseReady}
	supportedProtocols = []Protocol{ProtocolTCP, ProtocolUDP}
	supportedOperators = []Operator{OperatorExists, OperatorIn, OperatorNotIn}

	supportedStorageTypes      = []StorageType{StorageEmptyDir, StorageHost, StorageVolumes}
	supportedConditionStatuses = []ConditionStatus{ConditionFalse, ConditionTrue, ConditionUnknown}
)

func validatePhase(v Phase, fldPath *field.Path) field.ErrorList {
	return enum(fldPath, v, supportedPhases)
}

func validateProtocol(v Protocol, fldPath *field.Path) field.ErrorList {
	return enum(fldPath, v, supportedProtocols)
}

func validateOperator(v Operator, fldPath *field.Path) field.ErrorList {
	return enum(fldPath, v, supportedOperators)
}

func enum[T ~string](fldPath *field.Path, v T, supported []T) field.ErrorList {
	for _, s := range supported {
		if v == s {
			return nil
		}
	}
	return field.ErrorList{field.NotSupported(fldPath, v, supported)}
}

// Checks shared by the rules above, with the Kubernetes declarative
// validation origins.

func minimum[T any](fldPath *field.Path, n int64, v T, min int64) field.ErrorList {
	if n >= min {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, v, fmt.Sprintf("must be greater than or equal to %d", min)).WithOrigin("minimum")}
}

func maxLength[T ~string](fldPath *field.Path, v T, max int) field.ErrorList {
	if utf8.RuneCountInString(string(v)) <= max {
		return nil
	}
	return field.ErrorList{field.TooLongCharacters(fldPath, v, max).WithOrigin("maxLength")}
}

func maxItems(fldPath *field.Path, n, max int) *field.Error {
	return field.TooMany(fldPath, n, max).WithOrigin("maxItems")
}

func neq(fldPath *field.Path, v any, disallowed string) *field.Error {
	return field.Invalid(fldPath, v, "must not be equal to "+disallowed).WithOrigin("neq")
}

func undefinedOption(fldPath *field.Path, option string) *field.Error {
	return field.InternalError(fldPath, fmt.Errorf("undefined validation option %q", option))
}

func shortName[T ~string](fldPath *field.Path, v T) field.ErrorList {
	return formatErrors(fldPath, v, validation.IsDNS1123Label(string(v)), "format=k8s-short-name")
}

func longName[T ~string](fldPath *field.Path, v T) field.ErrorList {
	return formatErrors(fldPath, v, validation.IsDNS1123Subdomain(string(v)), "format=k8s-long-name")
}

func validateIP(fldPath *field.Path, v string) field.ErrorList {
	return validation.IsValidIPForLegacyField(fldPath, v, false, nil).WithOrigin("format=k8s-ip")
}

func formatErrors(fldPath *field.Path, v any, msgs []string, origin string) field.ErrorList {
	allErrs := field.ErrorList{}
	for _, msg := range msgs {
		allErrs = append(allErrs, field.Invalid(fldPath, v, msg).WithOrigin(origin))
	}
	return allErrs
}

// zeroOrOneOf reports more than one set member of a group, at fldPath.
func zeroOrOneOf(fldPath *field.Path, set []bool, names []string) field.ErrorList {
	var specified, all []string
	for i, n := range names {
		all = append(all, "`"+n+"`")
		if set[i] {
			specified = append(specified, n)
		}
	}
	if len(specified) <= 1 {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, "{"+strings.Join(specified, ", ")+"}",
		"must specify at most one of: "+strings.Join(all, ", ")).WithOrigin("zeroOrOneOf")}
}

// duplicates reports every item whose key repeats an earlier item's, as
// Duplicate at the later index with the whole item as the bad value.
func duplicates[E any, K comparable](fldPath *field.Path, list []E, key func(E) K) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := make(map[K]bool, len(list))
	for i, item := range list {
		k := key(item)
		if seen[k] {
			allErrs = append(allErrs, field.Duplicate(fldPath.Index(i), item))
			continue
		}
		seen[k] = true
	}
	return allErrs
}

// firstByKey indexes a list-map by key; the first item of a key wins.
func firstByKey[E any, K comparable](list []E, key func(E) K) map[K]*E {
	m := make(map[K]*E, len(list))
	for i := range list {
		if k := key(list[i]); m[k] == nil {
			m[k] = &list[i]
		}
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
