// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ownership defines an Analyzer that reports memory a goroutine
// keeps using after it gave the memory to another goroutine.
//
// # Analyzer ownership
//
// ownership: report memory used after it was sent to another goroutine
//
// Sending a reference on a channel, starting a goroutine with it, or
// passing it to a function that does either gives up ownership of all the
// memory reachable from it (P#, PLDI'15 §5.3). At every such transfer
// point the analyzer checks the three respects-ownership conditions:
//
//  1. what is transferred must not stay reachable from state that outlives
//     the function: the receiver of a method, package-level variables, the
//     captured variables of a function literal that can run again;
//  2. a given-up argument must not be reachable from another operand of the
//     same call;
//  3. after the transfer, on every path to the function's exit, no
//     instruction may read, write, store, pass on or send again memory that
//     was transferred.
//
// A call after a transfer that hands nothing on uses what its callees
// read and write of its operands, by their summaries. Under -strict it
// does so only when every callee has a summary and none links what was
// given up to another operand or to package-level memory; otherwise the
// call uses all its operands reach, as in P#.
//
// Ownership comes back by receiving: a value received from a channel is
// owned; a goroutine's memory comes back when the function joins it
// (sync.WaitGroup.Wait or errgroup.Group.Wait on a group the goroutine
// can reach, or a receive from a channel the goroutine can reach); and
// memory sent with a reply channel comes back once the sender receives on
// a channel reachable from what it sent (the request/future idiom).
//
// Values of types that reach no mutable memory, synchronise themselves
// (channels, anything holding a sync or sync/atomic value) or are
// conventionally immutable (error, context.Context, time.Time,
// reflect.Type...) are never transferred; nor is a value loaded from an
// unexported interface field that only ever holds boxed pointer-free
// values, and condition 1 does not follow a field no code reads
// (fieldwrites' Unread and HoldsImmutable).
//
// Where the repair is mechanical and certainly right, a report carries a
// suggested fix (psharpvet -fix applies them): a field of the receiver
// that stays reachable after it was sent is reset right after the send,
// and a slice or map read right after it was sent is sent as a copy
// (slices.Clone, maps.Clone).
package ownership
