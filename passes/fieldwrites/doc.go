// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package fieldwrites defines an Analyzer that finds the struct fields a
// package writes after construction, and exports them as a package fact.
//
// # Analyzer fieldwrites
//
// fieldwrites: struct fields written after construction
//
// A race needs a write. A field that no code writes once its object is
// published (it is set in a composite literal, or through the variable
// that holds a new allocation, before the object goes anywhere) can be
// read by any number of goroutines. The pass records, per package, every
// field written otherwise: stored through a pointer that is not a fresh
// allocation of the same function, or whose address escapes (to a call, a
// variable, another goroutine), and every struct type overwritten as a
// whole. Writes to the elements of slices, arrays and maps (stores,
// appends, copy, delete, clear, an element's address handed on) are
// recorded by the container's type, unless the container is one the same
// function makes and is filling. A write that only grows the slice a
// field holds (x.f = append(x.f, …), the field otherwise only set to nil
// or a new slice) is marked as such (Write.Grows, Result.GrowsOnly): it
// writes past the length of any header of the slice taken before.
// The ownership pass reads the union of these facts over a
// package's dependencies: a read of a field that is in none of them does
// not race with the receiving side of a transfer.
//
// Unexported fields can only be written in their package, so the facts are
// complete for them. Exported fields may also be written by packages the
// reader does not import; the facts cover what the reader's build sees.
// Writes through reflect or unsafe are not seen. The code of a package the
// passes do not analyse (the runtime, model.Analysed) is not read: every
// field of its types counts as written.
//
// The strict reading asks instead whether any code at all may write a
// field (Result.MayBeWrittenAnywhere) or memory and what it refers to
// (Result.TypeMayBeWrittenAnywhere). The facts answer that only for
// unexported fields, of a package that does not import unsafe (the fact
// records whether it does), that no functional option writes (the fact
// lists those fields apart: the strict reading cannot tie an option to
// the constructor that applies it), assuming no package outside the build
// overwrites a whole struct of another package's type. In the package's
// own analysis they also answer it for the exported fields of a struct
// no code outside the package can address an object of: no pointer to
// one, nor a value that may lead to one, crosses the package's boundary
// (confined.go).
//
// Two more questions about the package's own fields, for the ownership
// pass in either reading: whether an unexported field is never read by
// any code (Result.Unread, unread.go: no load of it in the package, and
// no value of its struct crosses the boundary, where reflection could
// read it), and whether an unexported interface field only ever holds
// nil or boxed values of pointer-free types (Result.HoldsImmutable,
// immutable.go, following the values stored into it through the
// parameters of unexported functions to their call sites).
package fieldwrites
