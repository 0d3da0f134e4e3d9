// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
)

// This file holds the Init convention of the default reading: an
// exported method named Init initialises its receiver, as a constructor
// would, before the owner shares it (internal/poll's FD.Init, which
// io's and net's descriptors run before they are published;
// container/list's and container/ring's Init). By default it is not an
// entry point of a type that is shared only by inference (it holds a
// lock or runs goroutines): nothing shows that it runs beside the
// type's other methods. Its accesses still count where it is called,
// and a goroutine it starts is compared with what it does after the go
// statement. What the rule trades: an Init that also clears a value in
// use (List.Init on a list other goroutines read) is reported only
// through its callers' entry points. The strict reading, a type declared
// or documented shared, and an actor's Init handler (the framework runs
// it) keep it as an entry point.

// isInitMethod reports whether fn is a method named Init.
func isInitMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && fn.Name() == "Init"
}

// documentedSetup reports whether fn's doc comment says that it may only
// be called while its value is set up (model.DocumentsSetup).
func documentedSetup(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	return ok && decl.Doc != nil && model.DocumentsSetup(decl.Doc.Text())
}
