// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file reads the "caller must hold mu" convention where the code
// states it: a function whose doc comment says a lock is held on entry
// ("Lock should be held.", "c.mu must be held.") starts holding it. The
// inference of entrylocks.go needs every call site in the package to hold
// the lock, and loses it through calls it cannot follow (a closure, a
// method value, a caller in another package); the comment is the
// author's evidence. The strict reading does not take a comment's word.

// docHeld returns, for each function of funcs whose doc comment states the
// convention, the locks it names, in the function's own frame. Locks the
// analysis cannot resolve to a lock field of a parameter are left out.
func (c *checker) docHeld(funcs []*ssa.Function) map[*ssa.Function]lockset {
	if c.model.Strict {
		return nil
	}
	out := make(map[*ssa.Function]lockset)
	for _, fn := range funcs {
		decl, ok := fn.Syntax().(*ast.FuncDecl)
		if !ok || decl.Doc == nil || fn.Parent() != nil {
			continue
		}
		for _, dl := range model.HeldOnEntry(decl.Doc.Text()) {
			if lock := docLockPath(fn, dl); lock != "" {
				// Held for reading unless the comment says the write
				// lock: "Lock should be held" does not say which its
				// callers take, and the weaker reading keeps a write
				// under a read lock a race.
				out[fn] = out[fn].add(Held{Lock: lock, Read: !dl.Write})
			}
		}
	}
	return out
}

// docLockPath names a DocLock in fn's frame: the owner is a parameter
// (the receiver first) named so, or the receiver when the comment names
// its type or nothing; the field is the path the comment gives, or the
// owner's primary lock.
func docLockPath(fn *ssa.Function, dl model.DocLock) string {
	owner := docOwner(fn, dl.Owner)
	if owner < 0 {
		return ""
	}
	path := paramRoot(owner)
	t := fn.Params[owner].Type()
	if dl.Field == "" {
		name := primaryLock(t)
		if name == "" {
			return ""
		}
		return extend(path, "."+name)
	}
	for _, name := range strings.Split(dl.Field, ".") {
		// Only a field declared in t itself: a promoted one's path runs
		// through the embedded field.
		obj, index, _ := types.LookupFieldOrMethod(t, true, fn.Pkg.Pkg, name)
		f, ok := obj.(*types.Var)
		if !ok || !f.IsField() || len(index) != 1 {
			return ""
		}
		path, t = extend(path, "."+name), f.Type()
	}
	if !model.IsLock(t) {
		return ""
	}
	return path
}

// docOwner returns the index of the parameter a comment's owner names,
// or -1.
func docOwner(fn *ssa.Function, owner string) int {
	hasRecv := fn.Signature.Recv() != nil && len(fn.Params) > 0
	if owner == "" {
		if hasRecv {
			return 0
		}
		return -1
	}
	for i, p := range fn.Params {
		if p.Name() == owner {
			return i
		}
	}
	if hasRecv {
		if n := ssaops.RecvNamed(fn); n != nil && strings.EqualFold(n.Obj().Name(), owner) {
			return 0
		}
	}
	return -1
}

// primaryLock returns the name of the lock field of the struct t (or t
// points to): its only one, or else the one conventionally named.
func primaryLock(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	var locks []string
	for f := range st.Fields() {
		if model.IsLock(f.Type()) {
			locks = append(locks, f.Name())
		}
	}
	if len(locks) == 1 {
		return locks[0]
	}
	for _, name := range model.PrimaryLockNames {
		if slices.Contains(locks, name) {
			return name
		}
	}
	return ""
}

// The comment is the helper's evidence about its callers in general; a
// static call site of the package that holds no lock at all shows a
// caller that forgot it. So a helper's accesses under a lock its comment
// assumes are, at such a call from the package's non-test code, under no
// lock of the comment's (a caller holding some lock keeps the comment's
// word: locks reached through two paths, s := nc.subs[sid] and the
// helper's receiver, have two names, and the one it holds may be the one
// the comment means):
//
//	// getLocked looks k up. c.mu must be held.
//	func (c *Cache) getLocked(k string) int { return c.m[k] }
//	func (c *Cache) Peek(k string) int { return c.getLocked(k) } // races
//
// Only when the helper never takes the lock itself: then every access it
// makes holding the lock holds it by the comment's assumption.

// assumedLocks returns the locks, in callee's frame, that callee's doc
// comment says are held on entry and that callee never takes itself; nil
// when fi, the caller, is test code, or the reading is strict (docHeld).
func (c *checker) assumedLocks(fi *funcInfo, callee *ssa.Function) map[string]bool {
	held := c.documented[callee]
	if len(held) == 0 || fi == nil || c.inTestFile(ssaops.TopLevel(fi.fn)) {
		return nil
	}
	if out, ok := c.assumed[callee]; ok {
		return out
	}
	out := make(map[string]bool)
	for _, h := range held {
		out[h.Lock] = true
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			rc, ok := c.model.Resolve(call.Common())
			if !ok || rc.Recv == nil {
				continue
			}
			if _, acquires := c.model.LockKindOf(rc).Acquires(); acquires {
				delete(out, c.lockPath(rc.Recv))
			}
		}
	}
	if len(out) == 0 {
		out = nil
	}
	if c.assumed == nil {
		c.assumed = make(map[*ssa.Function]map[string]bool)
	}
	c.assumed[callee] = out
	return out
}
