// Package ext is never passed to the generator by the tests: types of the
// bad/outside case come from here, outside the run.
package ext

type Thing struct {
	// +k8s:required
	Name string `json:"name"`
}
