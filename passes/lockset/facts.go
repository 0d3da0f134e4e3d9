// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// Summaries is the package fact carrying the Summary of every function
// and method of a package that has one, so that callers in other packages
// see through lock wrappers and helpers. It is one fact per package, in a
// sorted slice, so that its encoding is deterministic and small.
type Summaries struct {
	Funcs []FuncSummary

	// encoded, if not nil, is the fact as imported from another
	// package, not yet decoded (factcodec.go): Funcs is empty, and
	// index finds the summaries.
	encoded []byte
}

// AFact marks Summaries as an analysis fact.
func (*Summaries) AFact() {}

func (s *Summaries) String() string {
	return fmt.Sprintf("lockset summaries: %d", len(s.Funcs))
}

// FuncSummary is the summary of the function whose types.Func.FullName is
// Name.
type FuncSummary struct {
	Name string
	Summary
}

// A Summary is the effect of calling a function.
//
// Paths are relative to the callee's frame (see paths.go) and are rebased
// onto the caller's arguments at each call site. Only locations rooted at
// parameters, free variables and package-level variables are kept: the
// callee's own allocations cannot be shared with its caller's other threads
// through the callee frame.
type Summary struct {
	// Acquire lists the locks held on every return that were not held on
	// entry (a lock wrapper).
	Acquire []Held
	// Release lists the locks that may have been released, and not taken
	// again, on some path (an unlock wrapper, or a helper that drops its
	// caller's lock).
	Release []string
	// Accesses lists the shared-memory accesses of the callee and its
	// callees, with the locks the callee itself holds at each.
	Accesses []Access
	// Received lists the channels (by the path of the variable holding
	// them) the function receives from on every path to its return, and
	// Closes those it closes on every such path: the caller's accesses
	// after the call follow the receive, those before it precede the
	// close (chanclose.go).
	Received []string
	Closes   []string
	// Seen lists the guards of lazy initialisations read on every path
	// to the return (Access.Seen); SeenIfNil, if not empty, those read
	// on every path to a success return (a nil error, or a bool that may
	// be true: returnsSuccess), a superset of Seen: the caller's branch
	// where the call succeeded has seen them (ifNil.edge).
	Seen, SeenIfNil []string
	// AcquireIfNil lists the locks held on every success return (a nil
	// error, or a bool that may be true) that were not held on entry and
	// that Acquire does not list (a getter that returns holding its lock
	// unless it fails, a try-acquire helper: nilerrlock.go): the caller's
	// branch where the call succeeded holds them.
	AcquireIfNil []Held
	// ReceivedIfNil lists the channels (as Received) received from on
	// every success return, not on every return (a stop helper that
	// waits for its goroutine unless it was stopped already: recvifnil.go):
	// the caller's branch where the call succeeded follows the receive.
	ReceivedIfNil []string
	// Starts, if not empty, says the function runs its function
	// parameter Starts[0] on a goroutine it does not wait for, passing
	// it its parameters Starts[1:] (-1: an argument that is none of its
	// parameters), a spawning wrapper (spawnwrappers.go): a call of it
	// starts the function passed there.
	Starts []int
	// Invokes lists the methods the function calls, holding no lock of
	// its own, through an interface held by one of its parameters, whose
	// dynamic type it does not know (a helper that calls w.Write, or
	// passes w on to fmt.Fprintf): a caller that knows the argument's
	// type applies the method's summary at the call (invokes.go).
	Invokes []Invoke
}

// An Invoke is a call through an interface on a parameter: Param indexes
// the function's parameters (the receiver first), and the call calls the
// first of Methods that the argument's dynamic type has.
type Invoke struct {
	Param   int
	Methods []string
}

func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "lockset(")
	sep := ""
	for _, h := range s.Acquire {
		fmt.Fprintf(&b, "%s+%s", sep, h)
		sep = " "
	}
	for _, r := range s.Release {
		fmt.Fprintf(&b, "%s-%s", sep, r)
		sep = " "
	}
	fmt.Fprintf(&b, "%s%d accesses)", sep, len(s.Accesses))
	return b.String()
}

func (s *Summary) empty() bool {
	return len(s.Acquire) == 0 && len(s.Release) == 0 && len(s.Accesses) == 0 &&
		len(s.Received) == 0 && len(s.Closes) == 0 && len(s.Seen) == 0 && len(s.AcquireIfNil) == 0 && len(s.ReceivedIfNil) == 0 && len(s.Starts) == 0 &&
		len(s.Invokes) == 0
}

// Held is a lock in a lockset.
type Held struct {
	Lock string // access path of the mutex
	Read bool   // held by RLock only: excludes writers, not readers
}

