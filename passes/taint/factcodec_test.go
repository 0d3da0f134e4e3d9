// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"bytes"
	"encoding/gob"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/factcodec/factcodectest"
)

// gobSummary has Summary's fields without its methods, so that gob
// encodes it as it encoded a Summary before factcodec.go: the decoded
// value of that encoding is what a Summary's own must give.
type gobSummary struct {
	Links                           [][2]int
	LinkPaths                       []LinkPaths
	Returns                         []int
	ReturnPaths                     []PortPaths
	NewResults                      bool
	Writes, WritesRoot, WritesDepth []int
	ReadPaths, WritePaths           []PortPaths
	PointerFreeArgs                 *gobSummary
}

func toGob(s *Summary) *gobSummary {
	if s == nil {
		return nil
	}
	return &gobSummary{s.Links, s.LinkPaths, s.Returns, s.ReturnPaths, s.NewResults, s.Writes, s.WritesRoot, s.WritesDepth, s.ReadPaths, s.WritePaths, toGob(s.PointerFreeArgs)}
}

func fromGob(g *gobSummary) *Summary {
	if g == nil {
		return nil
	}
	return &Summary{g.Links, g.LinkPaths, g.Returns, g.ReturnPaths, g.NewResults, g.Writes, g.WritesRoot, g.WritesDepth, g.ReadPaths, g.WritePaths, fromGob(g.PointerFreeArgs), nil}
}

// randomInts returns nil, an empty slice or a few ports, depths or
// large numbers, negative ones (GlobalPort) among them.
func randomInts(r *rand.Rand) []int {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return []int{}
	}
	xs := make([]int, 1+r.IntN(4))
	for i := range xs {
		switch r.IntN(3) {
		case 0:
			xs[i] = GlobalPort
		case 1:
			xs[i] = r.IntN(8)
		default:
			xs[i] = int(r.Int64()) - 1<<62
		}
	}
	return xs
}

func randomPortPaths(r *rand.Rand) []PortPaths {
	if r.IntN(3) == 0 {
		return nil
	}
	pps := make([]PortPaths, r.IntN(3))
	for i := range pps {
		pps[i] = PortPaths{Port: r.IntN(4) - 1, Paths: factcodectest.RandomStrings(r, "", "items>[]", "x", "stats>n", "a>b>c>é")}
	}
	return pps
}

func randomSummary(r *rand.Rand, depth int) *Summary {
	s := &Summary{
		Returns:     randomInts(r),
		ReturnPaths: randomPortPaths(r),
		NewResults:  r.IntN(2) == 0,
		Writes:      randomInts(r),
		WritesRoot:  randomInts(r),
		WritesDepth: randomInts(r),
		ReadPaths:   randomPortPaths(r),
		WritePaths:  randomPortPaths(r),
	}
	if r.IntN(3) > 0 {
		s.Links = make([][2]int, r.IntN(3))
		for i := range s.Links {
			s.Links[i] = [2]int{r.IntN(4) - 1, r.IntN(4) - 1}
		}
	}
	if r.IntN(3) > 0 {
		s.LinkPaths = make([]LinkPaths, r.IntN(3))
		for i := range s.LinkPaths {
			s.LinkPaths[i] = LinkPaths{From: r.IntN(4) - 1, To: r.IntN(4) - 1, Paths: factcodectest.RandomStrings(r, "", "items>[]", "x", "stats>n", "a>b>c>é")}
		}
	}
	if depth < 2 && r.IntN(3) == 0 {
		if r.IntN(4) == 0 {
			s.PointerFreeArgs = &Summary{} // a zero summary, not nil
		} else {
			s.PointerFreeArgs = randomSummary(r, depth+1)
		}
	}
	return s
}

// TestSummaryCodec checks, on random summaries, that a Summary fact
// decodes to what gob's encoding of its fields gave (nil and empty
// slices, zero and nil PointerFreeArgs included), that re-exporting it
// undecoded or decoded gives the same bytes, and that bytes cut short or
// of another format are refused without a panic.
func TestSummaryCodec(t *testing.T) {
	gob.Register(new(Summary))
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := randomSummary(r, 0)

		var old gobSummary
		factcodectest.GobRoundTrip(t, toGob(s), &old)
		want := fromGob(&old)

		var got factcodectest.FactList
		factcodectest.GobRoundTrip(t, factcodectest.FactList{Facts: []analysis.Fact{s}}, &got)
		raw := got.Facts[0].(*Summary)
		if raw.encoded == nil {
			t.Fatalf("a decoded fact is not lazy: %+v", raw)
		}
		dec, ok := raw.decoded()
		if !ok {
			t.Fatalf("summary %+v does not decode", s)
		}
		if !reflect.DeepEqual(dec, want) {
			t.Fatalf("summary %+v\ndecodes to %+v,\ngob gave %+v", s, dec, want)
		}
		if raw.encoded == nil {
			t.Fatalf("decoded changed the fact")
		}

		// Re-exported: the bytes as they came, and decoded then encoded.
		lazy, _ := raw.GobEncode()
		eager, _ := dec.GobEncode()
		first, _ := s.GobEncode()
		if !bytes.Equal(lazy, first) || !bytes.Equal(eager, first) {
			t.Fatalf("summary %+v re-encodes differently: %x, %x, first %x", s, lazy, eager, first)
		}

		// Cut short, or with a byte changed at the front: refused or
		// decoded, never a panic.
		cut := &Summary{encoded: first[:r.IntN(len(first))]}
		if _, ok := cut.decoded(); ok {
			t.Fatalf("summary %+v cut to %x decodes", s, cut.encoded)
		}
		if err := new(Summary).GobDecode(append([]byte{summaryFormat + 1}, first[1:]...)); err == nil {
			t.Fatalf("another format is accepted")
		}
	}
}

