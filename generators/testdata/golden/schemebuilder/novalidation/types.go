package novalidation

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	Note            string `json:"note"`
}
