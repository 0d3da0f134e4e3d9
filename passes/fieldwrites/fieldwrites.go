// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package fieldwrites

import (
	"cmp"
	_ "embed"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/analysisdoc"
	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/passes/concur"
)

//go:embed doc.go
var doc string

// Analyzer finds the fields a package writes after construction.
var Analyzer = &analysis.Analyzer{
	Name:       "fieldwrites",
	Doc:        analysisdoc.MustExtract(doc, "fieldwrites"),
	URL:        "https://pkg.go.dev/github.com/psharpvet/psharpvet/passes/fieldwrites",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer, concur.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Written)},
	ResultType: reflect.TypeFor[*Result](),
}

// Written lists, as a package fact, the fields the package writes after
// construction, by Key, sorted.
type Written struct {
	Fields []string
	// Options lists, by Key, the fields that functional options of the
	// package write (see optionParam). They count as construction, as the
	// options are applied by the constructors they are handed to; only
	// the strict reading, which cannot know who applies them, counts them.
	Options []string
	// Unsafe says that the package imports unsafe: pointer arithmetic
	// may write its fields without naming them, which this pass cannot
	// see.
	Unsafe bool
}

// AFact marks Written as a fact.
func (*Written) AFact() {}

func (w *Written) String() string {
	s := "written(" + strings.Join(w.Fields, ", ") + ")"
	if len(w.Options) > 0 {
		s += " options(" + strings.Join(w.Options, ", ") + ")"
	}
	if w.Unsafe {
		s += " unsafe"
	}
	return s
}

// Key names field i of the named struct type t (or of the type t points
// to) as "pkg/path.Type.field", and a whole-struct write as
// "pkg/path.Type.*" (i < 0). It returns "" for fields of unnamed structs
// and type parameters, which are always treated as written.
func Key(t types.Type, i int) string {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	n = n.Origin()
	s, ok := n.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return ""
	}
	prefix := n.Obj().Pkg().Path() + "." + n.Obj().Name() + "."
	if i < 0 {
		return prefix + "*"
	}
	return prefix + s.Field(i).Name()
}

// Result answers whether a field may be written after construction, by
// this package or by the packages it depends on.
type Result struct {
	pass *analysis.Pass
	own  map[string]bool
	// writes holds, for each key of own, the package's writes of it.
	writes map[string][]Write
	// growth says, per field name, whether every write of the package
	// through a field of that name only grows its slice (GrowsOnly).
	growth map[string]bool
	union  map[string]bool // built on first use
	// types holds the "pkg/path.Type" prefixes of the keys in union.
	types map[string]bool
	// options holds the package's Written.Options; optionUnion adds its
	// dependencies' (built on first use, with union).
	options, optionUnion map[string]bool
	// unsafe holds the paths of the packages, this one and its
	// dependencies, that import unsafe (Written.Unsafe).
	unsafe map[string]bool
	// anywhere memoises TypeMayBeWrittenAnywhere by named struct.
	anywhere map[*types.Named]bool
	// confinedMemo memoises confined and valuesConfined; unreadMemo and
	// immutableMemo memoise Unread and HoldsImmutable by field.
	confinedMemo              map[boundaryKey]bool
	unreadMemo, immutableMemo map[*types.Var]bool
	// code holds the package's functions (packageFuncs), built on first
	// use.
	code []*ssa.Function
}

// MayBeWritten reports whether field i of struct type t (or of the struct
// t points to) may be written after construction.
func (r *Result) MayBeWritten(t types.Type, i int) bool {
	k := Key(t, i)
	if k == "" || unseenStruct(t) {
		return true
	}
	r.load()
	return r.union[k] || r.union[Key(t, -1)]
}

// TypeMayBeWritten reports whether memory of type t (or of the type t
// points to) may be written after construction: a named struct some of
// whose fields are; a slice, array or map some container of whose type
// has its elements written outside the function that made it (ElemKey);
// unnamed structs and interfaces, whose contents the facts do not track;
// never the immutable basic types.
func (r *Result) TypeMayBeWritten(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	switch t.Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Struct:
		k := Key(t, -1)
		if k == "" || unseenStruct(t) {
			return true
		}
		r.load()
		return r.types[k[:len(k)-2]]
	case *types.Signature:
		return false // a func value: its captured variables are other objects
	case *types.Slice, *types.Array, *types.Map:
		r.load()
		return r.union[ElemKey(t)]
	default:
		return true
	}
}

