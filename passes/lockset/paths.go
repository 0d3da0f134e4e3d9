// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// An access path names a memory location relative to a function frame.
// It is a string so that it can be used as a map key and stored in facts.
//
// The root comes first and is terminated by '|'; the selectors follow:
//
//	p:N|      parameter N (the receiver is parameter 0)
//	f:N|      free variable N of a closure
//	g:PKG.V|  package-level variable V of package PKG
//	a:N|      local allocation N of the frame (a variable or composite literal)
//	t:T|      the receiver of any method of named type T (entry points only)
//	s:T.F|    the object that shared reference field F of type T points to,
//	          whichever instance of T names it (shared.go)
//	v:F:N|    free variable N of the closure F (entry points only)
//	r:N|      value N of the frame that no other root names (a map lookup,
//	          a call's result): lock paths only, see lockPath
//
// followed by ".field", "[*]" (any element of a map) or "[#]" (any element
// of a slice or array, displayed as "[*]" too; goroutines started in a loop
// are assumed to work on different elements of one), or "[@]" ("[#]" at
// an index that does not tell them apart, see perInstanceIndex).
// Pointer indirections are not spelled: s.inner.mu is the same path whether
// inner is a struct or a pointer to one, which is how a reader names it.

const (
	elemSel = "[*]"
	partSel = "[#]"
	// allSel is partSel at an index that does not tell the instances of
	// a goroutine started in a loop apart (perInstanceIndex): the same
	// location, but they may all touch it, not an element each.
	allSel   = "[@]"
	maxDepth = 8 // longest selector chain we track
	// oncePrefix marks a pseudo-lock standing for "inside once.Do".
	oncePrefix = "once "
)

// pseudoPrefix splits the prefix of a pseudo-lock (oncePrefix, casPrefix,
// swapPrefix, lastRefPrefix)
// or of a channel's mark (sendPrefix, sentPrefix, nilPrefix: chansend.go)
// off p; prefix is "" for a lock or a location.
func pseudoPrefix(p string) (prefix, rest string) {
	if len(p) > 1 && p[1] == ':' {
		return "", p // a root ("p:0|"), which no pseudo-prefix begins with
	}
	for _, pre := range []string{oncePrefix, casPrefix, swapPrefix, lastRefPrefix, sendPrefix, sentPrefix, nilPrefix, handshakePrefix} {
		if strings.HasPrefix(p, pre) {
			return pre, p[len(pre):]
		}
	}
	return "", p
}

// derefSel is the selector for "the location a pointer value points to"
// when that pointer was itself loaded from memory: *s.p is s.p*, not s.p.
// Pointer indirections through field and element selection stay
// implicit, as in Go syntax, but a location and the location its pointer
// contents point to must not be confused (an atomic pointer slot versus
// the counter it points to).
const derefSel = "*"

// locOf returns the path of the location an address value denotes.
func (c *checker) locOf(addr ssa.Value) string {
	p := c.pathOf(addr)
	if p == "" || addressLike(addr) || isSharedRoot(p) {
		return p
	}
	return p + derefSel
}

// addressLike reports whether v computes an address (whose path is the
// location itself) rather than loading a pointer from somewhere.
func addressLike(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Alloc, *ssa.Global, *ssa.FreeVar:
		return true
	}
	return false
}

// splitPath returns the root (including its '|') and the selectors of p.
func splitPath(p string) (root, sel string) {
	i := strings.IndexByte(p, '|')
	if i < 0 {
		return p, ""
	}
	return p[:i+1], p[i+1:]
}

// depth counts the selectors of p.
func depth(p string) int {
	_, sel := splitPath(p)
	// One scan for ".", elemSel, partSel and allSel, as strings.Count of
	// each would count them: rebase asks for the depth of every path it
	// makes.
	n := 0
	for i := 0; i < len(sel); i++ {
		switch {
		case sel[i] == '.':
			n++
		case sel[i] == '[' && i+2 < len(sel) && sel[i+2] == ']' && (sel[i+1] == '*' || sel[i+1] == '#' || sel[i+1] == '@'):
			n++
			i += 2
		}
	}
	return n
}

// extend appends a selector to p, or returns "" if p is unknown or too deep.
func extend(p, sel string) string {
	if p == "" || depth(p) >= maxDepth {
		return ""
	}
	return p + sel
}

