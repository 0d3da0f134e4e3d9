// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"errors"
	"slices"

	"github.com/psharpvet/psharpvet/internal/factcodec"
)

// A Summary travels in the package's Summaries fact (packagefact.go), and
// in ConcreteResults facts, on the function that returns the methods it
// describes. A go vet unit sees the summaries of every method of every
// type below it and asks for few of them. A Summary therefore encodes
// itself in a compact binary form, and decodes lazily: the fact keeps the
// bytes, decoded decodes them when the analysis first asks for the
// summary, and a summary never asked for is re-exported as the bytes it
// came in.
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
	d := summaryDecoder{factcodec.NewDecoder(s.encoded, errBadSummary)}
	if d.Byte() != summaryFormat {
		return nil, false
	}
	t := d.summary()
	if !d.Done() {
		return nil, false
	}
	return t, true
}

func appendSummary(b []byte, s *Summary) []byte {
	b = factcodec.AppendLen(b, len(s.Links))
	for _, l := range s.Links {
		b = factcodec.AppendInt(b, int64(l[0]))
		b = factcodec.AppendInt(b, int64(l[1]))
	}
	b = factcodec.AppendLen(b, len(s.LinkPaths))
	for _, lp := range s.LinkPaths {
		b = factcodec.AppendInt(b, int64(lp.From))
		b = factcodec.AppendInt(b, int64(lp.To))
		b = factcodec.AppendStrings(b, lp.Paths)
	}
	b = factcodec.AppendInts(b, s.Returns)
	b = appendPortPaths(b, s.ReturnPaths)
	b = factcodec.AppendBool(b, s.NewResults)
	b = factcodec.AppendInts(b, s.Writes)
	b = factcodec.AppendInts(b, s.WritesRoot)
	b = factcodec.AppendInts(b, s.WritesDepth)
	b = appendPortPaths(b, s.ReadPaths)
	b = appendPortPaths(b, s.WritePaths)
	if s.PointerFreeArgs == nil {
		return append(b, 0)
	}
	return appendSummary(append(b, 1), s.PointerFreeArgs)
}

func appendPortPaths(b []byte, pps []PortPaths) []byte {
	b = factcodec.AppendLen(b, len(pps))
	for _, pp := range pps {
		b = factcodec.AppendInt(b, int64(pp.Port))
		b = factcodec.AppendStrings(b, pp.Paths)
	}
	return b
}

// A summaryDecoder reads what appendSummary wrote; the first fault stops
// it, and every read after returns zero values.
type summaryDecoder struct{ *factcodec.Decoder }

func (d summaryDecoder) summary() *Summary {
	s := new(Summary)
	if n := d.Len(2); n > 0 {
		s.Links = make([][2]int, n)
		for i := range s.Links {
			s.Links[i] = [2]int{int(d.Int()), int(d.Int())}
		}
	}
	if n := d.Len(3); n > 0 {
		s.LinkPaths = make([]LinkPaths, n)
		for i := range s.LinkPaths {
			s.LinkPaths[i] = LinkPaths{From: int(d.Int()), To: int(d.Int()), Paths: d.Strings()}
		}
	}
	s.Returns = d.Ints()
	s.ReturnPaths = d.portPaths()
	s.NewResults = d.Byte() == 1
	s.Writes = d.Ints()
	s.WritesRoot = d.Ints()
	s.WritesDepth = d.Ints()
	s.ReadPaths = d.portPaths()
	s.WritePaths = d.portPaths()
	if d.Byte() == 1 && d.Err == nil {
		s.PointerFreeArgs = d.summary()
	}
	return s
}

func (d summaryDecoder) portPaths() []PortPaths {
	n := d.Len(2)
	if n == 0 {
		return nil
	}
	pps := make([]PortPaths, n)
	for i := range pps {
		pps[i] = PortPaths{Port: int(d.Int()), Paths: d.Strings()}
	}
	return pps
}
