// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file follows, after a go statement, only the branches that the
// tests which led to it leave open (ssaops.BranchFacts):
//
//	if hijackHandler != nil {
//		go hijackConnHandler(ctx, …) // releases ctx when done
//		break
//	}
//	…
//	if hijackHandler == nil {
//		s.releaseCtx(ctx) // never after the go statement
//	}
//
// A path from the go statement that found hijackHandler set does not find
// it nil later, unless it ran the value's definition again: the accesses
// on the other branch are not the spawner's continuation. Both readings:
// the paths left out cannot run.

// edgesAfter returns the edges of the spawner that a path from instr
// may take (ssaops.BranchFacts.EdgesAfter); nil if every edge may be.
func (c *checker) edgesAfter(instr ssa.Instruction) map[ssaops.Edge]bool {
	return c.branchFacts.EdgesAfter(instr)
}