func paramRoot(i int) string { return "p:" + strconv.Itoa(i) + "|" }

// cellRoot names a local variable that function literals capture by the
// variable itself, the same in every frame: its function, its register
// and its name (displayed). Only local token channels are named so
// (tokenPath): each call of the function makes another variable, which
// the name does not tell apart, as a literal's captured variables are
// not ("v:" keys).
func cellRoot(a *ssa.Alloc) string {
	return "c:" + a.Parent().String() + "#" + a.Name() + "#" + a.Comment + "|"
}
func freeRoot(i int) string { return "f:" + strconv.Itoa(i) + "|" }

// isSharedRoot reports whether p is the root of a shared field alone: the
// object itself, not a pointer to it.
func isSharedRoot(p string) bool {
	return strings.HasPrefix(p, "s:") && strings.HasSuffix(p, "|")
}

// isLocal reports whether p is rooted at a local allocation of its frame.
func isLocal(p string) bool { return strings.HasPrefix(p, "a:") }

// pathOf returns the access path of the location addressed by v (or, for a
// value loaded from memory, of the location it was loaded from), or "" if v
// is not derived from a parameter, free variable, global or allocation.
func (c *checker) pathOf(v ssa.Value) string {
	return c.pathOfDepth(v, 0, false)
}

// lockPath is pathOf for the receiver of a lock operation, and for the
// arguments that carry a lock into a callee: a lock under a value that
// no root names (c := s.clients[id]; c.mu.Lock(), then a helper called
// with c) is named after that value, so that the helper's accesses are
// checked holding it. Accesses are never rooted at such values (they are
// not comparable across frames); the lock only protects, within its
// frame and in the callees the value is passed to.
func (c *checker) lockPath(v ssa.Value) string {
	if p := c.condLockPath(v); p != "" {
		return p // condlocks.go
	}
	return c.pathOfDepth(v, 0, true)
}

// pathKey keys the memo of pathOfDepth at depth 0 (checker.pathMemo).
type pathKey struct {
	v    ssa.Value
	regs bool
}

// pathOfDepth is memoised at depth 0 (checker.pathMemo).
func (c *checker) pathOfDepth(v ssa.Value, d int, regs bool) string {
	if d != 0 || c.pathMemo == nil {
		return c.pathOfDepthUncached(v, d, regs)
	}
	k := pathKey{v, regs}
	if p, ok := c.pathMemo[k]; ok {
		return p
	}
	p := c.pathOfDepthUncached(v, 0, regs)
	c.pathMemo[k] = p
	return p
}

