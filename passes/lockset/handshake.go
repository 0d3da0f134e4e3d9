// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file orders a goroutine's accesses with what another entry point
// does after a stop handshake with it (default reading only):
//
//	func New() *T {
//		t := &T{stop: make(chan bool)}
//		go t.loop()
//		return t
//	}
//	func (t *T) loop() {
//		for {
//			select {
//			case <-t.stop:
//				return
//			case <-t.tick.C:
//				t.n++
//			}
//		}
//	}
//	func (t *T) Stop() {
//		t.stop <- true // returns once loop has received, and loop returns
//		t.n = 0
//	}
//
// On an unbuffered channel a receive happens before the send it
// completes finishes (the Go memory model), so what the goroutine did
// before the receive happens before what the sender does after its send.
// The field must be a handshake field (handshakeFields): an unexported
// channel field of the package's types whose every store is an unbuffered
// make (or nil), whose address is only loaded, whose loads are only sent
// on, received from, closed or compared, and whose receives all lie in one
// function: the goroutine's, started by one go statement outside any loop
// and never called, that receives from the field through one path only,
// does nothing after such a receive but return, and defers no call but of
// a builtin. Then only that goroutine can complete the send, and all it
// ever does comes before. The sender's accesses after the send carry
// handshakePrefix and the field's path in Access.After (the state's recvd,
// as a receive's do); the goroutine's carry the same mark in
// Access.Before, added when its entry is made. What the rule trades, as
// chansend.go's: two objects of one type, whose fields share a name.

// handshakePrefix marks, in Access.After and the state's recvd, a
// handshake field sent on, and in an entry's Access.Before, the handshake
// field whose receive its goroutine returns after.
const handshakePrefix = "hs "

// handshakeFields returns the package's handshake fields (see above),
// each with the one function that receives from it.
func (c *checker) handshakeFields() map[*types.Var]*ssa.Function {
	if c.handshakes != nil {
		return c.handshakes
	}
	recvIn := make(map[*types.Var]*ssa.Function)
	bad := make(map[*types.Var]bool)
	c.ownFieldAddrs(func(fa *ssa.FieldAddr, f *types.Var) {
		if _, ok := f.Type().Underlying().(*types.Chan); !ok || bad[f] {
			return
		}
		fn, ok := handshakeUses(fa)
		switch {
		case !ok:
			bad[f] = true
		case fn != nil && recvIn[f] != nil && recvIn[f] != fn:
			bad[f] = true // received in two functions
		case fn != nil:
			recvIn[f] = fn
		}
	})
	c.handshakes = withoutKeys(recvIn, bad)
	return c.handshakes
}

