// Package v1 is the jobs.example.com/v1 API, tagged the way k8s.io/api
// tags batch/v1 Job and resource/v1 ResourceClaim in Kubernetes 1.37:
// every validated field says whether it is optional or required, tags
// being rolled out are written behind +k8s:alpha or +k8s:beta, list-maps
// carry update rules on their items, and fields depend on each other.
// It passes the Kubernetes generator's lint, and is generated as CRDs
// too, so that the real API server's differential covers these tags.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil
// +groupName=jobs.example.com
package v1
