// Package gosource turns a jennifer file into Go source and keeps the time
// it took, for -v: jennifer formats what it renders with gofmt (go/format),
// which is a large part of emitting a package's validators.
package gosource

import (
	"bytes"
	"sync/atomic"
	"time"

	"github.com/dave/jennifer/jen"
)

// nanos is the time Render has taken in this process, summed over the
// goroutines that ran it: packages are rendered in parallel.
var nanos atomic.Int64

// Render renders f as gofmt writes it.
func Render(f *jen.File) ([]byte, error) {
	start := time.Now()
	defer func() { nanos.Add(int64(time.Since(start))) }()
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// RenderTime is the time Render has taken in this process so far.
func RenderTime() time.Duration { return time.Duration(nanos.Load()) }
