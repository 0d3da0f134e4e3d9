// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

// SetMaxObjects sets the bound on the abstract objects of one function
// and returns a function that restores it, so that a test can make a
// small function go over budget.
func SetMaxObjects(n int) (restore func()) {
	old := maxObjects
	maxObjects = n
	return func() { maxObjects = old }
}
