// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ssaops

import "go/types"

// VisiblePackages returns pkg and the packages it imports, directly or
// not, by import path: what a pass sees of its dependencies (under go vet,
// the packages its imports' export data mention).
func VisiblePackages(pkg *types.Package) map[string]*types.Package {
	byPath := make(map[string]*types.Package)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if byPath[p.Path()] != nil {
			return
		}
		byPath[p.Path()] = p
		for _, q := range p.Imports() {
			visit(q)
		}
	}
	visit(pkg)
	return byPath
}
