// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/suitetest"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// summaryFact is the summary that the taint pass's Summaries fact
// carries of a function, as an object fact of that function: analysistest
// matches // want lines against the object facts of the analyzer it runs.
type summaryFact struct{ Summary string }

func (*summaryFact) AFact() {}

func (f *summaryFact) String() string { return f.Summary }

// summaries runs the taint pass and exports, on each function of the
// package, the summary its Summaries fact carries, and the pass's -budget
// reports.
var summaries = &analysis.Analyzer{
	Name:      "taintsummaries",
	Doc:       "summaries shows the summaries of the taint pass's fact as facts on their functions.",
	Requires:  []*analysis.Analyzer{taint.Analyzer},
	FactTypes: []analysis.Fact{new(summaryFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[taint.Analyzer].(*taint.Result)
		taint.ReportOverBudget(pass, r)
		fact := taint.ExportedFact(r)
		export := func(obj *types.Func) {
			if s := taint.FactSummary(fact, obj); s != nil {
				pass.ExportObjectFact(obj, &summaryFact{s.String()})
			}
		}
		for _, name := range pass.Pkg.Scope().Names() {
			switch obj := pass.Pkg.Scope().Lookup(name).(type) {
			case *types.Func:
				export(obj)
			case *types.TypeName:
				if n, ok := types.Unalias(obj.Type()).(*types.Named); ok {
					for m := range n.Methods() {
						export(m)
					}
				}
			}
		}
		return nil, nil
	},
}

// TestSummaries checks the summaries the package fact carries;
// analysistest fails on any fact without a matching want, so every
// function needs one.
func TestSummaries(t *testing.T) {
	suitetest.Track(t, "taint")
	analysistest.Run(t, suitetest.Dir(t), summaries, "taint/...")
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
	analysistest.Run(t, suitetest.Dir(t), summaries, "taintstrict/...")
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
	analysistest.Run(t, suitetest.Dir(t), summaries, "taintbudget")
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
	analysistest.Run(t, suitetest.Dir(t), summaries, "taintcallable/...")
}