// unseenStruct reports whether t (or what t points to) is a named type of
// a package the passes do not analyse (model.Analysed), whose writes this
// pass does not record: any of its fields may be written.
func unseenStruct(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && !model.Analysed(n.Obj().Pkg())
}

// A Write is a write after construction in the package analysed.
type Write struct {
	Pos  token.Pos
	Key  string        // what it writes (Key, ElemKey)
	Func *ssa.Function // the function that writes
	// Field names the field written, or the field holding the
	// container whose elements are written (pending for
	// m.pending = append(m.pending, e)), or the package-level variable
	// holding it (GlobalVia); "" if none.
	Field string
	// Grows says the write only grows the slice its field holds (see
	// grows.go): an append of the field's slice stored back into the same
	// field of the same object, or the store of such an append or of a
	// new slice into the field.
	Grows bool
}

// unboxed returns the value v boxes in an interface (sort.Slice's x
// any), or v.
func unboxed(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}

// viaField returns the name of the field that instr, a write, writes or
// reaches the written container through.
func viaField(instr ssa.Instruction) string {
	var c ssa.Value
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		name, _ := ssaops.FieldName(i.X.Type(), i.Field)
		return name
	case *ssa.Store:
		if ia, ok := i.Addr.(*ssa.IndexAddr); ok {
			c = ia.X
		}
	case *ssa.IndexAddr:
		c = i.X
	case *ssa.MapUpdate:
		c = i.Map
	case *ssa.Call:
		if len(i.Call.Args) > 0 {
			c = unboxed(i.Call.Args[0])
		}
	}
	if u, ok := c.(*ssa.UnOp); ok {
		switch x := u.X.(type) {
		case *ssa.FieldAddr:
			name, _ := ssaops.FieldName(x.X.Type(), x.Field)
			return name
		case *ssa.Global:
			return GlobalVia(x)
		}
	}
	return ""
}

// GlobalVia is what Write.Field holds for a write to the elements of a
// container loaded from package-level variable g: its package path and
// name, path.name, which no field name can be.
func GlobalVia(g *ssa.Global) string {
	if g.Pkg == nil {
		return g.Name()
	}
	return g.Pkg.Pkg.Path() + "." + g.Name()
}

// WritesOf returns the writes in this package, after construction, to
// memory of type t (or of the type t points to), as TypeMayBeWritten
// counts them, in source order. Another package's writes, which may
// also make t written, are not listed.
func (r *Result) WritesOf(t types.Type) []Write {
	if t == nil {
		return nil // memory of unknown type
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	var out []Write
	switch t.Underlying().(type) {
	case *types.Struct:
		k := Key(t, -1)
		if k == "" {
			return nil
		}
		prefix := k[:len(k)-1] // "pkg/path.Type."
		for key, ws := range r.writes {
			if strings.HasPrefix(key, prefix) && !strings.Contains(key[len(prefix):], ".") {
				out = append(out, ws...)
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		out = append(out, r.writes[ElemKey(t)]...)
	}
	slices.SortFunc(out, func(a, b Write) int { return cmp.Compare(a.Pos, b.Pos) })
	return out
}

// load builds the union of the package's own writes and its
// dependencies' facts, once.
func (r *Result) load() {
	if r.union != nil {
		return
	}
	r.union = make(map[string]bool)
	r.types = make(map[string]bool)
	add := func(k string) {
		r.union[k] = true
		if i := strings.LastIndexByte(k, '.'); i > 0 {
			r.types[k[:i]] = true
		}
	}
	r.optionUnion = make(map[string]bool)
	r.unsafe = make(map[string]bool)
	for k := range r.own {
		add(k)
	}
	for k := range r.options {
		r.optionUnion[k] = true
	}
	if r.pass == nil {
		return // the zero Result: no package, no facts
	}
	if importsUnsafe(r.pass.Pkg) {
		r.unsafe[r.pass.Pkg.Path()] = true
	}
	for _, f := range r.pass.AllPackageFacts() {
		if w, ok := f.Fact.(*Written); ok {
			for _, k := range w.Fields {
				add(k)
			}
			for _, k := range w.Options {
				r.optionUnion[k] = true
			}
			if w.Unsafe {
				r.unsafe[f.Package.Path()] = true
			}
		}
	}
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	own := make(map[string]bool)
	writes := make(map[string][]Write)
	if !model.Analysed(pass.Pkg) {
		// Its types count as written (unseenStruct); its code is not read.
		return &Result{pass: pass, own: own, writes: writes}, nil
	}
	ctors := constructors(ssainfo.SrcFuncs)
	m := pass.ResultOf[concur.Analyzer].(*model.Model)
	options := make(map[string]bool)
	growth := make(map[string]bool)
	for _, fn := range ssainfo.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, k := range writtenBy(instr, ctors, m) {
					own[k] = true
					via, grown := viaField(instr), grows(instr)
					if via != "" {
						prev, seen := growth[via]
						growth[via] = grown && (prev || !seen)
					}
					if pos := instr.Pos(); pos.IsValid() {
						writes[k] = append(writes[k], Write{Pos: pos, Key: k, Func: fn, Field: via, Grows: grown})
					}
				}
				if k := optionWrite(instr); k != "" {
					options[k] = true
				}
			}
		}
	}
	unsafe := importsUnsafe(pass.Pkg)
	if len(own) > 0 || len(options) > 0 || unsafe {
		w := &Written{Fields: slices.Sorted(maps.Keys(own)), Options: slices.Sorted(maps.Keys(options)), Unsafe: unsafe}
		pass.ExportPackageFact(w)
	}
	return &Result{pass: pass, own: own, writes: writes, growth: growth, options: options}, nil
}

