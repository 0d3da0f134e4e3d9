// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file decides, in the default reading, which function literals
// converted to a handler type serve one call each. A handler runs
// concurrently with itself: two requests served by one handler value
// race on what it captures (a counter a literal handed to
// http.HandleFunc increments). But a literal made anew on each call of
// the function around it captures that call's variables, and two of its
// calls share them only if one instance of it serves both, which the
// code shows when the instance is registered (a Handler row), stored,
// returned, sent or handed to a function of the build that may do so.
// A literal only handed to code the analysis does not see (a function
// value, an interface method) and called through, as a middleware
// adapter does with the request it wraps, is no such evidence:
//
//	func WrapMiddleware(m func(http.Handler) http.Handler) MiddlewareFunc {
//		return func(next HandlerFunc) HandlerFunc {
//			return func(c Context) (err error) {
//				m(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
//					err = next(c) // this call's err
//				})).ServeHTTP(c.Response(), c.Request())
//				return
//			}
//		}
//	}
//
// What it trades: a middleware that keeps the handler it is given and
// serves later requests with it. What the literal reaches through a
// captured pointer is still compared: every instance may reach the
// same object.

// servedOncePerCall reports whether fn is a function literal whose
// every instance is only converted to a handler, or to an interface,
// and handed to or called through code the analysis does not see.
func (c *checker) servedOncePerCall(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil || len(fn.FreeVars) == 0 {
		return false
	}
	made := false
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			if !c.onlyHandedToUnseen(mc, 0) {
				return false
			}
			made = true
		}
	}
	return made
}

// onlyHandedToUnseen reports whether every use of v converts it (to a
// handler type or an interface) and the conversion is so used, or hands
// it to a call of a function value or of an interface method that is
// not a row of the model, or calls it.
func (c *checker) onlyHandedToUnseen(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
			if !c.onlyHandedToUnseen(r.(ssa.Value), depth+1) {
				return false
			}
		case *ssa.Call:
			call := r.Common()
			if call.Value == v {
				continue // called, or its method called, here
			}
			if call.StaticCallee() != nil {
				return false // a function of the build, which may keep it
			}
			if rc, ok := c.model.Resolve(call); ok && len(rc.Rows) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// capturedVariable reports whether the location key k is a variable a
// function literal captures itself (v:fn:i|), not what it reaches
// through one.
func capturedVariable(k string) bool {
	if prefix, _ := pseudoPrefix(k); prefix != "" {
		return false
	}
	root, sel := splitPath(k)
	return strings.HasPrefix(root, "v:") && sel == ""
}