func (h Held) String() string {
	if h.Read {
		return "r" + h.Lock
	}
	return h.Lock
}

// An Access is one read or write of a shared location.
type Access struct {
	Path   string
	Write  bool
	Atomic bool // through sync/atomic; two atomic accesses never race
	// Sets holds the access's locks, channels and observations. Runs
	// of accesses (those of one block under one state, or those a call
	// site rebases from one callee) share them, so they are kept
	// behind one pointer that the run shares rather than as six slice
	// headers in every access: a large package's summaries hold
	// millions of accesses. A Sets is never written once an access
	// holds it; a change makes a new one. Never nil.
	*Sets
	// Elem is k+1 for an element of a slice or array at the constant
	// index k, the last element selector of Path; 0 for any other access.
	// Two accesses at different constant indices never overlap.
	Elem int64
	// Func names the function containing the access, for reports.
	Func string
	// Pos locates the access. It is meaningful only within the package
	// being analysed and is cleared before a summary is exported.
	Pos token.Pos
	// calls are the call sites from the summarised function down to the
	// one containing the access, outermost first, for reports; within
	// the package only (not in facts).
	calls *callChain
}

// Sets are the sets of an Access that runs of accesses share (see
// Access.Sets).
type Sets struct {
	// Held is the must-lockset acquired by the function itself at the
	// access; the caller's lockset is added at the call site.
	Held []Held
	// Released lists the caller's locks the function may have released,
	// and not taken again, before the access.
	Released []string
	// After lists the channels received from on every path before the
	// access, and Before those closed on every path after it (in the
	// function and its callers up to the entry point): a close happens
	// before the receive it completes, so an access before a close of a
	// channel is ordered with one after a receive from it.
	After, Before []string
	// Seen lists the guards of lazy initialisations (lazyinit.go) read
	// on every path before the access, each with the lock held at the
	// read ("" for an atomic read); Guards, for a write made holding a
	// lock after a test of such a guard under it, on the branch that
	// initialises, lists that guard and lock. A read that has seen a
	// write's guard is ordered after the write.
	Seen, Guards []string
}

// identical reports whether s and o hold the same slices (the same
// arrays and lengths, and nil where the other is nil): the sets are
// never written once made, so an identical Sets may stand for a new
// one, and comparing identities costs less than comparing contents.
func (s *Sets) identical(o *Sets) bool {
	return s == o || s != nil && o != nil &&
		sameArray(s.Held, o.Held) && sameArray(s.Released, o.Released) &&
		sameArray(s.After, o.After) && sameArray(s.Before, o.Before) &&
		sameArray(s.Seen, o.Seen) && sameArray(s.Guards, o.Guards)
}

// sameArray reports whether a and b are the same slice of the same
// array, or both nil, or both empty and not nil.
func sameArray[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return (a == nil) == (b == nil)
	}
	return &a[0] == &b[0]
}

// equalSets reports whether s and o hold equal sets, nil differing
// from empty as in sameSummary.
func equalSets(s, o *Sets) bool {
	return s == o || s != nil && o != nil &&
		sameSlice(s.Held, o.Held, equal[Held]) &&
		sameSlice(s.Released, o.Released, equal[string]) &&
		sameSlice(s.After, o.After, equal[string]) &&
		sameSlice(s.Before, o.Before, equal[string]) &&
		sameSlice(s.Seen, o.Seen, equal[string]) &&
		sameSlice(s.Guards, o.Guards, equal[string])
}

// setsCache remembers the last few Sets made, so that the accesses of a
// run share one (share). A map of every Sets made, by the identity of
// their slices, found few more to share and cost more in its growth
// than it saved.
type setsCache struct {
	recent [4]*Sets
	next   int
}

// share returns a Sets holding the slices of s: old if it holds them,
// else one of the last few made, else a new one, which it remembers.
func (sc *setsCache) share(s Sets, old *Sets) *Sets {
	if old.identical(&s) {
		return old
	}
	for _, r := range sc.recent {
		if r.identical(&s) {
			return r
		}
	}
	p := new(Sets) // not &s, which would move every s to the heap
	*p = s
	sc.recent[sc.next] = p
	sc.next = (sc.next + 1) % len(sc.recent)
	return p
}

// A callChain is a list of calls on the way from an entry point to an
// access, outermost first. Accesses that a call site rebases share the
// chain below it, so a call adds one link, not a copy.
type callChain struct {
	pos    token.Pos
	callee string
	next   *callChain
	depth  int // links from here to the end
}

