package bad

type Port struct {
	Name string `json:"name"`
	// +k8s:optional
	Port int32 `json:"port"`
}

type T struct {
	// +k8s:listType=atomic
	// +k8s:item(name: "http")=+k8s:subfield("port")=+k8s:minimum=1
	Ports []Port `json:"ports"`
}