// pathOfDepthUncached is pathOfDepth without the memo.
func (c *checker) pathOfDepthUncached(v ssa.Value, d int, regs bool) (p string) {
	if d > 2*maxDepth {
		return ""
	}
	if regs {
		defer func() {
			if p == "" {
				p = c.regRoot(v)
			}
		}()
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range v.Parent().Params {
			if p == v {
				return paramRoot(i)
			}
		}
	case *ssa.FreeVar:
		for i, fv := range v.Parent().FreeVars {
			if fv == v {
				return freeRoot(i)
			}
		}
	case *ssa.Global:
		if v.Pkg == nil {
			return ""
		}
		return "g:" + v.Pkg.Pkg.Path() + "." + v.Name() + "|"
	case *ssa.Alloc:
		if i := c.spilledParam(v); i >= 0 {
			return paramRoot(i)
		}
		if regs {
			if p := c.capturedOnce(v); p != "" {
				return p
			}
		}
		return c.allocRoot(v)
	case *ssa.FieldAddr:
		name, ok := ssaops.FieldName(v.X.Type(), v.Field)
		if !ok {
			return ""
		}
		return extend(c.pathOfDepth(v.X, d+1, regs), "."+name)
	case *ssa.Field:
		// A field of a struct value: same location as the struct's field.
		name, ok := ssaops.FieldName(v.X.Type(), v.Field)
		if !ok {
			return ""
		}
		return extend(c.pathOfDepth(v.X, d+1, regs), "."+name)
	case *ssa.IndexAddr:
		if c.perInstanceIndex(v.Index, 0) {
			return extend(c.pathOfDepth(v.X, d+1, regs), partSel)
		}
		return extend(c.pathOfDepth(v.X, d+1, regs), allSel)
	case *ssa.Lookup:
		// A map's element, as IndexAddr and a load name a slice's: a
		// pointer taken out of a map shares its object with every other
		// lookup of the key. (A string's bytes are never written.)
		if _, ok := ssaops.CoreType(v.X.Type()).(*types.Map); ok && (c.model.Strict || !c.taken(v, d)) {
			return extend(c.pathOfDepth(v.X, d+1, regs), allSel)
		}
		return ""
	case *ssa.Index:
		// An element of an array value in a register: not tracked. (Alias
		// would wrongly give it the path of the whole array.)
		return ""
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if r := c.sharedRoot(v); r != "" {
				return r
			}
			if !c.model.Strict && (c.unlinked(v, d) || c.handedOff(v, d)) {
				return "" // taken out of the field: its own object (unlinked.go, handedoff.go)
			}
			return c.pathOfDepth(v.X, d+1, regs)
		}
		if r := c.recvRoot(v); r != "" {
			return r
		}
	case *ssa.Phi:
		// A φ of equal paths (e.g. the same field reloaded on two
		// branches) keeps its path; anything else is unknown.
		var p string
		for _, e := range v.Edges {
			if e == v {
				continue
			}
			q := c.pathOfDepth(e, d+1, false)
			if q == "" || (p != "" && q != p) {
				return ""
			}
			p = q
		}
		return p
	case *ssa.TypeAssert:
		if p, ok := c.assertedPath(v, d, regs); ok {
			return p // the operand's object, of the asserted type (typesel.go)
		}
		return c.pathOfDepth(v.X, d+1, regs)
	case ssa.Instruction:
		if p := c.returnedLock(v.(ssa.Value)); p != "" {
			return p // a getter's lock (lockresults.go)
		}
		if p := c.returnedContainer(v.(ssa.Value)); p != "" {
			return p // a getter's map or slice (containerresults.go)
		}
		if recv := c.elementOf(v); recv != nil {
			return extend(c.pathOfDepth(recv, d+1, regs), allSel)
		}
		// Conversions, boxing, slicing, type assertions and tuple
		// extraction view the same memory as their operand.
		if x, ok := ssaops.Alias(v); ok {
			return c.pathOfDepth(x, d+1, regs)
		}
	}
	return ""
}

// elementOf returns the receiver of a call of an Element row of the
// model, for the call or its first result (v, _ := m.Load(k); p :=
// cur.Load()), whose result names the
// receiver's element as a map lookup does: what one caller writes
// through it, every other caller that loads it reads. Nil otherwise.
func (c *checker) elementOf(v ssa.Instruction) ssa.Value {
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v, _ = ex.Tuple.(ssa.Instruction)
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	rc, ok := c.model.Resolve(call.Common())
	if !ok || rc.Recv == nil {
		return nil
	}
	if _, ok := rc.Row(model.Element); !ok {
		return nil
	}
	return rc.Recv
}

// taken reports whether the function deletes the key of the lookup l from
// its map, the idiom that takes an entry out (call := c.pending[seq];
// delete(c.pending, seq), under the map's lock): whoever deletes it owns
// the object, which no other lookup finds any more. The default reading
// names such an object by nothing shared.
func (c *checker) taken(l *ssa.Lookup, d int) bool {
	refs := l.Index.Referrers()
	if refs == nil {
		return false // a constant key: a fixed entry, not one taken out
	}
	for _, ref := range *refs {
		call, ok := ref.(*ssa.Call)
		if !ok || len(call.Call.Args) != 2 || call.Call.Args[1] != l.Index {
			continue
		}
		if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "delete" {
			continue
		}
		// The same map: the same value, or one loaded from the same place.
		x := call.Call.Args[0]
		if x == l.X {
			return true
		}
		if m := c.pathOfDepth(l.X, d+1, false); m != "" && c.pathOfDepth(x, d+1, false) == m {
			return true
		}
	}
	return false
}

