package model_test

import (
	"testing"

	"github.com/declval/validation-gen/model"
	"github.com/declval/validation-gen/source"
)

// TestNoLintRecorded: +k8s:validation-gen-nolint, in doc.go and in a
// type's doc comment (with the note k8s.io/api writes after it), is
// recorded where a lint of Kubernetes' API style would read it.
func TestNoLintRecorded(t *testing.T) {
	l, err := source.Load("../generators", []string{"./testdata/golden/nolint"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Build(l, model.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Packages) != 1 || !m.Packages[0].NoLint {
		t.Fatalf("package NoLint not recorded: %+v", m.Packages)
	}
	p := m.Packages[0]
	for _, ty := range p.Types {
		if ty.Go.Name.Name == "Eviction" && !ty.NoLint {
			t.Errorf("type Eviction: NoLint not recorded")
		}
	}
	if len(p.Types) == 0 {
		t.Fatal("no types")
	}
}
