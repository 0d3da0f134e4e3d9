// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package concur

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file finds the package's token channels: channels of capacity 1
// used as locks (model.TokenDir). The Go memory model orders the k-th
// receive from a channel of capacity C before the completion of its
// (k+C)-th send, so with C = 1 a send and the next receive bracket a
// critical section:
//
//	func (l *Limiter) Inc() {
//		l.tok <- struct{}{} // take the token
//		l.count++
//		<-l.tok // give it back
//	}

// tokenFields returns the package's channel fields used as locks
// (model.SetTokens), and the operation that takes the token of each: an
// unexported channel field of a type of the package that every store
// makes with the constant capacity 1, that is both sent on and received
// from, and whose every load is only sent on (not sent), received from,
// selected on, measured or compared with; a channel that escapes to other
// code may be used otherwise. A channel its maker sends on (c.tok =
// make(…); c.tok <- struct{}{}) is filled with its token, and a receive
// takes it; otherwise a send takes it, if no send carries data (a value
// that is neither a constant nor of a type of size zero): a channel of
// results is no lock.
func tokenFields(pkg *types.Package, funcs []*ssa.Function) map[*types.Var]model.TokenDir {
	uses := make(map[*types.Var]*tokenUses)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := ssaops.FieldVar(fa)
				if f == nil || f.Exported() || f.Pkg() != pkg {
					continue
				}
				if _, ok := f.Type().Underlying().(*types.Chan); !ok {
					continue
				}
				u := uses[f]
				if u == nil {
					u = &tokenUses{ok: true}
					uses[f] = u
				}
				if u.ok {
					u.add(fa)
				}
			}
		}
	}
	var out map[*types.Var]model.TokenDir
	for f, u := range uses {
		var dir model.TokenDir
		switch {
		case !u.ok || !u.store || !u.send || !u.recv:
			continue // not a lock unless it is made, taken and given back
		case u.fill:
			dir = model.RecvAcquires
		case !u.data:
			dir = model.SendAcquires
		default:
			continue
		}
		if out == nil {
			out = make(map[*types.Var]model.TokenDir)
		}
		out[f] = dir
	}
	return out
}

// tokenUses is what the package does with a channel field.
type tokenUses struct {
	ok    bool // every use keeps it a token channel
	store bool // a channel is stored into it
	fill  bool // its maker sends on it: filled with its token
	send  bool // it is sent on
	recv  bool // it is received from
	data  bool // a send carries a value that is not a constant
}

// add records the uses of the field address fa.
func (u *tokenUses) add(fa *ssa.FieldAddr) {
	refs := fa.Referrers()
	if refs == nil {
		return
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			m, isMake := ssaops.Unconverted(r.Val).(*ssa.MakeChan)
			if r.Addr != fa || !isMake || !capacityOne(m.Size) {
				u.ok = false
				return
			}
			u.store = true
			if sentOn(m) {
				u.fill = true
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || !u.addLoad(r) {
				u.ok = false
				return
			}
			if sentOn(r) && storesField(r.Block().Parent(), fa) {
				u.fill = true // c.tok = make(…); c.tok <- struct{}{}
			}
		case *ssa.DebugRef:
		default:
			u.ok = false
			return
		}
	}
}

// addLoad records the uses of the channel v loaded from the field, and
// reports whether each is a send on it (not of it), a receive, a select's
// case, a measure or a comparison.
func (u *tokenUses) addLoad(v ssa.Value) bool {
	ok := true
	ssaops.ForUses(v, func(x ssa.Value, ref ssa.Instruction) {
		switch r := ref.(type) {
		case *ssa.Send:
			ok = ok && r.Chan == x && r.X != x
			u.send = true
			if _, isConst := r.X.(*ssa.Const); !isConst && !zeroSize(r.X.Type()) {
				u.data = true
			}
		case *ssa.UnOp:
			ok = ok && r.Op == token.ARROW
			u.recv = true
		case *ssa.Select:
			for _, st := range r.States {
				if st.Chan != x {
					continue
				}
				if st.Dir == types.SendOnly {
					u.send = true
					if _, isConst := st.Send.(*ssa.Const); !isConst && !zeroSize(st.Send.Type()) {
						u.data = true
					}
				} else {
					u.recv = true
				}
			}
		case *ssa.BinOp:
			ok = ok && (r.Op == token.EQL || r.Op == token.NEQ)
		case *ssa.Call:
			b, isBuiltin := r.Call.Value.(*ssa.Builtin)
			ok = ok && isBuiltin && (b.Name() == "len" || b.Name() == "cap")
		case *ssa.DebugRef:
		default:
			ok = false
		}
	})
	return ok
}

