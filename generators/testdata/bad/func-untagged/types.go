package bad

// When has no tag, but R's CEL rule makes R compared on update, field by
// field: a func can only be compared with nil, and JSON cannot encode one.
// +k8s:rule(rule: "self.ports >= 0", message: "ports must not be negative")
type R struct {
	Ports int32    `json:"ports"`
	When  []func() `json:"when"`
}
