package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Router is a kind whose routes hold routes.
// +kubebuilder:object:root=true
type Router struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RouterSpec `json:"spec,omitempty"`
}

// RouterSpec is a Router's.
type RouterSpec struct {
	// Route is the top route.
	Route *Route `json:"route,omitempty"`
	// Tree is a tree of names.
	Tree *Tree `json:"tree,omitempty"`
	// Left starts a chain of two types.
	Left *Left `json:"left,omitempty"`
	// Expr is an expression whose list items are expressions.
	Expr *Expr `json:"expr,omitempty"`
	// Node is a linked node.
	Node *Node `json:"node,omitempty"`
	// Loose is a node described by nothing, not even a type.
	// +kubebuilder:validation:Schemaless
	Loose *Node `json:"loose,omitempty"`
}

// Route is a route with child routes.
type Route struct {
	// +kubebuilder:validation:MinLength=1
	Receiver string `json:"receiver"`
	// Routes are the child routes.
	// +kubebuilder:validation:MaxItems=4
	Routes []*SubRoute `json:"routes,omitempty"`
}

// SubRoute is a route below a route.
type SubRoute Route

// Tree is a named tree.
type Tree struct {
	Name string `json:"name,omitempty"`
	// Children by name.
	Children map[string]Tree `json:"children,omitempty"`
}

// Left leads to Right.
type Left struct {
	Right *Right `json:"right,omitempty"`
}

// Right leads back to Left.
type Right struct {
	// +kubebuilder:validation:XValidation:rule="true"
	Left *Left `json:"left,omitempty"`
}

// Expr is a value, or all of a list of expressions.
type Expr struct {
	Value string `json:"value,omitempty"`
	// +kubebuilder:validation:MinItems=1
	All []Wrapped `json:"all,omitempty"`
}

// Wrapped is an expression, kept as it is.
type Wrapped struct {
	// +kubebuilder:pruning:PreserveUnknownFields
	Expr `json:",omitempty"`
}

// Node is a node of a linked list.
type Node struct {
	Name string `json:"name,omitempty"`
	// Next is the next node, kept as it is.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Type=object
	Next *Node `json:"next,omitempty"`
}

// Widget is a kind whose spec holds a widget.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is a Widget's.
type WidgetSpec struct {
	Size int32 `json:"size,omitempty"`
	// Template is a widget.
	Template *Widget `json:"template,omitempty"`
	// Sub is a route below a route, as the Router's.
	Sub *SubRoute `json:"sub,omitempty"`
}