// regRoot names a value of pointer type computed in its function by its
// rank among the values of the function, which is stable across runs
// and does not depend on which values were named before.
func (c *checker) regRoot(v ssa.Value) string {
	if _, ok := ssaops.CoreType(v.Type()).(*types.Pointer); !ok {
		return "" // a lock is reached through a pointer
	}
	if r, ok := c.regs[v]; ok {
		return r
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Parent() == nil {
		return ""
	}
	n := 0
	for _, b := range instr.Parent().Blocks {
		for _, x := range b.Instrs {
			if xv, ok := x.(ssa.Value); ok {
				c.regs[xv] = "r:" + strconv.Itoa(n) + "|"
				n++
			}
		}
	}
	return c.regs[v]
}

// regValue returns the value a "r:" root of fn names.
func regValue(fn *ssa.Function, root string) ssa.Value {
	want, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(root, "r:"), "|"))
	if fn == nil || err != nil {
		return nil
	}
	n := 0
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			if xv, ok := x.(ssa.Value); ok {
				if n == want {
					return xv
				}
				n++
			}
		}
	}
	return nil
}

// spilledParam returns the index of the parameter whose variable a is, or
// -1. A parameter that a function literal captures lives in a variable
// (an Alloc that the entry block stores the parameter into), and the
// function's own code reaches it through that variable: when nothing
// assigns the variable again, here or in the literals that capture it,
// it holds the parameter throughout, and is named as the parameter, so
// that a summary keeps the accesses through it (a method whose receiver
// a literal captures: lock := func() { s.mu.Lock() }).
func (c *checker) spilledParam(a *ssa.Alloc) int {
	if i, ok := c.params[a]; ok {
		return i
	}
	i := -1
	if p, ok := ssaops.StoredOnce(a).(*ssa.Parameter); ok && p.Parent() == a.Parent() && !reassigned(a, 0) {
		i = slices.Index(p.Parent().Params, p)
	}
	c.params[a] = i
	return i
}

// capturedOnce returns, in the default reading, the path of the pointer
// that the variable a holds throughout, if it is assigned once from a
// location a caller can name: nc := sub.conn; go func() { nc.mu.Lock() …
// }() takes the lock that other methods name sub.conn.mu, and so do the
// function's own uses of nc. Only locks are named so (lockPath); that
// sub.conn still points to the same connection when the lock is taken is
// assumed, as for a lock reached through a field in any frame. The
// strict reading keeps the variable's own name.
func (c *checker) capturedOnce(a *ssa.Alloc) string {
	if c.model.Strict || !a.Heap || reassigned(a, 0) {
		return ""
	}
	stored := ssaops.StoredOnce(a)
	if stored == nil {
		return ""
	}
	if _, ok := ssaops.CoreType(stored.Type()).(*types.Pointer); !ok {
		return ""
	}
	if p := c.pathOfDepth(stored, 0, false); p != "" && !isLocal(p) {
		return p
	}
	return ""
}

// paramVar reports whether v is the variable of a captured parameter
// (spilledParam): loading it reads the parameter, not shared memory.
func (c *checker) paramVar(v ssa.Value) bool {
	a, ok := v.(*ssa.Alloc)
	return ok && c.spilledParam(a) >= 0
}

// spill reports whether st moves a parameter into its variable
// (spilledParam): not a write of the parameter's memory.
func (c *checker) spill(st *ssa.Store) bool {
	return c.paramVar(st.Addr)
}

