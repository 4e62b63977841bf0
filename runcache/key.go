package runcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// Key names one invocation of the generator: everything that decides its
// result other than the files it reads, which the entry's Manifest covers.
type Key [sha256.Size]byte

// NewKey hashes parts, each prefixed by its length, so that no two lists of
// parts hash alike by moving bytes across a boundary: ("ab", "c") and
// ("a", "bc") are different keys.
func NewKey(parts ...string) Key {
	h := sha256.New()
	h.Write([]byte("validation-gen runcache key\n"))
	var n [binary.MaxVarintLen64]byte
	for _, p := range parts {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(p)))])
		h.Write([]byte(p))
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// String is the key in hex, as it names the entry's file.
func (k Key) String() string { return hex.EncodeToString(k[:]) }
