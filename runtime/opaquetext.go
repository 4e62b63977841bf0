package runtime

import (
	"strconv"
	"sync"
	"time"
	"unsafe"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Text is the JSON string of a value that writes its own (a Duration, a
// Time), written into a buffer from a pool, so that checking a pattern,
// a length or an enum on it allocates nothing: the string itself would be
// a new allocation on every check of every valid object.
//
//	txt := DurationText(d)
//	if !re.MatchString(txt.View()) { errs = append(errs, SchemaInvalid(p, txt.String(), ...)) }
//	txt.Release()
type Text struct{ b []byte }

var textPool = sync.Pool{New: func() any { return &Text{b: make([]byte, 0, 40)} }}

func newText() *Text {
	t := textPool.Get().(*Text)
	t.b = t.b[:0]
	return t
}

// View is the text, valid until Release: for checks that keep nothing of
// it (regexp matching, counting, comparing).
func (t *Text) View() string { return unsafe.String(unsafe.SliceData(t.b), len(t.b)) }

// String is a copy of the text, for an error that keeps it.
func (t *Text) String() string { return string(t.b) }

// Release returns the buffer to the pool; the text's View is no longer
// valid.
func (t *Text) Release() { textPool.Put(t) }

// DurationText is a metav1.Duration's JSON string (DurationJSON).
func DurationText(d *metav1.Duration) *Text {
	t := newText()
	t.b = appendDuration(t.b, d.Duration)
	return t
}

// TimeText is a non-zero metav1.Time's JSON string (TimeJSON).
func TimeText(tm *metav1.Time) *Text {
	t := newText()
	t.b = tm.UTC().AppendFormat(t.b, time.RFC3339)
	return t
}

// MicroTimeText is a non-zero metav1.MicroTime's JSON string
// (MicroTimeJSON).
func MicroTimeText(tm *metav1.MicroTime) *Text {
	t := newText()
	t.b = tm.UTC().AppendFormat(t.b, metav1.RFC3339Micro)
	return t
}

// appendDuration appends d as time.Duration's String writes it ("1h2m3.5s",
// "1.5µs", "0s"), which has no append form. TestAppendDuration and
// FuzzAppendDuration hold the two to the same text.
func appendDuration(b []byte, d time.Duration) []byte {
	u := uint64(d)
	if d < 0 {
		b = append(b, '-')
		u = -u // also right for the smallest int64, as an unsigned value
	}
	switch {
	case u == 0:
		return append(b, "0s"...)
	case u < uint64(time.Microsecond):
		return append(strconv.AppendUint(b, u, 10), "ns"...)
	case u < uint64(time.Millisecond):
		return append(appendFraction(b, u, 3), "µs"...)
	case u < uint64(time.Second):
		return append(appendFraction(b, u, 6), "ms"...)
	}
	secs := u / uint64(time.Second)
	if h := secs / 3600; h > 0 {
		b = append(strconv.AppendUint(b, h, 10), 'h')
	}
	if m := secs / 60; m > 0 {
		b = append(strconv.AppendUint(b, m%60, 10), 'm')
	}
	return append(appendFraction(b, u%uint64(time.Minute), 9), 's')
}

// appendFraction appends v/10^digits in decimal, its fraction without
// trailing zeros (and without the point when there is none).
func appendFraction(b []byte, v uint64, digits int) []byte {
	pow := uint64(1)
	for range digits {
		pow *= 10
	}
	b = strconv.AppendUint(b, v/pow, 10)
	frac := v % pow
	if frac == 0 {
		return b
	}
	b = append(b, '.')
	for pow /= 10; frac > 0; pow /= 10 {
		b = append(b, byte('0'+frac/pow))
		frac %= pow
	}
	return b
}
