// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import "testing"

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
