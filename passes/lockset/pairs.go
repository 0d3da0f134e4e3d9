// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file is the pairwise check of Fig. 3.8. Accesses of different
// entry points are compared by canonical location: within one goroutine
// start, paths of the spawning frame are compared as they are; across
// entry points, only locations every entry can name are compared: the
// receiver of a method of a shared type (t:T), package-level variables,
// and a handler closure's captured variables. Parameters other than the
// receiver are assumed not to alias across entry points, as Whoop assumes
// (§3.4.9).

// An epAccess is an access as seen by the pair check.
type epAccess struct {
	key    string // location, compared for equality
	disp   string // location as the programmer wrote it
	write  bool
	atomic bool
	locks  []lockRef
	// after and before are the channels (canonical paths) received from
	// before the access and closed after it (chanclose.go).
	after, before []string
	// seen and guards are Access.Seen and Access.Guards, canonical.
	seen, guards []string
	// callback marks an access of a registered callback (callbacks.go).
	callback bool
	elem     int64 // Access.Elem
	// partitioned: the path goes through an element of a slice that
	// goroutines started in a loop are assumed to have one each (partSel,
	// not allSel).
	partitioned bool
	pos         token.Pos
	fn          string     // function containing the access
	calls       *callChain // Access.calls
	// fresh marks a goroutine's access to an object its spawner
	// allocated (goCanonAppend): each call of a spawner makes its own.
	fresh bool
	// site is, for an actor handler's access, the handler's instruction
	// that makes it, and startPlace the start message whose case alone
	// runs that instruction, or 0 (startmsgs.go).
	site       ssa.Instruction
	startPlace int
	// spawnedAlias marks the copy of an actor's access named after the
	// location its spawner keeps the same object in (actorfields.go).
	spawnedAlias bool
	// ownedAtZero marks an access made where a reference count of its
	// object reached zero (lastref.go).
	ownedAtZero bool
}

type lockRef struct {
	key, disp string
	// alias is, for a lock named through a shared field (s:pkg.T.f|mu),
	// the name the pointed-to type's receivers give it (t:pkg.U|mu), in
	// the default reading only (sameLock).
	alias string
	read  bool
	once  bool
	// cas marks the pseudo-lock of a won one-shot compare-and-swap
	// (casonce.go): it orders, but is no evidence of sharing.
	cas bool
	// winOp names the operation won, for reports: "CompareAndSwap" or
	// "Swap" (casonce.go).
	winOp string
	// belowPointer marks a lock held by another object than the one
	// the access's location lies in (lockowner.go): no evidence.
	belowPointer bool
	// closeGuard marks the read side of a close guard (closeguard.go):
	// it excludes the close, but is no evidence of sharing.
	closeGuard bool
	// lastRef marks the pseudo-lock of a reference count that reached
	// zero (lastref.go): it orders, but is no evidence of sharing.
	lastRef bool
}

// canonical rewrites a path of frame fn into an entry-independent
// location, or "" if no other entry point can name it.
func canonical(p string, fn *ssa.Function) string {
	prefix, p := pseudoPrefix(p)
	root, sel := splitPath(p)
	switch {
	case strings.HasPrefix(root, "g:"), strings.HasPrefix(root, "s:"), strings.HasPrefix(root, "c:"):
		return prefix + p
	case root == "p:0|":
		// The receiver, also when a literal captures it (spilledParam).
		if n := ssaops.RecvNamed(fn); n != nil {
			return prefix + "t:" + typeKey(n) + "|" + sel
		}
	case strings.HasPrefix(root, "f:"):
		return prefix + "v:" + fn.String() + ":" + root[2:] + sel
	}
	return ""
}

// canonAppend appends the canonical form of a (taken in frame fn) to accs.
func (c *checker) canonAppend(accs []*epAccess, fn *ssa.Function, a *Access) []*epAccess {
	key := canonical(a.Path, fn)
	if key == "" || c.ownedPath(a.Path) {
		return accs
	}
	e := c.epAccess(key, fn, a, func(p string) string { return canonical(p, fn) })
	e.guards = withoutPublished(e.guards) // a method may run again (publish.go)
	return append(accs, e)
}

// goCanonAppend is canonAppend for a goroutine's accesses in its spawning
// frame fn. A local object of a named type that the goroutine reaches
// (go s.loop() in a constructor) outlives the spawning call: once it is
// returned, the type's entry points run on it concurrently with the
// goroutine, so its paths are named like their receivers.
func (c *checker) goCanonAppend(accs []*epAccess, fn *ssa.Function, a *Access) []*epAccess {
	canonIn := func(p string) string { return c.goCanonical(p, fn) }
	key := canonIn(a.Path)
	if key == "" || c.ownedPath(a.Path) {
		return accs
	}
	e := c.epAccess(key, fn, a, canonIn)
	e.fresh = canonical(a.Path, fn) == ""
	return append(accs, e)
}

