// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ignores

import (
	_ "embed"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/passes/lockset"
	"github.com/psharpvet/psharpvet/passes/ownership"
	"github.com/psharpvet/psharpvet/passes/xsa"
)

//go:embed doc.go
var doc string

// Analyzer reports //psharpvet:ignore comments that give no reason or
// silence nothing.
var Analyzer = &analysis.Analyzer{
	Name:     "ignores",
	Doc:      analysisdoc.MustExtract(doc, "ignores"),
	URL:      directive.ReportsURL,
	Requires: reporters,
	Run:      run,
}

// Categories are the Diagnostic.Category values of this analyzer's
// reports, each a section of the README.
var Categories = []string{directive.IgnoreCategory}

// reporters are the passes whose reports an ignore comment may silence.
var reporters = []*analysis.Analyzer{ownership.Analyzer, xsa.Analyzer, lockset.Analyzer}

// silencedBy returns the ignore comments a reporting pass's result says
// it used.
func silencedBy(result any) *directive.Silenced {
	switch r := result.(type) {
	case *directive.Silenced:
		return r
	case *ownership.Result:
		return r.Silenced
	case *xsa.Result:
		return r.Silenced
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	var used []directive.Silenced
	for _, a := range reporters {
		if s := silencedBy(pass.ResultOf[a]); s != nil {
			used = append(used, *s)
		}
	}
	silenced := func(ig directive.Ignore) bool {
		return slices.ContainsFunc(used, func(s directive.Silenced) bool { return slices.Contains(s.Pos, ig.Pos) })
	}
	for _, ig := range directive.Ignores(pass) {
		switch {
		case ig.Reason == "":
			pass.Report(analysis.Diagnostic{Pos: ig.Pos, Category: directive.IgnoreCategory, Message: "//psharpvet:ignore needs a reason: say why the report is a false alarm"})
		case !silenced(ig):
			pass.Report(analysis.Diagnostic{Pos: ig.Pos, Category: directive.IgnoreCategory, Message: "//psharpvet:ignore silences no report on this line or the next; remove it"})
		}
	}
	return nil, nil
}
