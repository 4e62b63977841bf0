// Package source loads the Go packages of a run: gengo's type universe,
// and every comment line of their types, fields and packages indexed by
// position (gengo keeps none), so that each tag error can name its file
// and line. It also answers what the model needs to know of the files
// themselves: the declarations no tag applies to, the package's own
// names, the Validate_ functions of readonly packages and the methods
// declared in files the generator's build tag leaves out (deepcopy-gen's),
// and whether the input packages and scheme registries that tags name
// exist.
package source