// optionWrite returns the key of the field instr writes in the parameter
// of a functional option, or "": writes that count as construction only
// because the option is assumed to be applied to an object being built.
func optionWrite(instr ssa.Instruction) string {
	fa, ok := instr.(*ssa.FieldAddr)
	if !ok || !addressEscapes(fa) || !optionParam(fa) {
		return ""
	}
	return Key(fa.X.Type(), fa.Field)
}

// importsUnsafe reports whether pkg imports unsafe.
func importsUnsafe(pkg *types.Package) bool {
	return slices.ContainsFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == "unsafe" })
}

// writtenBy returns the keys of the fields instr writes after
// construction.
func writtenBy(instr ssa.Instruction, ctors map[*ssa.Function]bool, m *model.Model) []string {
	switch i := instr.(type) {
	case *ssa.FieldAddr:
		if !addressEscapes(i) || constructing(i, ctors) {
			return nil
		}
		return []string{Key(i.X.Type(), i.Field)}
	case *ssa.Store:
		// *p = T{...} overwrites every field of T.
		if _, ok := i.Addr.(*ssa.FieldAddr); ok {
			return nil
		}
		if ia, ok := i.Addr.(*ssa.IndexAddr); ok {
			return elemWrite(ia.X)
		}
		if k := Key(i.Addr.Type(), -1); k != "" && isStruct(i.Val.Type()) {
			if freshAt(i.Addr, i, ctors) {
				return nil // r2 := new(T); *r2 = *r: a copy being built
			}
			return []string{k}
		}
	case *ssa.IndexAddr:
		// &s[i] handed on may be written through.
		if elementAddressEscapes(i) {
			return elemWrite(i.X)
		}
	case *ssa.MapUpdate:
		return elemWrite(i.Map)
	case *ssa.Call:
		if b, ok := i.Call.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "append", "copy", "delete", "clear":
				return elemWrite(i.Call.Args[0])
			}
		}
		// sort.Slice(s, less), slices.DeleteFunc(s, f): the model's
		// rows of calls that write their slice arguments in place.
		if rc, ok := m.Resolve(&i.Call); ok {
			if row, ok := rc.Row(model.WritesElems); ok {
				var keys []string
				for _, a := range row.Args {
					if v := rc.Arg(a); v != nil {
						keys = append(keys, elemWrite(unboxed(v))...)
					}
				}
				return keys
			}
		}
	}
	return nil
}