// goCanonical is canonical for a path of a goroutine's spawning frame fn,
// which names a local object of a named type the goroutine reaches like
// its type's receivers (goCanonAppend).
func (c *checker) goCanonical(p string, fn *ssa.Function) string {
	if k := canonical(p, fn); k != "" {
		return k
	}
	prefix, p := pseudoPrefix(p)
	n, sel := c.spawnerObject(fn, p)
	if n == nil {
		return ""
	}
	return prefix + "t:" + typeKey(n) + "|" + sel
}

// spawnerObject returns, for a path p of the spawner fn's frame that lies
// in an object fn allocates (&T{}, or a variable holding a pointer to
// it, a captured p := &T{}) and publishes, the object's named type of the
// package (its origin) and the selectors of p below it; nil if p lies in
// no such object.
func (c *checker) spawnerObject(fn *ssa.Function, p string) (*types.Named, string) {
	if !isLocal(p) {
		return nil, ""
	}
	root, sel := splitPath(p)
	alloc := allocOf(fn, root)
	if alloc == nil {
		return nil, ""
	}
	if !c.model.Strict && !published(alloc, 0) {
		// Only the spawner (and its goroutines, see checkSpawns)
		// can reach an object it neither returns nor stores nor
		// sends: no other entry point runs on the same object.
		return nil, ""
	}
	t := alloc.Type()
	for i := range 2 {
		ptr, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		if i == 1 && (sel == "" || sel == derefSel) {
			return nil, "" // the variable, not the object
		}
		t = ptr.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != c.pkg {
		return nil, ""
	}
	return n.Origin(), sel
}

// published reports whether the object v allocates (or a pointer it holds,
// for a variable) leaves the function other than by a call: returned,
// stored in memory that is not a local variable, or sent. A call is
// assumed not to keep its argument, so that an object made in a test or a
// main function and used through its methods there is not shared with
// other entry points.
func published(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.Send:
			if r.X == v {
				return true
			}
		case *ssa.Store:
			if r.Val == v {
				if _, local := r.Addr.(*ssa.Alloc); !local {
					return true
				}
				if published(r.Addr, depth+1) {
					return true
				}
			}
		case *ssa.UnOp:
			if r.Op == token.MUL && published(r, depth+1) {
				return true
			}
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Phi:
			if published(r.(ssa.Value), depth+1) {
				return true
			}
		}
	}
	return false
}

// epAccess converts a frame access, naming locations in frame fn.
func (c *checker) epAccess(key string, fn *ssa.Function, a *Access, lockKey func(string) string) *epAccess {
	nm := namer{fn: fn, pkg: c.pkg, c: c}
	if len(fn.Params) > 0 && fn.Signature.Recv() != nil {
		nm.recv = fn.Params[0].Name()
	}
	e := &epAccess{key: key, disp: nm.display(a.Path), write: a.Write, atomic: a.Atomic, elem: a.Elem, pos: a.Pos, fn: a.Func, calls: a.calls}
	e.partitioned = strings.Contains(key, partSel)
	e.key = strings.ReplaceAll(key, allSel, partSel)
	if i := strings.LastIndex(e.disp, elemSel); a.Elem != 0 && i >= 0 {
		e.disp = e.disp[:i] + fmt.Sprintf("[%d]", a.Elem-1) + e.disp[i+len(elemSel):]
	}
	for _, h := range a.Held {
		prefix, _ := pseudoPrefix(h.Lock)
		once, cas := prefix == oncePrefix, prefix == casPrefix || prefix == swapPrefix
		winOp := "CompareAndSwap"
		if prefix == swapPrefix {
			winOp = "Swap"
		}
		disp := nm.display(h.Lock)
		// An element's lock is named like the element's location: a
		// goroutine's own conns[idx].mu is the conns[i].mu its spawner
		// takes when both reach conns[idx].buf.
		key := strings.ReplaceAll(lockKey(h.Lock), allSel, partSel)
		e.ownedAtZero = e.ownedAtZero || c.ownedAtZero(fn, a.Path, h.Lock)
		e.locks = append(e.locks, lockRef{key: key, alias: c.lockAlias(key), disp: disp, read: h.Read, once: once, cas: cas, winOp: winOp, belowPointer: c.lockBelowPointer(fn, a.Path, h.Lock), closeGuard: c.closeGuardHeld(fn, h.Lock, h.Read), lastRef: prefix == lastRefPrefix})
	}
	canon := func(ps []string) []string {
		var out []string
		for _, p := range ps {
			if strings.HasPrefix(p, sendPrefix) {
				continue // a function's own send, not one started (chansend.go)
			}
			if k := lockKey(p); k != "" {
				out = union(out, []string{k})
			}
		}
		return out
	}
	e.after, e.before = canon(a.After), canon(a.Before)
	for _, ch := range c.setOnceChans(a) {
		if k := lockKey(ch); k != "" {
			e.before = union(e.before, []string{k}) // setonce.go
		}
	}
	e.seen, e.guards = canonObservations(a.Seen, lockKey), canonObservations(a.Guards, lockKey)
	e.callback = c.callbacks[lastSel(a.Path)]
	return e
}

