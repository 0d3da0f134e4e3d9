// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// SetMaxObjects sets the bound on the abstract objects of one function
// and returns a function that restores it, so that a test can make a
// small function go over budget.
func SetMaxObjects(n int) (restore func()) {
	old := maxObjects
	maxObjects = n
	return func() { maxObjects = old }
}

// ExportedFact returns the Summaries fact the pass of r exported, or nil.
func ExportedFact(r *Result) *Summaries { return r.fact }

// FactSummary returns the summary that f carries of obj, or nil.
func FactSummary(f *Summaries, obj *types.Func) *Summary {
	k, ok := keyOf(obj)
	if f == nil || !ok {
		return nil
	}
	var s *Summary
	f.each(func(e funcKey, b []byte) {
		if e == k {
			s = decodeSummary(b)
		}
	})
	return s
}

// ReportOverBudget makes the -budget reports of r's pass on pass.
func ReportOverBudget(pass *analysis.Pass, r *Result) {
	if reportBudget {
		reportOverBudget(pass, r.overBudget)
	}
}
