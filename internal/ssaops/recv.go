// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// RecvNamed returns the named type (its origin) of fn's receiver, through
// a pointer, or nil if fn is no method of a named type.
func RecvNamed(fn *ssa.Function) *types.Named {
	recv := fn.Signature.Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n == nil {
		return nil
	}
	return n.Origin()
}
