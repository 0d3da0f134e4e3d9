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

// awaitedClosures returns the types whose objects a goroutine started as
// a function literal fills in while the type's own methods wait for it:
// the future idiom.
//
//	func Start(f func() error) *Fetch {
//		ft := &Fetch{done: make(chan struct{})}
//		go func() { ft.Err = f(); close(ft.done) }()
//		return ft
//	}
//	func (ft *Fetch) Wait() error { <-ft.done; return ft.Err }
//	func (ft *Fetch) Failed() bool { return ft.Err != nil } // races
//
// Such a type is shared with its goroutines, as one whose method is
// started with go is: its methods race with them where no ordering the
// analysis knows covers the pair (Wait's receive orders it, Failed has
// none).
//
// Four conditions, each evidence that the goroutine and the methods run
// on the same object at the same time:
//   - the literal writes an object its spawner allocated and published
//     (returned, stored or sent): not a receiver the spawner got, whose
//     methods on real code are mostly a Start that sets the object up
//     and then starts its loop once (protoactor-go's providers);
//   - the goroutine may outlive its spawner;
//   - the literal closes a channel held in a field of the object (a
//     send is not counted: the ordering rules take one send to complete
//     one receive only for a channel made for a go statement's argument,
//     chansend.go, so the method that waits on a single send would be
//     paired as if it had not waited);
//   - a method of the type receives from that field: the type itself
//     waits for the goroutine, so it expects to run beside it. A type
//     that only hands the channel out (a lister whose callers drain
//     Names() before they call Err()) or never waits (a heap whose
//     methods its owner calls under its own lock) is not counted: that
//     is the trade, a future read by a method with no waiting method
//     beside it stays a known miss (docs/lockset.md).
func (c *checker) awaitedClosures(spawns []*spawn) map[*types.Named]bool {
	var out map[*types.Named]bool
	var awaited map[*types.Var]bool
	for _, sp := range spawns {
		if _, isGo := sp.instr.(*ssa.Go); !isGo || startedMethod(sp) != nil || sp.callee.Parent() == nil {
			continue
		}
		signalled := signalledFields(sp.callee)
		if len(signalled) == 0 {
			continue
		}
		outlives := false
		for _, a := range c.sharedBody(sp) {
			if !a.Write {
				continue
			}
			n, _ := c.spawnerObject(sp.parent.fn, a.Path)
			if n == nil || out[n] {
				continue
			}
			if awaited == nil {
				awaited = c.awaitedFields()
			}
			if !signalsAwaited(n, signalled, awaited) {
				continue
			}
			if !outlives && !c.outlivesSpawner(sp) {
				break
			}
			outlives = true
			if out == nil {
				out = make(map[*types.Named]bool)
			}
			out[n] = true
		}
	}
	return out
}

// signalledFields returns the channel fields the function literal fn
// closes (close(ft.done), defer close(ft.done)), as fields of their
// struct's origin type.
func signalledFields(fn *ssa.Function) []*types.Var {
	var out []*types.Var
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if bi, ok := call.Common().Value.(*ssa.Builtin); ok && bi.Name() == "close" {
				if f := chanField(call.Common().Args[0]); f != nil {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// awaitedFields returns the channel fields that a method of the package
// receives from (<-x.f, a select case on it, range over it), with the
// method's receiver type: a type waiting on its own channel.
func (c *checker) awaitedFields() map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	for _, fn := range c.srcFuncs {
		if ssaops.RecvNamed(fn) == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch i := instr.(type) {
				case *ssa.UnOp:
					if i.Op == token.ARROW {
						if f := chanField(i.X); f != nil {
							out[f] = true
						}
					}
				case *ssa.Select:
					for _, st := range i.States {
						if st.Dir == types.RecvOnly {
							if f := chanField(st.Chan); f != nil {
								out[f] = true
							}
						}
					}
				}
			}
		}
	}
	return out
}

// signalsAwaited reports whether one of the signalled fields is a field
// of n that a method waits on.
func signalsAwaited(n *types.Named, signalled []*types.Var, awaited map[*types.Var]bool) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, f := range signalled {
		if !awaited[f] {
			continue
		}
		for i := range st.NumFields() {
			if st.Field(i) == f {
				return true
			}
		}
	}
	return false
}

// chanField returns the field, of its struct's origin type, that the
// channel ch is loaded from, or nil.
func chanField(ch ssa.Value) *types.Var {
	fa, ok := ssaops.LoadedField(ssaops.Unconverted(ch))
	if !ok {
		return nil
	}
	f := ssaops.FieldVar(fa)
	if f == nil {
		return nil
	}
	return f.Origin()
}
