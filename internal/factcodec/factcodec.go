// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package factcodec holds the primitives of the compact binary encodings
// that the passes' largest facts use in place of gob's (taint's Summary,
// lockset's Summaries): lengths and integers as varints, strings as a
// length and their bytes, and a Decoder that stops at the first fault, so
// that bytes cut short or of another encoding are refused, never a panic.
package factcodec

import "encoding/binary"

// AppendLen appends a list's length.
func AppendLen(b []byte, n int) []byte { return binary.AppendUvarint(b, uint64(n)) }

// AppendInt appends an integer.
func AppendInt(b []byte, x int64) []byte { return binary.AppendVarint(b, x) }

// AppendBool appends a flag as one byte, 1 for true.
func AppendBool(b []byte, x bool) []byte {
	if x {
		return append(b, 1)
	}
	return append(b, 0)
}

// AppendString appends s, its length first.
func AppendString(b []byte, s string) []byte {
	b = AppendLen(b, len(s))
	return append(b, s...)
}

// AppendStrings appends ss, its length first.
func AppendStrings(b []byte, ss []string) []byte {
	b = AppendLen(b, len(ss))
	for _, s := range ss {
		b = AppendString(b, s)
	}
	return b
}

// AppendInts appends xs, its length first.
func AppendInts(b []byte, xs []int) []byte {
	b = AppendLen(b, len(xs))
	for _, x := range xs {
		b = AppendInt(b, int64(x))
	}
	return b
}

// A Decoder reads what the Append functions wrote. The first fault sets
// Err to the error it was made with and stops it: every read after
// returns a zero value. Lists of no element come back nil, as gob's
// decoding gives them.
type Decoder struct {
	b   []byte
	bad error
	// Err is the first fault met, or nil.
	Err error
}

// NewDecoder returns a decoder of b whose faults are bad.
func NewDecoder(b []byte, bad error) *Decoder { return &Decoder{b: b, bad: bad} }

// Done reports whether every byte was read without a fault.
func (d *Decoder) Done() bool { return d.Err == nil && len(d.b) == 0 }

// Len reads the length of a list whose elements take at least minBytes
// bytes each, refusing one longer than the bytes left could hold.
func (d *Decoder) Len(minBytes int) int {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k)/uint64(minBytes) {
		d.Fail()
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

// Int reads an integer.
func (d *Decoder) Int() int64 {
	x, k := binary.Varint(d.b)
	if k <= 0 {
		d.Fail()
		return 0
	}
	d.b = d.b[k:]
	return x
}

// Byte reads one byte.
func (d *Decoder) Byte() byte {
	if len(d.b) == 0 {
		d.Fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// Bytes reads a length and as many bytes, which share the decoder's
// memory.
func (d *Decoder) Bytes() []byte {
	n := d.Len(1)
	b := d.b[:n:n]
	d.b = d.b[n:]
	return b
}

// Remaining returns how many bytes are left to read.
func (d *Decoder) Remaining() int { return len(d.b) }

// String reads a string.
func (d *Decoder) String() string { return string(d.Bytes()) }

// Strings reads a list of strings.
func (d *Decoder) Strings() []string {
	n := d.Len(1)
	if n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.String()
	}
	return ss
}

// Ints reads a list of integers.
func (d *Decoder) Ints() []int {
	n := d.Len(1)
	if n == 0 {
		return nil
	}
	xs := make([]int, n)
	for i := range xs {
		xs[i] = int(d.Int())
	}
	return xs
}

// Fail records a fault and stops the decoder.
func (d *Decoder) Fail() {
	if d.Err == nil {
		d.Err = d.bad
	}
	d.b = nil
}
