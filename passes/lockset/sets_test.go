// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"slices"
	"testing"
)

// unionByInsertion is union as it was before it merged: a copy of a with
// each element of b inserted in place.
func unionByInsertion(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := slices.Clone(a)
	for _, s := range b {
		if i, ok := slices.BinarySearch(out, s); !ok {
			out = slices.Insert(out, i, s)
		}
	}
	return out
}

func TestUnion(t *testing.T) {
	sets := [][]string{
		nil,
		{"a"},
		{"b"},
		{"a", "b"},
		{"a", "c"},
		{"b", "c", "d"},
		{"a", "a", "b"}, // duplicates in b are dropped
		{"c", "a"},      // unsorted: inserted one by one, as before
		{"", "z"},
	}
	for _, a := range sets {
		for _, b := range sets {
			want := unionByInsertion(a, b)
			if got := union(a, b); !slices.Equal(got, want) {
				t.Errorf("union(%q, %q) = %q, want %q", a, b, got, want)
			}
		}
	}
}

func TestAccessKey(t *testing.T) {
	a := Access{Path: "p:0|.x", Write: true, Atomic: true, Sets: &Sets{Held: []Held{{Lock: "p:0|.mu"}, {Lock: "p:0|.rw", Read: true}},
		Released: []string{"g:p.mu|"}, After: []string{"p:0|.c"}, Before: []string{"p:0|.d", "p:0|.e"}}, Elem: 3}
	// The key as it was built with fmt.
	want := "p:0|.x w atomic +p:0|.mu +rp:0|.rw -g:p.mu|" + fmt.Sprintf(" #%d", a.Elem-1) + " <p:0|.c >p:0|.d >p:0|.e"
	if got := a.key(); got != want {
		t.Errorf("key() = %q, want %q", got, want)
	}
}

// intersectByAppend is intersect as it was before it shared a subset:
// the elements of a found in b, appended to a new slice (nil if none).
func intersectByAppend(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, ok := slices.BinarySearch(b, s); ok {
			out = append(out, s)
		}
	}
	return out
}

func TestIntersect(t *testing.T) {
	sets := [][]string{
		nil,
		{},
		{"a"},
		{"b"},
		{"a", "b"},
		{"a", "c"},
		{"b", "c", "d"},
		{"a", "b", "c", "d"},
		{"a", "a", "b"},
	}
	for _, a := range sets {
		for _, b := range sets {
			want := intersectByAppend(a, b)
			got := intersect(a, b)
			if !slices.Equal(got, want) || (got == nil) != (want == nil) {
				t.Errorf("intersect(%q, %q) = %#v, want %#v", a, b, got, want)
			}
		}
	}
}

// TestAccessIndex checks that the index finds an access by its key alone:
// with every key given the same hash, distinct keys stay apart and equal
// ones meet, whichever came first.
func TestAccessIndex(t *testing.T) {
	accs := []Access{
		{Path: "p:0|.x", Sets: &Sets{}},
		{Path: "p:0|.x", Write: true, Sets: &Sets{}},
		{Path: "p:0|.y", Sets: &Sets{}},
		{Path: "p:0|.x", Sets: &Sets{Held: []Held{{Lock: "p:0|.mu"}}}},
	}
	for name, x := range map[string]*accessIndex{
		"maphash":  newAccessIndex(),
		"collided": {hash: func([]byte) uint64 { return 1 }, byHash: make(map[uint64]int)},
	} {
		var kept []Access
		for round := 0; round < 2; round++ {
			for i := range accs {
				a := accs[i]
				a.Func = "another position" // not in the key
				j, found := x.find(&a, kept, len(kept))
				if found != (round == 1) {
					t.Errorf("%s: round %d: find(%s) found = %v", name, round, a.key(), found)
					continue
				}
				if !found {
					kept = append(kept, a)
				} else if j != i {
					t.Errorf("%s: find(%s) = %d, want %d", name, a.key(), j, i)
				}
			}
		}
		x.reset()
		if _, found := x.find(&accs[0], kept, 0); found {
			t.Errorf("%s: found %s after reset", name, accs[0].key())
		}
	}
}
