// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file names the map or slice that a getter of the package returns
// by the location it holds, as lockresults.go names a returned lock:
//
//	func (c *Cache) Items() map[string]int {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		return c.items
//	}
//
//	for k, v := range c.Items() { … } // reads c.items[*], without c.mu
//
// The lock the getter holds while it loads the field does not protect
// what the caller then does to the container's elements, which are the
// field's own: the writers that hold c.mu race with it. The result is the
// path the callee returns, rebased onto the call's arguments, when every
// non-nil return gives the same path, rooted at a parameter, a captured
// variable or a global (lockResult); a copy the getter makes is a local
// of its own, and names nothing. Both readings.
//
// A pointer a getter returns is not named so: tried on the corpus, it
// added six reports on nats-server, three of them false (an object the
// getter creates and initialises under the lock the reader's getter call
// also takes, a.ic.acc).

// returnedContainer returns the location that v, a map or slice a call of
// a function of the package returns (or the extraction of such a
// result), names in the caller, or "".
func (c *checker) returnedContainer(v ssa.Value) string {
	switch ssaops.CoreType(v.Type()).(type) {
	case *types.Map, *types.Slice:
	default:
		return ""
	}
	return c.getterResult(v, false)
}
