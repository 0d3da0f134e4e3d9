// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// reportOverBudget reports, in source order, each function of the package
// whose dataflow stopped at its budget (visitsFactor visits per block)
// before it settled: its locksets are those of the visits made, and the
// blocks it never reached are not checked.
func (c *checker) reportOverBudget() {
	var fns []*ssa.Function
	for fn := range c.overBudget {
		if fn.Pos().IsValid() && fn.Pkg != nil && fn.Pkg.Pkg == c.pkg {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return ssaops.ComparePos(c.pass.Fset, a.Pos(), b.Pos()) })
	for _, fn := range fns {
		c.pass.Report(analysis.Diagnostic{
			Pos:      fn.Pos(),
			Category: catBudget,
			Message:  fmt.Sprintf("the lockset dataflow of %s stopped at its budget (%d visits of its %d blocks) before it settled: the blocks it did not reach are not checked", c.funcName(fn), visitsFactor*len(fn.Blocks)+visitsBase, len(fn.Blocks)),
		})
	}
}
