// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/directive"
)

// Declared is the fact that a function's doc comment declares what the
// model cannot know about it, in the style of printf's isWrapper fact:
//
//	//psharpvet:send m      a call gives up its parameter m (a user's own
//	                        queue's Push, a transport's Send)
//	//psharpvet:handler     the method is a handler of its receiver's
//	                        machine: the methods so marked on one type run
//	                        one at a time, concurrently with other goroutines
//
// The passes see it as the rows it stands for (model.Transfer,
// model.Actor), in this package and in the packages that import it.
type Declared struct {
	// Sends are the indices, without the receiver, of the parameters a
	// call gives up.
	Sends []int
	// Handler says the method is a machine's handler.
	Handler bool
}

// AFact marks Declared as a fact.
func (*Declared) AFact() {}

func (d *Declared) String() string {
	var parts []string
	if len(d.Sends) > 0 {
		parts = append(parts, fmt.Sprintf("send %v", d.Sends))
	}
	if d.Handler {
		parts = append(parts, "handler")
	}
	return "declared(" + strings.Join(parts, ", ") + ")"
}

// declare exports the facts of the package's //psharpvet:send and
// //psharpvet:handler directives and reports malformed or misplaced ones
// (addFacts adds their rows to the model).
func declare(pass *analysis.Pass) {
	for _, f := range pass.Files {
		onFunc := directive.FuncDocs(f)
		facts := make(map[*types.Func]*Declared)
		for _, g := range f.Comments {
			for _, c := range g.List {
				verb, args, ok := directive.Parse(c.Text)
				if !ok || (verb != "send" && verb != "handler") {
					continue
				}
				fd := onFunc[c]
				if fd == nil {
					decl := "function"
					if verb == "handler" {
						decl = "method"
					}
					directive.Report(pass, c, fmt.Sprintf("misplaced directive: //psharpvet:%s must be in the doc comment of a %s declaration", verb, decl))
					continue
				}
				fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				d := facts[fn]
				if d == nil {
					d = new(Declared)
				}
				if msg := d.add(fn, verb, args); msg != "" {
					directive.Report(pass, c, msg)
					continue
				}
				facts[fn] = d
			}
		}
		for fn, d := range facts {
			pass.ExportObjectFact(fn, d)
		}
	}
}

// add records a directive of fn in d, or returns why it is malformed.
func (d *Declared) add(fn *types.Func, verb string, args []string) string {
	sig := fn.Signature()
	switch verb {
	case "handler":
		if len(args) != 0 {
			return "malformed directive: //psharpvet:handler takes no arguments"
		}
		if sig.Recv() == nil {
			return "misplaced directive: //psharpvet:handler must be in the doc comment of a method declaration"
		}
		d.Handler = true
	case "send":
		if len(args) == 0 {
			return "malformed directive: //psharpvet:send needs the name of the parameter a call gives up, e.g. //psharpvet:send msg"
		}
		for _, a := range args {
			i := paramIndex(sig, strings.TrimSuffix(a, ","))
			if i < 0 {
				return fmt.Sprintf("malformed directive: //psharpvet:send names %s, which is not a parameter of %s (%s)", a, fn.Name(), paramNames(sig))
			}
			if !slices.Contains(d.Sends, i) {
				d.Sends = append(d.Sends, i)
			}
		}
		slices.Sort(d.Sends)
	}
	return ""
}

// paramIndex returns the index of the parameter called name, or -1.
func paramIndex(sig *types.Signature, name string) int {
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); p.Name() == name && name != "_" {
			return i
		}
	}
	return -1
}

func paramNames(sig *types.Signature) string {
	var names []string
	for i := range sig.Params().Len() {
		names = append(names, sig.Params().At(i).Name())
	}
	if len(names) == 0 {
		return "it has none"
	}
	return "its parameters: " + strings.Join(names, ", ")
}
