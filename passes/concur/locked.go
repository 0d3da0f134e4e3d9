// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/psharpvet/psharpvet/internal/model"
)

// whyLocked is the Shared fact's Why for a type that guards its state
// with a lock it holds by pointer (markLocked); addFacts records it with
// model.MarkLocked, not MarkShared.
const whyLocked = "locked"

// markLocked exports a Shared fact, Why "locked", for each struct type of
// the package that holds a lock by pointer (mu *sync.RWMutex) which one of
// its methods takes through its receiver (c.mu.Lock(), c.mu.RLock()):
//
//	type LocalCache struct {
//		mu    *sync.RWMutex
//		cache map[string]Item
//	}
//	func (c *LocalCache) Put(k string, v Item) { c.mu.Lock(); … }
//
// It guards its state with a mutex it shares by pointer, as a type
// holding the mutex by value does, which the model counts as
// self-synchronising. A pointer to a lock that no method takes is no
// evidence: such a struct is still transferred.
func markLocked(pass *analysis.Pass, documented map[*types.TypeName]bool) {
	locked := make(map[*types.TypeName]bool)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
				continue
			}
			recv := pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
			if recv == nil {
				continue
			}
			tn := namedOf(recv.Type())
			if tn == nil || tn.Pkg() != pass.Pkg || locked[tn] || documented[tn] {
				continue
			}
			if takesPointerLock(pass, fd.Body, recv) {
				locked[tn] = true
			}
		}
	}
	for tn := range locked {
		pass.ExportObjectFact(tn, &Shared{Why: whyLocked})
	}
}

// takesPointerLock reports whether body calls Lock or RLock on a field
// of recv whose type is a pointer to a lock.
func takesPointerLock(pass *analysis.Pass, body *ast.BlockStmt, recv types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		method, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || method.Sel.Name != "Lock" && method.Sel.Name != "RLock" {
			return true
		}
		field, ok := method.X.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		base, ok := field.X.(*ast.Ident)
		if !ok || pass.TypesInfo.Uses[base] != recv {
			return true
		}
		sel := pass.TypesInfo.Selections[field]
		if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return true
		}
		if ptr, ok := types.Unalias(sel.Obj().Type()).(*types.Pointer); ok && model.IsLock(ptr.Elem()) {
			found = true
		}
		return true
	})
	return found
}

// namedOf returns the type name of t, or of the type t points to, if it
// is a named struct type (its origin); otherwise nil.
func namedOf(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
		return nil
	}
	return n.Origin().Obj()
}
