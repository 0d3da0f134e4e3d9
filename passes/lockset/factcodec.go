// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"errors"
	"go/token"
	"slices"

	"github.com/psharpvet/psharpvet/internal/factcodec"
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
const summariesFormat = 2

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
	b = factcodec.AppendLen(b, len(s.Funcs))
	var sum []byte
	for i := range s.Funcs {
		b = factcodec.AppendString(b, s.Funcs[i].Name)
		sum = appendSummary(sum[:0], &s.Funcs[i].Summary)
		b = factcodec.AppendLen(b, len(sum))
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
	d := factcodec.NewDecoder(s.encoded, errBadSummaries)
	d.Byte() // summariesFormat, checked by GobDecode
	n := d.Len(2)
	x := &summaryIndex{encoded: make(map[string][]byte, n), decoded: make(map[string]*Summary)}
	for range n {
		name := d.String()
		sum := d.Bytes()
		if d.Err != nil {
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
	d := newDecoder(b)
	s := d.summary()
	if !d.Done() {
		s = nil
	}
	x.decoded[name] = s
	return s
}

func appendSummary(b []byte, s *Summary) []byte {
	b = appendHelds(b, s.Acquire)
	b = factcodec.AppendStrings(b, s.Release)
	b = factcodec.AppendLen(b, len(s.Accesses))
	for i := range s.Accesses {
		b = appendAccess(b, &s.Accesses[i])
	}
	b = factcodec.AppendStrings(b, s.Received)
	b = factcodec.AppendStrings(b, s.Closes)
	b = factcodec.AppendStrings(b, s.Seen)
	b = factcodec.AppendStrings(b, s.SeenIfNil)
	b = appendHelds(b, s.AcquireIfNil)
	b = factcodec.AppendStrings(b, s.ReceivedIfNil)
	b = factcodec.AppendInts(b, s.Starts)
	b = factcodec.AppendLen(b, len(s.Invokes))
	for _, inv := range s.Invokes {
		b = factcodec.AppendInt(b, int64(inv.Param))
		b = factcodec.AppendStrings(b, inv.Methods)
	}
	return b
}

// appendAccess appends what gob encoded of a: its exported fields.
func appendAccess(b []byte, a *Access) []byte {
	b = factcodec.AppendString(b, a.Path)
	var flags byte
	if a.Write {
		flags |= 1
	}
	if a.Atomic {
		flags |= 2
	}
	b = append(b, flags)
	b = appendHelds(b, a.Held)
	b = factcodec.AppendStrings(b, a.Released)
	b = factcodec.AppendStrings(b, a.After)
	b = factcodec.AppendStrings(b, a.Before)
	b = factcodec.AppendStrings(b, a.Seen)
	b = factcodec.AppendStrings(b, a.Guards)
	b = factcodec.AppendInt(b, a.Elem)
	b = factcodec.AppendString(b, a.Func)
	return factcodec.AppendInt(b, int64(a.Pos))
}

func appendHelds(b []byte, hs []Held) []byte {
	b = factcodec.AppendLen(b, len(hs))
	for _, h := range hs {
		b = factcodec.AppendString(b, h.Lock)
		b = factcodec.AppendBool(b, h.Read)
	}
	return b
}

// A decoder reads what the append functions above wrote; the first fault
// stops it, and every read after returns zero values.
type decoder struct{ *factcodec.Decoder }

func newDecoder(b []byte) decoder { return decoder{factcodec.NewDecoder(b, errBadSummaries)} }

func (d decoder) summary() *Summary {
	s := &Summary{Acquire: d.helds(), Release: d.Strings()}
	if n := d.Len(11); n > 0 { // an access takes 11 bytes at least
		s.Accesses = make([]Access, n)
		var prev *Sets
		for i := range s.Accesses {
			d.access(&s.Accesses[i], prev)
			prev = s.Accesses[i].Sets
		}
	}
	s.Received = d.Strings()
	s.Closes = d.Strings()
	s.Seen = d.Strings()
	s.SeenIfNil = d.Strings()
	s.AcquireIfNil = d.helds()
	s.ReceivedIfNil = d.Strings()
	s.Starts = d.Ints()
	if n := d.Len(2); n > 0 {
		s.Invokes = make([]Invoke, n)
		for i := range s.Invokes {
			s.Invokes[i] = Invoke{Param: int(d.Int()), Methods: d.Strings()}
		}
	}
	return s
}

// access decodes an access into a; it shares prev, the Sets of the
// access before it, when they are equal, as they were when encoded.
func (d decoder) access(a *Access, prev *Sets) {
	a.Path = d.String()
	flags := d.Byte()
	a.Write, a.Atomic = flags&1 != 0, flags&2 != 0
	var sets Sets
	sets.Held = d.helds()
	sets.Released = d.Strings()
	sets.After = d.Strings()
	sets.Before = d.Strings()
	sets.Seen = d.Strings()
	sets.Guards = d.Strings()
	if prev != nil && equalSets(&sets, prev) {
		a.Sets = prev
	} else {
		made := sets
		a.Sets = &made
	}
	a.Elem = d.Int()
	a.Func = d.String()
	a.Pos = token.Pos(d.Int())
}

func (d decoder) helds() []Held {
	n := d.Len(2)
	if n == 0 {
		return nil
	}
	hs := make([]Held, n)
	for i := range hs {
		hs[i] = Held{Lock: d.String(), Read: d.Byte() != 0}
	}
	return hs
}
