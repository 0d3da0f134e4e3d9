// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"strings"
	"testing"
)

// TestRewrittenObservation checks rewrittenObservation against building
// the observation anew, with and without marks, locks and a rewrite.
func TestRewrittenObservation(t *testing.T) {
	var obs []string
	for _, g := range []string{"p0.done", "g:pkg.x", ""} {
		for _, lock := range []string{"", "p0.mu", callerLock} {
			base := observation(g, lock)
			obs = append(obs, base, g,
				base+obsSep+flagSetMark, base+obsSep+flagUnsetMark, base+obsSep+publishMark,
				base+obsSep+"other")
		}
	}
	rewrites := []func(string) string{
		func(s string) string { return s },
		func(s string) string { return "t:pkg.T|" + s },
	}
	for _, o := range obs {
		g, lock := splitObservation(o)
		for _, cg := range rewrites {
			for _, cl := range rewrites {
				ng, nl := cg(g), lock
				if lock != "" {
					nl = cl(lock)
				}
				want := observation(ng, nl) + markOf(o)
				if got := rewrittenObservation(o, g, lock, ng, nl); got != want {
					t.Errorf("rewrittenObservation(%q, %q, %q, %q, %q) = %q, want %q", o, g, lock, ng, nl, got, want)
				}
			}
		}
	}
}

// TestMarkOf checks markOf against a suffix test for every mark, on
// observations with each mark, none, a lock or guard that spells a mark,
// and strings that end like a mark without being one.
func TestMarkOf(t *testing.T) {
	bySuffix := func(o string) string {
		for _, m := range markSuffixes {
			if strings.HasSuffix(o, m) {
				return m
			}
		}
		return ""
	}
	ends := []string{"", obsSep, obsSep + "other", obsSep + "sets", obsSep + "nonzer", "nonzero", obsSep + obsSep + zeroMark}
	for _, m := range markSuffixes {
		ends = append(ends, m, m+m, strings.TrimPrefix(m, obsSep))
	}
	for _, g := range []string{"", "p0.done", zeroMark, obsSep + settledMark} {
		for _, lock := range []string{"", "p0.mu", flagSetMark, nonZeroMark} {
			for _, end := range ends {
				for _, o := range []string{observation(g, lock) + end, g + end} {
					if got, want := markOf(o), bySuffix(o); got != want {
						t.Errorf("markOf(%q) = %q, want %q", o, got, want)
					}
				}
			}
		}
	}
}

// TestHasMark checks hasMark against markOf for every mark, on the
// observations of TestMarkOf's kinds and on the marks alone.
func TestHasMark(t *testing.T) {
	obs := []string{"", obsSep}
	for _, m := range markSuffixes {
		bare := strings.TrimPrefix(m, obsSep)
		obs = append(obs, m, bare, bare+m, observation("p0.done", "p0.mu")+m, observation("p0.done", bare),
			"p0.done"+obsSep+"x"+bare, observation("p0.done", "")+m)
	}
	for _, o := range obs {
		for _, m := range markSuffixes {
			bare := strings.TrimPrefix(m, obsSep)
			if got, want := hasMark(o, bare), markOf(o) == m; got != want {
				t.Errorf("hasMark(%q, %q) = %v, want %v", o, bare, got, want)
			}
		}
	}
}
