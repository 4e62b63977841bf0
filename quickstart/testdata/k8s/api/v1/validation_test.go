package v1_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1 "example.com/crontabs/api/v1"
)

func TestCronTabValidation(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := v1.AddToScheme(scheme); err != nil { // the kinds, and their validations
		t.Fatal(err)
	}
	ctx := context.Background()
	crontab := &v1.CronTab{Spec: v1.CronTabSpec{CronSpec: "*/5 * * * *", Image: "my-cron-image"}}
	if errs := scheme.Validate(ctx, nil, crontab); len(errs) != 0 {
		t.Errorf("a valid CronTab: %v", errs)
	}

	crontab.Spec.Image = ""
	errs := scheme.Validate(ctx, nil, crontab)
	if len(errs) != 1 || errs[0].Type != field.ErrorTypeRequired || errs[0].Field != "spec.image" {
		t.Errorf("want spec.image: Required value, got %v", errs)
	}
}
