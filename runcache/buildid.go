package runcache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// BuildID identifies the running executable's build by the sha256 of its
// bytes, so that a rebuilt generator never reuses the results of the old
// one. See BuildIDOf.
func (c *Cache) BuildID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("runcache: %w", err)
	}
	return c.BuildIDOf(exe)
}

// BuildIDOf is the sha256, in hex, of the file at path. Hashing an
// executable of tens of megabytes on every run would cost more than a hit
// saves, so the sum is kept in the cache directory with the file's path,
// size, mtime and inode (where the system has one), and the file is hashed
// again only when one of those differs.
func (c *Cache) BuildIDOf(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("runcache: %w", err)
	}
	stamp := fmt.Sprintf("%q %d %d %d\n", path, info.Size(), info.ModTime().UnixNano(), fileID(info))
	pathSum := sha256.Sum256([]byte(path))
	memo := filepath.Join(c.dir, "buildid-"+hex.EncodeToString(pathSum[:16]))
	if data, err := os.ReadFile(memo); err == nil {
		if id, ok := strings.CutPrefix(string(data), stamp); ok {
			if id, ok := strings.CutSuffix(id, "\n"); ok && len(id) == 2*sha256.Size {
				if _, err := hex.DecodeString(id); err == nil {
					return id, nil
				}
			}
		}
	}
	w := worker{h: sha256.New(), buf: make([]byte, 256<<10)}
	sum, err := w.fileSum(path)
	if err != nil {
		return "", fmt.Errorf("runcache: %w", err)
	}
	id := hex.EncodeToString(sum[:])
	writeFileAtomic(memo, []byte(stamp+id+"\n")) // best effort: without it the next run hashes again
	return id, nil
}