// reassigned reports whether a function literal that captures the
// variable v (an Alloc, or a FreeVar of a literal within a literal)
// stores into it, or hands its address to something that may.
func reassigned(v ssa.Value, depth int) bool {
	if depth > maxDepth {
		return true
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == v && depth > 0 {
				return true // the parameter's own store is the Alloc's
			}
			if r.Val == v {
				return true // the variable's address escapes
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for j, b := range r.Bindings {
				if b == v && j < len(fn.FreeVars) && reassigned(fn.FreeVars[j], depth+1) {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// allocRoot names a local allocation by its rank among the allocations of
// its function, which is stable across runs.
func (c *checker) allocRoot(a *ssa.Alloc) string {
	if r, ok := c.allocs[a]; ok {
		return r
	}
	fn := a.Parent()
	if fn == nil {
		return ""
	}
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if x, ok := instr.(*ssa.Alloc); ok {
				c.allocs[x] = "a:" + strconv.Itoa(n) + "|"
				n++
			}
		}
	}
	return c.allocs[a]
}

// rootValue returns the caller's value for the callee-frame root of a
// parameter ("p:i|") or free variable ("f:i|"), given the call's arguments
// and the closure's bindings, or nil.
func rootValue(root string, args, bindings []ssa.Value) ssa.Value {
	if !strings.HasPrefix(root, "p:") && !strings.HasPrefix(root, "f:") {
		return nil
	}
	i, err := strconv.Atoi(root[2 : len(root)-1])
	vals := args
	if root[0] == 'f' {
		vals = bindings
	}
	if err != nil || i < 0 || i >= len(vals) {
		return nil
	}
	return vals[i]
}

// sameIndices reports whether the constant index of a callee access to
// path (Access.Elem) names the same element in the caller's frame: the
// slice is a captured variable or a package-level one, lies below a field
// (the caller's object holds the same slice), or is a parameter whose
// argument is the caller's slice itself, not a reslice that moves the
// indices (errs[1:]) nor a value merging several (a phi).
func sameIndices(path string, args, bindings []ssa.Value) bool {
	if strings.HasPrefix(path, "f:") || strings.HasPrefix(path, "g:") {
		return true
	}
	i := strings.IndexByte(path, '|')
	if !strings.HasPrefix(path, "p:") || i < 0 {
		return false
	}
	if !strings.HasPrefix(path[i+1:], "[") {
		return true
	}
	switch v := rootValue(path[:i+1], args, bindings).(type) {
	case nil, *ssa.Phi:
		return false
	case *ssa.Slice:
		return v.Low == nil
	}
	return true
}

// rebase rewrites a callee-frame path p into the caller's frame, given the
// caller's values for the callee's parameters and free variables.
// Locals of the callee and unknown arguments yield "".
func (c *checker) rebase(p string, args, bindings []ssa.Value) string {
	return c.rebaseMode(p, args, bindings, false)
}

// rebaseLock is rebase for a lock, whose base may be named by lockPath.
// A lock the callee takes through a helper allocation of the caller is
// the lock of what the helper's set-once field holds (helperfields.go):
// tx := &Tx{db: db}; tx.lock() takes db.mu.
func (c *checker) rebaseLock(p string, args, bindings []ssa.Value) string {
	r := c.rebaseMode(p, args, bindings, true)
	if r == "" || isLocal(r) {
		if h := c.rebaseThroughHelper(p, args, bindings, true); h != "" {
			return h
		}
	}
	return r
}

func (c *checker) rebaseMode(p string, args, bindings []ssa.Value, lock bool) string {
	prefix, p := pseudoPrefix(p)
	root, sel := splitPath(p)
	var base string
	switch {
	case strings.HasPrefix(root, "g:"), strings.HasPrefix(root, "s:"), strings.HasPrefix(root, "c:"):
		base = root
	case strings.HasPrefix(root, "p:"), strings.HasPrefix(root, "f:"):
		v := rootValue(root, args, bindings)
		if v == nil {
			return ""
		}
		if root[0] == 'f' && sel == "" && !lock && c.paramVar(v) {
			// The literal reads the variable of a captured parameter,
			// which holds the parameter throughout: a local read.
			return ""
		}
		base = c.pathOfDepth(v, 0, lock)
		var ok bool
		if sel, ok = matchTypeSel(sel, v); !ok {
			return "" // the callee's case for another dynamic type
		}
	}
	if base == "" {
		return ""
	}
	if sel != "" && depth(base)+depth(p) > maxDepth {
		return ""
	}
	if strings.HasPrefix(sel, derefSel) && root[0] == 'p' {
		// The callee dereferenced its pointer parameter: that is the
		// argument's location itself if the caller passed an address.
		if addressLike(rootValue(root, args, bindings)) {
			sel = sel[len(derefSel):]
		}
	}
	return c.join(prefix, base, sel)
}

// join returns prefix+base+sel, interned: a rebased path is made for
// each access of a callee at each call, and most are made many times.
func (c *checker) join(prefix, base, sel string) string {
	if prefix == "" && sel == "" {
		return base
	}
	c.buf = append(append(append(c.buf[:0], prefix...), base...), sel...)
	if s, ok := c.interned[string(c.buf)]; ok {
		return s
	}
	s := string(c.buf)
	if c.interned == nil {
		c.interned = make(map[string]string)
	}
	c.interned[s] = s
	return s
}

// namer turns the roots of frame-relative paths into source names.
type namer struct {
	fn  *ssa.Function  // frame
	pkg *types.Package // package being analysed, for unqualified globals
	// recv names the "t:" root; empty means use the frame's receiver.
	recv string
	c    *checker
}

// display renders p for a diagnostic, e.g. "c.items[*]" or "cache".
func (n namer) display(p string) string {
	_, p = pseudoPrefix(p)
	root, sel := splitPath(p)
	name := "?"
	body := strings.TrimSuffix(root, "|")
	switch {
	case strings.HasPrefix(body, "g:"):
		q := body[2:]
		dot := strings.LastIndexByte(q, '.')
		pkg, v := q[:dot], q[dot+1:]
		if n.pkg != nil && pkg == n.pkg.Path() {
			name = v
		} else {
			name = pkg[strings.LastIndexByte(pkg, '/')+1:] + "." + v
		}
	case strings.HasPrefix(body, "s:"):
		// pkgpath.T.F, displayed T.F; what is received from it,
		// (<-T.F).
		q, recv := strings.CutSuffix(body[2:], recvSuffix)
		if i := strings.LastIndexByte(q, '.'); i > 0 {
			if j := strings.LastIndexByte(q[:i], '.'); j >= 0 {
				name = q[j+1:]
			}
		}
		if recv {
			name = "(<-" + name + ")"
		}
	case strings.HasPrefix(body, "p:"):
		if i, err := strconv.Atoi(body[2:]); err == nil && n.fn != nil && i < len(n.fn.Params) {
			name = n.fn.Params[i].Name()
		}
	case strings.HasPrefix(body, "f:"):
		if i, err := strconv.Atoi(body[2:]); err == nil && n.fn != nil && i < len(n.fn.FreeVars) {
			name = n.fn.FreeVars[i].Name()
		}
	case strings.HasPrefix(body, "a:"):
		name = n.c.allocName(n.fn, body)
	case strings.HasPrefix(body, "c:"):
		name = body[strings.LastIndexByte(body, '#')+1:] // cellRoot
	case strings.HasPrefix(body, "r:"):
		name = n.c.regName(n.fn, root)
	case strings.HasPrefix(body, "t:"):
		name = n.recv
		if name == "" {
			name = "recv"
		}
	}
	sel = strings.ReplaceAll(strings.ReplaceAll(withoutTypeSels(sel), partSel, elemSel), allSel, elemSel)
	if strings.HasSuffix(sel, derefSel) {
		return "*" + name + strings.TrimSuffix(sel, derefSel)
	}
	return name + sel
}

func (c *checker) allocName(fn *ssa.Function, root string) string {
	if fn == nil {
		return "?"
	}
	want, _ := strconv.Atoi(strings.TrimPrefix(root, "a:"))
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok {
				if n == want {
					if name := c.assignedName(a.Pos()); name != "" {
						return name
					}
					if token.IsIdentifier(a.Comment) && a.Comment != "complit" && a.Comment != "new" {
						return a.Comment
					}
					return "(" + a.Comment + ")"
				}
				n++
			}
		}
	}
	return "?"
}

// regName names the value a "r:" root stands for: the variable it is
// assigned to, or its type.
func (c *checker) regName(fn *ssa.Function, root string) string {
	v := regValue(fn, root)
	if v == nil {
		return "?"
	}
	if name := c.assignedName(v.Pos()); name != "" {
		return name
	}
	return "(" + types.TypeString(v.Type(), types.RelativeTo(c.pkg)) + ")"
}

// assignedName returns the variable a composite literal, new(T), call,
// index or type assertion at pos is assigned to (p in p := &T{}), which is how the reader knows it.
func (c *checker) assignedName(pos token.Pos) string {
	if c.assigned == nil {
		c.assigned = make(map[token.Pos]string)
		note := func(lhs ast.Expr, rhs ast.Expr) {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				return
			}
			if u, ok := rhs.(*ast.UnaryExpr); ok {
				rhs = u.X
			}
			switch r := rhs.(type) {
			case *ast.CompositeLit:
				c.assigned[r.Lbrace] = id.Name
			case *ast.CallExpr:
				c.assigned[r.Lparen] = id.Name
			case *ast.IndexExpr:
				c.assigned[r.Lbrack] = id.Name
			case *ast.TypeAssertExpr:
				c.assigned[r.Lparen] = id.Name
			}
		}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i := range n.Lhs {
							note(n.Lhs[i], n.Rhs[i])
						}
					}
				case *ast.ValueSpec:
					if len(n.Names) == len(n.Values) {
						for i := range n.Names {
							note(n.Names[i], n.Values[i])
						}
					}
				}
				return true
			})
		}
	}
	return c.assigned[pos]
}

