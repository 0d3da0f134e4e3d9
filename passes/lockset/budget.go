// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// reportOverBudget reports, in source order, each function of the package
// whose dataflow stopped at its budget (visitsFactor visits per block)
// before it settled: its locksets are those of the visits made, and the
// blocks it never reached are not checked.
func (c *checker) reportOverBudget() {
	for _, fn := range ssaops.SortedFuncs(c.pass.Fset, c.overBudget) {
		if !fn.Pos().IsValid() || fn.Pkg == nil || fn.Pkg.Pkg != c.pkg {
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:      fn.Pos(),
			Category: catBudget,
			Message:  fmt.Sprintf("the lockset dataflow of %s stopped at its budget (%d visits of its %d blocks) before it settled: the blocks it did not reach are not checked", c.funcName(fn), visitsFactor*len(fn.Blocks)+visitsBase, len(fn.Blocks)),
		})
	}
}
