// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Directives let users declare what the analysis cannot infer, as
// Chauffeur's entry point tables do for Whoop:
//
//	//psharpvet:entrypoint          the function may run concurrently
//	                                 with itself and every other entry point
//	//psharpvet:serialized GROUP    an entry point that its framework never
//	                                 runs at the same time as any other
//	                                 member of GROUP (Whoop's RTNL case)
//
// They must appear in the doc comment of a function or method declaration.
// The concur analyzer checks the others (shared, send, handler); a
// //psharpvet:handler method reaches this pass as an Actor row.

const directivePrefix = "//psharpvet:"

// directive is what the comments say about one function.
type directive struct {
	entry bool
	group string
}

// directives parses every //psharpvet: comment in the package, reporting
// malformed ones.
func (c *checker) directives() map[*types.Func]directive {
	out := make(map[*types.Func]directive)
	for _, f := range c.pass.Files {
		docs := make(map[*ast.Comment]*ast.FuncDecl)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				for _, cm := range fd.Doc.List {
					docs[cm] = fd
				}
			}
		}
		for _, cg := range f.Comments {
			for _, cm := range cg.List {
				if !strings.HasPrefix(cm.Text, directivePrefix) {
					continue
				}
				verb, args := parseDirective(cm.Text)
				if verb == "shared" || verb == "send" || verb == "handler" {
					continue // checked by the concur analyzer
				}
				fd := docs[cm]
				d, err := checkDirective(verb, args, fd != nil)
				if err != "" {
					c.pass.Report(analysis.Diagnostic{Pos: cm.Pos(), End: cm.End(), Category: "directive", Message: err})
					continue
				}
				fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok {
					continue
				}
				prev := out[fn]
				prev.entry = prev.entry || d.entry
				if d.group != "" {
					prev.group = d.group
				}
				out[fn] = prev
			}
		}
	}
	return out
}

func parseDirective(text string) (verb string, args []string) {
	text = strings.TrimPrefix(text, directivePrefix)
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i] // a trailing comment is not part of the directive
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return "", nil
	}
	return fields[0], fields[1:]
}

// checkDirective validates one directive, returning a message on error.
func checkDirective(verb string, args []string, onFunc bool) (directive, string) {
	switch verb {
	case "entrypoint":
		if len(args) != 0 {
			return directive{}, "malformed directive: //psharpvet:entrypoint takes no arguments"
		}
		if !onFunc {
			return directive{}, "misplaced directive: //psharpvet:entrypoint must be in the doc comment of a function declaration"
		}
		return directive{entry: true}, ""
	case "serialized":
		if len(args) != 1 {
			return directive{}, "malformed directive: //psharpvet:serialized needs exactly one group name, e.g. //psharpvet:serialized rtnl"
		}
		if !onFunc {
			return directive{}, "misplaced directive: //psharpvet:serialized must be in the doc comment of a function declaration"
		}
		return directive{entry: true, group: args[0]}, ""
	case "":
		return directive{}, "malformed directive: missing verb after //psharpvet: (want entrypoint, serialized, shared, send or handler)"
	}
	return directive{}, "unknown directive //psharpvet:" + verb + " (want entrypoint, serialized, shared, send or handler)"
}
