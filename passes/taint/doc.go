// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package taint defines an Analyzer that computes, for every function, a
// flow-sensitive may-overlap analysis of its heap on SSA, and summarises
// how a call makes the memory of its parameters, receiver, free variables,
// results and package-level variables overlap.
//
// # Analyzer taint
//
// taint: summarise which memory each function links together
//
// This is the heap-overlap analysis of P# (Deligiannis et al., PLDI'15,
// §5.1) for Go. Abstract objects are allocation sites, plus one object per
// port (receiver, parameter, free variable, the package-level variables)
// and one per access path reached from a port on entry. Every SSA value
// maps to the locations it may point to; the heap maps each object's
// field paths to locations, with strong updates for objects that stand for
// one concrete object; a struct copied into such an object (c := *l) is
// copied field by field, so that a later store to one of its fields (a
// clone replacing its slice) replaces what that field held. On the branch
// where a test found a loaded location nil (if s.cur != nil { … }), that
// location points to nothing, by the same strong update, when nothing
// between the load and the test may write memory. Two values may overlap
// when the objects reachable from them intersect.
//
// A call applies its callee's summary: which ports' memory becomes
// reachable from which, and which ports the results reach, each at the
// places below the port that the callee's entry paths name when it can
// name them ("items>[]": a getter of a map field's values returns those
// values, not the whole receiver; a setter stores at the field, not
// anywhere in its receiver), else anywhere in the port's memory. A summary also
// says what the function writes below each port, and how deep, and at
// which places it reads and writes (access paths such as "stats>n", the n
// field of what the stats field points to), so that a caller can tell
// which fields of its arguments a call touches. The summaries are
// exported in one package fact (Summaries), so calls into other packages
// use them. A call
// through an interface whose value has one concrete type the analysis can
// name (converted in the function, a constructor's result, an unexported
// field every store of which has that type) applies that type's method;
// a constructor of another package carries its result type's methods'
// summaries in a ConcreteResults fact, since importers usually cannot
// name the type. A call with no summary (no body, assembly, a function
// value or interface method the analysis cannot resolve) gets the
// conservative rule: afterwards
// everything reachable from its operands and results may overlap. In the
// strict reading, neither that rule nor a summary's link makes memory of
// a concrete type that is immutable by convention (model.IsImmutable: a
// time.Time, a *regexp.Regexp, an actor framework's PID) point to other
// memory, since that would mutate it, and a port that reaches another
// port's memory only through such a value is not linked to it. A method
// value (x.M) whose receiver carries no ownership (Flow.Exempt) is shared
// memory in both readings, as its receiver is: the closure holds only the
// receiver's copy, which nothing can change.
//
// With -callable, only the summaries of the functions other packages can
// call (exported functions, and methods with exported names) are
// exported: psharpvet sets it in every go vet unit, where every importer
// decodes every fact. A package's fact also carries the summaries of the
// methods its direct imports' facts carry whose types its view of its
// dependencies declares (packagefact.go), since a go vet unit or a Bazel
// nogo action reads only its direct imports' facts, as x/tools
// re-exported per-object facts on methods. A summary decodes only when
// the analysis first asks for it (factcodec.go), and one never asked for
// is carried on as the bytes it came in.
//
// The analyzer reports nothing; the givesup and ownership analyzers
// consume its Result.
package taint
