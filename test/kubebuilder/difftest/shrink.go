package difftest

import (
	"encoding/json"
	"maps"
	"slices"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Shrinking: a random object of a kind with a pod template is tens of
// kilobytes of JSON, most of it beside the point of a disagreement. A
// disagreement is shown on its objects with every key and list item
// deleted whose deletion keeps its first difference (the side, the error
// type and the path with indexes as [*]), greedily from the root down,
// within a budget of checks. The shrunk bodies are kept canonical (as a
// Go client sends them), as the random ones are.

const (
	// shrinkChecks and shrinkTime bound the checks made to shrink one
	// disagreement.
	shrinkChecks = 200
	shrinkTime   = 400 * time.Millisecond
)

// shrunk is a disagreement's outcome on the shrunk objects and the
// difference kept.
type shrunk struct {
	*outcome
	first string
}

// shrink returns body and oldBody (nil on create) shrunk, and the outcome
// on them. An unchanged update (body == oldBody) stays one.
func (d *run[T]) shrink(body, oldBody []byte, o *outcome) (newBody, newOld []byte, s shrunk) {
	s = shrunk{outcome: o, first: o.first()}
	var obj, old map[string]any
	if json.Unmarshal(body, &obj) != nil {
		return body, oldBody, s
	}
	same := oldBody != nil && string(body) == string(oldBody)
	if oldBody != nil && !same && json.Unmarshal(oldBody, &old) != nil {
		return body, oldBody, s
	}
	// The bodies as a Go client sends them (canonical).
	bodies := func() ([]byte, []byte, error) {
		b, _ := json.Marshal(obj)
		b, err := d.canonical(b)
		switch {
		case err != nil:
			return nil, nil, err
		case same:
			return b, b, nil
		case old != nil:
			ob, _ := json.Marshal(old)
			ob, err := d.canonical(ob)
			return b, ob, err
		}
		return b, nil, nil
	}
	checks, deadline := 0, time.Now().Add(shrinkTime)
	still := func() bool {
		if checks >= shrinkChecks || time.Now().After(deadline) {
			return false
		}
		checks++
		b, ob, err := bodies()
		if err != nil {
			return false
		}
		c := d.check(b, ob)
		if c.undecodable || c.goDecode != nil {
			return false
		}
		return slices.ContainsFunc(c.srvOnly, func(e *field.Error) bool { return "server only "+kindOf(e) == s.first }) ||
			slices.ContainsFunc(c.goOnly, func(e *field.Error) bool { return "Go only "+kindOf(e) == s.first })
	}
	shrinkRoot(obj, still)
	if old != nil {
		shrinkRoot(old, still)
	}
	newBody, newOld, err := bodies()
	if err != nil {
		return body, oldBody, s
	}
	s.outcome = d.check(newBody, newOld)
	return newBody, newOld, s
}

// shrinkRoot shrinks an object but its apiVersion, kind and metadata.
func shrinkRoot(obj map[string]any, still func() bool) {
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if k == "apiVersion" || k == "kind" || k == "metadata" {
			continue
		}
		save := obj[k]
		delete(obj, k)
		if still() {
			continue
		}
		obj[k] = save
		shrinkValue(func() any { return obj[k] }, func(v any) { obj[k] = v }, still)
	}
}

// shrinkValue deletes what it can of the keys and items below a value,
// which get and set read and write where it is.
func shrinkValue(get func() any, set func(any), still func() bool) {
	switch x := get().(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			save := x[k]
			delete(x, k)
			if still() {
				continue
			}
			x[k] = save
			shrinkValue(func() any { return x[k] }, func(v any) { x[k] = v }, still)
		}
	case []any:
		for i := len(x) - 1; i >= 0; i-- {
			cur := get().([]any)
			set(slices.Delete(slices.Clone(cur), i, i+1))
			if still() {
				continue
			}
			set(cur)
		}
		cur := get().([]any)
		for i := range cur {
			shrinkValue(func() any { return cur[i] }, func(v any) { cur[i] = v }, still)
		}
	}
}