// lockAlias returns, in the default reading, the name a lock under a
// shared field has through the pointed-to type's receivers: mb.fs.mu,
// rooted s:pkg.Block.fs|mu, is t:pkg.Store|mu, the lock the store's own
// methods take. The location the two accesses share was found through the
// same field, which stands for any store some block points to; telling
// that store's lock from the receiver's would need the object identity the
// field abstracts away, so without evidence that they differ they are one
// lock. The strict reading keeps them apart.
func (c *checker) lockAlias(key string) string {
	if c.model.Strict || !strings.HasPrefix(key, "s:") {
		return ""
	}
	i := strings.Index(key, "|")
	if t, ok := c.sharedTypes[key[:i+1]]; ok {
		return t + key[i+1:]
	}
	return ""
}

// sameLock reports whether two held locks are one lock: the same key, or
// one's alias names the other (lockAlias).
func sameLock(a, b lockRef) bool {
	if a.key == "" || b.key == "" {
		return false
	}
	return a.key == b.key || a.alias != "" && (a.alias == b.key || a.alias == b.alias) || b.alias != "" && b.alias == a.key
}

// protected reports whether some lock excludes the two accesses: held by
// both, and for writing by at least one (read locks exclude writers only).
func protected(a, b *epAccess) bool {
	for _, la := range a.locks {
		for _, lb := range b.locks {
			if sameLock(la, lb) && !(la.read && lb.read) {
				return true
			}
		}
	}
	return false
}

// synchronized reports whether a is made under a lock or a once.Do, or
// atomically: evidence that the code expects its location to be shared.
func synchronized(a *epAccess) bool {
	return a.atomic || slices.ContainsFunc(a.locks, func(l lockRef) bool { return !l.cas && !l.lastRef })
}

// expectsShared reports whether a shows that the code expects its
// location to be shared: it is made atomically, in a once.Do, or under a
// lock of the same object (the receiver's own mutex for a field of the
// receiver, a lock reached from the same root and held by the object the
// location lies in, or one above it, not behind a pointer: belowPointer)
// or, for a package-level
// location, under a package-level lock. A package-level lock held over a
// field of some object serialises something else (testing's
// benchmarkLock around a benchmark's run), which says nothing of the
// object's other callers.
func expectsShared(a *epAccess) bool {
	if a.atomic {
		return true
	}
	root := keyRoot(a.key)
	for _, l := range a.locks {
		if l.cas || l.closeGuard || l.lastRef {
			continue // it orders only (casonce.go, closeguard.go, lastref.go)
		}
		if l.once || ownLock(l, root) {
			return true
		}
	}
	return false
}

// ownLock reports whether l is a lock of the object a location rooted at
// root lies in, or of one above it (see expectsShared).
func ownLock(l lockRef, root string) bool {
	return !l.belowPointer && sameOwner(keyRoot(l.key), root) || l.alias != "" && sameOwner(keyRoot(l.alias), root)
}

// sameOwner reports whether a lock rooted at lroot can guard a location
// rooted at root: the same root, two package-level variables, or two
// variables of one function that its literals capture.
func sameOwner(lroot, root string) bool {
	switch {
	case lroot == root:
		return true
	case strings.HasPrefix(lroot, "g:") && strings.HasPrefix(root, "g:"):
		return true
	case strings.HasPrefix(lroot, "v:") && strings.HasPrefix(root, "v:"):
		i, j := strings.LastIndexByte(lroot, ':'), strings.LastIndexByte(root, ':')
		return lroot[:i] == root[:j]
	}
	return false
}

func inOnce(a *epAccess) bool {
	return slices.ContainsFunc(a.locks, func(l lockRef) bool { return l.once })
}