// len returns the number of calls in the chain.
func (c *callChain) len() int {
	if c == nil {
		return 0
	}
	return c.depth
}

// maxCalls bounds the call chain an access keeps for its report.
const maxCalls = 8

// key identifies an access up to its position, for de-duplication. It
// leaves out Seen and Guards, which de-duplication meets instead (see
// analyze's record), so that they never make a summary longer.
func (a *Access) key() string {
	return string(a.appendKey(nil))
}

// appendKey appends a's key to b: analyze's record looks keys up in a
// buffer it reuses, and makes a string only of a key it has not seen.
func (a *Access) appendKey(b []byte) []byte {
	b = append(b, a.Path...)
	if a.Write {
		b = append(b, " w"...)
	}
	if a.Atomic {
		b = append(b, " atomic"...)
	}
	for _, h := range a.Held {
		b = append(b, " +"...)
		if h.Read {
			b = append(b, 'r')
		}
		b = append(b, h.Lock...)
	}
	for _, r := range a.Released {
		b = append(b, " -"...)
		b = append(b, r...)
	}
	if a.Elem != 0 {
		b = append(b, " #"...)
		b = strconv.AppendInt(b, a.Elem-1, 10)
	}
	for _, r := range a.After {
		b = append(b, " <"...)
		b = append(b, r...)
	}
	for _, r := range a.Before {
		b = append(b, " >"...)
		b = append(b, r...)
	}
	return b
}

// lockset is a sorted set of held locks.
type lockset []Held

func (ls lockset) find(lock string) int {
	i, ok := slices.BinarySearchFunc(ls, lock, func(h Held, l string) int { return strings.Compare(h.Lock, l) })
	if !ok {
		return -1
	}
	return i
}

// add returns ls with h added; a write hold subsumes a read hold.
func (ls lockset) add(h Held) lockset {
	i, ok := slices.BinarySearchFunc(ls, h.Lock, func(x Held, l string) int { return strings.Compare(x.Lock, l) })
	if ok && (!ls[i].Read || h.Read) {
		return ls // already held so: locksets are never written, share it
	}
	if ok {
		out := slices.Clone(ls)
		out[i].Read = false // h is a write hold
		return out
	}
	out := make(lockset, 0, len(ls)+1)
	return append(append(append(out, ls[:i]...), h), ls[i:]...)
}

func (ls lockset) remove(lock string) lockset {
	i := ls.find(lock)
	if i < 0 {
		return ls
	}
	return slices.Delete(slices.Clone(ls), i, i+1)
}

// meet intersects two must-locksets; a lock held for writing on one path
// and for reading on the other is held for reading.
func (ls lockset) meet(other lockset) lockset {
	var out lockset
	for _, h := range ls {
		if j := other.find(h.Lock); j >= 0 {
			out = append(out, Held{h.Lock, h.Read || other[j].Read})
		}
	}
	return out
}

func (ls lockset) equal(other lockset) bool { return slices.Equal(ls, other) }

// intersect of sorted string sets. When a is a subset of b, which the
// meets of the dataflow mostly find, it is a itself: sets are never
// written once made, so they are shared, as union shares its operands.
func intersect(a, b []string) []string {
	in := func(s string) bool { _, ok := slices.BinarySearch(b, s); return ok }
	first := slices.IndexFunc(a, func(s string) bool { return !in(s) }) // the first of a not in b
	switch {
	case len(a) == 0:
		return nil
	case first < 0:
		return a
	}
	out := make([]string, first, len(a)-1)
	copy(out, a[:first])
	for _, s := range a[first+1:] {
		if in(s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// union of sorted string sets.
func union(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	if !slices.ContainsFunc(b, func(s string) bool { _, ok := slices.BinarySearch(a, s); return !ok }) {
		return a // b ⊆ a: no copy
	}
	if !strictlySorted(a) || !slices.IsSorted(b) {
		out := slices.Clone(a)
		for _, s := range b {
			if i, ok := slices.BinarySearch(out, s); !ok {
				out = slices.Insert(out, i, s)
			}
		}
		return out
	}
	// A merge into one allocation; b's duplicates are dropped, as
	// inserting each drops them.
	out := make([]string, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var s string
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			s, i = a[i], i+1
		case i == len(a) || b[j] < a[i]:
			s, j = b[j], j+1
		default: // equal
			s, i, j = a[i], i+1, j+1
		}
		if n := len(out); n == 0 || out[n-1] != s {
			out = append(out, s)
		}
	}
	return out
}

// strictlySorted reports whether s is sorted without duplicates.
func strictlySorted(s []string) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] >= s[i] {
			return false
		}
	}
	return true
}
