// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// handOffPlaces returns, by default, the places a later transfer that only
// starts goroutines (a go statement, a spawning call, a helper that hands
// its function parameter to a go statement) lets them touch, by the
// started functions' summaries, when none of those functions gives
// anything up in turn. Machines started one after another on their own
// goroutines reach each other through the pointers they use as addresses
// (coord.client, a.proposers), but each touches only its own fields and
// its peers' channels: the second goroutine shares the first one's memory
// only through the places it touches. ok is false for any other transfer,
// which shares all the memory it hands on.
func (w *walker) handOffPlaces(call ssa.CallInstruction, h taint.Heap) (pl *places, ok bool) {
	if w.c.strict {
		return nil, false
	}
	pl = &places{}
	found := false
	for _, p := range w.c.gu.Points(call.Parent()) {
		if p.Instr != call {
			continue
		}
		found = true
		if p.Kind != transfer.Go && !p.Spawns {
			// A send of other memory (client.send(&Put{…}) after
			// client's loop was started) uses what was given up
			// before only as the call's other operands: by the
			// places the callee touches.
			if givesup.Transferred(w.fl, h, p.Given).Intersects(w.all) {
				return nil, false
			}
			r, wr, ok := w.fl.Places(call, h)
			if !ok {
				return nil, false
			}
			pl.reads, pl.writes = append(pl.reads, r...), append(pl.writes, wr...)
			continue
		}
		if w.startedGiveUp(p) {
			return nil, false
		}
		sp := w.c.spawnedPlaces(w.fl, h, p)
		if sp == nil {
			return nil, false
		}
		pl.reads, pl.writes = append(pl.reads, sp.reads...), append(pl.writes, sp.writes...)
	}
	return pl, found
}

// startedGiveUp reports whether a function a spawning transfer starts
// gives up memory it is handed (its gives-up set names a port): then
// whoever receives that memory may touch more than the started function's
// own places. A started function that cannot be resolved counts as giving
// up.
func (w *walker) startedGiveUp(p transfer.Point) bool {
	var vals []ssa.Value
	if p.Kind == transfer.Go {
		vals = []ssa.Value{p.Instr.(ssa.CallInstruction).Common().Value}
	} else {
		vals = p.Given
	}
	for _, v := range vals {
		fn, _ := ssaops.FuncValue(v)
		if fn == nil {
			return true
		}
		if g := w.c.gu.Of(fn); g != nil && len(g.Ports) > 0 {
			return true
		}
	}
	return false
}