// racy is the assertion of Fig. 3.8 for one pair of accesses, minus the
// quiet rules: two atomic accesses never race, a write inside once.Do
// does not race with reads (which, by the Once contract, follow Do; a
// read on a fast path before Do is the trade, see docs/lockset.md), and an
// access before a channel is closed does not race with one after a
// receive from it.
func racy(a, b *epAccess) bool {
	if !a.write && !b.write {
		return false
	}
	if a.atomic && b.atomic {
		return false
	}
	if (a.write && inOnce(a) && !b.write) || (b.write && inOnce(b) && !a.write) {
		return false
	}
	if a.elem != 0 && b.elem != 0 && a.elem != b.elem {
		return false // different constant elements: errs[0], errs[1]
	}
	if chanOrdered(a.after, b.before) || chanOrdered(b.after, a.before) {
		return false // a close of a channel, or a single send, orders them (chanclose.go, chansend.go)
	}
	if initOrdered(a, b) || initOrdered(b, a) {
		return false // a lazy initialisation the reader went through (lazyinit.go)
	}
	if onceOrdered(a, b) || onceOrdered(b, a) {
		return false // what a Once ran, and what follows its Do (oncedone.go)
	}
	if zeroOrdered(a, b) || zeroOrdered(b, a) {
		return false // made only while a field was zero that the other's spawner set (zeroguard.go)
	}
	if terminalOrdered(a, b) || terminalOrdered(b, a) {
		return false // made after a field was found other than the terminal value the other's spawner set (terminal.go)
	}
	if fixedExclusive(a, b) {
		return false // made only where a fixed field of their object had different values (fixedguard.go)
	}
	if publishOrdered(a, b) || publishOrdered(b, a) {
		return false // a goroutine's flag, stored after a, read before b (publish.go)
	}
	if callbackOrdered(a, b) || callbackOrdered(b, a) {
		return false // a callback tested under the lock its registration holds (callbacks.go)
	}
	return !protected(a, b)
}

// A race is a reportable pair of accesses.
type race struct {
	a, b       *epAccess
	ea, eb     string // entry point names
	sameThread bool   // two instances of the same entry point
	// instances marks a pair of two instances of a goroutine or an
	// actor type, on memory they share through a field (otherInstances).
	instances bool
	// rerun marks a goroutine paired with a later call of the entry
	// point that started it (rerun): another pair of the same two
	// accesses names them better.
	rerun bool
	// notes say why an ordering the reader may expect does not hold
	// (selfcounted.go).
	notes []analysis.RelatedInformation
}

// side is one entry point's view in a pair check.
type side struct {
	name string
	accs []*epAccess
}

// pairCheck compares the accesses of two entry points (or of one with
// itself). Each access is reported at most once per location, either as
// the racy access or as its partner, so that one unguarded access yields
// one diagnostic, not one per conflicting access. keep, if not nil,
// selects the accesses compared, and apart, if not nil, the pairs of them
// not to compare: known to touch different memory, or left to other entry
// points (testApart).
func pairCheck(x, y side, self bool, keep func(*epAccess) bool, apart func(a, b *epAccess) bool, found func(race)) {
	byKey := make(map[string][]*epAccess)
	for _, a := range y.accs {
		if keep == nil || keep(a) {
			byKey[a.key] = append(byKey[a.key], a)
		}
	}
	involved := make(map[string]map[token.Pos]bool)
	for _, a := range x.accs {
		if keep != nil && !keep(a) {
			continue
		}
		inv := involved[a.key]
		if inv == nil {
			inv = make(map[token.Pos]bool)
			involved[a.key] = inv
		}
		if inv[a.pos] {
			continue
		}
		for _, b := range byKey[a.key] {
			if (apart == nil || !apart(a, b)) && racy(a, b) {
				inv[a.pos], inv[b.pos] = true, true
				found(race{a: a, b: b, ea: x.name, eb: y.name, sameThread: self})
				break
			}
		}
	}
}

// A ref is an access of one entry point, numbered in checkEntries.
type ref struct {
	e int
	a *epAccess
}

