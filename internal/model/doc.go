// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package model is psharpvet's one model of Go's concurrency APIs: which
// calls hand memory to another goroutine, which start one, which wait for
// one, which take or release a lock, and which types synchronise
// themselves or are never mutated.
//
// Knowledge lives here as rows keyed by the name go/types gives a function
// ((*types.Func).FullName of its origin: "(*sync.WaitGroup).Wait",
// "time.AfterFunc"), so that modelling a new API, or an actor framework,
// is a matter of adding a line. The passes consult a *Model and never
// match API names themselves. Users add rows with the flags of the concur
// analyzer, parsed by ParseRow.
package model
