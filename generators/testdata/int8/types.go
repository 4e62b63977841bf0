package int8

// int8 ranges over -128..127; uint8 (byte) over 0..255.
type T struct {
	// +k8s:minimum=-128
	A int8 `json:"a"`
	// +k8s:neq=-1
	B int8 `json:"b"`
	// +k8s:eachVal=+k8s:minimum=-5
	L []int8 `json:"l"`
}