// perInstanceIndex reports whether the index i may tell the instances of
// a goroutine started in a loop apart, so that each works on its own
// element (partSel): a constant, a parameter or captured variable (the
// worker's number), a field of one (w.id), the counter of a loop that
// starts the goroutines, a ticket drawn from an atomic counter
// (i := int(next.Add(1)) - 1: no two calls of Add draw the same one), or
// a φ of such. Other indices, a counter that walks every element or a
// value computed from a message, may pick the same element in every
// instance (allSel).
func (c *checker) perInstanceIndex(i ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch i := i.(type) {
	case *ssa.Const, *ssa.Parameter, *ssa.FreeVar:
		return true
	case *ssa.UnOp:
		if i.Op != token.MUL {
			return false
		}
		switch x := i.X.(type) {
		case *ssa.FieldAddr:
			switch x.X.(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				return true
			}
			return c.messageIndex(i) // (*j).Index of a received job (msgindex.go)
		case *ssa.FreeVar, *ssa.Alloc:
			return true // a captured or address-taken variable
		}
	case *ssa.Field:
		return c.messageIndex(i) // j.Index of a received job (msgindex.go)
	case *ssa.Convert:
		return c.perInstanceIndex(i.X, depth+1)
	case *ssa.ChangeType:
		return c.perInstanceIndex(i.X, depth+1)
	case *ssa.BinOp:
		// range's index is the increment of its φ.
		if phi := counterPhi(i); phi != nil {
			return c.loopStarts(phi.Block())
		}
		if _, k := i.Y.(*ssa.Const); k && (i.Op == token.ADD || i.Op == token.SUB) {
			return atomicTicket(i.X)
		}
	case *ssa.Call:
		return atomicTicket(i)
	case *ssa.Phi:
		if phi := counterPhi(i); phi != nil {
			return c.loopStarts(phi.Block())
		}
		for _, e := range i.Edges {
			if e != i && c.perInstanceIndex(e, depth+1) {
				return true // for j := w; j < n; j += workers
			}
		}
	}
	return false
}

