// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file orders the writes of a field set once under a lock with the
// reads that follow a receive from a channel closed only once the field
// is set (default reading only), yamux's shutdown error:
//
//	func (s *Session) exitErr(err error) {
//		s.errLock.Lock()
//		if s.err == nil {
//			s.err = err
//		}
//		s.errLock.Unlock()
//		s.Close()
//	}
//	func (s *Session) Close() error {
//		… // returns early once shut down
//		s.errLock.Lock()
//		if s.err == nil {
//			s.err = ErrSessionShutdown
//		}
//		s.errLock.Unlock()
//		close(s.shutdownCh)
//		…
//	}
//	func (s *Session) Accept() error { <-s.shutdownCh; return s.err }
//
// chanclose.go orders an access followed by the close on every path to
// its entry point's return, which Close's early return defeats. Here
// every write of the field, outside the function that makes its object,
// is made holding one lock L, in the block that runs only when a test of
// the same object's field, read holding L with no call in between, found
// it nil: the field leaves nil at most once, and then is never written
// again (a write of nil leaves it nil, and the next write is again the
// first). Every close of the channel, a field of the same struct, follows
// in its function a test of that kind whose nil branch writes a value
// that is not nil: when the channel is closed the field is set for good,
// and every write that took place happened before the close (a write
// after it would have found the field set). So each write of the field
// is ordered before each access that follows a receive from the channel,
// as if the channel were closed after it. Both fields are unexported,
// their addresses are used only to load and store them, and the channel
// is only received from, compared, closed or converted to a receive-only
// channel (a send completes one receive whatever the field holds).
//
// A value is not nil when it is made (an allocation, a map, a channel, a
// closure, an interface holding a value), an address, a constant other
// than nil, or a package-level variable of the package that only its
// declaration assigns, with something other than nil (an error sentinel,
// var ErrShutdown = errors.New(…), whose call is taken not to return
// nil). What the rule trades: two objects of one type, whose fields share
// a name (as for a close); a write through reflect or unsafe; a sentinel
// another package assigns.

// setOnceWrites returns, by the position of the access, the writes of a
// field set once under a lock before channels of the same object are
// closed, each with the channels' field names.
func (c *checker) setOnceWrites() map[token.Pos]setOnceWrite {
	if c.setOnce != nil {
		return c.setOnce
	}
	c.setOnce = make(map[token.Pos]setOnceWrite)
	if c.model.Strict {
		return c.setOnce
	}
	writes := make(map[*types.Var][]guardedStore)
	bad := make(map[*types.Var]bool)
	closes := make(map[*types.Var][]*ssa.Call)
	owner := make(map[*types.Var]types.Type) // the struct a field belongs to
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if bad[f] || !nillable(f.Type()) {
			return
		}
		fn := fa.Parent()
		owner[f] = fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying()
		_, isChan := f.Type().Underlying().(*types.Chan)
		for _, ref := range *fa.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr != fa {
					bad[f] = true
				} else if _, fresh := fa.X.(*ssa.Alloc); !fresh && !isChan {
					writes[f] = append(writes[f], guardedStore{store: r, fn: fn})
				}
			case *ssa.UnOp:
				if r.Op != token.MUL {
					bad[f] = true
				} else if isChan {
					cls, ok := closedOnly(r)
					if !ok {
						bad[f] = true
					}
					closes[f] = append(closes[f], cls...)
				}
			case *ssa.DebugRef:
			default:
				bad[f] = true
			}
		}
	})
	for f, ws := range writes {
		if bad[f] {
			continue
		}
		var locks []string
		for i := range ws {
			ls, ok := c.guardedWrite(&ws[i], f)
			if !ok {
				locks = nil
				break
			}
			if i == 0 {
				locks = ls
			} else {
				locks = intersect(locks, ls)
			}
			if len(locks) == 0 {
				break
			}
		}
		if len(locks) == 0 {
			continue
		}
		var chans []string
		for ch, cls := range closes {
			if bad[ch] || len(cls) == 0 || owner[f] != owner[ch] {
				continue
			}
			if slices.ContainsFunc(cls, func(cl *ssa.Call) bool { return !c.setBefore(cl, ws) }) {
				continue
			}
			chans = append(chans, ch.Name())
		}
		if len(chans) == 0 {
			continue
		}
		slices.Sort(chans)
		for _, w := range ws {
			c.setOnce[accessPos(w.store.Addr, w.store)] = setOnceWrite{field: f.Name(), chans: chans}
		}
	}
	return c.setOnce
}

