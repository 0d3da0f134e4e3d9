// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"encoding/binary"
	"errors"
	"go/token"
	"slices"
)

// Every go vet unit decodes the Summaries fact of each package it imports
// directly, whole, and asks for the summaries of the few functions it
// calls: on protoactor-go's dependencies, 580 MB of such facts were decoded
// over the run (k8s.io/api/core/v1's alone is 5.7 MB, read by each of the
// API packages above it). Summaries therefore encodes itself in a compact
// binary form, each function's summary apart, and decodes lazily:
// GobDecode keeps the bytes, index reads the names and where each summary
// lies, and summaryIndex.lookup decodes a summary when it is first asked
// for.
//
// A decoded summary is what gob's own encoding of the struct gave: empty
// slices come back nil (TestSummariesCodec).

// summariesFormat is the first byte of an encoded Summaries, so that
// bytes of another encoding are refused rather than misread.
const summariesFormat = 1

// errBadSummaries says the bytes of a Summaries fact are not one this
// version encodes.
var errBadSummaries = errors.New("lockset: malformed summaries fact")

// GobEncode encodes s for a fact: the bytes it was decoded from, if it
// was (x/tools does not re-export package facts), else its fields.
func (s *Summaries) GobEncode() ([]byte, error) {
	if s.encoded != nil {
		return s.encoded, nil
	}
	b := []byte{summariesFormat}
	b = binary.AppendUvarint(b, uint64(len(s.Funcs)))
	var sum []byte
	for i := range s.Funcs {
		b = appendString(b, s.Funcs[i].Name)
		sum = appendSummary(sum[:0], &s.Funcs[i].Summary)
		b = binary.AppendUvarint(b, uint64(len(sum)))
		b = append(b, sum...)
	}
	return b, nil
}

// GobDecode keeps b for index to read. gob may reuse b's memory, hence
// the copy.
func (s *Summaries) GobDecode(b []byte) error {
	if len(b) == 0 || b[0] != summariesFormat {
		return errBadSummaries
	}
	*s = Summaries{encoded: slices.Clone(b)}
	return nil
}

// A summaryIndex finds the summaries of a package's functions by full
// name, decoding each when it is first asked for.
type summaryIndex struct {
	encoded map[string][]byte   // the summaries not yet decoded
	decoded map[string]*Summary // the summaries asked for, or not encoded
}

// index returns the index of s's summaries. The bytes of an imported fact
// that do not decode give an index of the summaries before the fault.
func (s *Summaries) index() *summaryIndex {
	if s.encoded == nil {
		x := &summaryIndex{decoded: make(map[string]*Summary, len(s.Funcs))}
		for i := range s.Funcs {
			x.decoded[s.Funcs[i].Name] = &s.Funcs[i].Summary
		}
		return x
	}
	d := decoder{b: s.encoded}
	d.byte() // summariesFormat, checked by GobDecode
	n := d.length(2)
	x := &summaryIndex{encoded: make(map[string][]byte, n), decoded: make(map[string]*Summary)}
	for range n {
		name := d.string()
		sum := d.bytes()
		if d.err != nil {
			break
		}
		x.encoded[name] = sum
	}
	return x
}

// lookup returns the summary of the function whose full name is name, or
// nil if the fact has none (or its bytes do not decode).
func (x *summaryIndex) lookup(name string) *Summary {
	if s, ok := x.decoded[name]; ok {
		return s
	}
	b, ok := x.encoded[name]
	if !ok {
		return nil
	}
	delete(x.encoded, name)
	d := decoder{b: b}
	s := d.summary()
	if d.err != nil || len(d.b) != 0 {
		s = nil
	}
	x.decoded[name] = s
	return s
}