// zeroSize reports whether values of t carry nothing (struct{}, [0]T).
func zeroSize(t types.Type) bool {
	switch t := t.Underlying().(type) {
	case *types.Struct:
		for f := range t.Fields() {
			if !zeroSize(f.Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return t.Len() == 0 || zeroSize(t.Elem())
	}
	return false
}

// capacityOne reports whether a channel made with size has the constant
// capacity 1.
func capacityOne(size ssa.Value) bool {
	n, ok := model.ConstantInt(size)
	return ok && n == 1
}

// sentOn reports whether the channel v is sent on directly.
func sentOn(v ssa.Value) bool {
	found := false
	ssaops.ForUses(v, func(x ssa.Value, ref ssa.Instruction) {
		if s, ok := ref.(*ssa.Send); ok && s.Chan == x {
			found = true
		}
	})
	return found
}

// storesField reports whether fn stores into the field fa addresses
// (through any address of it).
func storesField(fn *ssa.Function, fa *ssa.FieldAddr) bool {
	f := ssaops.FieldVar(fa)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if a, ok := st.Addr.(*ssa.FieldAddr); ok && ssaops.FieldVar(a) == f {
					return true
				}
			}
		}
	}
	return false
}

// tokenVars returns the package's local channel variables used as locks,
// each taken by a send (model.SendAcquires), keyed by the variable's
// Alloc and by the FreeVar of each closure that captures it:
//
//	sem := make(chan struct{}, 1)
//	for _, x := range xs {
//		go func() { sem <- struct{}{}; total += x; <-sem }()
//	}
//
// The variable (a local that closures capture, so an Alloc) is stored
// once, with a channel made with the constant capacity 1 that its maker
// does not fill; it and the closures that capture it only load it, and
// use each load only as tokenUses.addLoad allows, sends carrying no data;
// and every function that loads it both sends on it and receives from
// it, so that the goroutine that takes the token gives it back, or the
// token is handed off (handedOff): its maker's function only takes it and
// the literals that capture it only give it back.
func tokenVars(funcs []*ssa.Function) (map[ssa.Value]model.TokenDir, map[ssa.Value]*ssa.Alloc) {
	var out map[ssa.Value]model.TokenDir
	var cells map[ssa.Value]*ssa.Alloc
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				a, ok := instr.(*ssa.Alloc)
				if !ok {
					continue
				}
				if _, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Chan); !ok {
					continue
				}
				if fvs, ok := tokenVar(a); ok {
					if out == nil {
						out = make(map[ssa.Value]model.TokenDir)
						cells = make(map[ssa.Value]*ssa.Alloc)
					}
					out[a], cells[a] = model.SendAcquires, a
					for _, fv := range fvs {
						out[fv], cells[fv] = model.SendAcquires, a
					}
				}
			}
		}
	}
	return out, cells
}

// handedOff reports whether u, the uses of a token variable in one
// function, are those of a token handed off: the maker's function only
// takes it, and a literal it makes only gives it back, run as the
// goroutine the taker starts or called by it, which the lockset pass
// follows as a lock handed to a goroutine (badger's doWrites):
//
//	pending := make(chan struct{}, 1)
//	write := func(reqs []*request) { db.write(reqs); <-pending }
//	for … {
//		pending <- struct{}{}
//		go write(reqs)
//	}
func handedOff(u *tokenUses, maker bool) bool {
	if maker {
		return u.send && !u.recv
	}
	return u.recv && !u.send
}

// tokenVar reports whether the variable a is a token channel (tokenVars),
// with the FreeVars of the closures that capture it.
func tokenVar(a *ssa.Alloc) ([]*ssa.FreeVar, bool) {
	if !ssaops.OwnCell(a) {
		return nil, false // stored by closures, or handed on
	}
	var (
		made  *ssa.MakeChan
		fvs   []*ssa.FreeVar
		loads = make(map[*ssa.Function][]*ssa.UnOp)
	)
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			m, isMake := ssaops.Unconverted(r.Val).(*ssa.MakeChan)
			if !isMake || !capacityOne(m.Size) || made != nil || sentOn(m) {
				return nil, false
			}
			made = m
		case *ssa.UnOp:
			loads[r.Parent()] = append(loads[r.Parent()], r)
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function) // OwnCell
			for k, bv := range r.Bindings {
				if bv == ssa.Value(a) {
					fv := fn.FreeVars[k]
					if !ssaops.OnlyLoaded(fv) {
						return nil, false // captured again: its loads are not all here
					}
					fvs = append(fvs, fv)
					for _, fref := range *fv.Referrers() {
						if l, ok := fref.(*ssa.UnOp); ok { // only loaded: OwnCell
							loads[fn] = append(loads[fn], l)
						}
					}
				}
			}
		}
	}
	if made == nil || len(fvs) == 0 {
		return nil, false
	}
	for fn, ls := range loads {
		u := &tokenUses{ok: true}
		for _, l := range ls {
			if !u.addLoad(l) {
				return nil, false
			}
		}
		if u.data || u.send != u.recv && !handedOff(u, fn == made.Parent()) {
			return nil, false
		}
	}
	for _, l := range loads[made.Parent()] {
		if l.Block() == made.Block() && sentOn(l) {
			return nil, false // filled by its maker: not modelled for locals
		}
	}
	return fvs, true
}
