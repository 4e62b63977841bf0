package bad

type T struct {
	// +k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:ifEnabled("A")=+k8s:minimum=1
	N int `json:"n"`
}
