// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	_ "embed"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/internal/model"
)

//go:embed doc.go
var doc string

// Categories are the Diagnostic.Category values of this analyzer's
// reports, each a section of the README.
var Categories = []string{directive.Category}

// Analyzer provides the concurrency model: the default rows plus those of
// its flags.
var Analyzer = &analysis.Analyzer{
	Name:       "concur",
	Doc:        analysisdoc.MustExtract(doc, "concur"),
	URL:        directive.ReportsURL,
	Run:        run,
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeFor[*model.Model](),
	FactTypes:  []analysis.Fact{new(Shared), new(Waits), new(Declared)},
}

// The user's rows, one flag per kind, in the style of printf's -funcs.
var (
	sendRows  = model.RowsFlag{Kind: model.Transfer}
	spawnRows = model.RowsFlag{Kind: model.Spawn}
	joinRows  = model.RowsFlag{Kind: model.Join}
	strict    bool
)

func init() {
	Analyzer.Flags.Var(&sendRows, "send", "declare calls that give up argument N: `rows` such as pkg.F:N or (*pkg.T).M:N,M, ';'-separated or repeated")
	Analyzer.Flags.Var(&spawnRows, "spawn", "declare calls that run their argument N on another goroutine: `rows` such as pkg.F:N")
	Analyzer.Flags.Var(&joinRows, "join", "declare methods that wait for the goroutines started on their receiver: `rows` such as (*pkg.T).M")
	Analyzer.Flags.BoolVar(&strict, "strict", false, "P#'s conservative reading: what the analysis cannot see may race (silence is a proof)")
}

func run(pass *analysis.Pass) (any, error) {
	m := model.Default()
	m.Add(sendRows.Rows...)
	m.Add(spawnRows.Rows...)
	m.Add(joinRows.Rows...)
	m.Strict = strict
	markShared(pass)
	declare(pass)
	addFacts(pass, m)
	if model.Analysed(pass.Pkg) {
		funcs := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs
		computeNoReturns(m, funcs)
		computeWaits(pass, m, funcs)
		m.SetTokens(tokenFields(pass.Pkg, funcs))
		m.SetTokenVars(tokenVars(funcs))
	}
	return m, nil
}

// addFacts records in m what the Shared and Declared facts of the package
// and its dependencies say, in one pass over the facts.
func addFacts(pass *analysis.Pass, m *model.Model) {
	for _, of := range pass.AllObjectFacts() {
		switch f := of.Fact.(type) {
		case *Shared:
			tn, ok := of.Object.(*types.TypeName)
			if !ok || tn.Pkg() == nil {
				continue
			}
			if f.Why == whyLocked {
				m.MarkLocked(tn.Pkg().Path(), tn.Name())
			} else {
				m.MarkShared(tn.Pkg().Path(), tn.Name())
			}
		case *Declared:
			fn, ok := of.Object.(*types.Func)
			if !ok {
				continue
			}
			name := model.RowName(fn)
			if len(f.Sends) > 0 {
				m.Add(model.Row{Func: name, Kind: model.Transfer, Args: f.Sends})
			}
			if f.Handler {
				m.Add(model.Row{Func: name, Kind: model.Actor})
			}
		}
	}
}
