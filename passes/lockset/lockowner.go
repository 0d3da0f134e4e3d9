// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file tells a lock of the object an access's location lies in from
// a lock of another object reached through a pointer, for the evidence
// that two methods share a location (expectsShared):
//
//	func (w *response) Write(p []byte) { w.w.Write(p) }
//	func (w *response) Hijack() { w.conn.mu.Lock(); … w.w = nil … }
//
// w.conn.mu is the connection's lock, an object of its own behind the
// pointer w.conn: it guards the connection's fields, and holding it says
// nothing about whether the response's own w.w is shared. A mutex inline
// in the object (o.mu, an embedded mutex, o.in.mu for a struct field in,
// box.G.mu for a value field G) is the object's own. Access paths do not
// spell pointer indirections, so the types decide: the lock's selectors
// after the longest prefix it shares with the location, all but the
// mutex itself, must not cross a pointer, map, slice, channel, interface
// or function. A path whose types cannot be followed (a type selector, a
// root that is not a parameter, a captured variable, a local or a
// package-level variable of the package) keeps its lock as evidence.

// lockBelowPointer reports whether the lock lock, held at an access of
// the location loc (both paths of fn's frame), is reached from the
// location's object only through a pointer or another reference.
func (c *checker) lockBelowPointer(fn *ssa.Function, loc, lock string) bool {
	_, lock = pseudoPrefix(lock)
	lock = strings.TrimSuffix(lock, derefSel) // mu *sync.Mutex is its holder's
	lroot, lsel := splitPath(lock)
	root, sel := splitPath(loc)
	if lroot != root {
		return false
	}
	t := c.rootType(fn, root)
	if t == nil {
		return false
	}
	ls, as := selectors(lsel), selectors(sel)
	i := 0
	for ; i < len(ls)-1 && i < len(as) && ls[i] == as[i]; i++ {
		if t = selectedType(t, ls[i]); t == nil {
			return false
		}
	}
	for ; i < len(ls)-1; i++ {
		if t = selectedType(t, ls[i]); t == nil {
			return false
		}
		if isReference(t) {
			return true
		}
	}
	return false
}

// rootType returns the type of the value a path's root names in fn's
// frame, or nil.
func (c *checker) rootType(fn *ssa.Function, root string) types.Type {
	body := strings.TrimSuffix(root, "|")
	switch {
	case strings.HasPrefix(body, "p:"):
		if i, err := strconv.Atoi(body[2:]); err == nil && i < len(fn.Params) {
			return fn.Params[i].Type()
		}
	case strings.HasPrefix(body, "f:"):
		if i, err := strconv.Atoi(body[2:]); err == nil && i < len(fn.FreeVars) {
			return fn.FreeVars[i].Type()
		}
	case strings.HasPrefix(body, "a:"):
		if a := allocOf(fn, root); a != nil {
			return a.Type()
		}
	case strings.HasPrefix(body, "g:"):
		q := body[2:]
		dot := strings.LastIndexByte(q, '.')
		if dot > 0 && q[:dot] == c.pkg.Path() {
			if v, ok := c.pkg.Scope().Lookup(q[dot+1:]).(*types.Var); ok {
				return v.Type()
			}
		}
	}
	return nil
}

// selectors splits the selectors of a path into ".name", "[*]", "[#]",
// "[@]", "*" and type selectors.
func selectors(sel string) []string {
	var out []string
	for len(sel) > 0 {
		n := len(sel)
		switch sel[0] {
		case '.':
			if j := strings.IndexAny(sel[1:], ".[*"+typeSelOpen); j >= 0 {
				n = j + 1
			}
		case '[':
			if j := strings.IndexByte(sel, ']'); j >= 0 {
				n = j + 1
			}
		case '*':
			n = 1
		default:
			if strings.HasPrefix(sel, typeSelOpen) {
				if j := strings.Index(sel, typeSelClose); j >= 0 {
					n = j + 1
				}
			}
		}
		out = append(out, sel[:n])
		sel = sel[n:]
	}
	return out
}

// selectedType returns the type of what the selector s selects from a
// value of type t (through a pointer to it, as paths do), or nil.
func selectedType(t types.Type, s string) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok && s != derefSel {
		t = p.Elem()
	}
	switch {
	case s == derefSel:
		if p, ok := t.Underlying().(*types.Pointer); ok {
			return p.Elem()
		}
	case strings.HasPrefix(s, "."):
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Field(i).Name() == s[1:] {
					return st.Field(i).Type()
				}
			}
		}
	case strings.HasPrefix(s, "["):
		switch u := t.Underlying().(type) {
		case *types.Slice:
			return u.Elem()
		case *types.Array:
			return u.Elem()
		case *types.Map:
			return u.Elem()
		}
	}
	return nil
}

// isReference reports whether a value of type t refers to memory outside
// the object that holds it.
func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface, *types.Signature:
		return true
	}
	return false
}
