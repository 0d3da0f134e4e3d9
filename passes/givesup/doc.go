// Package givesup defines an Analyzer that computes which of a function's
// parameters, receiver and free variables it gives up: memory reachable
// from them on entry is sent on a channel, handed to a goroutine, passed to
// a transfer function of the table, or passed to a function that gives it
// up in turn.
//
// # Analyzer givesup
//
// givesup: compute the gives-up set of every function
//
// This is the gives-up analysis of P# (PLDI'15 §5.2, Fig. 5), computed to a
// fixpoint over the functions of a package, with the sets of functions in
// other packages imported as facts. It reports nothing; the ownership
// analyzer checks every transfer point it finds.
package givesup

const doc = `compute the gives-up set of every function

The givesup analyzer finds every transfer point of a package (channel
sends, go statements, calls of the transfer table, and calls of functions
that give up an argument) and computes, to a fixpoint, which parameters,
receiver and free variables each function gives up. It exports the sets as
facts and reports nothing itself.`
