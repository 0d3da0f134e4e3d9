// Copyright 2026 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lockset

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
)

// This file names an object that one actor keeps in its own state and
// hands to an actor it spawns, through the producer that makes the new
// actor, both ways in what the new actor's handlers touch:
//
//	func (d *Directory) onOpen(c actor.Context, rec *Record) {
//		props := actor.PropsFromProducer(func() actor.Actor {
//			return &Account{rec: rec} // the account's own a.rec …
//		})
//		d.entries[rec.ID] = &entry{rec: rec, pid: c.Spawn(props)} // … is d.entries[*].rec
//	}
//
// An actor's handlers are entry points whose accesses are named from the
// actor (t:Account|.rec.Frozen), so without this the directory's
// d.entries[*].rec.Frozen and the account's a.rec.Frozen are never
// compared, though the two actors run concurrently on one record. It is
// the actor form of publishedArgs (c.j = j; go j.run()): the producer
// stores the captured object into a field of the actor it returns, and
// the spawner stores the same value, once, into a location other entry
// points can name. Both are evidence that the two actors share the
// object; whether they race is then the pair check's: a write on one
// side and no common lock (the account's locks under a.rec are renamed
// too, so a record both lock through its own mutex stays quiet).

// An actorAlias says that the actor's location below sel (".rec", a
// field selector below the actor's own type) is the spawner's location
// key (t:Directory|.entries[*].rec).
type actorAlias struct {
	sel, key string
}

// actorAliases returns, for each actor type of the package that one of
// the producers makes, the aliases of its fields (see the file comment).
func (c *checker) actorAliases(producers []*ssa.MakeClosure) map[*types.Named][]actorAlias {
	var out map[*types.Named][]actorAlias
	for _, mc := range producers {
		for _, f := range c.producedFields(mc) {
			for _, key := range c.keptSlots(mc.Parent(), capturedValues(mc.Bindings[f.free])) {
				a := actorAlias{sel: f.sel, key: key}
				if out == nil {
					out = make(map[*types.Named][]actorAlias)
				}
				if !slices.Contains(out[f.named], a) {
					out[f.named] = append(out[f.named], a)
				}
			}
		}
	}
	return out
}

// producerOf returns the function literal a call of an ActorProps or
// SpawnsActor row is handed as the producer of its actor, or nil.
func producerOf(call model.Call) *ssa.MakeClosure {
	row, ok := call.Row(model.ActorProps)
	if !ok {
		row, ok = call.Row(model.SpawnsActor)
	}
	if !ok || len(row.Args) == 0 {
		return nil
	}
	return makeClosureOf(call.Arg(row.Args[0]))
}

// makeClosureOf returns the function literal v is, looking through
// conversions and boxing, or nil.
func makeClosureOf(v ssa.Value) *ssa.MakeClosure {
	var mc *ssa.MakeClosure
	ssaops.Forward(v, 8, func(v ssa.Value) bool {
		if m, ok := v.(*ssa.MakeClosure); ok {
			mc = m
			return false
		}
		return true
	})
	if mc == nil || mc.Parent() == nil {
		return nil
	}
	if _, ok := mc.Fn.(*ssa.Function); !ok {
		return nil
	}
	return mc
}

// A producedField is a field of an actor a producer makes that the
// producer fills with a variable it captures.
type producedField struct {
	named *types.Named
	sel   string // the field, below the actor (".rec", ".ledger.rec")
	free  int    // the captured variable
}

// producedFields returns the fields of the actors the producer literal mc
// returns (return &Account{rec: rec}) that it fills with a captured
// variable, in the order of the producer's code.
func (c *checker) producedFields(mc *ssa.MakeClosure) []producedField {
	fn := mc.Fn.(*ssa.Function)
	var out []producedField
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		alloc, ok := unboxed(ret.Results[0]).(*ssa.Alloc)
		if !ok || !alloc.Heap {
			continue
		}
		n := allocNamed(alloc)
		if n == nil || n.Obj().Pkg() != c.pkg {
			continue
		}
		root := c.allocRoot(alloc)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fv := capturedVar(st.Val)
				if fv == nil {
					continue
				}
				i := slices.Index(fn.FreeVars, fv)
				if i < 0 || i >= len(mc.Bindings) {
					continue
				}
				r, sel := splitPath(c.pathOf(st.Addr))
				for _, above := range c.copiedBelow(fn, root, r, 0) {
					f := producedField{named: n, sel: above + sel, free: i}
					if f.sel != "" && !slices.Contains(out, f) {
						out = append(out, f)
					}
				}
			}
		}
	}
	return out
}

// unboxed returns the value v views: v itself, or what it converts or
// boxes (return &Account{} as an actor.Actor).
func unboxed(v ssa.Value) ssa.Value {
	ssaops.Forward(v, 8, func(x ssa.Value) bool { v = x; return true })
	return v
}

// copiedBelow returns the selectors below root at which the object rooted
// at r lies in fn's frame: "" for root itself, and for a local value that
// a nested literal builds and copies into a field of root (&A{ledger{rec:
// rec}} builds the ledger apart), the field's selector.
func (c *checker) copiedBelow(fn *ssa.Function, root, r string, depth int) []string {
	if r == root {
		return []string{""}
	}
	l := allocOf(fn, r)
	if l == nil || l.Heap || depth > 2 {
		return nil
	}
	var out []string
	for _, ref := range *l.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		for _, ref := range *load.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Val != load {
				continue
			}
			r2, sel := splitPath(c.pathOf(st.Addr))
			for _, above := range c.copiedBelow(fn, root, r2, depth+1) {
				out = append(out, above+sel)
			}
		}
	}
	return out
}

