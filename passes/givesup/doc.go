// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package givesup defines an Analyzer that computes which of a function's
// parameters, receiver and free variables it gives up: memory reachable
// from them on entry is sent on a channel, handed to a goroutine, passed
// to a transfer or spawn call of the concurrency model (internal/model,
// extended by the flags of the concur analyzer), or passed to a function
// that gives it up in turn.
//
// # Analyzer givesup
//
// givesup: compute the gives-up set of every function
//
// This is the gives-up analysis of P# (PLDI'15 §5.2, Fig. 5), computed to a
// fixpoint over the functions of a package, with the sets of functions in
// other packages imported as facts (and, for a call through an interface
// whose value a constructor of another package made, the sets of its
// result type's methods, from the constructor's ConcreteGivesUp fact). In
// the default reading a function's
// set keeps only what every successful call gives up (every path to a
// return that is not a non-nil error passes through a transfer of it): a
// greatest fixpoint below the may-sets, so that a helper that sends on some
// paths only is no evidence against its callers; -strict keeps the
// may-sets. It reports nothing; the ownership analyzer checks every
// transfer point it finds.
//
// Under -strict it also finds the channels whose receiving side is
// closed: held only in an unexported field of the package, never handed
// to code the analysis does not see, and received only by functions that
// write, hand on and return nothing of what they receive. What the
// receivers of such a channel may write of a message is then only what
// the receiving machine reaches (Result.OtherSideWrites). Likewise for
// actors (closedactors.go): a send row whose PID is held only in an
// unexported field of the package, stored there only by spawns of
// producers of the package, and used only as a send's recipient, gives
// its message to the handlers of those actor types; when every such
// handler writes, hands on and returns nothing of what it gets, and
// writes only its own struct and the memory of its own fields, the
// receiving actor writes none of the message.
package givesup
