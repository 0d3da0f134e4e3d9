// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

// SetVisits sets the fixpoint budget of one function (factor visits per
// block, plus base) and returns a function that restores it, so that a
// test can make a small function go over budget.
func SetVisits(factor, base int) (restore func()) {
	oldFactor, oldBase := visitsFactor, visitsBase
	visitsFactor, visitsBase = factor, base
	return func() { visitsFactor, visitsBase = oldFactor, oldBase }
}
