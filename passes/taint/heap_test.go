// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// writeAlways is write as it was before writeChanges: it builds the new
// fields whatever they are, and owns the table to store them.
func writeAlways(h Heap, l Loc, locs LocSet, strong bool) {
	old := h.s.m[l.Obj]
	fs := make([]field, 0, len(old)+1)
	done := false
	for _, f := range old {
		switch {
		case f.key == l.Key:
			if strong {
				fs = append(fs, field{f.key, locs})
			} else {
				fs = append(fs, field{f.key, union(f.locs, locs)})
			}
			done = true
		case strong && covers(l.Key, f.key):
		default:
			fs = append(fs, f)
		}
	}
	if !done {
		if len(locs) == 0 && !strong {
			return
		}
		fs = append(fs, field{l.Key, locs})
		slices.SortFunc(fs, func(a, b field) int {
			if a.key < b.key {
				return -1
			}
			if a.key > b.key {
				return 1
			}
			return 0
		})
	}
	h.own()[l.Obj] = fs
}

// Small keys and sets, so that random writes often repeat what a heap holds.
var testKeys = []string{"", "a", "a.b", "a.c", "b", anyKey}

func randomLocs(r *rand.Rand) LocSet {
	var ls []Loc
	for range r.IntN(3) {
		ls = append(ls, Loc{ObjID(r.IntN(3)), testKeys[r.IntN(len(testKeys))]})
	}
	return makeSet(ls...)
}

func randomHeap(r *rand.Rand) Heap {
	h := newHeap()
	for range r.IntN(6) {
		writeAlways(h, Loc{ObjID(r.IntN(3)), testKeys[r.IntN(len(testKeys))]}, randomLocs(r), r.IntN(2) == 0)
	}
	return h
}

// TestHeapWrite checks that write, which skips the writes that change
// nothing, leaves the heap as a write of every store did, and that a
// write that changes nothing leaves a clone's table shared.
func TestHeapWrite(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	skipped := 0
	for i := range 20000 {
		base := randomHeap(r)
		got, want := base.clone(), base.clone()
		l := Loc{ObjID(r.IntN(3)), testKeys[r.IntN(len(testKeys))]}
		locs, strong := randomLocs(r), r.IntN(2) == 0
		got.write(l, locs, strong)
		writeAlways(want, l, locs, strong)
		if !got.equal(want) {
			t.Fatalf("case %d: write(%v, %v, strong=%v) gives %v, want %v", i, l, locs, strong, got.s.m, want.s.m)
		}
		if got.equal(base) {
			if !got.s.lent {
				t.Fatalf("case %d: write(%v, %v, strong=%v) changed nothing but copied the table", i, l, locs, strong)
			}
			skipped++
		}
	}
	if skipped == 0 {
		t.Errorf("no write changed nothing: the test does not reach the case")
	}
}

// TestHeapJoin checks that join, which skips an object whose fields hold
// the other's already (holdsFields), gives what merging every object did.
func TestHeapJoin(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	held := 0
	for i := range 20000 {
		a, b := randomHeap(r), randomHeap(r)
		got := a.clone()
		got.join(b)
		want := a.clone()
		for o, ofs := range b.s.m {
			want.own()[o] = mergeFields(want.s.m[o], ofs)
		}
		if !got.equal(want) {
			t.Fatalf("case %d: join gives %v, want %v", i, got.s.m, want.s.m)
		}
		for o, ofs := range b.s.m {
			fs, ok := a.s.m[o]
			if ok && holdsFields(fs, ofs) != sameFields(fs, mergeFields(fs, ofs)) {
				t.Fatalf("case %d: holdsFields(%v, %v) = %v", i, fs, ofs, holdsFields(fs, ofs))
			}
			if ok && holdsFields(fs, ofs) {
				held++
			}
		}
	}
	if held == 0 {
		t.Errorf("no object held the other's fields: the test does not reach the case")
	}
}
