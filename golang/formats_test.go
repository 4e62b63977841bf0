package golang

import (
	"testing"

	"github.com/declval/validation-gen/markers"
)

// TestEveryFormatHasACheck: a format the registry accepts but the Go
// backend cannot check would pass the tag's own checks and then panic.
func TestEveryFormatHasACheck(t *testing.T) {
	def, ok := markers.Default.Lookup("format")
	if !ok {
		t.Fatal("no +k8s:format in the registry")
	}
	if len(def.Choices) != len(formatFuncs) {
		t.Errorf("registry has %d formats, the Go backend %d", len(def.Choices), len(formatFuncs))
	}
	for _, name := range def.Choices {
		if formatFuncs[name] == "" {
			t.Errorf("format %q has no runtime check", name)
		}
	}
}
