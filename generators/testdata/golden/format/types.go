package format

type Format struct {
	// +k8s:format=k8s-ip
	IP string `json:"ip"`
	// +k8s:format=k8s-long-name
	Long string `json:"long"`
	// +k8s:format=k8s-short-name
	Short string `json:"short"`
	// +k8s:optional
	// +k8s:format=k8s-ip
	PIP *string `json:"pip,omitempty"`
	// +k8s:eachVal=+k8s:format=k8s-short-name
	Names []string `json:"names"`
}
