// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package givesup

import (
	"go/types"
	"maps"
)

// writtenTypes is the set of the types of the memory a receiving side
// writes of what it receives. Memory of unknown type written (an
// interface's dynamic value, an object the heap analysis could not type)
// makes the set hold every type (any).
type writtenTypes struct {
	any   bool
	names map[string]bool // by types.TypeString: the receiver's and sender's flows type memory alike
}

// typeKey names a type of memory for writtenTypes.
func typeKey(t types.Type) string { return types.TypeString(t, nil) }

// with returns s with t added.
func (s writtenTypes) with(t types.Type) writtenTypes {
	if s.any {
		return s
	}
	if t == nil || types.IsInterface(t) {
		return writtenTypes{any: true}
	}
	if s.names[typeKey(t)] {
		return s
	}
	names := maps.Clone(s.names)
	if names == nil {
		names = make(map[string]bool)
	}
	names[typeKey(t)] = true
	return writtenTypes{names: names}
}

// union returns the types of s and of o.
func (s writtenTypes) union(o writtenTypes) writtenTypes {
	switch {
	case s.any || o.any:
		return writtenTypes{any: true}
	case len(o.names) == 0:
		return s
	case len(s.names) == 0:
		return o
	}
	names := maps.Clone(s.names)
	maps.Copy(names, o.names)
	return writtenTypes{names: names}
}

// empty reports whether s holds no type.
func (s writtenTypes) empty() bool { return !s.any && len(s.names) == 0 }

// has reports whether memory of type t may be written: t is in s, s holds
// every type, or t is unknown; or t holds memory of such a type inline
// or refers to it, since the two sides' heaps may split one object
// differently: the sender's slice of jobs is the receiver's job, a
// captured variable's cell is what it points to.
func (s writtenTypes) has(t types.Type) bool {
	switch {
	case s.empty():
		return false
	case s.any || t == nil:
		return true
	}
	return s.holds(t, maxTypeDepth)
}

// maxTypeDepth bounds how deep has looks into a type's elements and
// fields.
const maxTypeDepth = 3

// holds reports whether t is or holds, within depth levels of elements
// and fields, a type of s or an interface.
func (s writtenTypes) holds(t types.Type, depth int) bool {
	if types.IsInterface(t) || s.names[typeKey(t)] {
		return true
	}
	if depth == 0 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return s.holds(u.Elem(), depth-1)
	case *types.Slice:
		return s.holds(u.Elem(), depth-1)
	case *types.Array:
		return s.holds(u.Elem(), depth-1)
	case *types.Map:
		return s.holds(u.Key(), depth-1) || s.holds(u.Elem(), depth-1)
	case *types.Struct:
		for i := range u.NumFields() {
			if s.holds(u.Field(i).Type(), depth-1) {
				return true
			}
		}
	}
	return false
}
