// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package factcodec

import (
	"errors"
	"slices"
	"testing"
)

var errBad = errors.New("bad")

func encode() []byte {
	b := AppendString(nil, "path.f")
	b = AppendStrings(b, []string{"a", "", "bc"})
	b = AppendInts(b, []int{0, -1, 1 << 40})
	b = AppendBool(b, true)
	b = AppendInt(b, -7)
	return AppendStrings(b, nil)
}

func TestRoundTrip(t *testing.T) {
	d := NewDecoder(encode(), errBad)
	if got := d.String(); got != "path.f" {
		t.Errorf("String = %q", got)
	}
	if got := d.Strings(); !slices.Equal(got, []string{"a", "", "bc"}) {
		t.Errorf("Strings = %q", got)
	}
	if got := d.Ints(); !slices.Equal(got, []int{0, -1, 1 << 40}) {
		t.Errorf("Ints = %v", got)
	}
	if got := d.Byte(); got != 1 {
		t.Errorf("Byte = %d", got)
	}
	if got := d.Int(); got != -7 {
		t.Errorf("Int = %d", got)
	}
	if got := d.Strings(); got != nil {
		t.Errorf("an empty list decodes to %q, want nil", got)
	}
	if !d.Done() {
		t.Errorf("Done = false after reading everything (err %v)", d.Err)
	}
}

// Every cut of a valid encoding is refused with the decoder's error, and
// no read panics.
func TestCut(t *testing.T) {
	b := encode()
	for n := range len(b) {
		d := NewDecoder(b[:n], errBad)
		_ = d.String()
		d.Strings()
		d.Ints()
		d.Byte()
		d.Int()
		d.Strings()
		if d.Done() || !errors.Is(d.Err, errBad) {
			t.Errorf("cut at %d of %d: Done %v, Err %v; want the decoder's error", n, len(b), d.Done(), d.Err)
		}
	}
}

// A length longer than the bytes left could hold is refused before any
// allocation.
func TestLongLength(t *testing.T) {
	d := NewDecoder(AppendLen(nil, 1<<40), errBad)
	if got := d.Strings(); got != nil || d.Err == nil {
		t.Errorf("Strings of a 2^40 list = %d strings, err %v; want refused", len(got), d.Err)
	}
}
