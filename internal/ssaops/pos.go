// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import (
	"cmp"
	"go/token"
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
