package golang

import (
	"strconv"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/model"
)

// unionChecks emits the checks of unions. For struct-level unions obj and
// oldObj are the struct pointers; for unions over list items (list set)
// they are pointers to the list; oldObj is "" where there can be no old
// value. Like Kubernetes, a union whose members' set-or-unset states (and
// discriminator) did not change on update is not checked again.
//
// For a list (list set), an old value exists, as Kubernetes sees it, only
// when the old list is not nil.
func (c *fnCtx) unionChecks(unions []*model.Union, obj, oldObj string, path *pathVar, list bool) []jen.Code {
	var out []jen.Code
	for _, u := range unions {
		restore := c.at(u.Level)
		n := len(u.Members)
		set, old, changed := c.name("set"), c.name("oldSet"), c.name("changed")
		var now, before []jen.Code
		for _, m := range u.Members {
			now = append(now, c.memberSet(m, obj))
			if oldObj != "" {
				before = append(before, c.memberSet(m, oldObj))
			}
		}
		cmp := jen.Id(set).Op("!=").Id(old)
		if u.Discriminator != nil {
			cmp = jen.Add(cmp).Op("||").Id(obj).Dot(u.Discriminator.GoName).Op("!=").Id(oldObj).Dot(u.Discriminator.GoName)
		}
		members := c.e.unionMembers(u)
		var check jen.Code
		switch {
		case u.ZeroOrOne:
			check = jen.Qual(pkgRT, "ZeroOrOneOf").Call(path.arg(), jen.Id(set).Index(jen.Op(":")), jen.Id(members))
		case u.Discriminator != nil:
			check = jen.Qual(pkgRT, "DiscriminatedUnion").Call(path.arg(), jen.Id(set).Index(jen.Op(":")), jen.Id(members), jen.Id(obj).Dot(u.Discriminator.GoName))
		default:
			check = jen.Qual(pkgRT, "Union").Call(path.arg(), jen.Id(set).Index(jen.Op(":")), jen.Id(members))
		}
		label := "union"
		if u.ZeroOrOne {
			label = "zeroOrOneOf"
		}
		if u.Name != "" {
			label += " " + strconv.Quote(u.Name)
		}
		hasOld := isUpdate().Op("&&").Id(oldObj).Op("!=").Nil()
		if list {
			hasOld = hasOld.Op("&&").Op("*").Id(oldObj).Op("!=").Nil()
		}
		if oldObj == "" {
			out = append(out, jen.Comment(label), jen.Block(
				jen.Id(set).Op(":=").Index(jen.Lit(n)).Bool().Values(now...),
				c.appendErrs(check),
			))
			restore()
			continue
		}
		out = append(out, jen.Comment(label), jen.Block(
			jen.Id(set).Op(":=").Index(jen.Lit(n)).Bool().Values(now...),
			jen.Id(changed).Op(":=").True(),
			jen.If(hasOld).Block(
				jen.Id(old).Op(":=").Index(jen.Lit(n)).Bool().Values(before...),
				jen.Id(changed).Op("=").Add(cmp),
			),
			jen.If(jen.Id(changed)).Block(c.appendErrs(check)),
		))
		restore()
	}
	return out
}

// memberSet is whether a member is set in the struct (or list) at obj.
func (c *fnCtx) memberSet(m model.UnionMember, obj string) jen.Code {
	if m.Item != nil {
		return jen.Id(c.e.itemFinder(m.Item)).Call(jen.Op("*").Id(obj)).Op(">=").Lit(0)
	}
	return presenceTest(m.Field.Go, jen.Id(obj).Dot(m.Field.GoName), true)
}

// unionMembers writes the package-level description of a union once.
func (e *goEmitter) unionMembers(u *model.Union) string {
	n := e.free("unionMembers" + strconv.Itoa(len(e.unionVars)+1))
	e.unionVars = append(e.unionVars, n)
	var names, values []jen.Code
	for _, m := range u.Members {
		names = append(names, jen.Lit(m.Display))
		values = append(values, jen.Lit(m.Value))
	}
	fields := jen.Dict{jen.Id("Names"): jen.Index().String().Values(names...)}
	if u.Discriminator != nil {
		fields[jen.Id("Values")] = jen.Index().String().Values(values...)
		fields[jen.Id("Discriminator")] = jen.Lit(u.Discriminator.JSONName)
	}
	e.post = append(e.post, jen.Var().Id(n).Op("=").Op("&").Qual(pkgRT, "UnionMembers").Values(fields), jen.Line())
	return n
}

