package bad

type T struct {
	// +k8s:eachVal=+k8s:validateFalse(cohort: "c")="x"
	Names []string `json:"names"`
}
