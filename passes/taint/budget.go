// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// reportOverBudget reports, in source order, each function of the package
// whose heap analysis stopped at its budget: its summary is the
// conservative one (every port linked, written and read, by default none:
// see unseen), so what the passes say of its callers rests on that.
func reportOverBudget(pass *analysis.Pass, over map[*ssa.Function]string) {
	for _, fn := range ssaops.SortedFuncs(pass.Fset, over) {
		if !fn.Pos().IsValid() {
			continue
		}
		name := fn.Name()
		if obj, ok := fn.Object().(*types.Func); ok {
			name = obj.FullName()
		}
		pass.Report(analysis.Diagnostic{
			Pos:      fn.Pos(),
			Category: catBudget,
			Message:  "the heap analysis of " + name + " stopped at its budget (" + over[fn] + "): its summary is the conservative one",
		})
	}
}