// itemFinder names a function that returns the index of the first item a
// selector picks, or -1; written once per selector and file.
func (e *goEmitter) itemFinder(s *model.ItemSelector) string {
	sig := gotype.TypeString(s.Elem) + "|" + s.Elem.Name.Package + "|" + s.Describe()
	if n, ok := e.itemFinders[sig]; ok {
		return n
	}
	n := e.free("findItem" + strconv.Itoa(len(e.itemFinders)+1))
	e.itemFinders[sig] = n
	item := jen.Id("list").Index(jen.Id("i"))
	var cond jen.Code
	if s.Elem.Kind == types.Pointer {
		cond = jen.Add(item).Op("!=").Nil()
	}
	for _, k := range s.Keys {
		var lit jen.Code
		switch k.Kind {
		case "string":
			lit = jen.Lit(k.Value)
		case "bool":
			lit = nil
		default:
			v, _ := strconv.ParseInt(k.Value, 0, 64)
			lit = jen.Lit(int(v))
		}
		var c jen.Code
		val := jen.Add(item).Dot(k.GoName)
		if k.Go.Kind == types.Pointer {
			val = jen.Op("*").Add(item).Dot(k.GoName)
		}
		switch {
		case lit != nil:
			c = jen.Add(val).Op("==").Add(lit)
		case k.Value == "true":
			c = val
		default:
			c = jen.Op("!").Add(val)
		}
		if k.Go.Kind == types.Pointer {
			c = jen.Add(item).Dot(k.GoName).Op("!=").Nil().Op("&&").Add(c)
		}
		if cond == nil {
			cond = c
		} else {
			cond = jen.Add(cond).Op("&&").Add(c)
		}
	}
	e.post = append(e.post,
		jen.Commentf("%s returns the index of the first item with %s, or -1.", n, s.Describe()),
		jen.Func().Id(n).Params(jen.Id("list").Index().Add(e.typeCode(s.Elem))).Int().Block(
			jen.For(jen.Id("i").Op(":=").Range().Id("list")).Block(
				jen.If(cond).Block(jen.Return(jen.Id("i"))),
			),
			jen.Return(jen.Lit(-1)),
		),
		jen.Line(),
	)
	return n
}

// item applies rules to the list-map item a selector picks, correlated
// with the old list's item of the same keys.
func (c *fnCtx) item(pl place, x model.Item) []jen.Code {
	find := c.e.itemFinder(x.Selector)
	i, j := c.name("i"), c.name("j")
	ev, eov := c.name("ev"), c.name("eov")
	pv := childPath(c.name("ep"), pl.path, "Index", jen.Id(i))
	elem := place{t: x.Selector.Elem, rules: x.Rules, v: ev, ov: eov, path: pv, oldParent: eov + " != nil"}
	if !pl.hasOld() {
		elem.ov, elem.oldParent = "nil", "false"
	}
	body := c.valueChecks(elem, nil)
	if len(body) == 0 {
		return nil
	}
	isPtr := elem.isPtr()
	var get jen.Code
	if isPtr {
		get = jen.Id(ev).Op(":=").Add(pl.deref()).Index(jen.Id(i))
	} else {
		get = jen.Id(ev).Op(":=").Op("&").Add(pl.deref()).Index(jen.Id(i))
	}
	stmts := []jen.Code{get}
	if pl.hasOld() {
		var oldItem jen.Code = jen.Op("&").Parens(jen.Op("*").Id(pl.ov)).Index(jen.Id(j))
		if isPtr {
			oldItem = jen.Parens(jen.Op("*").Id(pl.ov)).Index(jen.Id(j))
		}
		stmts = append(stmts,
			jen.Var().Id(eov).Op("*").Add(c.e.typeCode(elem.valueType())),
			jen.If(jen.Id(pl.ov).Op("!=").Nil()).Block(
				jen.If(jen.Id(j).Op(":=").Id(find).Call(jen.Op("*").Id(pl.ov)), jen.Id(j).Op(">=").Lit(0)).Block(
					jen.Id(eov).Op("=").Add(oldItem),
				),
			),
			ratchetGate(c.unchanged(elem), body, nil),
		)
	} else {
		stmts = append(stmts, body...)
	}
	return []jen.Code{jen.If(jen.Id(i).Op(":=").Id(find).Call(pl.derefRaw()), jen.Id(i).Op(">=").Lit(0)).Block(pv.withDecl(stmts)...)}
}
