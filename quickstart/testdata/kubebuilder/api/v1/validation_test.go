package v1_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1 "example.com/cronjob/api/v1"
)

func TestCronJobValidation(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := v1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	if err := v1.RegisterValidations(scheme); err != nil { // next to AddToScheme
		t.Fatal(err)
	}
	ctx := context.Background()
	cronjob := &v1.CronJob{Spec: v1.CronJobSpec{Schedule: "*/1 * * * *", ConcurrencyPolicy: "Allow"}}
	if errs := scheme.Validate(ctx, nil, cronjob); len(errs) != 0 {
		t.Errorf("a valid CronJob: %v", errs)
	}

	cronjob.Spec.ConcurrencyPolicy = "Sometimes"
	errs := scheme.Validate(ctx, nil, cronjob)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeNotSupported || errs[0].Field != "spec.concurrencyPolicy" {
		t.Errorf("want spec.concurrencyPolicy: Unsupported value, got %v", errs)
	}
}