// ElemKey is the key under which writes to the elements of slices, arrays
// and maps of type t are recorded: by type, since the heap analysis knows
// a container's type but not the field it hangs from. It is "" for other
// types.
func ElemKey(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem()) // *[n]T, as IndexAddr sees an array
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return "[]" + types.TypeString(u.Elem(), nil)
	case *types.Array:
		return "[]" + types.TypeString(u.Elem(), nil)
	case *types.Map:
		return "map[" + types.TypeString(u.Key(), nil) + "]" + types.TypeString(u.Elem(), nil)
	}
	return ""
}

// elemWrite returns the key of a write to the elements of container c,
// unless c is fresh: made in this function, where the writes build it.
func elemWrite(c ssa.Value) []string {
	if freshContainer(c, make(map[ssa.Value]bool)) {
		return nil
	}
	if k := ElemKey(c.Type()); k != "" {
		return []string{k}
	}
	return nil
}

// freshContainer reports whether every value c may hold is a slice, array
// or map the function makes itself (through appends, reslicing and the
// phis of a loop that builds it), or nil. Filling such a container is
// construction; what is written after it goes elsewhere is not seen, a
// trade the default reading makes (the strict reading does not use these
// facts).
func freshContainer(c ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[c] {
		return true
	}
	seen[c] = true
	if ssaops.ZeroCap(c) {
		return true // append to it makes a new array
	}
	switch v := c.(type) {
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.Alloc:
		return true
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Slice:
		return freshContainer(v.X, seen)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !freshContainer(e, seen) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return freshContainer(v.Call.Args[0], seen)
		}
	}
	return false
}

// elementAddressEscapes reports whether the address of an element is used
// other than to load from it, store to it, or reach a field of it.
func elementAddressEscapes(ia *ssa.IndexAddr) bool {
	refs := ia.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.UnOp, *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.Store:
			if r.Val == ia {
				return true
			}
		default:
			return true
		}
	}
	return false
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// addressEscapes reports whether the address of a field is used other than
// to load from it or to reach a field or element inside it: a store, a
// call (atomic.AddInt64(&s.n, 1), json.Unmarshal(b, &s.cfg)), or a copy of
// the pointer may all write it.
func addressEscapes(fa *ssa.FieldAddr) bool {
	refs := fa.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.UnOp: // a load
		case *ssa.FieldAddr, *ssa.IndexAddr:
			// A field of a nested struct, or an element of an array
			// field: its own writes are keyed by its own field, or are
			// element writes, which are not field writes.
			if _, isArray := r.(*ssa.IndexAddr); isArray {
				return true
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// constructing reports whether fa addresses a field of an object the
// same function allocates, or receives from a constructor of the package
// (through nested fields), and has not yet published: no publishing use
// of the object reaches fa. Writes there build the object before anyone
// else can see it.
func constructing(fa *ssa.FieldAddr, ctors map[*ssa.Function]bool) bool {
	if optionParam(fa) {
		return true
	}
	return freshAt(fieldBase(fa), fa, ctors)
}

// freshAt reports whether obj is an object the function allocates, or
// receives from a constructor of the package, that no publishing use has
// handed on before instr; or one such an object's constructor made and
// keeps in a pointer field (see heldFresh).
func freshAt(obj ssa.Value, instr ssa.Instruction, ctors map[*ssa.Function]bool) bool {
	switch base := obj.(type) {
	case *ssa.Alloc:
		return !publishedBefore(base, instr)
	case *ssa.Call:
		return ctors[base.Call.StaticCallee()] && !publishedBefore(base, instr)
	case *ssa.UnOp:
		return base.Op == token.MUL && heldFresh(base, instr, ctors)
	}
	return false
}

// heldFresh reports whether load, a load of a pointer field of an object
// fresh at instr (p := newProc(); p.ctx.parent = c), yields an object as
// fresh: the constructor that made the outer object stored in that field
// only memory it made for it (constructorFills), the function has not
// replaced the field before instr, and no load of the field has published
// what it holds. Writes through it still build the outer object.
func heldFresh(load *ssa.UnOp, instr ssa.Instruction, ctors map[*ssa.Function]bool) bool {
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	outer, ok := fa.X.(*ssa.Call)
	if !ok || !freshAt(outer, instr, ctors) || !constructorFills(outer.Call.StaticCallee(), fa.Field, ctors) {
		return false
	}
	for _, ref := range *outer.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field {
			continue
		}
		for _, use := range *other.Referrers() {
			switch u := use.(type) {
			case *ssa.Store:
				if u.Addr == other && before(u, instr) {
					return false // the field replaced first
				}
			case *ssa.UnOp:
				if publishedBefore(u, instr) {
					return false
				}
			}
		}
	}
	return true
}

// constructorFills reports whether the constructor fn stores into field
// of the object it returns only objects it makes (allocations, results of
// other constructors) and publishes nowhere else.
func constructorFills(fn *ssa.Function, field int, ctors map[*ssa.Function]bool) bool {
	if !ctors[fn] {
		return false
	}
	filled := false
	ok := eachPointerResult(fn, func(r ssa.Value) bool {
		alloc, ok := r.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, ref := range *alloc.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.Field != field {
				continue
			}
			for _, use := range *fa.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				if !madeFor(st, ctors) {
					return false
				}
				filled = true
			}
		}
		return true
	})
	return ok && filled
}