// checkEntries runs the pairwise check over all pairs of entry points,
// including each entry with itself when it may run concurrently with
// itself, reporting at most one race per location.
//
// By default a pair of accesses of inferred entries (methods of a type
// that holds a lock, or runs goroutines; not goroutines, handlers or
// declared entry points) is reported only when one of the two is made
// under a lock or a once.Do, or atomically: the code shows that it
// expects that location to be shared (RacerD's evidence for code not
// declared thread-safe). A type whose SetX never locks is configured by
// its owner before use, and setters (nil in the strict reading) exempts
// what a setter configures, and self (nil there too) what pairs an
// inferred entry with itself. In the strict reading every pair is checked.
func checkEntries(fset *token.FileSet, entries []*entry, setters *setterRule, self *selfRule, strict bool, found func(race)) {
	// Index accesses by location so that the quadratic part is bounded
	// by the entries that share a location, not by all pairs.
	byKey := make(map[string][]ref)
	var keys []string
	for i, e := range entries {
		for _, a := range e.accs {
			if _, ok := byKey[a.key]; !ok {
				keys = append(keys, a.key)
			}
			byKey[a.key] = append(byKey[a.key], ref{i, a})
		}
	}
	slices.Sort(keys)
	var synced []string // for a test's entries (testclients.go)
	if slices.ContainsFunc(entries, func(e *entry) bool { return e.byTest }) {
		all := make([][]*epAccess, len(entries))
		for i, e := range entries {
			all[i] = e.accs
		}
		synced = syncedPaths(all...)
	}
	for _, k := range keys {
		slices.SortStableFunc(byKey[k], func(x, y ref) int { return ssaops.ComparePos(fset, x.a.pos, y.a.pos) })
	}
	const maxRefs = 400 // bound the work on one hot location
	for _, k := range keys {
		refs := byKey[k]
		if len(refs) > maxRefs {
			refs = refs[:maxRefs]
		}
		if !slices.ContainsFunc(refs, func(r ref) bool { return r.a.write }) {
			continue
		}
		involved := make(map[token.Pos]bool)
		// pair reports r and s if they race. A goroutine paired with a
		// later call of the entry point that started it is the weaker
		// inference (reruns), tried only when no other pair reported
		// either access, so that a report names the partner with the
		// most evidence.
		pair := func(r, s ref, reruns bool) bool {
			instances := false
			if reruns != rerun(entries[r.e], entries[s.e]) {
				return false
			}
			if !compatible(entries[r.e], entries[s.e]) {
				instances = otherInstances(k, entries[r.e], entries[s.e])
				if !instances {
					return false
				}
			}
			if !racy(r.a, s.a) {
				return false
			}
			if (entries[r.e].byTest || entries[s.e].byTest) && testScheduled(fset, synced, r.a, s.a) {
				return false // a test's schedule of package code (testclients.go)
			}
			if !strict && !evidence(entries[r.e], entries[s.e], r.a, s.a) {
				return false
			}
			if r.a.ownedAtZero || s.a.ownedAtZero {
				return false // after the last reference was dropped (lastref.go)
			}
			if r.e == s.e && entries[r.e].perCall && capturedVariable(k) {
				return false // each call has its own (percall.go)
			}
			if r.e == s.e && entries[r.e].inferred && !self.evidence(refs, r.e, r.a, s.a) {
				return false // one writer, locking for other readers (selfpairs.go)
			}
			if entries[r.e].inferred && entries[s.e].inferred &&
				(setters.exempt(entries[r.e], r.a) || setters.exempt(entries[s.e], s.a)) {
				return false // a setter's configuration (setters.go)
			}
			if r.a.spawnedAlias && s.a.spawnedAlias {
				// Two actors, each on what its own spawn captured:
				// the alias names where the spawner keeps it, not
				// that two spawns captured the same object.
				return false
			}
			if !strict && r.a.fresh && s.a.fresh {
				// Two goroutines, each on an object its own
				// spawner allocated, never share it: a
				// spawner's call makes a new one each time.
				return false
			}
			involved[r.a.pos], involved[s.a.pos] = true, true
			found(race{a: r.a, b: s.a, ea: entries[r.e].name, eb: entries[s.e].name, sameThread: r.e == s.e, instances: instances, rerun: reruns})
			return true
		}
		// The rerun pairs come last, and only between accesses no
		// other pair reported.
		for _, reruns := range []bool{false, true} {
			for _, r := range refs {
				if involved[r.a.pos] {
					continue
				}
				for _, s := range refs {
					if !(reruns && involved[s.a.pos]) && pair(r, s, reruns) {
						break
					}
				}
			}
		}
	}
}

