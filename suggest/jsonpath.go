package suggest

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// A field path of an error ("spec.tokenRequests[0].expirationSeconds")
// is read on the Go object by JSON names: Put puts a value there for a
// probe, PutAll into every place of a Go field, and Owner finds the Go
// struct and field that declare it, where a tag goes.

var pathStep = regexp.MustCompile(`([^.\[\]]+)|\[([^\]]*)\]`)

type step struct {
	name  string // a field's JSON name
	index string // or a list index or map key ("*" when folded)
	isIdx bool
}

func parsePath(p string) []step {
	var out []step
	for _, m := range pathStep.FindAllStringSubmatch(p, -1) {
		if m[1] != "" {
			out = append(out, step{name: m[1]})
		} else {
			out = append(out, step{index: m[2], isIdx: true})
		}
	}
	return out
}

// jsonField finds the field of struct type t with JSON name name,
// through inlined embedded structs, as an index path.
func jsonField(t reflect.Type, name string) ([]int, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := strings.Split(f.Tag.Get("json"), ",")
		jname := tag[0]
		if jname == "-" {
			continue
		}
		if jname == "" && f.Anonymous {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if sub, ok := jsonField(ft, name); ok {
					return append([]int{i}, sub...), true
				}
			}
			continue
		}
		if jname == "" {
			jname = f.Name
		}
		if jname == name {
			return []int{i}, true
		}
	}
	return nil, false
}

// Put sets the value at path in obj (a pointer), allocating pointers on
// the way; value is an int64 (for any integer field), a string, a
// ListOfLen (a list of that many copies of its first item, or of zero
// items), or nil (the zero value).
func Put(obj any, path string, value any) error {
	v := reflect.ValueOf(obj)
	for _, s := range parsePath(path) {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		switch {
		case !s.isIdx && v.Kind() == reflect.Struct:
			idx, ok := jsonField(v.Type(), s.name)
			if !ok {
				return fmt.Errorf("%s: no field %q in %s", path, s.name, v.Type())
			}
			v = fieldByIndexAlloc(v, idx)
		case s.isIdx && (v.Kind() == reflect.Slice || v.Kind() == reflect.Array):
			i, err := strconv.Atoi(s.index)
			if err != nil || i >= v.Len() {
				return fmt.Errorf("%s: no item %q", path, s.index)
			}
			v = v.Index(i)
		default:
			// Map values are not addressable: a probe does not go
			// through maps.
			return fmt.Errorf("%s: cannot step %+v into %s", path, s, v.Type())
		}
	}
	if !setValue(v, value) {
		return fmt.Errorf("%s: cannot put a %T into %s", path, value, v.Type())
	}
	return nil
}

func fieldByIndexAlloc(v reflect.Value, idx []int) reflect.Value {
	for i, x := range idx {
		if i > 0 {
			for v.Kind() == reflect.Pointer {
				if v.IsNil() {
					v.Set(reflect.New(v.Type().Elem()))
				}
				v = v.Elem()
			}
		}
		v = v.Field(x)
	}
	return v
}

// Owner finds the Go struct type that declares the field at a (folded)
// path of type t, and the Go name of the field.
func Owner(t reflect.Type, path string) (reflect.Type, string, error) {
	var st reflect.Type
	var goName string
	for _, s := range parsePath(path) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch {
		case !s.isIdx && t.Kind() == reflect.Struct:
			idx, ok := jsonField(t, s.name)
			if !ok {
				return nil, "", fmt.Errorf("%s: no field %q in %s", path, s.name, t)
			}
			// The declaring struct is the innermost one of an inlined path.
			st = t
			for _, i := range idx[:len(idx)-1] {
				st = st.Field(i).Type
				for st.Kind() == reflect.Pointer {
					st = st.Elem()
				}
			}
			f := st.Field(idx[len(idx)-1])
			goName, t = f.Name, f.Type
		case s.isIdx && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map):
			t = t.Elem()
		default:
			return nil, "", fmt.Errorf("%s: cannot step %+v into %s", path, s, t)
		}
	}
	if st == nil {
		return nil, "", fmt.Errorf("%s: not a field", path)
	}
	return st, goName, nil
}

// PutAll puts value (as Put does) into every
// occurrence of the Go field goType.goField (of package pkgPath) in obj,
// wherever its type is used; it reports how many it changed. Map values
// are not addressable and are left out.
func PutAll(obj any, pkgPath, goType, goField string, value any) int {
	n := 0
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			t := v.Type()
			if t.PkgPath() == pkgPath && t.Name() == goType {
				if f := v.FieldByName(goField); f.IsValid() && f.CanSet() && setValue(f, value) {
					n++
				}
			}
			for i := 0; i < v.NumField(); i++ {
				if t.Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(obj))
	return n
}

// Changed asks Put for another value than the field's: a string with
// a letter more, a number one more, a boolean flipped.
type Changed struct{}

// setValue sets f to value as Put says, or to its zero value for nil.
func setValue(f reflect.Value, value any) bool {
	if value == nil {
		f.Set(reflect.Zero(f.Type()))
		return true
	}
	if _, ok := value.(Changed); ok {
		for f.Kind() == reflect.Pointer {
			if f.IsNil() {
				return false // unset: no value to change
			}
			f = f.Elem()
		}
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			return false
		}
		return true
	}
	for f.Kind() == reflect.Pointer {
		if f.IsNil() {
			f.Set(reflect.New(f.Type().Elem()))
		}
		f = f.Elem()
	}
	switch x := value.(type) {
	case int64:
		switch f.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if !f.OverflowInt(x) {
				f.SetInt(x)
				return true
			}
		}
	case string:
		if f.Kind() == reflect.String {
			f.SetString(x)
			return true
		}
	case ListOfLen:
		if f.Kind() == reflect.Slice {
			n := int(x)
			l := reflect.MakeSlice(f.Type(), n, n)
			if f.Len() > 0 {
				for i := range n {
					l.Index(i).Set(f.Index(0))
				}
			}
			f.Set(l)
			return true
		}
	}
	return false
}