// eachPointerResult reports whether f holds for every pointer result of
// fn at every return.
func eachPointerResult(fn *ssa.Function, f func(ssa.Value) bool) bool {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if _, ok := r.Type().Underlying().(*types.Pointer); ok && !f(r) {
				return false
			}
		}
	}
	return true
}

// madeFor reports whether st stores an object its function makes (an
// allocation or a constructor's result) whose only publishing use is st.
func madeFor(st *ssa.Store, ctors map[*ssa.Function]bool) bool {
	switch v := st.Val.(type) {
	case *ssa.Alloc:
	case *ssa.Call:
		if !ctors[v.Call.StaticCallee()] {
			return false
		}
	default:
		return false
	}
	for _, ref := range *st.Val.Referrers() {
		if ref != st && publishes(ref, st.Val) {
			return false
		}
	}
	return true
}

// publishedBefore reports whether a use of obj that may hand it to
// someone else (see publishes) may run before instr.
func publishedBefore(obj ssa.Value, instr ssa.Instruction) bool {
	for _, ref := range *obj.Referrers() {
		if publishes(ref, obj) && before(ref, instr) && sameInstance(ref, instr, obj) {
			return true
		}
	}
	return false
}

// sameInstance reports whether a may run before b on a path that does not
// run the instruction that makes obj again: an allocation (or constructor
// call) in a loop makes a new object each iteration, so that publishing
// one iteration's object does not publish the next one's (a Go 1.22 range
// variable captured by the loop's closure is a new variable each
// iteration, and the loop's copy into it builds it).
func sameInstance(a, b ssa.Instruction, obj ssa.Value) bool {
	def, ok := obj.(ssa.Instruction)
	if !ok || def.Block() == nil {
		return true
	}
	ob := def.Block()
	if a.Block() == b.Block() && indexOf(a) < indexOf(b) {
		return !(ob == a.Block() && indexOf(a) < indexOf(def) && indexOf(def) < indexOf(b))
	}
	if ob == a.Block() && indexOf(a) < indexOf(def) {
		return false // leaving a's block runs def first
	}
	seen := make(map[*ssa.BasicBlock]bool)
	stack := slices.Clone(a.Block().Succs)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		if blk == ob {
			continue // def runs again: b, which def dominates, sees a new object
		}
		if blk == b.Block() {
			return true
		}
		stack = append(stack, blk.Succs...)
	}
	return false
}

// indexOf returns the position of instr in its block.
func indexOf(instr ssa.Instruction) int {
	return slices.Index(instr.Block().Instrs, instr)
}

// publishes reports whether use, an instruction using obj, may hand obj
// to someone else: anything but reaching its fields or elements, loading
// it, and applying options to it.
func publishes(use ssa.Instruction, obj ssa.Value) bool {
	switch u := use.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.UnOp, *ssa.DebugRef:
		return false
	case *ssa.Store:
		if u.Addr == obj && u.Val != obj {
			return false // writing into obj hands nothing on
		}
	}
	return !appliesOption(use, obj)
}

