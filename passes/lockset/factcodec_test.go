// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/token"
	"math/rand/v2"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/factcodec/factcodectest"
)

// gobSummaries has Summaries' fields without its methods, so that gob
// encodes it as it encoded a Summaries fact before factcodec.go: the
// summaries that encoding decodes to are what a Summaries' own must give.
type gobSummaries struct {
	Funcs []FuncSummary
}

func randomHelds(r *rand.Rand) []Held {
	if r.IntN(3) == 0 {
		return nil
	}
	hs := make([]Held, r.IntN(3))
	for i := range hs {
		hs[i] = Held{Lock: []string{"", "p0.mu", "g:pkg.mu"}[r.IntN(3)], Read: r.IntN(2) == 0}
	}
	return hs
}

func randomAccess(r *rand.Rand) Access {
	return Access{
		Path:   []string{"", "p0.n", "g:pkg.count", "p1>[]"}[r.IntN(4)],
		Write:  r.IntN(2) == 0,
		Atomic: r.IntN(3) == 0,
		Sets: &Sets{
			Held:     randomHelds(r),
			Released: factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
			After:    factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
			Before:   factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
			Seen:     factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
			Guards:   factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		},
		Elem: []int64{0, 1, 7, -3, 1 << 40}[r.IntN(5)],
		Func: []string{"", "pkg.F", "(*pkg.T).M"}[r.IntN(3)],
		Pos:  token.Pos([]int{0, 0, 1, 123456}[r.IntN(4)]),
	}
}

func randomLocksetSummary(r *rand.Rand) Summary {
	s := Summary{
		Acquire:       randomHelds(r),
		Release:       factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		Received:      factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		Closes:        factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		Seen:          factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		SeenIfNil:     factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é"),
		AcquireIfNil:  randomHelds(r),
		ReceivedIfNil: factcodectest.RandomStrings(r, "", "p0.done", "g:pkg.ch", "é"),
	}
	if r.IntN(4) > 0 {
		s.Accesses = make([]Access, r.IntN(4))
		for i := range s.Accesses {
			s.Accesses[i] = randomAccess(r)
		}
	}
	if r.IntN(3) > 0 {
		s.Invokes = make([]Invoke, r.IntN(3))
		for i := range s.Invokes {
			s.Invokes[i] = Invoke{Param: r.IntN(3), Methods: factcodectest.RandomStrings(r, "", "p0.mu", "g:pkg.v", "c>items>[]", "é")}
		}
	}
	switch r.IntN(3) {
	case 0:
		s.Starts = []int{}
	case 1:
		s.Starts = []int{r.IntN(3), -1, r.IntN(5)}[:1+r.IntN(3)]
	}
	return s
}

// TestSummariesCodec checks, on random facts, that each function's
// summary in a Summaries fact decodes to what gob's encoding of the
// struct gave (nil and empty slices included), that a function without
// a summary has none, that a decoded fact re-encodes to the same bytes,
// and that bytes cut short give no panic and no summary that differs.
func TestSummariesCodec(t *testing.T) {
	gob.Register(new(Summaries))
	r := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		var s Summaries
		for i := range r.IntN(5) {
			s.Funcs = append(s.Funcs, FuncSummary{Name: fmt.Sprintf("pkg.F%d", i), Summary: randomLocksetSummary(r)})
		}

		var old gobSummaries
		factcodectest.GobRoundTrip(t, gobSummaries{s.Funcs}, &old)

		var got factcodectest.FactList
		factcodectest.GobRoundTrip(t, factcodectest.FactList{Facts: []analysis.Fact{&s}}, &got)
		raw := got.Facts[0].(*Summaries)
		if raw.encoded == nil || raw.Funcs != nil {
			t.Fatalf("a decoded fact is not lazy: %+v", raw)
		}
		x := raw.index()
		for i := range old.Funcs {
			want := &old.Funcs[i]
			got := x.lookup(want.Name)
			if !reflect.DeepEqual(got, &want.Summary) {
				t.Fatalf("summary %+v\ndecodes to %+v,\ngob gave %+v", s.Funcs[i].Summary, got, want.Summary)
			}
			if again := x.lookup(want.Name); again != got {
				t.Fatalf("a second lookup of %s decodes again", want.Name)
			}
		}
		if got := x.lookup("pkg.Other"); got != nil {
			t.Fatalf("a function without a summary has %+v", got)
		}

		first, _ := s.GobEncode()
		if again, _ := raw.GobEncode(); !bytes.Equal(again, first) {
			t.Fatalf("facts %+v re-encode differently", s)
		}

		cut := &Summaries{encoded: first[:1+r.IntN(len(first))]}
		cx := cut.index()
		for i := range old.Funcs {
			if got := cx.lookup(old.Funcs[i].Name); got != nil && !reflect.DeepEqual(got, &old.Funcs[i].Summary) {
				t.Fatalf("facts %+v cut to %x give %+v for %s", s, cut.encoded, got, old.Funcs[i].Name)
			}
		}
	}
}

// TestSummariesCodecFields fails when a field is added to a struct of the
// Summaries fact: the codec and randomLocksetSummary must then learn it,
// or the fact would lose it.
func TestSummariesCodecFields(t *testing.T) {
	factcodectest.CheckFields(t, "appendSummary, decoder.summary and randomLocksetSummary",
		factcodectest.Fields{Type: reflect.TypeFor[Summaries](), Fields: 2},
		factcodectest.Fields{Type: reflect.TypeFor[FuncSummary](), Fields: 2},
		factcodectest.Fields{Type: reflect.TypeFor[Summary](), Fields: 11},
		factcodectest.Fields{Type: reflect.TypeFor[Access](), Fields: 8},
		factcodectest.Fields{Type: reflect.TypeFor[Sets](), Fields: 6},
		factcodectest.Fields{Type: reflect.TypeFor[Held](), Fields: 2},
		factcodectest.Fields{Type: reflect.TypeFor[Invoke](), Fields: 2},
	)
}
