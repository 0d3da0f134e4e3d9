// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"encoding/binary"
	"errors"
	"slices"
)

// A Summary is exported on every function and method other packages can
// call, and x/tools re-exports a fact on a method from each package to its
// importers, so a go vet unit decodes the summaries of every method of
// every type below it, once per direct import that carries them (a unit of
// client-go's scheme package: 17,000 summaries from 56 imports), and asks
// for few of them. A Summary therefore encodes itself in a compact binary
// form, and decodes lazily: GobDecode keeps the bytes, decoded decodes
// them when the analysis first asks for the summary, and a summary never
// asked for is re-exported as the bytes it came in.
//
// The decoded value is what gob's own encoding of the struct gave: empty
// slices and strings come back nil and empty, a nil PointerFreeArgs stays
// nil and a non-nil one comes back non-nil (TestSummaryCodec).

// summaryFormat is the first byte of an encoded Summary, so that bytes of
// another encoding are refused rather than misread.
const summaryFormat = 1

// errBadSummary says the bytes of a Summary fact are not one this
// version encodes.
var errBadSummary = errors.New("taint: malformed summary fact")

// GobEncode encodes s for a fact: the bytes it was decoded from if the
// analysis never asked for it, else its fields.
func (s *Summary) GobEncode() ([]byte, error) {
	if s.encoded != nil {
		return s.encoded, nil
	}
	return appendSummary([]byte{summaryFormat}, s), nil
}

// GobDecode keeps b for decoded to decode when the analysis asks for the
// summary. gob may reuse b's memory, hence the copy.
func (s *Summary) GobDecode(b []byte) error {
	if len(b) == 0 || b[0] != summaryFormat {
		return errBadSummary
	}
	*s = Summary{encoded: slices.Clone(b)}
	return nil
}

// decoded returns s decoded if it is a fact imported from another package
// and not yet decoded, else s itself, and whether it is usable: bytes that
// do not decode are as if the fact were missing. s is left as it is: the
// fact set shares it (a ConcreteResults fact's methods).
func (s *Summary) decoded() (*Summary, bool) {
	if s.encoded == nil {
		return s, true
	}
	d := summaryDecoder{b: s.encoded}
	if d.byte() != summaryFormat {
		return nil, false
	}
	t := d.summary()
	if d.err != nil || len(d.b) != 0 {
		return nil, false
	}
	return t, true
}

func appendSummary(b []byte, s *Summary) []byte {
	b = binary.AppendUvarint(b, uint64(len(s.Links)))
	for _, l := range s.Links {
		b = binary.AppendVarint(b, int64(l[0]))
		b = binary.AppendVarint(b, int64(l[1]))
	}
	b = binary.AppendUvarint(b, uint64(len(s.LinkPaths)))
	for _, lp := range s.LinkPaths {
		b = binary.AppendVarint(b, int64(lp.From))
		b = binary.AppendVarint(b, int64(lp.To))
		b = appendStrings(b, lp.Paths)
	}
	b = appendInts(b, s.Returns)
	b = appendPortPaths(b, s.ReturnPaths)
	if s.NewResults {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendInts(b, s.Writes)
	b = appendInts(b, s.WritesRoot)
	b = appendInts(b, s.WritesDepth)
	b = appendPortPaths(b, s.ReadPaths)
	b = appendPortPaths(b, s.WritePaths)
	if s.PointerFreeArgs == nil {
		return append(b, 0)
	}
	return appendSummary(append(b, 1), s.PointerFreeArgs)
}

func appendInts(b []byte, xs []int) []byte {
	b = binary.AppendUvarint(b, uint64(len(xs)))
	for _, x := range xs {
		b = binary.AppendVarint(b, int64(x))
	}
	return b
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

func appendPortPaths(b []byte, pps []PortPaths) []byte {
	b = binary.AppendUvarint(b, uint64(len(pps)))
	for _, pp := range pps {
		b = binary.AppendVarint(b, int64(pp.Port))
		b = appendStrings(b, pp.Paths)
	}
	return b
}

// A summaryDecoder reads what appendSummary wrote from b; the first error
// stops it, and every read after returns zero values.
type summaryDecoder struct {
	b   []byte
	err error
}

func (d *summaryDecoder) summary() *Summary {
	s := new(Summary)
	if n := d.length(2); n > 0 {
		s.Links = make([][2]int, n)
		for i := range s.Links {
			s.Links[i] = [2]int{d.int(), d.int()}
		}
	}
	if n := d.length(3); n > 0 {
		s.LinkPaths = make([]LinkPaths, n)
		for i := range s.LinkPaths {
			s.LinkPaths[i] = LinkPaths{From: d.int(), To: d.int(), Paths: d.strings()}
		}
	}
	s.Returns = d.ints()
	s.ReturnPaths = d.portPaths()
	s.NewResults = d.byte() == 1
	s.Writes = d.ints()
	s.WritesRoot = d.ints()
	s.WritesDepth = d.ints()
	s.ReadPaths = d.portPaths()
	s.WritePaths = d.portPaths()
	if d.byte() == 1 && d.err == nil {
		s.PointerFreeArgs = d.summary()
	}
	return s
}

// length reads the length of a list whose elements take at least
// minBytes bytes each, refusing one longer than the bytes left could hold.
func (d *summaryDecoder) length(minBytes int) int {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k)/uint64(minBytes) {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

func (d *summaryDecoder) int() int {
	x, k := binary.Varint(d.b)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return int(x)
}

func (d *summaryDecoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *summaryDecoder) ints() []int {
	n := d.length(1)
	if n == 0 {
		return nil
	}
	xs := make([]int, n)
	for i := range xs {
		xs[i] = d.int()
	}
	return xs
}

func (d *summaryDecoder) strings() []string {
	n := d.length(1)
	if n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		l := d.length(1)
		ss[i] = string(d.b[:l])
		d.b = d.b[l:]
	}
	return ss
}

func (d *summaryDecoder) portPaths() []PortPaths {
	n := d.length(2)
	if n == 0 {
		return nil
	}
	pps := make([]PortPaths, n)
	for i := range pps {
		pps[i] = PortPaths{Port: d.int(), Paths: d.strings()}
	}
	return pps
}

func (d *summaryDecoder) fail() {
	if d.err == nil {
		d.err = errBadSummary
	}
	d.b = nil
}
