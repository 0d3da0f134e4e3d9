// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package lockset defines an Analyzer that reports potential data races
// found by a symbolic lockset analysis of concurrently runnable entry points.
//
// # Analyzer lockset
//
// lockset: report fields and variables accessed by concurrent entry points without a common lock
//
// The analysis follows Whoop (Deligiannis, chapter 3): it identifies entry
// points, code that may run concurrently with itself or with other entry
// points, computes for every access to a shared location the set of locks
// that must be held there, and reports a pair of accesses from two entry
// points (or two instances of one) that touch the same location, at least
// one of them a write, with no lock in common:
//
//	c.n is read in (*Counter).Get without a lock and written in (*Counter).Inc holding c.mu
//
// Entry points are the bodies of go statements and of the functions passed
// to spawning calls such as wg.Go and time.AfterFunc (checked against the
// rest of the function that started them), the exported methods of types
// that hold a lock or whose methods are started with go, http.Handler and
// gRPC service methods, functions passed to http.HandleFunc, and functions
// marked //psharpvet:entrypoint. What each API does is the model of the
// concur analyzer, which -concur.spawn and -concur.join extend.
// //psharpvet:serialized GROUP marks entry points that never run at the
// same time as other members of GROUP.
//
// Locks are followed through defer, wrapper functions and helpers, in this
// package and others, by per-function summaries exported as facts. A call
// through an interface applies its callee's summary when the value has
// one concrete type the analysis can name (a constructor's result, a
// field every store of which has that type); other interface calls are
// unknown.
// Constructor writes, accesses ordered by a go statement or a join (the
// goroutine's WaitGroup or errgroup.Group Wait, a receive from a channel
// the goroutine reaches, a select all of whose cases are such receives),
// sync.Once initialisation, sync/atomic accesses and state confined to one
// goroutine are not reported. By default, a goroutine's single send on a
// channel made for it, stored in a field, orders what it did before with
// what follows a receive from that field (or a test that finds it nil),
// and a field set once under a lock, tested against nil, before a channel
// of the same object is closed is ordered with what follows a receive
// from that channel. After a receive from a channel the
// goroutine sends on or closes, only what it does after that send or
// close is still compared. By default, a counted receive loop
// (for i := 0; i < n; i++ { <-done }) joins as many goroutines as it has
// trips, and a send on an unbuffered channel joins what the goroutine
// does before it receives from it, and an access a spawner makes before
// its go statement is ordered with the goroutine also when another entry
// point reaches it through the spawner holding a lock. Goroutines started
// only from different Test functions are not paired unless both tests
// call t.Parallel. An unexported helper every caller of which holds a
// lock (recursively, through other such helpers, and not counting test
// code) starts holding it.
//
// With -guards, the analyzer instead also reports, at each field of each
// shared type, the lock most often held when the field is accessed:
//
//	Counter.n: c.mu, 3/4 accesses
//
// With -factsonly, it only computes and exports the summaries importers
// read, and reports nothing: psharpvet sets it for the units go vet runs
// on dependencies for their facts alone, whose reports it discards.
// With -callable, the summaries it exports are only those of the
// functions other packages can call (exported functions, and methods with
// exported names): psharpvet sets it in every go vet unit, since every
// unit that imports the package reads its summaries. An importer decodes
// a function's summary only when it first asks for it (factcodec.go).
//
// See docs/lockset.md for the rules and the soundness each one trades.
package lockset