// capturedVar returns the captured variable whose value v is, or nil: a
// function literal's free variable holds the captured variable's cell,
// which it loads (*fv), unless the SSA passes the value itself.
func capturedVar(v ssa.Value) *ssa.FreeVar {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	fv, _ := v.(*ssa.FreeVar)
	return fv
}

// capturedValues returns the values of fn's frame that a variable bound
// to a function literal as b holds: b itself, or, for a cell (a variable
// the literal captures by reference), the one value ever stored into it
// and its loads. It returns nil for a cell stored more than once: the
// variable may hold another object by the time the literal runs.
func capturedValues(b ssa.Value) []ssa.Value {
	cell, ok := b.(*ssa.Alloc)
	if !ok {
		return []ssa.Value{b}
	}
	var stored ssa.Value
	var loads []ssa.Value
	for _, ref := range *cell.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != cell || stored != nil {
				return nil
			}
			stored = r.Val
		case *ssa.UnOp:
			if r.Op == token.MUL {
				loads = append(loads, r)
			}
		}
	}
	if stored == nil {
		return nil
	}
	return append([]ssa.Value{stored}, loads...)
}

// allocNamed returns the named type (origin) an allocation of a pointer
// to it makes, or nil.
func allocNamed(a *ssa.Alloc) *types.Named {
	p, ok := types.Unalias(a.Type()).(*types.Pointer)
	if !ok {
		return nil
	}
	n, _ := types.Unalias(p.Elem()).(*types.Named)
	if n == nil {
		return nil
	}
	return n.Origin()
}

// keptSlots returns the canonical keys of the locations, other than fn's
// own locals, that fn stores v into: directly (d.rec = v), or as a field
// of an object it allocates and stores there in turn (d.entries[k] =
// &entry{rec: v}).
func (c *checker) keptSlots(fn *ssa.Function, vs []ssa.Value) []string {
	var out []string
	for _, v := range vs {
		for _, p := range c.storedAt(fn, v, 0) {
			if k := canonical(p, fn); k != "" && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// storedAt returns the paths of fn's frame that v is stored into, with the
// paths of a local allocation replaced by those it is stored into itself
// (directly, as a map's value, or appended to a slice).
func (c *checker) storedAt(fn *ssa.Function, v ssa.Value, depth int) []string {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return nil
	}
	var out []string
	add := func(p string) {
		if p == "" {
			return
		}
		if !isLocal(p) {
			out = append(out, p)
			return
		}
		root, sel := splitPath(p)
		if a := allocOf(fn, root); a != nil {
			for _, q := range c.storedAt(fn, a, depth+1) {
				out = append(out, q+sel)
			}
		}
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Val == v {
				add(c.pathOf(r.Addr))
			}
		case *ssa.MapUpdate:
			if r.Value == v {
				if p := c.pathOf(r.Map); p != "" {
					add(extend(p, allSel))
				}
			}
		case *ssa.Slice:
			// A slice of a local array (append's variadic
			// arguments) views its elements.
			if r.X == v {
				out = append(out, c.storedAt(fn, r, depth+1)...)
			}
		case *ssa.Call:
			// l.scores = append(l.scores, s): the result holds
			// the elements appended.
			if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && slices.Index(r.Call.Args, v) > 0 {
				out = append(out, c.storedAt(fn, r, depth+1)...)
			}
		}
	}
	return out
}

// withActorAliases appends to accs, the accesses of a handler of the actor
// type n from index from on, a copy of each access below an aliased field
// named as the spawner's location, with the locks, channels and
// observations below that field renamed alike.
func withActorAliases(accs []*epAccess, from int, n *types.Named, aliases []actorAlias) []*epAccess {
	if len(aliases) == 0 {
		return accs
	}
	prefix := "t:" + typeKey(n) + "|"
	rename := func(k string, a actorAlias) (string, bool) {
		sel := prefix + strings.ReplaceAll(a.sel, allSel, partSel)
		rest, ok := strings.CutPrefix(k, sel)
		// Only what lies below the field is shared: the field itself
		// is the actor's own memory, as the spawner's location is its.
		if !ok || rest == "" || (rest[0] != '.' && rest[0] != '[') {
			return k, false
		}
		return strings.ReplaceAll(a.key, allSel, partSel) + rest, true
	}
	renameAll := func(ks []string, a actorAlias) []string {
		var out []string
		for _, k := range ks {
			r, _ := rename(k, a)
			out = append(out, r)
		}
		return out
	}
	end := len(accs)
	for _, e := range accs[from:end] {
		for _, a := range aliases {
			key, ok := rename(e.key, a)
			if !ok {
				continue
			}
			cp := *e
			cp.key, cp.spawnedAlias = key, true
			cp.partitioned = strings.Contains(key, partSel)
			cp.locks = slices.Clone(e.locks)
			for i := range cp.locks {
				cp.locks[i].key, _ = rename(cp.locks[i].key, a)
			}
			cp.after, cp.before = renameAll(e.after, a), renameAll(e.before, a)
			cp.seen, cp.guards = renameAll(e.seen, a), renameAll(e.guards, a)
			accs = append(accs, &cp)
		}
	}
	return accs
}
