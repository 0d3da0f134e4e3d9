// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint_test

import (
	"testing"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// TestSummaries checks the exported summary facts; analysistest fails on
// any fact without a matching want, so every function needs one.
func TestSummaries(t *testing.T) {
	suitetest.Track(t, "taint")
	analysistest.Run(t, suitetest.Dir(t), taint.Analyzer, "taint/...")
}

// TestSummariesStrict checks the summaries of the strict reading, in which
// a call the analysis cannot see links its operands (P#'s conservative
// rule): generic functions' second summaries for pointer-free type
// arguments (taintstrict/generics).
func TestSummariesStrict(t *testing.T) {
	suitetest.Track(t, "taintstrict")
	t.Cleanup(func() { concur.Analyzer.Flags.Set("strict", "false") })
	if err := concur.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, suitetest.Dir(t), taint.Analyzer, "taintstrict/...")
}

// TestBudget checks that -budget reports the functions whose analysis
// stopped at its budget, and only those.
func TestBudget(t *testing.T) {
	suitetest.Track(t, "taintbudget")
	defer taint.SetMaxObjects(2)()
	if err := taint.Analyzer.Flags.Set("budget", "true"); err != nil {
		t.Fatal(err)
	}
	defer taint.Analyzer.Flags.Set("budget", "false")
	analysistest.Run(t, suitetest.Dir(t), taint.Analyzer, "taintbudget")
}

// TestCallable checks that -callable exports the summaries only of the
// functions other packages can call, and that an importer still finds
// those it calls.
func TestCallable(t *testing.T) {
	suitetest.Track(t, "taintcallable")
	if err := taint.Analyzer.Flags.Set("callable", "true"); err != nil {
		t.Fatal(err)
	}
	defer taint.Analyzer.Flags.Set("callable", "false")
	analysistest.Run(t, suitetest.Dir(t), taint.Analyzer, "taintcallable/...")
}
