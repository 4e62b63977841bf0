package generators_test

import (
	"strings"
	"testing"

	"github.com/declval/validation-gen/generators"
)

// TestInt8Range: int8 fields take negative bounds. gengo's universe maps
// the builtin int8 to its Byte type (see k8s.io/gengo/v2/types builtins),
// so a generator that trusts the gengo name sees int8 as byte (0..255).
func TestInt8Range(t *testing.T) {
	outs, _, err := generators.Run(generators.Config{Dir: wd(t), Patterns: []string{"./testdata/int8"}, OutputFile: outputFile})
	if err != nil {
		t.Fatalf("Run rejects valid int8 bounds: %v", err)
	}
	if len(outs) != 1 || !strings.Contains(string(outs[0].Content), "-128") {
		t.Errorf("generated code lacks the -128 bound")
	}
}
