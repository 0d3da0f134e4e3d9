// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/model"
)

// Shared is the fact that a named type is safe to share between
// goroutines without a transfer: its doc comment says it is safe for
// concurrent use, or it is declared with //psharpvet:shared.
type Shared struct {
	// Why is "documented" or "declared".
	Why string
}

// AFact marks Shared as a fact.
func (*Shared) AFact() {}

func (s *Shared) String() string { return "shared(" + s.Why + ")" }

// sharedDirective declares a type shared.
const sharedDirective = "//psharpvet:shared"

// markShared finds the package's shared types, exports their facts and
// records them, with those of the facts of its dependencies, in m.
func markShared(pass *analysis.Pass, m *model.Model) {
	for _, f := range pass.Files {
		// The comments of type declarations' docs, where the directive
		// belongs.
		onType := make(map[*ast.Comment]bool)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			markDoc(onType, gd.Doc)
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				markDoc(onType, ts.Doc)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				why := sharedWhy(doc)
				if why == "" {
					continue
				}
				if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok {
					pass.ExportObjectFact(tn, &Shared{Why: why})
				}
			}
		}
		checkShared(pass, f, onType)
	}
	for _, of := range pass.AllObjectFacts() {
		if _, ok := of.Fact.(*Shared); !ok {
			continue
		}
		if tn, ok := of.Object.(*types.TypeName); ok && tn.Pkg() != nil {
			m.MarkShared(tn.Pkg().Path(), tn.Name())
		}
	}
}

func markDoc(set map[*ast.Comment]bool, doc *ast.CommentGroup) {
	if doc != nil {
		for _, c := range doc.List {
			set[c] = true
		}
	}
}

// sharedWhy says why a type with doc comment doc is shared, or "".
func sharedWhy(doc *ast.CommentGroup) string {
	if doc == nil {
		return ""
	}
	for _, c := range doc.List {
		if isSharedDirective(c.Text) && sharedArgs(c.Text) == "" {
			return "declared"
		}
	}
	if model.DocumentsSafe(doc.Text()) {
		return "documented"
	}
	return ""
}

func isSharedDirective(text string) bool {
	rest, ok := strings.CutPrefix(text, sharedDirective)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// sharedArgs returns what follows the directive in text, without a
// trailing comment: "" for a well-formed one.
func sharedArgs(text string) string {
	rest := strings.TrimSpace(strings.TrimPrefix(text, sharedDirective))
	if i := strings.Index(rest, "//"); i >= 0 {
		rest = strings.TrimSpace(rest[:i])
	}
	return rest
}

// checkShared reports a //psharpvet:shared directive that is not in the
// doc comment of a type declaration (onType), or that has arguments.
func checkShared(pass *analysis.Pass, f *ast.File, onType map[*ast.Comment]bool) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if !isSharedDirective(c.Text) {
				continue
			}
			switch {
			case sharedArgs(c.Text) != "":
				pass.Report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: "directive", Message: "malformed directive: //psharpvet:shared takes no arguments"})
			case !onType[c]:
				pass.Report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: "directive", Message: "misplaced directive: //psharpvet:shared must be in the doc comment of a type declaration"})
			}
		}
	}
}
