// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"github.com/psharpvet/psharpvet/internal/directive"
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

// declared is what the comments say about one function.
type declared struct {
	entry bool
	group string
}

// directives parses every //psharpvet: comment in the package, reporting
// malformed ones.
func (c *checker) directives() map[*types.Func]declared {
	out := make(map[*types.Func]declared)
	for _, f := range c.pass.Files {
		docs := directive.FuncDocs(f)
		for _, cg := range f.Comments {
			for _, cm := range cg.List {
				verb, args, ok := directive.Parse(cm.Text)
				if !ok {
					continue
				}
				if verb == "shared" || verb == "send" || verb == "handler" {
					continue // checked by the concur analyzer
				}
				if verb == directive.IgnoreVerb {
					continue // checked by the ignores analyzer
				}
				fd := docs[cm]
				d, err := checkDirective(verb, args, fd != nil)
				if err != "" {
					directive.Report(c.pass, cm, err)
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

// checkDirective validates one directive, returning a message on error.
func checkDirective(verb string, args []string, onFunc bool) (declared, string) {
	switch verb {
	case "entrypoint":
		if len(args) != 0 {
			return declared{}, "malformed directive: //psharpvet:entrypoint takes no arguments"
		}
		if !onFunc {
			return declared{}, "misplaced directive: //psharpvet:entrypoint must be in the doc comment of a function declaration"
		}
		return declared{entry: true}, ""
	case "serialized":
		if len(args) != 1 {
			return declared{}, "malformed directive: //psharpvet:serialized needs exactly one group name, e.g. //psharpvet:serialized rtnl"
		}
		if !onFunc {
			return declared{}, "misplaced directive: //psharpvet:serialized must be in the doc comment of a function declaration"
		}
		return declared{entry: true, group: args[0]}, ""
	case "":
		return declared{}, "malformed directive: missing verb after //psharpvet: (want " + directive.Verbs + ")"
	}
	return declared{}, "unknown directive //psharpvet:" + verb + " (want " + directive.Verbs + ")"
}
