package dispatch_test

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"

	vgruntime "github.com/declval/validation-gen/runtime"

	v1 "github.com/declval/validation-gen/examples/apis/shapes/dispatch"
)

// The validations registered in a registry of one's own, with no
// runtime.Scheme: by type, and by subresource.
func Example_registry() {
	ctx := context.Background()
	options := map[string]bool{}
	obj, oldObj := &v1.WidgetKind{}, &v1.WidgetKind{Name: "a"}
	op := operation.Operation{Type: operation.Update}

	r := vgruntime.NewRegistry() // the zero vgruntime.Registry is ready too
	if err := v1.RegisterValidations(r); err != nil {
		panic(err)
	}
	errs := r.ValidateCreate(ctx, options, obj)          // create; options: map[string]bool
	errs = r.ValidateUpdate(ctx, options, obj, oldObj)   // update
	errs = r.ValidateCreate(ctx, options, obj, "status") // the /status subresource
	errs = r.Validate(ctx, op, obj, oldObj)              // with a whole operation.Operation

	fmt.Println(errs)
	// Output:
	// [name: Required value]
}
