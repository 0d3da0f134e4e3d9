// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package directive

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnoreVerb is the verb of the directive that silences a report:
// //psharpvet:ignore <reason>, on the reported line or the line above it.
const IgnoreVerb = "ignore"

// IgnoreCategory is the Diagnostic.Category of reports on ignore comments.
const IgnoreCategory = "ignore"

// An Ignore is a //psharpvet:ignore comment of a package.
type Ignore struct {
	Pos    token.Pos
	Reason string // the rest of the comment, "" if it gives none
	file   string
	line   int
}

// Ignores returns the //psharpvet:ignore comments of the pass's files, in
// source order.
func Ignores(pass *analysis.Pass) []Ignore {
	var out []Ignore
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				verb, args, ok := Parse(c.Text)
				if !ok || verb != IgnoreVerb {
					continue
				}
				p := pass.Fset.Position(c.Pos())
				out = append(out, Ignore{Pos: c.Pos(), Reason: strings.Join(args, " "), file: p.Filename, line: p.Line})
			}
		}
	}
	return out
}

// Silenced lists the ignore comments that silenced a report of an
// analyzer, by position: the result the ignores analyzer reads to find
// comments that silence nothing.
type Silenced struct{ Pos []token.Pos }

// A Reporter reports a pass's diagnostics, except those an ignore comment
// silences, and records which comments did.
type Reporter struct {
	pass    *analysis.Pass
	ignores []Ignore
	used    map[token.Pos]bool
}

// NewReporter returns a Reporter for pass.
func NewReporter(pass *analysis.Pass) *Reporter {
	return &Reporter{pass: pass, ignores: Ignores(pass), used: make(map[token.Pos]bool)}
}

// Report reports d, unless an ignore comment on its line or on the line
// above silences it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if ig := r.silencer(d.Pos); ig != nil {
		r.used[ig.Pos] = true
		return
	}
	r.pass.Report(d)
}

func (r *Reporter) silencer(pos token.Pos) *Ignore {
	if len(r.ignores) == 0 || !pos.IsValid() {
		return nil
	}
	p := r.pass.Fset.Position(pos)
	for i := range r.ignores {
		ig := &r.ignores[i]
		if ig.file == p.Filename && (ig.line == p.Line || ig.line == p.Line-1) {
			return ig
		}
	}
	return nil
}

// Silenced returns the ignore comments that silenced a report, in source
// order.
func (r *Reporter) Silenced() *Silenced {
	out := &Silenced{}
	for _, ig := range r.ignores {
		if r.used[ig.Pos] {
			out.Pos = append(out.Pos, ig.Pos)
		}
	}
	slices.Sort(out.Pos)
	return out
}
