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
	a := Access{Path: "p:0|.x", Write: true, Atomic: true, Held: []Held{{Lock: "p:0|.mu"}, {Lock: "p:0|.rw", Read: true}},
		Released: []string{"g:p.mu|"}, Elem: 3, After: []string{"p:0|.c"}, Before: []string{"p:0|.d", "p:0|.e"}}
	// The key as it was built with fmt.
	want := "p:0|.x w atomic +p:0|.mu +rp:0|.rw -g:p.mu|" + fmt.Sprintf(" #%d", a.Elem-1) + " <p:0|.c >p:0|.d >p:0|.e"
	if got := a.key(); got != want {
		t.Errorf("key() = %q, want %q", got, want)
	}
}
