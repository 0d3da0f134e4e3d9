// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// A wait on a counter (wg.Wait, a Join row of a method) orders only what
// the goroutine did before it said it was done:
//
//	go func() { wg.Done(); b = g() }() // b's write follows Done
//
// The goroutine's own Done (a call, not deferred, outside any loop of its
// body: one Done per item of a loop is done only at the last) is a signal
// of the counter, as a send is of a channel, so the accesses after it
// still run after the wait (the tail of chanorder.go).

// doneSignal returns the counter a goroutine's call says it is done on
// (wg.Done()), or nil: a call of a Done row outside any loop of the body.
func (c *checker) doneSignal(call *ssa.Call) ssa.Value {
	rc, ok := c.model.Resolve(call.Common())
	if !ok || rc.Recv == nil {
		return nil
	}
	if _, ok := rc.Row(model.Done); !ok || c.inCycle(call.Block()) {
		return nil
	}
	return rc.Recv
}

// waitedCounter returns the receiver of a Join row that waits on it
// (wg.Wait(), errgroup's Wait), or nil: not a Join that counts with its
// receiver (a row with Of has none; one with Capacity waits otherwise).
func (c *checker) waitedCounter(instr ssa.Instruction) ssa.Value {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	rc, ok := c.model.Resolve(call.Common())
	if !ok || !rc.Joins() {
		return nil
	}
	if row, _ := rc.Row(model.Join); row.Capacity != "" {
		return nil // a semaphore acquired in full: Release is not counted here
	}
	return rc.Recv
}