// evidence reports whether the default reading has evidence that the
// accesses a of entry ea and b of entry eb, which may run concurrently,
// race:
//
//   - two inferred entries (methods of a type that holds a lock or runs
//     goroutines) need one of the two accesses to be made under a lock,
//     in a once.Do or atomically: the code shows it expects that access
//     to be shared with the other (RacerD's evidence for code that is not
//     declared thread-safe). Two unsynchronised accesses in methods
//     nothing declares concurrent are the owner's sequence of calls
//     (configure, then use; trim, then release). So does an inferred
//     entry beside a handler a framework serves (servedBeside): the
//     handler is concurrent with itself, the owner's configuration of it
//     (e.Use(mw) before http.ListenAndServe(addr, e)) only on evidence;
//   - an access of a goroutine's spawner, in its own body, that the go
//     statement or a join orders with the goroutine (before the go
//     statement, or before the go statement that starts the spawner, if
//     nothing else starts or calls it: startChain), reached through
//     another entry point that holds a lock
//     there, is ordered with the goroutine's reads: the entry point runs
//     the spawner under a lock, so another call of it cannot redo the
//     access unprotected (zap's initialize under s.mu, which then starts
//     flushLoop); the accesses of two such calls are still compared with
//     each other. A write of the goroutine, made without that lock, is
//     still compared: a goroutine an earlier call started may outlive it
//     (a timer callback that skips the lock its spawner holds). A method of a type shared only with its goroutines
//     (goOnly) needs no lock there: its methods are not concurrent with
//     each other, so the spawner's call it makes is the one that started
//     the goroutine, as for the spawner itself, which is never compared
//     with its goroutine here (os/exec's Run, whose Start sets c.Process
//     before go c.watchCtx);
//   - a goroutine and another call of the entry point that started it,
//     which compatible pairs when the goroutine outlives its spawner,
//     need the same evidence as two inferred entries;
//   - an actor handler's access on a start message is ordered with the
//     goroutines the handler starts later (startedAfter);
//   - a goroutine runs within the call of its spawner that an entry
//     point makes, when the spawner joins it and has no other caller:
//     the two are compared in the spawner's frame (hosted.go).
func evidence(ea, eb *entry, a, b *epAccess) bool {
	// A goroutine paired with another call of the entry point that
	// started it (rerun) races with it only as two inferred entries do:
	// that the entry runs again while the goroutine still runs is itself
	// inferred.
	if (ea.inferred && eb.inferred || rerun(ea, eb) || servedBeside(ea, eb) || runsEntry(ea, eb, a) || runsEntry(eb, ea, b)) && !expectsShared(a) && !expectsShared(b) {
		return false
	}
	orderedBy := func(g, e *entry, x, gx *epAccess) bool {
		if g.spawner == nil || !g.orderedBefore(x) {
			return false
		}
		return e.goOnly || synchronized(x) && !gx.write
	}
	return !orderedBy(ea, eb, b, a) && !orderedBy(eb, ea, a, b) && !startedAfter(ea, a, eb) && !startedAfter(eb, b, ea) &&
		!hosted(ea, eb, b) && !hosted(eb, ea, a)
}

// servedBeside reports whether one of a and b is a handler a framework
// serves requests with and the other an inferred entry. The framework
// runs the handler concurrently with itself, but that the owner calls its
// other methods while it serves (e.Use(mw) beside e.ServeHTTP) is itself
// inferred: configuration made before serving, unless an access shows
// that the code expects it to be shared.
func servedBeside(a, b *entry) bool {
	return a.served && !a.inferred && b.inferred || b.served && !b.inferred && a.inferred
}

// keyRoot returns the root of the location key k.
func keyRoot(k string) string {
	_, k = pseudoPrefix(k)
	root, _ := splitPath(k)
	return root
}

// otherInstances reports whether entries a and b, which compatible keeps
// apart because one instance runs them one at a time, run on several
// instances that reach location k in common: k is the object of a shared
// field (shared.go), and a and b are the same goroutine, started again
// while the last one may still run, or handlers of one actor type, of
// which each instance is its own thread.
func otherInstances(k string, a, b *entry) bool {
	root := keyRoot(k)
	if !strings.HasPrefix(root, "s:") {
		return false
	}
	if a.actor && b.actor {
		return a.group == b.group
	}
	return a == b && a.spawner != nil && a.outlives
}

// rerun reports whether one of a and b is a goroutine that outlives its
// spawner and the other is that spawner, or starts it through a chain of
// go statements (startChain), an entry point (not an actor's handler,
// compared as such in compatible) that may run concurrently with itself:
// another call of it runs beside the goroutine an earlier call left
// running (a timer's callback).
func rerun(a, b *entry) bool {
	again := func(e, g *entry) bool {
		return !e.actor && e.self && e.group == "" && e.spawner == nil && g.startedBy(e.fn) && g.outlives
	}
	return again(a, b) || again(b, a)
}

