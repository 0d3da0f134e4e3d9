// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

// sameSummary reports whether a and b are deeply equal, as
// reflect.DeepEqual would say (a nil slice differs from an empty one),
// without its reflection: confirm (rounds.go) compares the summaries of
// every lookup it replays, and DeepEqual records each non-nil slice and
// pointer it meets in a map, whose growth was most of its cost although
// the summaries mostly share their sets. TestSameSummaryFields fails
// when a field is added to a type compared here.
func sameSummary(a, b *Summary) bool {
	if a == nil || b == nil {
		return a == b
	}
	return sameSlice(a.Acquire, b.Acquire, equal[Held]) &&
		sameSlice(a.Release, b.Release, equal[string]) &&
		sameSlice(a.Accesses, b.Accesses, sameAccess) &&
		sameSlice(a.Received, b.Received, equal[string]) &&
		sameSlice(a.Closes, b.Closes, equal[string]) &&
		sameSlice(a.Seen, b.Seen, equal[string]) &&
		sameSlice(a.SeenIfNil, b.SeenIfNil, equal[string]) &&
		sameSlice(a.AcquireIfNil, b.AcquireIfNil, equal[Held]) &&
		sameSlice(a.ReceivedIfNil, b.ReceivedIfNil, equal[string]) &&
		sameSlice(a.Starts, b.Starts, equal[int]) &&
		sameSlice(a.Invokes, b.Invokes, sameInvoke)
}

// sameAccess is sameSummary for one access.
func sameAccess(a, b Access) bool {
	return a.Path == b.Path && a.Write == b.Write && a.Atomic == b.Atomic &&
		a.Elem == b.Elem && a.Func == b.Func && a.Pos == b.Pos &&
		equalSets(a.Sets, b.Sets) &&
		sameChain(a.calls, b.calls)
}

// sameInvoke is sameSummary for one Invoke.
func sameInvoke(a, b Invoke) bool {
	return a.Param == b.Param && sameSlice(a.Methods, b.Methods, equal[string])
}

// sameChain is sameSummary for call chains: the links are compared by
// value, as DeepEqual follows pointers.
func sameChain(a, b *callChain) bool {
	for ; a != b; a, b = a.next, b.next {
		if a == nil || b == nil || a.pos != b.pos || a.callee != b.callee || a.depth != b.depth {
			return false
		}
	}
	return true
}

// sameSlice reports whether a and b are both nil or both not, and hold
// equal elements by eq; slices that share their array are equal without
// a look at it.
func sameSlice[T any](a, b []T, eq func(x, y T) bool) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if !eq(a[i], b[i]) {
			return false
		}
	}
	return true
}

// equal is == as a function, for sameSlice.
func equal[T comparable](x, y T) bool { return x == y }
