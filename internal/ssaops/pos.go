// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"cmp"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// ComparePos orders positions by file name, then offset. Unlike token.Pos,
// this order does not depend on the order in which a loader added files,
// so output sorted by it is the same from run to run.
func ComparePos(fset *token.FileSet, p, q token.Pos) int {
	pp, qp := fset.Position(p), fset.Position(q)
	if c := cmp.Compare(pp.Filename, qp.Filename); c != 0 {
		return c
	}
	return cmp.Compare(pp.Offset, qp.Offset)
}

// SortedFuncs returns the keys of set ordered by source position
// (ComparePos, which does not depend on load order), then by name.
func SortedFuncs[V any](fset *token.FileSet, set map[*ssa.Function]V) []*ssa.Function {
	fns := make([]*ssa.Function, 0, len(set))
	for fn := range set {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *ssa.Function) int {
		if c := ComparePos(fset, a.Pos(), b.Pos()); c != 0 {
			return c
		}
		return strings.Compare(a.String(), b.String())
	})
	return fns
}
