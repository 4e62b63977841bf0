package golang

import (
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/golang/equal"
	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// listTypeOf finds the listType of a list place: on the place itself or on
// the typedef it is declared with.
func (c *fnCtx) listTypeOf(pl place) *model.ListType {
	for _, r := range pl.rules {
		if lt, ok := r.(model.ListType); ok {
			return &lt
		}
	}
	if mt := c.e.m.Lookup(pl.valueType()); mt != nil {
		for _, r := range mt.Rules {
			if lt, ok := r.(model.ListType); ok {
				return &lt
			}
		}
	}
	return nil
}

// uniqueness emits the duplicate check of a set or map list.
func (c *fnCtx) uniqueness(pl place, lt model.ListType) []jen.Code {
	r := gotype.Resolve(pl.valueType())
	elem := r.Elem
	if lt.CustomUnique {
		return nil // handwritten code checks it
	}
	var call jen.Code
	switch lt.Kind {
	case "set":
		if equal.IsComparable(elem) {
			call = jen.Qual(pkgRT, "UniqueValues").Call(pl.path.arg(), pl.derefRaw())
		} else {
			call = jen.Qual(pkgRT, "UniqueFunc").Call(pl.path.arg(), pl.derefRaw(), jen.Id(c.e.eq.Fn(elem)))
		}
	case "map":
		call = jen.Qual(pkgRT, "UniqueByKey").Call(pl.path.arg(), pl.derefRaw(), jen.Id(c.e.listKey(elem, lt.Keys)))
	default:
		return nil
	}
	return []jen.Code{c.appendErrs(call)}
}

// correlation declares what finds the old item of a new list item, and
// returns the statement that sets eov (a *E, or the *T of a []*T list) for
// the item at ev, or nil when the list's items are not correlated, and
// what to do once the list is done (recycle the lookup's index).
func (c *fnCtx) correlation(pl place, elem place) (decl []jen.Code, find func(ev, eov string) jen.Code, done []jen.Code) {
	lt := c.listTypeOf(pl)
	if lt == nil || !pl.hasOld() || (lt.Kind != "set" && lt.Kind != "map") {
		return nil, nil, nil
	}
	r := gotype.Resolve(pl.valueType())
	et := r.Elem
	idx := c.name("old")
	isPtr := et.Kind == types.Pointer
	onUpdate := func(init jen.Code) jen.Code {
		return jen.If(isUpdate().Op("&&").Id(pl.ov).Op("!=").Nil()).Block(
			jen.Id(idx).Op("=").Add(init))
	}
	// lookup is the call that finds the old item for a pointer to a new one.
	var lookup func(item jen.Code) jen.Code
	switch {
	case lt.Kind == "map" || equal.IsComparable(et):
		var keyFn jen.Code = jen.Qual(pkgRT, "Self").Index(c.e.typeCode(et))
		if lt.Kind == "map" {
			keyFn = jen.Id(c.e.listKey(et, lt.Keys))
		}
		decl = []jen.Code{
			jen.Var().Id(idx).Qual(pkgRT, "OldItems").Types(c.e.typeCode(et), c.e.listKeyType(et, lt)),
			onUpdate(jen.Qual(pkgRT, "NewOldItems").Call(jen.Op("*").Id(pl.ov), keyFn)),
		}
		lookup = func(item jen.Code) jen.Code { return jen.Id(idx).Dot("Find").Call(jen.Add(keyFn).Call(item)) }
	default:
		// Items without ==: found by typed equality, bucketed by hash.
		eq := jen.Id(c.e.eq.Fn(et))
		decl = []jen.Code{
			jen.Var().Id(idx).Qual(pkgRT, "OldItemsFunc").Types(c.e.typeCode(et)),
			onUpdate(jen.Qual(pkgRT, "NewOldItemsFunc").Call(jen.Op("*").Id(pl.ov), eq)),
		}
		lookup = func(item jen.Code) jen.Code { return jen.Id(idx).Dot("Find").Call(item) }
	}
	done = []jen.Code{jen.Id(idx).Dot("Release").Call()}
	return decl, func(ev, eov string) jen.Code {
		// The key functions take a pointer to the list's element; for a
		// list of pointers, that is the address of the item in the list.
		item := jen.Id(ev)
		if isPtr {
			item = jen.Op("&").Add(pl.deref()).Index(jen.Id(ev + "i"))
		}
		found := c.name("found")
		set := jen.Id(eov).Op("=").Id(found)
		if isPtr {
			set = jen.Id(eov).Op("=").Op("*").Id(found)
		}
		return jen.If(jen.Id(found).Op(":=").Add(lookup(item)), jen.Id(found).Op("!=").Nil()).Block(set)
	}, done
}

// listKeyType is the key type of the OldItems of a list.
func (e *goEmitter) listKeyType(et *types.Type, lt *model.ListType) jen.Code {
	if lt.Kind == "map" {
		return jen.Id(e.listKey(et, lt.Keys) + "Key")
	}
	return e.typeCode(et)
}

// listKey names the key function of a list-map item type, writing it (and
// its key type) once per file. A pointer key field is keyed by its value
// and whether it is nil, so that two items with equal keys match even
// though their pointers differ.
func (e *goEmitter) listKey(et *types.Type, keys []model.ListKey) string {
	sig := gotype.TypeString(et) + "|" + et.Name.Package
	for _, k := range keys {
		sig += "|" + k.GoName
	}
	if n, ok := e.listKeys[sig]; ok {
		return n
	}
	n := "listKey" + strconv.Itoa(len(e.listKeys)+1)
	for e.taken(n) || e.taken(n+"Key") {
		n += "_"
	}
	e.listKeys[sig] = n
	isPtr := et.Kind == types.Pointer
	st := et
	if isPtr {
		st = et.Elem
	}
	var fields []jen.Code
	var body []jen.Code
	body = append(body, jen.Var().Id("k").Id(n+"Key"))
	item := jen.Id("e")
	if isPtr {
		fields = append(fields, jen.Id("nilItem").Bool())
		body = append(body, jen.If(jen.Op("*").Id("e").Op("==").Nil()).Block(
			jen.Id("k").Dot("nilItem").Op("=").True(), jen.Return(jen.Id("k"))))
		item = jen.Parens(jen.Op("*").Id("e"))
	}
	for i, k := range keys {
		v := "v" + strconv.Itoa(i)
		kt := k.Go
		if kt.Kind == types.Pointer {
			nf := "nil" + strconv.Itoa(i)
			fields = append(fields, jen.Id(v).Add(e.typeCode(kt.Elem)), jen.Id(nf).Bool())
			body = append(body, jen.If(jen.Add(item).Dot(k.GoName).Op("==").Nil()).Block(
				jen.Id("k").Dot(nf).Op("=").True(),
			).Else().Block(
				jen.Id("k").Dot(v).Op("=").Op("*").Add(item).Dot(k.GoName),
			))
			continue
		}
		fields = append(fields, jen.Id(v).Add(e.typeCode(kt)))
		body = append(body, jen.Id("k").Dot(v).Op("=").Add(item).Dot(k.GoName))
	}
	body = append(body, jen.Return(jen.Id("k")))
	_ = st
	e.post = append(e.post,
		jen.Commentf("%sKey is the list-map key of %s items.", n, gotype.TypeString(et)),
		jen.Type().Id(n+"Key").Struct(fields...),
		jen.Line(),
		jen.Commentf("%s returns the list-map key of an item.", n),
		jen.Func().Id(n).Params(jen.Id("e").Op("*").Add(e.typeCode(et))).Id(n+"Key").Block(body...),
		jen.Line(),
	)
	return n
}
