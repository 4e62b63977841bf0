package bad

// JSON writes a []byte as a base64 string: a CRD would carry maxItems on
// a string, which the API server ignores, while Go counted bytes.
type T struct {
	// +k8s:maxItems=4
	Data []byte `json:"data"`
}