// TestSummaryCodecFields fails when a field is added to a struct of the
// Summary fact: the codec and randomSummary must then learn it, or the
// fact would lose it.
func TestSummaryCodecFields(t *testing.T) {
	factcodectest.CheckFields(t, "appendSummary, summaryDecoder.summary and randomSummary",
		factcodectest.Fields{Type: reflect.TypeFor[Summary](), Fields: 12},
		factcodectest.Fields{Type: reflect.TypeFor[LinkPaths](), Fields: 3},
		factcodectest.Fields{Type: reflect.TypeFor[PortPaths](), Fields: 2},
	)
}

// TestSummariesCodec checks, on random packages' facts, that a Summaries
// fact comes back from gob with its entries in order, keys and summary
// bytes unchanged, that it re-exports the bytes it came in, and that bytes
// cut short give the entries before the cut, never a panic.
func TestSummariesCodec(t *testing.T) {
	gob.Register(new(Summaries))
	r := rand.New(rand.NewPCG(7, 8))
	words := []string{"", "net/http", "T", "Do", "é", "(*x).y"}
	for range 2000 {
		own := make(map[funcKey]*Summary)
		for range r.IntN(6) {
			k := funcKey{words[r.IntN(len(words))], words[r.IntN(len(words))], words[r.IntN(len(words))]}
			own[k] = randomSummary(r, 0)
		}
		var carried []summaryEntry
		for range r.IntN(4) {
			k := funcKey{"carried/" + words[r.IntN(len(words))], "R", words[r.IntN(len(words))]}
			if !slices.ContainsFunc(carried, func(e summaryEntry) bool { return e.key == k }) {
				carried = append(carried, summaryEntry{k, appendSummary([]byte{summaryFormat}, randomSummary(r, 0))})
			}
		}
		s := newSummaries(own, carried)
		if !slices.IsSortedFunc(s.entries, func(a, b summaryEntry) int { return compareKeys(a.key, b.key) }) {
			t.Fatalf("entries not sorted: %v", s.entries)
		}

		var got factcodectest.FactList
		factcodectest.GobRoundTrip(t, factcodectest.FactList{Facts: []analysis.Fact{s}}, &got)
		raw := got.Facts[0].(*Summaries)
		if raw.encoded == nil {
			t.Fatalf("a decoded fact is not lazy")
		}
		var entries []summaryEntry
		raw.each(func(k funcKey, sum []byte) { entries = append(entries, summaryEntry{k, sum}) })
		if !reflect.DeepEqual(entries, slices.Clip(s.entries)) && (len(entries) > 0 || len(s.entries) > 0) {
			t.Fatalf("entries %v\ncome back as %v", s.entries, entries)
		}
		for _, e := range entries {
			want := own[e.key]
			if want == nil {
				continue // carried: its bytes are checked above
			}
			if got := decodeSummary(e.sum); !got.equal(want) {
				t.Fatalf("summary of %v: %v, want %v", e.key, got, want)
			}
		}
		again, _ := raw.GobEncode()
		first, _ := s.GobEncode()
		if !bytes.Equal(again, first) {
			t.Fatalf("re-exported fact differs: %x, first %x", again, first)
		}

		cut := &Summaries{encoded: first[:1+r.IntN(len(first))]}
		var n int
		cut.each(func(k funcKey, sum []byte) {
			if n >= len(entries) || entries[n].key != k || !bytes.Equal(entries[n].sum, sum) {
				t.Fatalf("fact cut to %d bytes gives entry %v, not %v", len(cut.encoded), k, entries)
			}
			n++
		})
		if err := new(Summaries).GobDecode(append([]byte{summariesFormat + 1}, first[1:]...)); err == nil {
			t.Fatalf("another format is accepted")
		}
	}
}
