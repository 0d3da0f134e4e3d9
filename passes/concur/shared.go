// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/directive"
	"github.com/psharpvet/psharpvet/internal/model"
)

// Shared is the fact that a named type is safe to share between
// goroutines without a transfer: its doc comment says it is safe for
// concurrent use, it is declared with //psharpvet:shared, or its methods
// take a lock it holds by pointer (locked.go).
type Shared struct {
	// Why is "documented", "declared" or "locked".
	Why string
}

// AFact marks Shared as a fact.
func (*Shared) AFact() {}

func (s *Shared) String() string { return "shared(" + s.Why + ")" }

// markShared finds the package's shared types and exports their facts
// (addFacts records them in the model).
func markShared(pass *analysis.Pass) {
	documented := make(map[*types.TypeName]bool)
	defer func() { markLocked(pass, documented) }()
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
					documented[tn] = true
				}
			}
		}
		checkShared(pass, f, onType)
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
		if ok, wellFormed := sharedDirective(c.Text); ok && wellFormed {
			return "declared"
		}
	}
	if model.DocumentsSafe(doc.Text()) {
		return "documented"
	}
	return ""
}

// sharedDirective parses text as a //psharpvet:shared directive: ok if it
// is one, wellFormed if it has no arguments.
func sharedDirective(text string) (ok, wellFormed bool) {
	verb, args, isDirective := directive.Parse(text)
	if !isDirective || verb != "shared" {
		return false, false
	}
	return true, len(args) == 0
}

// checkShared reports a //psharpvet:shared directive that is not in the
// doc comment of a type declaration (onType), or that has arguments.
func checkShared(pass *analysis.Pass, f *ast.File, onType map[*ast.Comment]bool) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			ok, wellFormed := sharedDirective(c.Text)
			if !ok {
				continue
			}
			switch {
			case !wellFormed:
				directive.Report(pass, c, "malformed directive: //psharpvet:shared takes no arguments")
			case !onType[c]:
				directive.Report(pass, c, "misplaced directive: //psharpvet:shared must be in the doc comment of a type declaration")
			}
		}
	}
}