// A setOnceWrite names a field set once and the channels closed after it.
type setOnceWrite struct {
	field string
	chans []string
}

// A guardedStore is a write of a field, and what guardedWrite found of it:
// the nil test of the field that guards it.
type guardedStore struct {
	store *ssa.Store
	fn    *ssa.Function
	test  *ssa.BasicBlock
}

// guardedWrite reports whether w is made holding a lock, in the block
// that runs only when a test of the same object's field f, with no call
// since, found it nil, and returns the locks it holds for writing: by the
// field's name for a field of the same object (".mu"), else by path for
// a package-level lock.
func (c *checker) guardedWrite(w *guardedStore, f *types.Var) ([]string, bool) {
	blk := w.store.Block()
	fa := w.store.Addr.(*ssa.FieldAddr)
	if len(blk.Preds) != 1 {
		return nil, false
	}
	test := blk.Preds[0]
	ifi, ok := test.Instrs[len(test.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	ld, nilSucc, ok := nilComparison(ifi.Cond)
	if !ok || test.Succs[nilSucc] != blk || len(test.Succs) != 2 || test.Succs[0] == test.Succs[1] {
		return nil, false
	}
	fa2, ok := ld.X.(*ssa.FieldAddr)
	if !ok || ssaops.FieldVar(fa2) != f {
		return nil, false
	}
	base := c.pathOf(fa.X)
	if fa2.X != fa.X && (base == "" || c.pathOf(fa2.X) != base) {
		return nil, false
	}
	// Nothing between the test's load and the write may release the lock.
	between := slices.Concat(test.Instrs[slices.Index(test.Instrs, ssa.Instruction(ld))+1:], blk.Instrs[:slices.Index(blk.Instrs, ssa.Instruction(w.store))])
	for _, instr := range between {
		switch i := instr.(type) {
		case *ssa.Call:
			if _, ok := i.Call.Value.(*ssa.Builtin); !ok {
				return nil, false
			}
		case *ssa.Go, *ssa.Defer, *ssa.Select, *ssa.Send, *ssa.RunDefers:
			return nil, false
		case *ssa.UnOp:
			if i.Op == token.ARROW {
				return nil, false
			}
		}
	}
	fi := c.full(w.fn)
	if fi == nil || base == "" {
		return nil, false
	}
	var locks []string
	for _, s := range fi.sites {
		if s.instr != w.store || !s.acc.Write {
			continue
		}
		for _, h := range s.acc.Held {
			if h.Read {
				continue
			}
			switch _, rest := pseudoPrefix(h.Lock); {
			case rest != h.Lock:
				// a pseudo-lock orders nothing here
			case strings.HasPrefix(h.Lock, base+".") && !strings.Contains(h.Lock[len(base)+1:], "."):
				locks = union(locks, []string{h.Lock[len(base):]})
			case strings.HasPrefix(h.Lock, "g:"):
				locks = union(locks, []string{h.Lock})
			}
		}
		break
	}
	w.test = test
	return locks, len(locks) > 0
}

// nilComparison returns, for a comparison of a load with nil, the load and
// the index of the successor of a branch on it that runs when it is nil.
func nilComparison(v ssa.Value) (*ssa.UnOp, int, bool) {
	x, nilSucc, ok := nilCompared(v)
	if !ok {
		return nil, 0, false
	}
	ld, ok := x.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, 0, false
	}
	return ld, nilSucc, true
}

// setBefore reports whether one of the guarded writes ws, in the function
// of the close cl and of the same object, writes a value that is not nil,
// its test dominating cl: on every path to cl, the field is set.
func (c *checker) setBefore(cl *ssa.Call, ws []guardedStore) bool {
	ch := ssaops.Unconverted(cl.Call.Args[0]).(*ssa.UnOp).X.(*ssa.FieldAddr)
	base := c.pathOf(ch.X)
	for _, w := range ws {
		if w.test == nil || w.fn != cl.Parent() || !w.test.Dominates(cl.Block()) || !c.notNil(w.store.Val) {
			continue
		}
		fa := w.store.Addr.(*ssa.FieldAddr)
		if fa.X == ch.X || base != "" && c.pathOf(fa.X) == base {
			return true
		}
	}
	return false
}

// closedOnly returns the closes of the channel ld loads, and whether it is
// otherwise only received from, compared or converted to a receive-only
// channel.
func closedOnly(ld *ssa.UnOp) ([]*ssa.Call, bool) {
	var cls []*ssa.Call
	ok := true
	ssaops.ForUses(ld, func(x ssa.Value, ref ssa.Instruction) {
		if call, isCall := ref.(*ssa.Call); isCall {
			if b, isB := call.Call.Value.(*ssa.Builtin); isB && b.Name() == "close" && x == ld {
				cls = append(cls, call)
				return
			}
			ok = false
			return
		}
		if ct, isCT := x.(*ssa.ChangeType); isCT {
			if ch, isChan := ct.Type().Underlying().(*types.Chan); isChan && ch.Dir() == types.RecvOnly {
				return // converted to receive-only: no close, no send
			}
		}
		ok = ok && receivesOnly(x, ref)
	})
	return cls, ok
}

// notNil reports whether v is not nil: made, an address, a constant other
// than nil, or a package-level variable only its declaration assigns, not
// with nil (an error sentinel).
func (c *checker) notNil(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeInterface, *ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.MakeClosure, *ssa.Function, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
		return true
	case *ssa.Const:
		return !v.IsNil()
	case *ssa.UnOp:
		g, ok := v.X.(*ssa.Global)
		if !ok || v.Op != token.MUL || g.Pkg == nil || g.Pkg.Pkg != c.pkg {
			return false
		}
		return c.sentinel(g)
	}
	return false
}

