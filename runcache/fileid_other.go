//go:build !unix

package runcache

import "io/fs"

// fileID is 0 where the system gives no inode through os.Stat: size and
// mtime alone then decide whether the memoized build ID still holds.
func fileID(fs.FileInfo) uint64 { return 0 }
