// Package contra is written for controller-gen, with markers that cannot
// all be meant, which controller-gen writes into its CRD without a word:
// each is a warning of validation-gen's (TestContradictionWarnings), and
// the CRD is controller-gen's (test/kubebuilder's TestControllerGenOracle).
// +groupName=contra.example.com
package contra
