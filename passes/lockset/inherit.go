// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"
)

// This file gives a goroutine the locks its spawner holds for all of the
// goroutine's life: held at the go statement, and not released before the
// spawner has joined the goroutine,
//
//	c.mu.Lock()
//	defer c.mu.Unlock()
//	for _, addr := range c.addrs {
//		wg.Add(1)
//		go func() { defer wg.Done(); c.addrs[0] = addr }()
//	}
//	wg.Wait()
//
// No other holder of c.mu can run while the goroutine does, so against
// the other entry points its accesses are under c.mu. A won one-shot flag
// (casonce.go) is held for good, even once the spawner has returned: no
// other call wins it, so a goroutine started after winning runs beside no
// other winner (os/exec's watchCtx, started by the Start that won
// c.startCalled). Against its own
// spawner, its siblings and its other instances, which run inside the
// same critical section, the lock orders nothing: those pairs are checked
// without it (spawn.body).

// inheritedLocks returns the locks of the spawner of sp that the goroutine
// inherits: held at the spawn, and not released, nor the spawner
// returned, while the goroutine may still run.
func (c *checker) inheritedLocks(sp *spawn) lockset {
	call, ok := sp.instr.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	held := sp.parent.callHeld[call]
	if len(held) == 0 {
		return nil
	}
	lv := c.liveOf(sp)
	running := func(instr ssa.Instruction) bool { return lv.level[instr] != joined }
	wonOnly := false // the caller may release the locks while it runs
	for _, b := range sp.parent.fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && running(ret) {
			wonOnly = true
			break
		}
	}
	var out lockset
	for _, h := range held {
		if sp.handed.find(h.Lock) >= 0 {
			continue // the goroutine's own from the start (handOff)
		}
		if wonOnly && !wonFlag(h.Lock) {
			continue
		}
		kept := true
		for _, d := range sp.parent.drops {
			if d.lock == h.Lock && running(d.instr) {
				kept = false
				break
			}
		}
		if kept {
			out = out.add(h)
		}
	}
	return out
}

// sharedBody returns the goroutine's accesses as the other entry points
// see them: under the locks it inherits, if any; else sp.body.
func (c *checker) sharedBody(sp *spawn) []Access {
	inherited := c.inheritedLocks(sp)
	if len(inherited) == 0 {
		return sp.body
	}
	held := sp.handed
	for _, h := range inherited {
		held = held.add(h)
	}
	return c.goAccesses(sp, held, c.goSummary(sp))
}

// wonFlag reports whether lock is the pseudo-lock of a won one-shot flag,
// which no one releases (casonce.go).
func wonFlag(lock string) bool {
	prefix, _ := pseudoPrefix(lock)
	return prefix == casPrefix || prefix == swapPrefix
}
