package v1

import "github.com/declval/validation-gen/examples/apis/shapes/shared"

type Inner struct {
	// +k8s:maxLength=5
	X string `json:"x"`
	// +k8s:optional
	Refs []shared.Ref `json:"refs,omitempty"`
}

type Tree struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	Children []Tree `json:"children,omitempty"`
}

type T struct {
	Inner `json:",inline"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxLength=3
	Labels map[string]string `json:"labels,omitempty"`
	// +k8s:optional
	MIn map[string]Inner `json:"min,omitempty"`
	// +k8s:optional
	PIn *Inner `json:"pin,omitempty"`
	// +k8s:optional
	LIn []Inner `json:"lin,omitempty"`
	// +k8s:optional
	Tree *Tree `json:"tree,omitempty"`
	// +k8s:minimum=1
	N int `json:"n"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Ports []shared.Ref `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	PPorts []*shared.Ref `json:"pports,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	Ins []Inner `json:"ins,omitempty"`
	// +k8s:optional
	Stamped *Stamped `json:"stamped,omitempty"`
	// An atomic list whose items are unique by key, as k8s.io/api writes
	// lists that server-side apply replaces whole.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=name
	Unique []shared.Ref `json:"unique,omitempty"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=set
	UniqueNames []string `json:"uniqueNames,omitempty"`
	// A list-map items may not join or leave on update.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	// +k8s:eachVal=+k8s:update=NoModify
	Fixed []shared.Ref `json:"fixed,omitempty"`
}

// Node is a recursive type with every shape a recursive value takes: a
// pointer chain, an atomic list, a list-map, maps of pointers and of
// values, and a list typedef inside the cycle. Update validation of a
// Node is linear in its size (recursive_test.go).
type Node struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:minimum=0
	Weight int32 `json:"weight"`
	// +k8s:optional
	Next *Node `json:"next,omitempty"`
	// +k8s:optional
	Children []Node `json:"children,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Keyed []Node `json:"keyed,omitempty"`
	// +k8s:optional
	ByName map[string]*Node `json:"byName,omitempty"`
	// +k8s:optional
	Values map[string]Node `json:"values,omitempty"`
	// +k8s:optional
	More Nodes `json:"more,omitempty"`
	// Note has no tag; it still decides whether a Node changed.
	Note string `json:"note,omitempty"`
}

// Nodes is a list of nodes.
type Nodes []Node

// Family is a recursive type with a CEL rule: the schema its rules are
// evaluated with ends where the type recurs, keeping the scalar fields
// that the list-map below it is keyed by.
//
// +k8s:rule(rule: "!has(self.kids) || has(self.name)", message: "a family with kids needs a name")
type Family struct {
	// +k8s:optional
	// +k8s:maxLength=64
	Name string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=8
	// +k8s:rule(rule: "self.all(k, !has(k.kids) || k.kids.all(g, !has(g.name) || g.name != 'x'))", message: "no grandchild is named x")
	Kids []Family `json:"kids,omitempty"`
}
