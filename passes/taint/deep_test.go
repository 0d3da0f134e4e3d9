// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package taint

import (
	"fmt"
	"testing"
)

// TestDeepPlaces checks the objects for memory too deep below a port:
// each of the first maxDeepsPerPort places gets its own, whose path is the
// place's then all below it; the places after them share one object for
// all below the port; and what lies below a deep object is that object.
func TestDeepPlaces(t *testing.T) {
	f := &Flow{
		lazy:      make(map[Loc]ObjID),
		deeps:     make(map[Loc]ObjID),
		portDeeps: make(map[int]ObjID),
		deepsOf:   make(map[int]int),
		h0:        newHeap(),
	}
	at := f.newObject(Object{Kind: Root, Port: 0, Name: "w"})
	for depth, key := range []string{"db", "lc", "levels"} {
		o := f.newObject(Object{Kind: Lazy, Port: 0})
		f.objs[o].parent, f.objs[o].key, f.objs[o].depth = at, key, depth+1
		at = o
	}
	var shared ObjID = noObj
	for i := range maxDeepsPerPort + 2 {
		l := Loc{at, fmt.Sprintf("f%d", i)}
		id := f.deep(l)
		if again := f.deep(l); again != id {
			t.Errorf("deep(%v) = %d, then %d", l, id, again)
		}
		if below := f.deep(Loc{id, "x"}); below != id {
			t.Errorf("deep below object %d = %d, want the object itself", id, below)
		}
		path, ok := f.objPath(id)
		want := fmt.Sprintf("db>lc>levels>f%d>**", i)
		if i >= maxDeepsPerPort {
			want = "**"
			if shared == noObj {
				shared = id
			} else if id != shared {
				t.Errorf("place %d past the bound: object %d, want the shared %d", i, id, shared)
			}
		}
		if !ok || path != want {
			t.Errorf("objPath of place %d = %q, %v; want %q", i, path, ok, want)
		}
	}
}
