// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file follows a wait that a callee makes only when it succeeds, as
// nilerrlock.go follows a lock:
//
//	func (db *DB) blockWrite() error {
//		if !db.blockWrites.CompareAndSwap(0, 1) {
//			return ErrBlockedWrites
//		}
//		db.closers.writes.SignalAndWait() // waits for the writer goroutine
//		return nil
//	}
//	func (db *DB) dropAll() error {
//		if err := db.blockWrite(); err != nil {
//			return err
//		}
//		db.mt = … // after the writer stopped
//
// Met over all its returns, blockWrite receives from nothing
// (Summary.Received), and what dropAll does after it looked concurrent
// with the writer. The channels (and wait groups, named like channels:
// waitgroup.go) received from on every success return, and not on every
// return, are the summary's ReceivedIfNil; the caller's branch where its
// test of the call's error says it succeeded follows the receive
// (successCall). Both readings: the error is an SSA value nothing
// reassigns, so the branch is exactly the callee's success returns.

// recordReceivedIfNil rebases the callee's ReceivedIfNil channels onto
// the caller's frame at the call ret, for the caller's success branch.
func (c *checker) recordReceivedIfNil(fi *funcInfo, ret *ssa.Call, chans []string, args, bindings []ssa.Value) {
	fi.receivedIfNil.set(ret, c.rebaseChans(chans, args, bindings))
}

// receivedIfNil returns the channels the function receives from on every
// success return: Received and ReceivedIfNil.
func (s *Summary) receivedIfNil() []string {
	return union(s.Received, s.ReceivedIfNil)
}

// onlyReceivedIfNil returns the channels of ifNil that received does not list:
// what the success branch adds.
func onlyReceivedIfNil(ifNil, received []string) []string {
	out := slices.DeleteFunc(slices.Clone(ifNil), func(ch string) bool {
		_, ok := slices.BinarySearch(received, ch)
		return ok
	})
	if len(out) == 0 {
		return nil
	}
	return out
}
