// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package directive parses the //psharpvet: comments that the passes read
// (entrypoint, serialized, shared, send, handler), so that every pass
// splits them, and finds their declarations, the same way.
package directive

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Prefix begins every directive.
const Prefix = "//psharpvet:"

// Category is the Diagnostic.Category of reports of malformed or
// misplaced directives, whichever pass reads them.
const Category = "directive"

// Verbs lists the verbs of the suite's directives, for messages about one
// it does not know.
const Verbs = "entrypoint, serialized, shared, send, handler or ignore"

// Report reports the malformed or misplaced directive c.
func Report(pass *analysis.Pass, c *ast.Comment, msg string) {
	pass.Report(analysis.Diagnostic{Pos: c.Pos(), End: c.End(), Category: Category, Message: msg})
}

// ReportsURL is the URL of the analyzers that report: the README, whose
// section named after a diagnostic's category explains it, with its fix.
const ReportsURL = "https://github.com/psharpvet/psharpvet/blob/main/README.md"

// Parse splits a comment's text into a directive's verb and arguments,
// leaving out a trailing // comment. ok is false if text is not a
// directive; the verb is "" for a directive with none.
func Parse(text string) (verb string, args []string, ok bool) {
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok {
		return "", nil, false
	}
	if i := strings.Index(rest, "//"); i >= 0 {
		rest = rest[:i] // a trailing comment is not part of the directive
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return "", nil, true
	}
	return fields[0], fields[1:], true
}

// FuncDocs maps each comment of the doc comments of f's function and
// method declarations to its declaration: where function directives
// belong.
func FuncDocs(f *ast.File) map[*ast.Comment]*ast.FuncDecl {
	docs := make(map[*ast.Comment]*ast.FuncDecl)
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
			for _, c := range fd.Doc.List {
				docs[c] = fd
			}
		}
	}
	return docs
}
