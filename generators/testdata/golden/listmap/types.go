package listmap

type Port struct {
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:minimum=1
	Port int32 `json:"port,omitempty"`
}

type Route struct {
	Host     string   `json:"host"`
	Path     string   `json:"path"`
	Priority int32    `json:"priority"`
	Tags     []string `json:"tags,omitempty"`
}

type Opt struct {
	// +k8s:optional
	Key *string `json:"key,omitempty"`
	Val string  `json:"val"`
}

type T struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Ports []Port `json:"ports,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=host
	// +k8s:listMapKey=path
	Routes []Route `json:"routes,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=key
	Opts []Opt `json:"opts,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	PtrPorts []*Port `json:"ptrPorts,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:subfield("name")=+k8s:format=k8s-short-name
	Checked []Port `json:"checked,omitempty"`
}
