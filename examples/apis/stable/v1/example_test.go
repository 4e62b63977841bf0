package v1_test

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"

	v1 "github.com/declval/validation-gen/examples/apis/stable/v1"
)

// The generated Validate_CronTab, called directly: nil for the root's
// field path, nil for the old object on create.
func Example_validateCronTab() {
	ctx := context.Background()
	obj := &v1.CronTab{Spec: v1.CronTabSpec{CronSpec: "*/5 * * * *"}}
	oldObj := obj.DeepCopy()

	// on create, oldObj is nil
	errs := v1.Validate_CronTab(ctx, operation.Operation{Type: operation.Create}, nil, obj, nil)
	for _, e := range errs {
		// e.Type, e.Field, e.Origin: field.ErrorTypeRequired, "spec.image", ""
		fmt.Printf("%s %s %q\n", e.Type, e.Field, e.Origin)
	}

	// on update: the value did not change, so it is ratcheted
	errs = v1.Validate_CronTab(ctx, operation.Operation{Type: operation.Update}, nil, obj, oldObj)
	fmt.Println(len(errs), "errors on update")
	// Output:
	// Required value spec.image ""
	// 0 errors on update
}

// The validations registered in a scheme, as an API server calls them.
func Example_registerValidations() {
	ctx := context.Background()
	obj := &v1.CronTab{Spec: v1.CronTabSpec{CronSpec: "*/5 * * * *", Image: "my-cron-image"}}
	oldObj := obj.DeepCopy()

	scheme := runtime.NewScheme()
	if err := v1.RegisterValidations(scheme); err != nil {
		panic(err)
	}
	errs := scheme.Validate(ctx, nil, obj)              // create
	errs = scheme.ValidateUpdate(ctx, nil, obj, oldObj) // update
	// scheme.Validate(ctx, nil, obj, "status") validates a subresource
	// the package dispatches (+k8s:supportsSubresource)

	fmt.Println(len(errs))
	// Output:
	// 0
}
