package bad

type T struct {
	// +k8s:validateFalse(typeArg: "string")="x"
	N *int32 `json:"n"`
}
