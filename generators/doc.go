// Package generators runs the pipeline: it loads the packages into the
// model (package model), checks every CEL rule (package cel), renders each
// package's Go file (package golang) and, with a CRD directory, the CRD
// manifests (package crd).
//
// Run returns every file to write, and the stale generated files to
// remove, without writing any, so a failed run leaves every file as it was;
// Stale compares them with the disk (--verify) and Write writes them, each
// atomically. docs/architecture.md describes the stages and their data.
package generators