func appendSummary(b []byte, s *Summary) []byte {
	b = appendHelds(b, s.Acquire)
	b = appendStrings(b, s.Release)
	b = binary.AppendUvarint(b, uint64(len(s.Accesses)))
	for i := range s.Accesses {
		b = appendAccess(b, &s.Accesses[i])
	}
	b = appendStrings(b, s.Received)
	b = appendStrings(b, s.Closes)
	b = appendStrings(b, s.Seen)
	b = appendStrings(b, s.SeenIfNil)
	b = appendHelds(b, s.AcquireIfNil)
	b = binary.AppendUvarint(b, uint64(len(s.Starts)))
	for _, p := range s.Starts {
		b = binary.AppendVarint(b, int64(p))
	}
	b = binary.AppendUvarint(b, uint64(len(s.Invokes)))
	for _, inv := range s.Invokes {
		b = binary.AppendVarint(b, int64(inv.Param))
		b = appendStrings(b, inv.Methods)
	}
	return b
}

// appendAccess appends what gob encoded of a: its exported fields.
func appendAccess(b []byte, a *Access) []byte {
	b = appendString(b, a.Path)
	b = append(b, boolByte(a.Write)|boolByte(a.Atomic)<<1)
	b = appendHelds(b, a.Held)
	b = appendStrings(b, a.Released)
	b = appendStrings(b, a.After)
	b = appendStrings(b, a.Before)
	b = appendStrings(b, a.Seen)
	b = appendStrings(b, a.Guards)
	b = binary.AppendVarint(b, a.Elem)
	b = appendString(b, a.Func)
	return binary.AppendVarint(b, int64(a.Pos))
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendHelds(b []byte, hs []Held) []byte {
	b = binary.AppendUvarint(b, uint64(len(hs)))
	for _, h := range hs {
		b = appendString(b, h.Lock)
		b = append(b, boolByte(h.Read))
	}
	return b
}

// A decoder reads what the append functions above wrote from b; the
// first error stops it, and every read after returns zero values.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) summary() *Summary {
	s := &Summary{Acquire: d.helds(), Release: d.strings()}
	if n := d.length(11); n > 0 { // an access takes 11 bytes at least
		s.Accesses = make([]Access, n)
		for i := range s.Accesses {
			d.access(&s.Accesses[i])
		}
	}
	s.Received = d.strings()
	s.Closes = d.strings()
	s.Seen = d.strings()
	s.SeenIfNil = d.strings()
	s.AcquireIfNil = d.helds()
	if n := d.length(1); n > 0 {
		s.Starts = make([]int, n)
		for i := range s.Starts {
			s.Starts[i] = int(d.int())
		}
	}
	if n := d.length(2); n > 0 {
		s.Invokes = make([]Invoke, n)
		for i := range s.Invokes {
			s.Invokes[i] = Invoke{Param: int(d.int()), Methods: d.strings()}
		}
	}
	return s
}

func (d *decoder) access(a *Access) {
	a.Path = d.string()
	flags := d.byte()
	a.Write, a.Atomic = flags&1 != 0, flags&2 != 0
	a.Held = d.helds()
	a.Released = d.strings()
	a.After = d.strings()
	a.Before = d.strings()
	a.Seen = d.strings()
	a.Guards = d.strings()
	a.Elem = d.int()
	a.Func = d.string()
	a.Pos = token.Pos(d.int())
}

// length reads the length of a list whose elements take at least
// minBytes bytes each, refusing one longer than the bytes left could hold.
func (d *decoder) length(minBytes int) int {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k)/uint64(minBytes) {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

func (d *decoder) int() int64 {
	x, k := binary.Varint(d.b)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return x
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) bytes() []byte {
	n := d.length(1)
	b := d.b[:n:n]
	d.b = d.b[n:]
	return b
}

func (d *decoder) string() string { return string(d.bytes()) }

func (d *decoder) strings() []string {
	n := d.length(1)
	if n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.string()
	}
	return ss
}

func (d *decoder) helds() []Held {
	n := d.length(2)
	if n == 0 {
		return nil
	}
	hs := make([]Held, n)
	for i := range hs {
		hs[i] = Held{Lock: d.string(), Read: d.byte() != 0}
	}
	return hs
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = errBadSummaries
	}
	d.b = nil
}
