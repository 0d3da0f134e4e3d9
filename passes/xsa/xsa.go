// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xsa

import (
	_ "embed"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/passes/concur"
	"github.com/psharpvet/psharpvet/passes/fieldwrites"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/taint"
)

//go:embed doc.go
var doc string

// Analyzer reports the ownership pass's condition-1 reports on machine
// fields that survive the cross-state analysis.
var Analyzer = &analysis.Analyzer{
	Name:       "xsa",
	Doc:        analysisdoc.MustExtract(doc, "xsa"),
	URL:        directive.ReportsURL,
	Requires:   []*analysis.Analyzer{ownership.Analyzer, buildssa.Analyzer, concur.Analyzer, taint.Analyzer, givesup.Analyzer, fieldwrites.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Categories are the Diagnostic.Category values of this analyzer's
// reports: those of the ownership reports it re-checks.
var Categories = []string{"outliving"}

// A Result is what the xsa pass hands on.
type Result struct {
	// Silenced are the ignore comments that silenced a report.
	Silenced *directive.Silenced
	// Cleared counts the candidates the analysis dropped.
	Cleared int
}

func run(pass *analysis.Pass) (any, error) {
	own := pass.ResultOf[ownership.Analyzer].(*ownership.Result)
	rep := directive.NewReporter(pass)
	res := &Result{}
	if len(own.Kept) > 0 {
		lf := newLifter(pass,
			pass.ResultOf[concur.Analyzer].(*model.Model),
			pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA),
			pass.ResultOf[taint.Analyzer].(*taint.Result).NewFlows(),
			pass.ResultOf[givesup.Analyzer].(*givesup.Result),
			pass.ResultOf[fieldwrites.Analyzer].(*fieldwrites.Result))
		for _, k := range own.Kept {
			read, ok := lf.live(k)
			if !ok {
				res.Cleared++
				continue
			}
			d := k.Diagnostic
			if read != nil {
				d.Related = append(append([]analysis.RelatedInformation(nil), d.Related...), *read)
			}
			rep.Report(d)
		}
	}
	res.Silenced = rep.Silenced()
	return res, nil
}

// transferred returns the objects a candidate's transfer gives up, in the
// flow of its function.
func transferred(fl *taint.Flow, k ownership.Kept) (taint.ObjSet, bool) {
	h, ok := fl.HeapBefore(k.Point.Instr)
	if !ok {
		return nil, false
	}
	return givesup.Transferred(fl, h, k.Point.Given), true
}

// pointee returns the named type a pointer type points to, or nil.
func pointee(t types.Type) *types.Named {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	n, _ := types.Unalias(p.Elem()).(*types.Named)
	return n
}
