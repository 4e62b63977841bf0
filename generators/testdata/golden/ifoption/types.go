package ifoption

type IfOption struct {
	// +k8s:ifEnabled("FeatureA")=+k8s:required
	A string `json:"a"`
	// +k8s:ifDisabled("FeatureA")=+k8s:forbidden
	B string `json:"b"`
	// +k8s:ifEnabled("FeatureB")=+k8s:minimum=5
	// +k8s:ifDisabled("FeatureB")=+k8s:minimum=1
	N int32 `json:"n"`
	// +k8s:eachVal=+k8s:ifEnabled("FeatureC")=+k8s:maxLength=2
	L []string `json:"l"`
}

// +k8s:ifEnabled("Strict")=+k8s:maxLength=3
type Code string

type HasCode struct {
	C Code `json:"c"`
}
