package bad

// +k8s:maxLength=3
var Name = "x"