// handshakeUses reports whether the uses of the field address fa keep
// its field a handshake field, and the function fa receives in, if any.
func handshakeUses(fa *ssa.FieldAddr) (recv *ssa.Function, ok bool) {
	refs := fa.Referrers()
	if refs == nil {
		return nil, true
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != fa || !unbufferedOrNil(r.Val) {
				return nil, false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil, false
			}
			received, ok := sentOrReceived(r)
			if !ok {
				return nil, false
			}
			if received {
				recv = fa.Parent()
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return recv, true
}

// unbufferedOrNil reports whether v is a nil channel or a channel made
// without a buffer (unbuffered, chanorder.go).
func unbufferedOrNil(v ssa.Value) bool {
	switch v := ssaops.Unconverted(v).(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.MakeChan:
		return unbuffered(v)
	}
	return false
}

// sentOrReceived reports whether every use of the channel ld loaded is a
// send, a receive, a close or a comparison, and whether one receives.
func sentOrReceived(ld *ssa.UnOp) (received, ok bool) {
	refs := ld.Referrers()
	if refs == nil {
		return false, true
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Send:
			if r.X == ssa.Value(ld) {
				return false, false
			}
		case *ssa.UnOp:
			if r.Op != token.ARROW {
				return false, false
			}
			received = true
		case *ssa.Select:
			for _, st := range r.States {
				if st.Chan == ssa.Value(ld) && st.Dir == types.RecvOnly {
					received = true
				}
				if st.Send == ssa.Value(ld) {
					return false, false
				}
			}
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ {
				return false, false
			}
		case *ssa.Call:
			if ssaops.ClosedChan(&r.Call) != ssa.Value(ld) {
				return false, false
			}
		case *ssa.DebugRef:
		default:
			return false, false
		}
	}
	return received, true
}

// handshakeField returns the handshake field the channel ch was loaded
// from, or nil. The strict reading has none.
func (c *checker) handshakeField(ch ssa.Value) *types.Var {
	if c.model.Strict {
		return nil
	}
	f := loadedField(ch)
	if f == nil || c.handshakeFields()[f] == nil {
		return nil
	}
	return f
}

// handshakeSent records in st a send on a handshake field: what follows
// comes after everything the field's goroutine does.
func (c *checker) handshakeSent(st *state, ch ssa.Value) {
	if c.handshakeField(ch) == nil {
		return
	}
	if p := c.chanPath(ch); p != "" {
		st.recvd = union(st.recvd, []string{handshakePrefix + p})
	}
}

// handshakeMarks returns the paths, in the spawner's frame, of the
// handshake fields whose only receiver is the function sp starts, when
// sp is that function's one start, outside any loop, and the function
// does nothing after such a receive but return (see above).
func (c *checker) handshakeMarks(sp *spawn, calls *callIndex) []string {
	fn := sp.callee
	if c.model.Strict || fn == nil || fn.Blocks == nil || c.inLoop(sp.instr) {
		return nil
	}
	if !calls.onlyStarted(c.pkg, fn) || len(calls.started[fn]) != 1 {
		return nil
	}
	var out []string
	for f, recv := range c.handshakeFields() {
		if recv != fn {
			continue
		}
		p, ok := c.returnsOnReceive(fn, f)
		if !ok {
			continue
		}
		if r := c.rebase(p, sp.args, sp.bindings); r != "" {
			out = union(out, []string{handshakePrefix + r})
		}
	}
	return out
}

// returnsOnReceive reports whether fn, which defers no call but of a
// builtin (defer close(done)), makes no access after any receive from
// field f (nothing its summary records may run after one), and returns
// the path of the channel it receives from, the same at every receive.
func (c *checker) returnsOnReceive(fn *ssa.Function, f *types.Var) (string, bool) {
	fi := c.full(fn)
	if fi == nil {
		return "", false
	}
	var path string
	samePath := func(ch ssa.Value) bool {
		p := c.chanPath(ch)
		if path != "" && p != path {
			return false
		}
		path = p
		return true
	}
	never := func(ssa.Instruction) bool { return false }
	var mayFollow []func(ssa.Instruction) bool // one per receive: may x run after it?
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch r := instr.(type) {
			case *ssa.Defer:
				if _, builtin := r.Call.Value.(*ssa.Builtin); !builtin {
					return "", false // it may access memory at the return
				}
			case *ssa.UnOp:
				if r.Op != token.ARROW || c.handshakeField(r.X) != f {
					continue
				}
				if !samePath(r.X) {
					return "", false
				}
				mayFollow = append(mayFollow, func(x ssa.Instruction) bool { return ssaops.ReachesAvoiding(r, x, never) })
			case *ssa.Select:
				for j, st := range r.States {
					if st.Dir != types.RecvOnly || c.handshakeField(st.Chan) != f {
						continue
					}
					e, ok := selectCaseEdge(r, j)
					if !ok || !samePath(st.Chan) {
						return "", false
					}
					mayFollow = append(mayFollow, func(x ssa.Instruction) bool { return ssaops.Reaches(e.to, x.Block()) })
				}
			}
		}
	}
	for _, s := range fi.sites {
		for _, follows := range mayFollow {
			if follows(s.instr) {
				return "", false
			}
		}
	}
	return path, path != ""
}
