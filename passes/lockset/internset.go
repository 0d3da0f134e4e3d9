// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"hash/maphash"
	"slices"
	"strings"
)

// internSep joins the observations of a set in the key that interning
// compares sets by: two sets are the same set if their observations
// joined by it are the same string.
const internSep = "\x1e"

// An obsSetTable interns sets of observations by their content, as a map
// keyed by the sets joined with internSep would, without building that
// key: a set is found by a hash of the joined bytes, computed from the
// observations in place, and compared with the sets of its hash without
// joining them (joining only when an observation holds internSep itself,
// which none does in practice). The first set added of each content is
// the one returned for it. The hash's seed decides nothing but where a
// set is kept: what find returns is the same whatever it is.
type obsSetTable struct {
	seed maphash.Seed
	sets map[uint64][]string   // the first set of each hash
	more map[uint64][][]string // the other sets of a hash, rarely any
}

// hash returns the hash of strings.Join(obs, internSep).
func (t *obsSetTable) hash(obs []string) uint64 {
	var h maphash.Hash
	h.SetSeed(t.seed)
	for i, o := range obs {
		if i > 0 {
			h.WriteString(internSep)
		}
		h.WriteString(o)
	}
	return h.Sum64()
}

// findOrAdd returns the set of t joined alike to obs, adding obs if
// there is none.
func (t *obsSetTable) findOrAdd(obs []string) []string {
	if t.sets == nil {
		t.seed = maphash.MakeSeed()
		t.sets = make(map[uint64][]string)
	}
	h := t.hash(obs)
	first, ok := t.sets[h]
	if !ok {
		t.sets[h] = obs
		return obs
	}
	if joinedEqual(first, obs) {
		return first
	}
	for _, s := range t.more[h] {
		if joinedEqual(s, obs) {
			return s
		}
	}
	if t.more == nil {
		t.more = make(map[uint64][][]string)
	}
	t.more[h] = append(t.more[h], obs)
	return obs
}

// joinedEqual reports whether a and b joined by internSep are the same
// string. Without internSep in any observation, the joined strings of
// two non-empty sets are equal exactly when the sets are, element by
// element (an empty set joins as the set of one empty observation).
func joinedEqual(a, b []string) bool {
	if len(a) > 0 && len(b) > 0 && !slices.ContainsFunc(a, holdsInternSep) && !slices.ContainsFunc(b, holdsInternSep) {
		return slices.Equal(a, b)
	}
	return strings.Join(a, internSep) == strings.Join(b, internSep)
}

func holdsInternSep(o string) bool { return strings.Contains(o, internSep) }
