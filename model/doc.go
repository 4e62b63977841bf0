// Package model turns Go packages and their tags into the typed model that
// both backends read: the intermediate representation of the pipeline.
//
// Build reads, from what package source loaded, each type's, field's and
// package's tags through the registry of package markers, and turns every
// tag into exactly one typed Rule (Minimum, ListType, IfOption, CEL, ...)
// on a Type or a Field. Every placement and payload error is found here,
// once, with file:line, the tag and a fix. Nothing downstream reads a
// comment again: the Go and CRD backends map rules to output, and the
// model's queries (Lookup, CELRules, TypesBelow, ...) answer what they
// need to know about the type graph.
package model
