// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestSubsumes checks subsumes against the scan alone, on random sets and
// on prefixes of a set in its own array, which sharesPrefix answers.
func TestSubsumes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s, u := randomLocs(r), randomLocs(r)
		cases := [][2]LocSet{{s, u}, {u, s}, {s, s}, {union(s, u), s}, {s, union(s, u)}}
		for k := range len(s) + 1 {
			cases = append(cases, [2]LocSet{s, s[:k]}, [2]LocSet{s[:k], s})
		}
		for _, c := range cases {
			if got, want := subsumes(c[0], c[1]), subsumesByScan(c[0], c[1]); got != want {
				t.Fatalf("subsumes(%v, %v) = %v, want %v", c[0], c[1], got, want)
			}
		}
	}
}

// TestMakeSetOrder checks that makeSet, which sorts with slices.SortFunc,
// gives the set sort.Slice gave.
func TestMakeSetOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var ls []Loc
		for range r.IntN(20) {
			ls = append(ls, Loc{ObjID(r.IntN(4)), testKeys[r.IntN(len(testKeys))]})
		}
		old := slices.Clone(ls)
		sort.Slice(old, func(i, j int) bool { return locLess(old[i], old[j]) })
		old = canon(slices.Compact(old))
		if got := makeSet(slices.Clone(ls)...); !slices.Equal(got, old) {
			t.Fatalf("makeSet(%v) = %v, want %v", ls, got, old)
		}
	}
}
