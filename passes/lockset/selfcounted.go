// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A goroutine that adds itself to the wait group its spawner waits on
// is not waited for (model.SelfCounted):
//
//	for _, s := range items {
//		go func() {
//			wg.Add(1) // may run after wg.Wait has returned
//			defer wg.Done()
//			n += len(s)
//		}()
//	}
//	wg.Wait()
//	return n // races with the goroutines' writes
//
// The Go memory model orders a Done before the Wait it lets return only
// if the matching Add happened before the Wait; the goroutine's own Add
// does not. So neither the spawner's wait joins it (joinEffectAt), nor
// its Done orders what it did with what follows the wait (chanclose.go):
// withoutSelfCounted drops the group from the closes its accesses
// precede, and a report of the pair says why the wait did not count.

// selfCountedWaits returns the spawner's waits on wait groups the goroutine
// of sp adds itself to, with the group's name in the spawner's frame.
func (c *checker) selfCountedWaits(sp *spawn) (waits []ssa.Instruction, groups []string) {
	if sp.selfCounted == nil || c.model.Strict {
		return nil, nil
	}
	for _, b := range sp.parent.fn.Blocks {
		for _, instr := range b.Instrs {
			if wg := c.waitedCounter(instr); wg != nil && c.selfCountedWait(sp, wg) {
				waits = append(waits, instr)
				if p := c.lockPath(wg); p != "" && !slices.Contains(groups, p) {
					groups = append(groups, p)
				}
			}
		}
	}
	return waits, groups
}

// withoutSelfCounted returns the goroutine's accesses with the wait groups
// it adds itself to removed from their closes (Access.Before), named in the
// spawner's frame as the spawner's waits name them.
func (c *checker) withoutSelfCounted(sp *spawn, body []Access) []Access {
	_, groups := c.selfCountedWaits(sp)
	if len(groups) == 0 {
		return body
	}
	counted := func(p string) bool { return slices.Contains(groups, p) }
	out := slices.Clone(body)
	for i := range out {
		if a := &out[i]; slices.ContainsFunc(a.Before, counted) {
			sets := *a.Sets
			sets.Before = slices.DeleteFunc(slices.Clone(a.Before), counted)
			a.Sets = &sets
		}
	}
	return out
}

// selfCountedWait reports whether a wait on wg, in the spawner of sp, is
// on a wait group the goroutine adds itself to: no join of it.
func (c *checker) selfCountedWait(sp *spawn, wg ssa.Value) bool {
	_, adds := sp.selfCounted.Adds(wg)
	return adds
}

// selfCountedNotes explains, for a report about the goroutine of sp, the
// waits that do not wait for it.
func (c *checker) selfCountedNotes(sp *spawn) []analysis.RelatedInformation {
	waits, _ := c.selfCountedWaits(sp)
	var out []analysis.RelatedInformation
	for _, w := range waits {
		add, _ := sp.selfCounted.Adds(c.waitedCounter(w))
		out = append(out, analysis.RelatedInformation{
			Pos: w.Pos(),
			Message: fmt.Sprintf("this wait does not wait for %s, which adds itself to the group at line %d: Wait may return before that Add",
				c.goName(sp), c.pass.Fset.Position(add).Line),
		})
	}
	return out
}