// sentinel reports whether the package-level variable g is assigned only
// by the package's initialiser, with something other than nil, and its
// address is otherwise only loaded from.
func (c *checker) sentinel(g *ssa.Global) bool {
	if ok, seen := c.sentinels[g]; seen {
		return ok
	}
	if c.sentinels == nil {
		c.sentinels = make(map[*ssa.Global]bool)
	}
	ok := c.assignedOnce(g)
	c.sentinels[g] = ok
	return ok
}

// assignedOnce is sentinel, not memoised.
func (c *checker) assignedOnce(g *ssa.Global) bool {
	init := g.Pkg.Func("init")
	if init == nil {
		return false
	}
	stores := 0
	for _, fn := range append(slices.Clip(c.srcFuncs), init) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					if op == nil || *op != g {
						continue
					}
					switch i := instr.(type) {
					case *ssa.Store:
						if i.Addr != g || fn != init {
							return false
						}
						if k, ok := i.Val.(*ssa.Const); ok && k.IsNil() {
							return false
						}
						stores++
					case *ssa.UnOp:
						if i.Op != token.MUL {
							return false
						}
					case *ssa.DebugRef:
					default:
						return false
					}
				}
			}
		}
	}
	return stores > 0
}

// nillable reports whether a value of type t may be nil.
func nillable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// setOnceChans returns, for a write a of a field set once before channels
// of the same object are closed (setOnceWrites), the paths of those
// channels in a's frame.
func (c *checker) setOnceChans(a *Access) []string {
	if !a.Write || c.model.Strict {
		return nil
	}
	w, ok := c.setOnceWrites()[a.Pos]
	if !ok {
		return nil
	}
	base, ok := strings.CutSuffix(a.Path, "."+w.field)
	if !ok {
		return nil
	}
	var out []string
	for _, ch := range w.chans {
		out = append(out, base+"."+ch)
	}
	return out
}
