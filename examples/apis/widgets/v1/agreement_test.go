package v1

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/declval/validation-gen/validationtest"
)

func generatedWidget(ctx context.Context, op operation.Operation, obj, old *Widget) field.ErrorList {
	return Validate_Widget(ctx, op, nil, obj, old)
}

// The handwritten ValidateWidget and the generated Validate_Widget agree
// on thousands of random widgets, created and updated, with the options
// on and off: what makes migrating Widget to tags safe.
func TestHandwrittenAndGeneratedAgreeOnRandomWidgets(t *testing.T) {
	for _, options := range []map[string]bool{
		{"WidgetMultiZone": true, "WidgetStrictPorts": true, "WidgetColors": true},
		{"WidgetMultiZone": false, "WidgetStrictPorts": false, "WidgetColors": false},
		nil, // undefined options: an InternalError on both sides
	} {
		rep := validationtest.Agree(t, validationtest.Config{Seed: 42, Objects: 1500, Options: options},
			ValidateWidget, generatedWidget)
		if rep.Invalid == 0 || rep.Invalid == rep.Validations {
			t.Errorf("the random widgets should be valid and invalid alike: %s", rep)
		}
	}
}