// compatible reports whether two entry points may run concurrently.
func compatible(a, b *entry) bool {
	if a == b {
		return a.self && a.group == ""
	}
	// A type shared only with its own goroutines has not declared that
	// its callers share it: its methods race with goroutines only.
	if (a.goOnly || b.goOnly) && a.spawner == nil && b.spawner == nil {
		return false
	}
	if a.group != "" && a.group == b.group {
		return false // serialised by the framework
	}
	if sequential(a, b) {
		return false // started in different Test functions (tests.go)
	}
	// Goroutines are checked against their spawning function, and
	// against each other, in the spawning frame (see checkSpawns).
	// An actor's handler runs again for the next message while a
	// goroutine an earlier call started, and did not join, still runs:
	// they are compared as two entries, and so is a goroutine with a
	// later call of an entry point that started it (rerun).
	if a.actor && b.spawner == a.fn && b.outlives || b.actor && a.spawner == b.fn && a.outlives || rerun(a, b) {
		return true
	}
	if a.spawner != nil && (a.spawner == b.spawner || a.spawner == b.fn && b.spawner == nil) {
		return false
	}
	if b.spawner != nil && b.spawner == a.fn && a.spawner == nil {
		return false
	}
	return true
}

// reentryLevel returns how far the goroutine sp.instr starts may still
// run when the go statement runs again: the level the loop's back edge
// brings there or, for a range-over-func body, which the iterator calls
// again after it returns, the level at its returns.
func reentryLevel(fn *ssa.Function, instr ssa.Instruction, lv *liveness) uint8 {
	l := lv.level[instr]
	if !ssaops.RangeFuncBody(fn) {
		return l
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			l = max(l, lv.level[ret])
		}
	}
	return l
}

// perIteration reports whether a is an access to a local of fn allocated
// inside the loop that contains the go statement's block blk: fresh in
// each iteration, so that after the back edge the function touches a
// different variable than the goroutine does.
func perIteration(fn *ssa.Function, blk *ssa.BasicBlock, a *epAccess) bool {
	if !isLocal(a.key) {
		return false
	}
	alloc := allocOf(fn, a.key)
	return alloc != nil && ssaops.Reaches(blk, alloc.Block()) && ssaops.Reaches(alloc.Block(), blk)
}

// checkSpawns checks each goroutine against the continuation of the
// function that started it, against sibling goroutines alive at the same
// time, and against itself if it is started in a loop, comparing locations
// in the spawning frame (where locals captured by the goroutine are
// visible). Accesses before the go statement, and after a join, are
// ordered with the goroutine and not compared.
func (c *checker) checkSpawns(spawns []*spawn, found func(race)) {
	c.checkEscapingClosures(spawns, found)
	reportAll := found
	for i, sp := range spawns {
		found := reportAll
		if notes := c.selfCountedNotes(sp); len(notes) > 0 {
			found = func(r race) { r.notes = notes; reportAll(r) }
		}
		fn := sp.parent.fn
		lv := c.liveOf(sp)
		name := c.goName(sp)
		body := c.frameAccesses(fn, sp.body)
		tail := c.frameAccesses(fn, lv.tail)

		blk := sp.instr.Block()
		loop := c.inCycle(blk) || ssaops.RangeFuncBody(fn)
		keep := func(a *epAccess) bool { return !loop || !perIteration(fn, blk, a) }

		// The continuation runs with the whole goroutine before a join,
		// and with its tail after a signal the goroutine sends (see
		// chanorder.go); never with a parallel subtest, which starts
		// once fn has returned (subtests.go).
		var cont, contTail []Access
		for _, s := range sp.parent.sites {
			if loop && model.LaterSlot(sp.instr, sp.callee, sp.args, sp.bindings, s.instr) {
				continue // another goroutine's slot of a slice
			}
			if c.deadInDefer(sp, &s) {
				continue // a deferred branch ruled out (deferflags.go)
			}
			switch lv.level[s.instr] {
			case running:
				cont = append(cont, s.acc)
			case signalled:
				contTail = append(contTail, s.acc)
			}
		}
		after := c.funcName(fn) + " after the go statement"
		contAccs := c.frameAccesses(fn, cont)
		apart := c.testApart(fn, nil, body, contAccs)
		pairCheck(side{name, body}, side{after, contAccs}, false, keep, apart, found)
		if len(tail) > 0 && len(contTail) > 0 {
			pairCheck(side{name, tail}, side{after, c.frameAccesses(fn, contTail)}, false, keep, apart, found)
		}

		for _, sp2 := range spawns[i+1:] {
			if sp2.parent != sp.parent || sp2.parallelSubtest != sp.parallelSubtest {
				continue
			}
			lv2 := c.liveOf(sp2)
			x, y := lv.level[sp2.instr], lv2.level[sp.instr]
			name2 := c.goName(sp2)
			switch {
			case x == running || y == running || sp.parallelSubtest:
				// Parallel subtests of one function all run together.
				pairCheck(side{name, body}, side{name2, c.frameAccesses(fn, sp2.body)}, false, nil, apart, found)
			case x == signalled:
				pairCheck(side{name, tail}, side{name2, c.frameAccesses(fn, sp2.body)}, false, nil, apart, found)
			case y == signalled:
				pairCheck(side{name, body}, side{name2, c.frameAccesses(fn, lv2.tail)}, false, nil, apart, found)
			}
		}

		if loop && (reentryLevel(fn, sp.instr, lv) != joined || sp.parallelSubtest) {
			// Each iteration starts another instance, unless it waits
			// for the one before (sharedWait keeps only such waits of a
			// goroutine started in a loop: go f(); <-done). Instances are
			// assumed to work on different elements of a shared slice
			// (results[i] = ...), the fan-out idiom, when both name the
			// element by an index that tells instances apart; one that
			// reads or writes every element (a range over it) meets the
			// others' elements, even of a message broadcast to them all.
			ownElements := func(a, b *epAccess) bool { return a.partitioned && b.partitioned }
			pairCheck(side{name, body}, side{"another instance of " + strings.TrimPrefix(name, "the "), body}, true, keep, c.testApart(fn, ownElements, body), found)
		}
	}
}

