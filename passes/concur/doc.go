// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package concur defines an Analyzer that provides the model of Go's
// concurrency APIs that the other passes consult, extended by flags.
//
// # Analyzer concur
//
// concur: the model of Go's concurrency APIs used by the suite
//
// The result is a *model.Model: the rows of the standard library and
// golang.org/x/sync (internal/model), plus the rows declared with flags:
//
//	-concur.send='(*example.com/bus.Bus).Publish:0'   the call gives up argument 0
//	-concur.spawn='example.com/pool.Submit:0'         the call runs argument 0 on another goroutine
//	-concur.join='(*example.com/pool.Pool).Wait'      the call waits for what was started on its receiver
//
// With -concur.strict (or psharpvet's -strict), the passes use P#'s
// conservative reading: what they cannot see may race, so that no report
// is a proof under the documented assumptions. By default they report
// only what they have evidence for.
//
// concur also exports a Waits fact for each function that receives from a
// channel of one of its parameters, or waits on one as a group, directly
// or through its callees: the ports it waits on on some path, and those
// it waits on on every path to a return. A call of a function that must
// wait on a value related to a goroutine is a join (model.IsJoin); the
// ownership passes also count, by default, the ports of some path.
//
// A function's doc comment may declare what no row says, as facts
// (Declared) that importers see:
//
//	//psharpvet:send m     a call gives up the function's parameter m
//	//psharpvet:handler    the method is a machine's handler: the methods so
//	                       marked on one type run one at a time
//
// A malformed or misplaced directive is reported (category "directive").
//
// Functions are named as (*types.Func).FullName names them, a generic
// type's methods without its type parameters; argument
// indices count from 0 without the receiver. Each flag may be repeated,
// or hold several rows separated by ';'.
package concur
