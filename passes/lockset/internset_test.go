// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"math/rand"
	"strings"
	"testing"
)

// TestObsSetTable checks findOrAdd against a map keyed by the sets joined
// with internSep: the same set, by identity, for every set, including
// sets whose observations hold internSep (joined alike to other sets).
func TestObsSetTable(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	words := []string{"a", "b", "a" + internSep + "b", "x" + obsSep + "l", "", internSep}
	var table obsSetTable
	want := make(map[string][]string)
	for i := 0; i < 20000; i++ {
		obs := make([]string, 1+r.Intn(3))
		for j := range obs {
			obs[j] = words[r.Intn(len(words))]
		}
		k := strings.Join(obs, internSep)
		w, ok := want[k]
		if !ok {
			want[k], w = obs, obs
		}
		if got := table.findOrAdd(obs); &got[0] != &w[0] || len(got) != len(w) {
			t.Fatalf("findOrAdd(%q) = %q, want the set %q added first", obs, got, w)
		}
	}
}

// TestJoinedEqual checks joinedEqual against comparing the joined strings.
func TestJoinedEqual(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	words := []string{"a", "b", "a" + internSep + "b", internSep, ""}
	gen := func() []string {
		obs := make([]string, r.Intn(4))
		for j := range obs {
			obs[j] = words[r.Intn(len(words))]
		}
		return obs
	}
	for i := 0; i < 20000; i++ {
		a, b := gen(), gen()
		if got, want := joinedEqual(a, b), strings.Join(a, internSep) == strings.Join(b, internSep); got != want {
			t.Fatalf("joinedEqual(%q, %q) = %v, want %v", a, b, got, want)
		}
	}
}