func (c *checker) frameAccesses(fn *ssa.Function, accs []Access) []*epAccess {
	out := make([]*epAccess, 0, len(accs))
	for i := range accs {
		a := &accs[i]
		if c.ownedPath(a.Path) {
			continue // owned.go
		}
		out = append(out, c.epAccess(a.Path, fn, a, func(p string) string { return p }))
	}
	return out
}

// related returns lockset's relatedness for the join rule of the model
// (model.IsJoin): a value of the spawning frame is related to the
// goroutine of sp if it is one of the spawn's arguments, captured
// variables or group (the receiver of wg.Go), or a load of one; if its
// access path, or a prefix of its path, is the path of one of those (s.wg
// where the goroutine was given s); or if the goroutine itself accesses
// its path (a package-level done channel).
func (c *checker) related(sp *spawn) func(ssa.Value) bool {
	given := slices.Concat(sp.args, sp.bindings)
	if sp.group != nil {
		given = append(given, sp.group)
	}
	var roots []string
	for _, v := range given {
		if p := c.pathOf(v); p != "" {
			roots = append(roots, p)
		}
	}
	return func(v ssa.Value) bool {
		for _, g := range given {
			if v == g {
				return true
			}
			if u, ok := v.(*ssa.UnOp); ok && u.X == g {
				return true
			}
		}
		p := c.pathOf(v)
		if p == "" {
			return false
		}
		if slices.ContainsFunc(roots, func(r string) bool { return hasPathPrefix(p, r) }) {
			return true
		}
		return slices.ContainsFunc(sp.body, func(a Access) bool { return a.Path == p })
	}
}

// hasPathPrefix reports whether path p is prefix, or selects inside it.
func hasPathPrefix(p, prefix string) bool {
	if !strings.HasPrefix(p, prefix) {
		return false
	}
	if len(p) == len(prefix) || strings.HasSuffix(prefix, "|") {
		return true
	}
	switch p[len(prefix)] {
	case '.', '[', '*':
		return true
	}
	return false
}

// cycleOf returns the number of the cycle of its function's control-flow
// graph that b lies on (ssaops.Cycles, memoised per function), or -1.
func (c *checker) cycleOf(b *ssa.BasicBlock) int {
	fn := b.Parent()
	cycles, ok := c.loops[fn]
	if !ok {
		cycles = ssaops.Cycles(fn)
		c.loops[fn] = cycles
	}
	return cycles[b.Index]
}

// inCycle reports whether b lies on a cycle of its function.
func (c *checker) inCycle(b *ssa.BasicBlock) bool { return c.cycleOf(b) >= 0 }

// inLoop reports whether instr lies on a cycle of its function.
func (c *checker) inLoop(instr ssa.Instruction) bool { return c.inCycle(instr.Block()) }

// sameCycle reports whether blocks a and b lie on one cycle of their
// function (a block on a cycle shares it with itself).
func (c *checker) sameCycle(a, b *ssa.BasicBlock) bool {
	if a == nil || b == nil || a.Parent() != b.Parent() {
		return false
	}
	n := c.cycleOf(a)
	return n >= 0 && n == c.cycleOf(b)
}

// allocOf returns the allocation named by a local path of fn.
func allocOf(fn *ssa.Function, p string) *ssa.Alloc {
	root, _ := splitPath(p)
	want, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(root, "a:"), "|"))
	if err != nil {
		return nil
	}
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok {
				if n == want {
					return a
				}
				n++
			}
		}
	}
	return nil
}
