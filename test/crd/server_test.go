package crd

import "github.com/declval/validation-gen/test/crdpipeline"

// apiServer is the server's side of every comparison of this package.
type apiServer = crdpipeline.Pipeline

var (
	newAPIServer     = crdpipeline.New
	isBlockingMarker = crdpipeline.IsBlockingMarker
)

const blockingMarker = crdpipeline.BlockingMarker
