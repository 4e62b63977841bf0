package model

import (
	"fmt"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
)

// checkUpdates checks that each +k8s:update constraint fits the value it
// is on, as Kubernetes requires, and gives constraints on items of lists
// the list's identity (Update.List).
func (b *builder) checkUpdates() {
	for _, t := range b.types {
		for _, f := range t.Fields {
			b.checkUpdateRules(f.Rules, f.Go, b.listTypeAt(f.Rules, f.Go), false)
		}
	}
}

// listTypeAt is the listType of a list place: its own or its type's.
func (b *builder) listTypeAt(rules []Rule, t *types.Type) *ListType {
	for _, r := range rules {
		if lt, ok := r.(ListType); ok {
			return &lt
		}
	}
	if mt := b.lookupAny(gotype.Deref(t)); mt != nil {
		for _, r := range mt.Rules {
			if lt, ok := r.(ListType); ok {
				return &lt
			}
		}
	}
	return nil
}

// checkUpdateRules checks the update rules among rules, at a value of type
// t; item is set for list items and map values (eachVal), where only
// NoModify applies.
func (b *builder) checkUpdateRules(rules []Rule, t *types.Type, list *ListType, item bool) {
	b.oneUpdateCheck(rules)
	for i, r := range rules {
		switch x := r.(type) {
		case Update:
			if err := updateFits(x, t, list, item); err != nil {
				b.errs = append(b.errs, err)
				continue
			}
			if slices.Contains(x.Constraints, "NoAddItem") || slices.Contains(x.Constraints, "NoRemoveItem") {
				if gotype.Resolve(gotype.Deref(t)).Kind == types.Slice {
					x.List = list
					rules[i] = x
				}
			}
		case IfOption:
			b.checkUpdateRules(x.Rules, t, list, item)
		case EachVal:
			r := gotype.Resolve(gotype.Deref(t))
			if r.Kind == types.Slice || r.Kind == types.Map {
				elemList := b.listTypeAt(nil, r.Elem)
				for _, in := range x.Rules {
					if u, ok := in.(Update); ok && r.Kind == types.Slice && (list == nil || list.Kind != "map") {
						b.errs = append(b.errs, &markers.Error{Pos: u.Pos, Tag: u.Tag,
							Msg: "+k8s:eachVal=+k8s:update=NoModify needs items that are found again in the new list: the list must be listType=map",
							Fix: "declare the list +k8s:listType=map with its +k8s:listMapKey, or put +k8s:update on the list itself"})
					}
				}
				b.checkUpdateRules(x.Rules, r.Elem, elemList, true)
			}
		}
	}
}

// updateFits reports an update rule that does not fit its value.
func updateFits(u Update, t *types.Type, list *ListType, item bool) error {
	r := gotype.Resolve(gotype.Deref(t))
	compound := r.Kind == types.Slice || r.Kind == types.Map
	fail := func(c, msg, fix string) error {
		return &markers.Error{Pos: u.Pos, Tag: u.Tag, Msg: fmt.Sprintf("+k8s:update=%s %s", c, msg), Fix: fix}
	}
	for _, c := range u.Constraints {
		switch {
		case compound && t.Kind == types.Pointer:
			return fail(c, "cannot be used on a pointer to a list or map", "drop the pointer: JSON reads an absent list or map as empty")
		case item && c != "NoModify":
			return fail(c, "does not apply to list items or map values", "write it on the list or map field itself")
		case item && compound:
			return fail(c, "cannot be applied to items that are themselves lists or maps", "put +k8s:update on a field of the item's type")
		case (c == "NoAddItem" || c == "NoRemoveItem") && !compound:
			return fail(c, fmt.Sprintf("applies to lists and maps, and this value is %s", gotype.TypeString(t)), "use NoSet, NoUnset or NoModify, or +k8s:immutable")
		case (c == "NoAddItem" || c == "NoRemoveItem") && r.Kind == types.Slice && (list == nil || (list.Kind != "set" && list.Kind != "map")):
			return fail(c, "needs to know which items are the same: the list must be listType=set or listType=map", "declare +k8s:listType=set, or +k8s:listType=map with +k8s:listMapKey")
		case c == "NoModify" && compound:
			return fail(c, "does not apply to a whole list or map", "use +k8s:eachVal=+k8s:update=NoModify to freeze each item (listType=map lists and maps), or +k8s:immutable for the whole value")
		case (c == "NoSet" || c == "NoUnset") && r.Kind == types.Struct && t.Kind != types.Pointer:
			return fail(c, "cannot be used on a non-pointer struct, which is never unset", "make the field a pointer, or use +k8s:update=NoModify")
		}
	}
	if r.Kind == types.Map && (slices.Contains(u.Constraints, "NoAddItem") || slices.Contains(u.Constraints, "NoRemoveItem")) {
		if k := gotype.Resolve(r.Key); k.Kind != types.Builtin || gotype.BuiltinKind(k.Name.Name) == "bool" {
			return fail("NoAddItem", "needs a map with string or integer keys", "use a map with string keys")
		}
	}
	return nil
}

// oneUpdateCheck refuses update constraints of one place written with
// different stability levels or options: Kubernetes' generator merges them
// into one check, which takes the level and option of whichever tag it
// reads first, so some would be marked or gated as others are.
func (b *builder) oneUpdateCheck(rules []Rule) {
	var first *Update
	var firstOpt string
	for _, r := range rules {
		u, opt := Update{}, ""
		switch x := r.(type) {
		case Update:
			u = x
		case IfOption:
			for _, in := range x.Rules {
				if y, ok := in.(Update); ok {
					u, opt = y, fmt.Sprintf("%v:%s", x.Enabled, x.Option)
				}
			}
		}
		if len(u.Constraints) == 0 {
			continue
		}
		if first == nil {
			first, firstOpt = &u, opt
			continue
		}
		if u.Level != first.Level || opt != firstOpt {
			b.errs = append(b.errs, &markers.Error{Pos: u.Pos, Tag: u.Tag,
				Msg: "the +k8s:update constraints of one value are one check in Kubernetes' generator, which takes the stability level and option of the first tag it reads; this one's differ from " + first.Tag + "'s",
				Fix: "write every +k8s:update of the value with the same +k8s:alpha/+k8s:beta and +k8s:ifEnabled/+k8s:ifDisabled (or none)"})
			return
		}
	}
}