// atomicTicket reports whether v is, up to conversions, the result of an
// atomic add of a positive constant (atomic.AddInt64(&n, 1), n.Add(1)):
// every call returns a value no other call returns, until the counter
// wraps.
func atomicTicket(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		}
		break
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	obj, _ := callee.Object().(*types.Func)
	if _, atomic := model.AtomicAccess(obj); !atomic || !strings.HasPrefix(obj.Name(), "Add") {
		return false
	}
	args := call.Call.Args
	if len(args) != 2 {
		return false
	}
	delta, ok := args[1].(*ssa.Const)
	return ok && delta.Value != nil && constant.Sign(delta.Value) > 0
}

// counterPhi returns the φ of i if i is a loop counter from a constant up
// by one (the index of for _, e := range s, of for i := 0; i < n; i++),
// or its increment; nil otherwise.
func counterPhi(i ssa.Value) *ssa.Phi {
	phi, _ := i.(*ssa.Phi)
	if b, ok := i.(*ssa.BinOp); ok && b.Op == token.ADD && isConstOne(b.Y) {
		phi, _ = b.X.(*ssa.Phi)
	}
	if phi == nil || len(phi.Edges) != 2 {
		return nil
	}
	var start, step bool
	for _, e := range phi.Edges {
		switch e := e.(type) {
		case *ssa.Const:
			start = true
		case *ssa.BinOp:
			step = step || e.Op == token.ADD && e.X == phi && isConstOne(e.Y)
		}
	}
	if !start || !step {
		return nil
	}
	return phi
}

// loopStarts reports whether the loop headed by block h may start a
// goroutine: a go statement, or a call given a function (a helper such
// as start(p.run)).
func (c *checker) loopStarts(h *ssa.BasicBlock) bool {
	if !c.inCycle(h) {
		return false
	}
	for _, b := range h.Parent().Blocks {
		if !c.sameCycle(b, h) {
			continue
		}
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Go:
				return true
			case ssa.CallInstruction:
				for _, a := range instr.Common().Args {
					switch a.(type) {
					case *ssa.MakeClosure, *ssa.Function:
						return true
					}
				}
			}
		}
	}
	return false
}

func isConstOne(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.String() == "1"
}
