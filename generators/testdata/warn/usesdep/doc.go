// Package usesdep is written for controller-gen and has nothing to warn
// about but in the type it uses from ../dep.
// +groupName=usesdep.example.com
package usesdep
