package crwebhook_test

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/declval/validation-gen/crwebhook"
	stablev1 "github.com/declval/validation-gen/examples/apis/stable/v1"
)

// A controller-runtime manager serves the generated validation of a kind
// as its validating webhook: the scheme holds the kind and its generated
// RegisterValidations (AddToScheme calls it), the options are what the
// tags test.
func Example() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := stablev1.AddToScheme(mgr.GetScheme()); err != nil { // registers RegisterValidations too
		panic(err)
	}
	v, err := crwebhook.New[*stablev1.CronTab](mgr.GetScheme(), crwebhook.WithOptions(map[string]bool{}))
	if err != nil { // the scheme has no generated validation of the kind
		panic(err)
	}
	if err := ctrl.NewWebhookManagedBy(mgr, &stablev1.CronTab{}).WithValidator(v).Complete(); err != nil {
		panic(err)
	}
}
