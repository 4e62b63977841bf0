//go:build unix

package runcache

import (
	"io/fs"
	"syscall"
)

// fileID is the file's inode: a file replaced by another of the same size
// and mtime (a rename over it) still differs in it.
func fileID(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
