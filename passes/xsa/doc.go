// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package xsa defines an Analyzer that re-checks, over a machine's
// handlers, reports of sent memory that stays reachable from the
// machine's fields.
//
// # Analyzer xsa
//
// xsa: cross-state analysis of memory kept in a machine's fields
//
// The ownership pass reports memory that is sent but stays reachable
// from state that outlives the sending function (condition 1). When that
// state is a field of the machine (the receiver of a method, or a captured
// variable of a function literal that runs again), the report may be a
// false alarm: the machine often resets the field after the send, later
// in the same handler or in the handler that runs next,
//
//	b.out <- b.batch
//	b.batch = nil
//
// P#'s cross-state analysis (PLDI'15 §5.4) lifts the machine's fields to
// parameters of its handlers and checks the lifted program. This pass does
// the same for each such report: it keeps the report only if, on some path
// after the send, a field that still holds the sent memory is read before
// it is overwritten, in the rest of the handler or in a handler that may
// run next. For an actor of a framework, the handler that runs next is the
// one a Become on the path installed, or the same one; for a method of a
// plain type, it is the method's callers after the call, or any function
// of the package that reads the field; for a function literal, it is the
// literal itself, run again. A call that is passed the machine is followed
// into its callee; anything else done with the machine (storing it,
// capturing it, converting it to an interface) counts as a read. A test
// of a latch the machine is known to have set (an unexported bool field
// of the package that only ever becomes true: if m.finished { return })
// takes only the branch its value gives. A read of the field counts only
// if what it loads may reach a field of the sent memory that someone
// writes after construction: a machine that keeps the items it hands out
// in a map and later reads only their ranges, which the workers never
// write, reads nothing they write (fields.go).
//
// -xsa=false on psharpvet turns the pass off: the ownership pass then
// reports these candidates itself.
package xsa