// constructors returns the functions among funcs that return only memory
// they make and publish nowhere else: each pointer result is, at every
// return, a new allocation used only to be built and returned, or the
// result of another such function (a greatest fixpoint). A caller's writes
// to what they return, before it publishes it, are construction too
// (prometheus's wrapDesc sets the err of the Desc NewDesc made).
func constructors(funcs []*ssa.Function) map[*ssa.Function]bool {
	ctors := make(map[*ssa.Function]bool)
	for _, fn := range funcs {
		res := fn.Signature.Results()
		for i := 0; i < res.Len(); i++ {
			if _, ok := res.At(i).Type().Underlying().(*types.Pointer); ok && fn.Blocks != nil {
				ctors[fn] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for fn := range ctors {
			if !returnsFresh(fn, ctors) {
				delete(ctors, fn)
				changed = true
			}
		}
	}
	return ctors
}

// returnsFresh reports whether every pointer result of fn is fresh at
// every return (see constructors).
func returnsFresh(fn *ssa.Function, ctors map[*ssa.Function]bool) bool {
	return eachPointerResult(fn, func(r ssa.Value) bool {
		return freshResult(r, ctors, make(map[ssa.Value]bool))
	})
}

// freshResult reports whether v is a fresh result (see constructors).
func freshResult(v ssa.Value, ctors map[*ssa.Function]bool, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Alloc:
		return !publishedElsewhere(v)
	case *ssa.Call:
		return ctors[v.Call.StaticCallee()] && !publishedElsewhere(v)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !freshResult(e, ctors, seen) {
				return false
			}
		}
		return !publishedElsewhere(v)
	}
	return false
}

// publishedElsewhere reports whether obj has a publishing use (see
// publishes) other than being returned or flowing into a phi.
func publishedElsewhere(obj ssa.Value) bool {
	for _, ref := range *obj.Referrers() {
		switch ref.(type) {
		case *ssa.Return, *ssa.Phi:
			continue
		}
		if publishes(ref, obj) {
			return true
		}
	}
	return false
}

// before reports whether instruction a may run before b in one call.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		for _, instr := range a.Block().Instrs {
			if instr == a {
				return true
			}
			if instr == b {
				// a comes later in the block: it runs before b only
				// if the block is on a cycle.
				return slices.ContainsFunc(a.Block().Succs, func(s *ssa.BasicBlock) bool {
					return ssaops.Reaches(s, a.Block())
				})
			}
		}
	}
	return ssaops.Reaches(a.Block(), b.Block())
}

// optionParam reports whether fa addresses a field of the parameter of a
// functional option: a function literal that its enclosing function
// returns (func WithX(x int) Option { return func(o *T) { o.x = x } }).
// Options are applied by the constructor to the object it is building.
func optionParam(fa *ssa.FieldAddr) bool {
	p, ok := fieldBase(fa).(*ssa.Parameter)
	if !ok {
		return false
	}
	fn := p.Parent()
	if fn.Parent() == nil || len(fn.Params) != 1 {
		return false
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if ok && mc.Fn == fn && returned(mc) {
				return true
			}
			if ret, ok := instr.(*ssa.Return); ok {
				for _, r := range ret.Results {
					if r == fn {
						return true
					}
				}
			}
		}
	}
	return false
}

// appliesOption reports whether instr calls a function value or an
// interface method with obj as its only argument and no results: a
// constructor applying the options it was given (for _, o := range opts
// { o(obj) }, or o.apply(obj)), which optionParam counts as construction.
func appliesOption(instr ssa.Instruction, obj ssa.Value) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || call.Common().StaticCallee() != nil {
		return false
	}
	c := call.Common()
	if _, builtin := c.Value.(*ssa.Builtin); builtin {
		return false
	}
	return len(c.Args) == 1 && c.Args[0] == obj && c.Signature().Results().Len() == 0
}

// returned reports whether v is returned, directly or converted.
func returned(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.ChangeType:
			if returned(r) {
				return true
			}
		case *ssa.MakeInterface:
			if returned(r) {
				return true
			}
		}
	}
	return false
}

// fieldBase returns the value addr addresses a field of, through nested
// fields.
func fieldBase(addr ssa.Value) ssa.Value {
	for {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return addr
		}
		addr = fa.X
	}
}
