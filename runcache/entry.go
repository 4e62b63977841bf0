package runcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"maps"
	"slices"
)

// An entry file is
//
//	magic, key, Files, Immutable, Dirs, Trees, result, sha256 of all before
//
// with each count and length a uvarint. The trailing sum makes a truncated
// or overwritten file unreadable rather than wrong, and the key makes a
// file copied or renamed under another key's name unreadable too.
const entryMagic = "validation-gen runcache entry v1\n"

func encodeEntry(key Key, m Manifest, result []byte) []byte {
	b := []byte(entryMagic)
	b = append(b, key[:]...)
	b = appendSums(b, m.Files)
	b = binary.AppendUvarint(b, uint64(len(m.Immutable)))
	for _, p := range m.Immutable {
		b = appendBytes(b, []byte(p))
	}
	b = appendSums(b, m.Dirs)
	b = appendSums(b, m.Trees)
	b = appendBytes(b, result)
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

func appendSums(b []byte, sums map[string]Sum) []byte {
	b = binary.AppendUvarint(b, uint64(len(sums)))
	for _, p := range slices.Sorted(maps.Keys(sums)) {
		b = appendBytes(b, []byte(p))
		s := sums[p]
		b = append(b, s[:]...)
	}
	return b
}

func appendBytes(b, s []byte) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

var errUnreadable = errors.New("runcache: entry unreadable")

// decodeEntry reads an entry of key; any file that is not one, whole,
// is errUnreadable.
func decodeEntry(key Key, data []byte) (Manifest, []byte, error) {
	if len(data) < len(entryMagic)+len(key)+sha256.Size {
		return Manifest{}, nil, errUnreadable
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if want := sha256.Sum256(body); !bytes.Equal(sum, want[:]) {
		return Manifest{}, nil, errUnreadable
	}
	r := reader{b: body}
	if string(r.next(len(entryMagic))) != entryMagic || !bytes.Equal(r.next(len(key)), key[:]) {
		return Manifest{}, nil, errUnreadable
	}
	var m Manifest
	m.Files = r.sums()
	for range r.count() {
		m.Immutable = append(m.Immutable, string(r.bytes()))
	}
	m.Dirs = r.sums()
	m.Trees = r.sums()
	result := r.bytes()
	if r.bad || len(r.b) != 0 {
		return Manifest{}, nil, errUnreadable
	}
	return m, result, nil
}

// reader takes an entry apart; past the first malformed field it reads
// nothing and sets bad.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) next(n int) []byte {
	if r.bad || n < 0 || n > len(r.b) {
		r.bad = true
		return nil
	}
	s := r.b[:n:n]
	r.b = r.b[n:]
	return s
}

// count reads a count of bytes or of items, each at least one byte long,
// so a count past the bytes left is corrupt: it cannot make a large
// allocation.
func (r *reader) count() int {
	n, k := binary.Uvarint(r.b)
	if r.bad || k <= 0 || n > uint64(len(r.b)) {
		r.bad = true
		return 0
	}
	r.b = r.b[k:]
	return int(n)
}

func (r *reader) bytes() []byte { return r.next(r.count()) }

func (r *reader) sums() map[string]Sum {
	n := r.count()
	m := make(map[string]Sum, n)
	for range n {
		p := string(r.bytes())
		var s Sum
		copy(s[:], r.next(len(s)))
		m[p] = s
	}
	return m
}
