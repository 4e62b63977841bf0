package crd

import (
	"fmt"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/declval/validation-gen/gotype"
	"github.com/declval/validation-gen/markers"
	"github.com/declval/validation-gen/model"
)

// checkScale makes sure the Go validator rejects what the scale
// subresource makes the API server reject on every write, without
// ratcheting: a replicas value that is negative or not an int32 at
// specpath or statuspath.
func checkScale(m *model.Model, root *model.Type, s *markers.ScaleMarker) []error {
	var errs []error
	for _, p := range []struct{ key, path, under string }{{"specpath", s.SpecPath, ".spec."}, {"statuspath", s.StatusPath, ".status."}} {
		bad := func(msg, fix string) {
			errs = append(errs, &markers.Error{Pos: s.Pos, Tag: s.Tag, Msg: fmt.Sprintf("%s %s: %s", p.key, p.path, msg), Fix: fix})
		}
		if !strings.HasPrefix(p.path, p.under) {
			bad("must be a path under "+strings.TrimSuffix(p.under, "."), "write "+p.key+"="+p.under+"replicas")
			continue
		}
		f := fieldAt(m, root, strings.Split(p.path[1:], "."))
		if f == nil {
			bad(fmt.Sprintf("names no field of %s", root.Go.Name.Name), "point it at the int32 replicas field, by JSON names")
			continue
		}
		if t := gotype.Deref(f.Go); t.Kind != types.Builtin || t.Name.Name != "int32" {
			bad(fmt.Sprintf("is %s %s; the scale subresource reads an int32", f.GoName, f.Go.String()), "make "+f.GoName+" an int32 (or *int32)")
			continue
		}
		min := false
		for _, r := range f.Rules {
			if x, ok := r.(model.Minimum); ok && x.N >= 0 {
				min = true
			}
		}
		if !min {
			bad(fmt.Sprintf("the API server rejects a negative %s on every write, but %s has no +k8s:minimum", p.path, f.GoName),
				fmt.Sprintf("add +k8s:minimum=0 to %s (%s), so that the Go validator rejects it too", f.GoName, f.Pos))
		}
	}
	return errs
}

// fieldAt is the field of root at a path of JSON names, through inline
// members and pointers to structs.
func fieldAt(m *model.Model, root *model.Type, path []string) *model.Field {
	t := root
	for i, name := range path {
		f := fieldByJSON(m, t, name)
		if f == nil {
			return nil
		}
		if i == len(path)-1 {
			return f
		}
		if t = m.Lookup(gotype.Deref(f.Go)); t == nil {
			return nil
		}
	}
	return nil
}

func fieldByJSON(m *model.Model, t *model.Type, name string) *model.Field {
	for _, f := range t.Fields {
		if f.Inline {
			if inner := m.Lookup(gotype.Deref(f.Go)); inner != nil {
				if g := fieldByJSON(m, inner, name); g != nil {
					return g
				}
			}
			continue
		}
		if f.JSONName == name {
			return f
		}
	}
	return nil
}
