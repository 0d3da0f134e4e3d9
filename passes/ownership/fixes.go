// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/build/constraint"
	"go/format"
	"go/token"
	"go/types"
	"go/version"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/model"
	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/givesup"
	"github.com/psharpvet/psharpvet/passes/taint"
)

// This file makes the suggested fixes of the reports whose repair is
// mechanical. A fix is offered only when the edit is certainly right for
// the code reported; otherwise the report carries none.
//
//   - outliving, when a method sends an unexported field of its receiver
//     (s.out <- s.buf, send(s.list)) that every other use in the package
//     reads as if it could be nil: reset the field right after the
//     statement (s.buf = nil).
//   - use-after-transfer, when a channel send hands over a local variable
//     or a field of slice or map type, whose elements reach no mutable
//     memory, and the same block reads it right after, with nothing that
//     may synchronise in between: send a copy (slices.Clone, maps.Clone).

// resetFix returns the fix of an outliving report at p whose given value
// hit is the load of a field of fn's receiver (s.buf) that only that
// field keeps reachable from outliving state in h: a statement resetting
// the field (s.buf = nil) right after the transfer's statement.
func (c *checker) resetFix(fn *ssa.Function, fl *taint.Flow, h taint.Heap, p transfer.Point, hit *givenValue) []analysis.SuggestedFix {
	load, ok := ssaops.Unboxed(hit.v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || fn.Signature.Recv() == nil || len(fn.Params) == 0 || fa.X != fn.Params[0] || !isStructPointer(fa.X.Type()) {
		return nil
	}
	if !nilable(load.Type()) || !onlyThrough(fn, fl, h, fa, hit.objs) {
		return nil
	}
	file := c.fileOf(p.Instr.Pos())
	if file == nil || ast.IsGenerated(file) {
		return nil
	}
	if !sends(p) {
		return nil
	}
	stmt, operands := transferStmt(file, p.Instr)
	if stmt == nil || !inStmtList(file, stmt) {
		return nil
	}
	var field *ast.SelectorExpr
	for _, op := range operands {
		if sel, ok := ast.Unparen(op).(*ast.SelectorExpr); ok && sel.Sel.Pos() == fa.Pos() {
			field = sel
		}
	}
	if field == nil {
		return nil
	}
	recv, ok := field.X.(*ast.Ident)
	if !ok || c.pass.TypesInfo.Uses[recv] != fn.Params[0].Object() {
		return nil
	}
	sel, ok := c.pass.TypesInfo.Selections[field]
	if !ok || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
		return nil // a promoted field: s.buf is not the receiver's own
	}
	v, ok := sel.Obj().(*types.Var)
	if !ok || v.Exported() || !c.nilTolerant(v, field, file, stmt) {
		return nil
	}
	name := recv.Name + "." + field.Sel.Name
	edit, ok := c.insertAfter(stmt, name+" = nil")
	if !ok || !c.keepsGofmt([]analysis.TextEdit{edit}) {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "reset " + name + " after sending it", TextEdits: []analysis.TextEdit{edit}}}
}

// sends reports whether the transfer p sends what it gives up on a
// channel, or hands it to an actor framework's send, rather than to a new
// goroutine: a goroutine started with a field of the receiver may be
// filling it for a later handler to read, after a join the analysis does
// not see, which resetting the field would break.
func sends(p transfer.Point) bool {
	switch p.Kind {
	case transfer.Send:
		return true
	case transfer.Call:
		return !p.Spawns
	case transfer.GivesUp:
		f := p.Why.Final()
		return f != nil && (f.Kind == transfer.Send || f.Kind == transfer.Call && !f.Spawns)
	}
	return false
}

// nilable reports whether t is a slice, map, pointer, channel, function
// or interface type, whose variables can be set to nil. A type parameter
// is not, whatever its constraint.
func nilable(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map, *types.Pointer, *types.Chan, *types.Signature, *types.Interface:
		return true
	}
	return false
}

// onlyThrough reports whether the field fa addresses, a single place of
// one object, is in h the only link from fn's outliving state to the
// objects given: once it is reset, none of them stays reachable. The
// search is findPath's, without that link.
func onlyThrough(fn *ssa.Function, fl *taint.Flow, h taint.Heap, fa *ssa.FieldAddr, given taint.ObjSet) bool {
	locs := fl.Locs(fa)
	if len(locs) != 1 || !fl.Object(locs[0].Obj).Single {
		return false
	}
	cut := locs[0]
	var seen taint.ObjSet
	var queue []taint.ObjID
	for _, root := range outlivingRoots(fn, fl) {
		if seen.Add(root) {
			queue = append(queue, root)
		}
	}
	for len(queue) > 0 {
		o := queue[0]
		queue = queue[1:]
		if given.Has(o) {
			return false
		}
		if givesup.ObjectExempt(fl.Object(o)) {
			continue // as findPath, which finds what the report shows
		}
		h.Fields(o, func(key string, locs taint.LocSet) {
			if o == cut.Obj && key == cut.Key {
				return
			}
			for _, l := range locs {
				if seen.Add(l.Obj) {
					queue = append(queue, l.Obj)
				}
			}
		})
	}
	return true
}

// nilTolerant reports whether resetting the field v right after stmt,
// which sends it as sent, changes nothing but what the report is about:
// every other use of the field in the package reads it as it would read
// nil without panicking or blocking (len, range, append, a map lookup, a
// comparison with nil) or overwrites it, and the uses later in stmt's
// function only overwrite it (s.buf = nil, s.buf = append(s.buf, x)),
// since they would see the reset.
func (c *checker) nilTolerant(v *types.Var, sent *ast.SelectorExpr, file *ast.File, stmt ast.Stmt) bool {
	var decl ast.Node
	for _, d := range file.Decls {
		if d.Pos() <= stmt.Pos() && stmt.End() <= d.End() {
			decl = d
		}
	}
	if decl == nil {
		return false
	}
	info := c.pass.TypesInfo
	ok := true
	for _, f := range c.pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if !ok {
				return false
			}
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			e, isSel := n.(*ast.SelectorExpr)
			if !isSel || e == sent {
				return true
			}
			if s, found := info.Selections[e]; !found || s.Obj() != v {
				return true
			}
			later := f == file && e.Pos() > stmt.End() && e.End() <= decl.End()
			ok = c.overwrites(e, stack) || (!later && c.readsAsNil(stack))
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// up returns the index in stack of the nearest ancestor of stack[i]
// that is not a parenthesis, or -1, and its child that holds stack[i].
func up(stack []ast.Node, i int) (int, ast.Node) {
	j := i - 1
	for j >= 0 {
		if _, ok := stack[j].(*ast.ParenExpr); !ok {
			break
		}
		j--
	}
	if j < 0 {
		return -1, nil
	}
	return j, stack[j+1]
}

// overwrites reports whether the field selection e, at the top of stack,
// is overwritten as a whole (s.buf = x), or read to append to what
// replaces it (s.buf = append(s.buf, x)).
func (c *checker) overwrites(e *ast.SelectorExpr, stack []ast.Node) bool {
	j, child := up(stack, len(stack)-1)
	if j < 0 {
		return false
	}
	switch p := stack[j].(type) {
	case *ast.AssignStmt:
		return p.Tok == token.ASSIGN && containsNode(p.Lhs, child)
	case *ast.CallExpr:
		if !c.isBuiltin(p.Fun, "append") || len(p.Args) == 0 || p.Args[0] != child {
			return false
		}
		k, call := up(stack, j)
		if k < 0 {
			return false
		}
		as, ok := stack[k].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, r := range as.Rhs {
			if r != call {
				continue
			}
			lhs, ok := ast.Unparen(as.Lhs[i]).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			s, ok := c.pass.TypesInfo.Selections[lhs]
			return ok && s.Obj() == c.pass.TypesInfo.Selections[e].Obj() && types.ExprString(lhs.X) == types.ExprString(e.X)
		}
	}
	return false
}

// readsAsNil reports whether the field selection at the top of stack, of
// a slice, map, pointer, function or interface, is only read in a way that
// works on nil: compared with nil, the operand of len, cap, append, delete
// or range, or a map looked up for a value used as it is.
func (c *checker) readsAsNil(stack []ast.Node) bool {
	info := c.pass.TypesInfo
	e := stack[len(stack)-1].(ast.Expr)
	var isSlice, isMap bool
	switch info.TypeOf(e).Underlying().(type) {
	case *types.Slice:
		isSlice = true
	case *types.Map:
		isMap = true
	}
	j, child := up(stack, len(stack)-1)
	if j < 0 {
		return false
	}
	switch p := stack[j].(type) {
	case *ast.BinaryExpr:
		other := p.X
		if other == child {
			other = p.Y
		}
		return (p.Op == token.EQL || p.Op == token.NEQ) && info.Types[other].IsNil()
	case *ast.CallExpr:
		if !containsNode(p.Args, child) {
			return false
		}
		first := p.Args[0] == child
		return (isSlice || isMap) && (c.isBuiltin(p.Fun, "len") || c.isBuiltin(p.Fun, "cap") && isSlice) ||
			isSlice && first && c.isBuiltin(p.Fun, "append") ||
			isMap && first && c.isBuiltin(p.Fun, "delete")
	case *ast.RangeStmt:
		return (isSlice || isMap) && p.X == child
	case *ast.IndexExpr:
		if !isMap || p.X != child {
			return false
		}
		// A lookup whose value is used as it is, not a store into the
		// map, nor a lookup whose zero value is indexed, dereferenced,
		// called, ranged over or received from.
		k, idx := up(stack, j)
		if k < 0 {
			return false
		}
		switch q := stack[k].(type) {
		case *ast.AssignStmt:
			return !containsNode(q.Lhs, idx)
		case *ast.RangeStmt, *ast.IncDecStmt, *ast.UnaryExpr, *ast.StarExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr,
			*ast.SliceExpr, *ast.TypeAssertExpr:
			return false
		case *ast.CallExpr:
			return q.Fun != idx
		}
		return true
	}
	return false
}

// containsNode reports whether list holds n.
func containsNode(list []ast.Expr, n ast.Node) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// isBuiltin reports whether fun names the built-in function name.
func (c *checker) isBuiltin(fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// cloneFix returns the fix of a use-after-transfer report whose access
// acc, by instr after the transfer w.p, reads u.v's memory, when the
// transfer is a channel send of a local variable or a field of slice or
// map type whose elements reach no mutable memory (so that a shallow copy
// copies all of it), read right after in the same block: it sends a copy,
// with slices.Clone or maps.Clone (Go 1.21). The receiver writes what it
// receives (otherwise a read would not be reported); nothing between the
// send and the read may synchronise with it, which would be a join the
// analysis does not see, after which the read is meant to see the writes.
func (c *checker) cloneFix(w *walker, instr ssa.Instruction, acc *access, u use) []analysis.SuggestedFix {
	send, ok := w.p.Instr.(*ssa.Send)
	if !ok || acc.write || acc.keeps || send.X != u.v || !readsRightAfter(send, instr) {
		return nil
	}
	file := c.fileOf(send.Pos())
	if file == nil || ast.IsGenerated(file) || !c.atLeast(file, "go1.21") {
		return nil
	}
	st := c.names.sendAt(send.Pos())
	if st == nil {
		return nil
	}
	e := ast.Unparen(st.Value)
	info := c.pass.TypesInfo
	switch e := e.(type) {
	case *ast.Ident:
		obj, ok := info.Uses[e].(*types.Var)
		if !ok || obj.IsField() || obj.Pkg() != c.pass.Pkg || obj.Parent() == nil || obj.Parent() == c.pass.Pkg.Scope() {
			return nil // only a local variable
		}
	case *ast.SelectorExpr:
		if s, ok := info.Selections[e]; !ok || s.Kind() != types.FieldVal {
			return nil
		}
	default:
		return nil
	}
	t := info.TypeOf(e)
	if t == nil || !types.Identical(t, ssaops.Unboxed(send.X).Type()) {
		return nil
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return nil
	}
	var pkg string
	switch ut := t.Underlying().(type) {
	case *types.Slice:
		if model.ReachesMutable(ut.Elem()) {
			return nil
		}
		pkg = "slices"
	case *types.Map:
		if model.ReachesMutable(ut.Key()) || model.ReachesMutable(ut.Elem()) {
			return nil
		}
		pkg = "maps"
	default:
		return nil
	}
	edits, ok := c.importEdits(file, pkg, e.Pos())
	if !ok {
		return nil
	}
	edits = append(edits,
		analysis.TextEdit{Pos: e.Pos(), End: e.Pos(), NewText: []byte(pkg + ".Clone(")},
		analysis.TextEdit{Pos: e.End(), End: e.End(), NewText: []byte(")")})
	if !c.keepsGofmt(edits) {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "send a copy of " + types.ExprString(e), TextEdits: edits}}
}

// readingPackages are the standard packages whose functions, called
// right after a send, read what they are passed and do not synchronise
// with other goroutines.
var readingPackages = map[string]bool{
	"bytes": true, "encoding/json": true, "fmt": true, "log": true, "log/slog": true,
	"maps": true, "slices": true, "sort": true, "strconv": true, "strings": true,
}

// readsRightAfter reports whether use follows send in its block with no
// instruction in between that may synchronise with another goroutine (a
// receive, a send, a select, a call but of a built-in), and is itself a
// load, a map lookup or range, or a call of a built-in or of a function
// of readingPackages.
func readsRightAfter(send *ssa.Send, use ssa.Instruction) bool {
	if use.Block() != send.Block() {
		return false
	}
	after := false
	for _, instr := range send.Block().Instrs {
		if instr == send {
			after = true
			continue
		}
		if !after {
			if instr == use {
				return false
			}
			continue
		}
		if instr == use {
			break
		}
		switch i := instr.(type) {
		case *ssa.UnOp:
			if i.Op == token.ARROW {
				return false
			}
		case *ssa.Send, *ssa.Select:
			return false
		case ssa.CallInstruction:
			if _, ok := i.Common().Value.(*ssa.Builtin); !ok || i.Common().IsInvoke() {
				return false
			}
		}
	}
	if !after {
		return false
	}
	switch i := use.(type) {
	case *ssa.UnOp:
		return i.Op == token.MUL
	case *ssa.Lookup, *ssa.Range:
		return true
	case *ssa.Call:
		if _, ok := i.Call.Value.(*ssa.Builtin); ok {
			return true
		}
		fn := i.Call.StaticCallee()
		return fn != nil && fn.Pkg != nil && readingPackages[fn.Pkg.Pkg.Path()]
	}
	return false
}

// atLeast reports whether file is compiled at Go version min or later: by
// its module's go line, or by its //go:build line, which the go command
// only satisfies with a toolchain that recent. (types.Info.FileVersions
// raises a file's version to go1.21 at least, for its loop semantics.)
func (c *checker) atLeast(file *ast.File, min string) bool {
	if v := c.pass.Pkg.GoVersion(); version.IsValid(v) && version.Compare(v, min) >= 0 {
		return true
	}
	for _, g := range file.Comments {
		if g.Pos() > file.Package {
			break
		}
		for _, com := range g.List {
			if !constraint.IsGoBuild(com.Text) {
				continue
			}
			if expr, err := constraint.Parse(com.Text); err == nil {
				v := constraint.GoVersion(expr)
				return version.IsValid(v) && version.Compare(v, min) >= 0
			}
		}
	}
	return false
}

// fileOf returns the file of the package that holds pos.
func (c *checker) fileOf(pos token.Pos) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// transferStmt returns the statement of a transfer instruction that is a
// channel send, a go statement or a call that is a statement of its own,
// with the operands it hands over as written; or nil.
func transferStmt(file *ast.File, instr ssa.Instruction) (ast.Stmt, []ast.Expr) {
	var pos token.Pos
	switch instr := instr.(type) {
	case *ssa.Send:
		pos = instr.Pos()
	case *ssa.Go:
		pos = instr.Pos()
	case *ssa.Call:
		pos = instr.Common().Pos()
	default:
		return nil, nil // a select case, a deferred call
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.SendStmt:
			if _, ok := instr.(*ssa.Send); ok && n.Arrow == pos {
				return n, []ast.Expr{n.Value}
			}
		case *ast.GoStmt:
			if _, ok := instr.(*ssa.Go); ok && n.Go == pos {
				return n, n.Call.Args
			}
		case *ast.CallExpr:
			if _, ok := instr.(*ssa.Call); ok && n.Lparen == pos {
				if i+1 < len(path) {
					if st, ok := path[i+1].(*ast.ExprStmt); ok && st.X == n {
						return st, n.Args
					}
				}
				return nil, nil
			}
		}
	}
	return nil, nil
}

// inStmtList reports whether stmt is a statement of a block or of the
// body of a case: a statement inserted after it runs right after it.
func inStmtList(file *ast.File, stmt ast.Stmt) bool {
	path, _ := astutil.PathEnclosingInterval(file, stmt.Pos(), stmt.End())
	for i, n := range path {
		if n != stmt {
			continue
		}
		if i+1 == len(path) {
			return false
		}
		var list []ast.Stmt
		switch parent := path[i+1].(type) {
		case *ast.BlockStmt:
			list = parent.List
		case *ast.CaseClause:
			list = parent.Body
		case *ast.CommClause:
			list = parent.Body
		}
		for _, s := range list {
			if s == stmt {
				return true
			}
		}
		return false
	}
	return false
}

// source returns the content of the file that holds pos and its
// token.File, if the content is what was parsed.
func (c *checker) source(pos token.Pos) ([]byte, *token.File, bool) {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil, false
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() || bytes.IndexByte(src, '\r') >= 0 {
		return nil, nil, false
	}
	return src, tf, true
}

// keepsGofmt reports whether the edits, all in one file, leave it
// gofmt-clean if it is: they may not, when they change the alignment of
// the trailing comments of the lines around them.
func (c *checker) keepsGofmt(edits []analysis.TextEdit) bool {
	src, tf, ok := c.source(edits[0].Pos)
	if !ok {
		return false
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		return true // not gofmt-clean already: drivers format what they fix
	}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b analysis.TextEdit) int { return cmp.Compare(b.Pos, a.Pos) })
	out := slices.Clone(src)
	for _, e := range sorted {
		if c.pass.Fset.File(e.Pos) != tf {
			return false
		}
		out = slices.Concat(out[:tf.Offset(e.Pos)], e.NewText, out[tf.Offset(e.End):])
	}
	formatted, err := format.Source(out)
	return err == nil && bytes.Equal(formatted, out)
}

// lineAround returns, for the node from pos to end, the offset of the
// start of its first line and of the end of its last (its newline), and
// whether it is alone on those lines but for its indentation and a
// trailing line comment.
func lineAround(src []byte, tf *token.File, pos, end token.Pos) (start, stop int, ok bool) {
	start = tf.Offset(tf.LineStart(tf.Line(pos)))
	if len(bytes.Trim(src[start:tf.Offset(pos)], " \t")) != 0 {
		return 0, 0, false
	}
	e := tf.Offset(end)
	nl := bytes.IndexByte(src[e:], '\n')
	if nl < 0 {
		return 0, 0, false
	}
	rest := bytes.TrimLeft(src[e:e+nl], " \t")
	if len(rest) > 0 && !bytes.HasPrefix(rest, []byte("//")) {
		return 0, 0, false
	}
	return start, e + nl, true
}

// insertAfter returns the edit that inserts the statement text on a line
// of its own right after stmt, indented as stmt is. stmt must be alone on
// its lines (a trailing line comment aside).
func (c *checker) insertAfter(stmt ast.Stmt, text string) (analysis.TextEdit, bool) {
	src, tf, ok := c.source(stmt.Pos())
	if !ok {
		return analysis.TextEdit{}, false
	}
	start, stop, ok := lineAround(src, tf, stmt.Pos(), stmt.End())
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent := string(src[start:tf.Offset(stmt.Pos())])
	at := tf.Pos(stop)
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + indent + text)}, true
}

// importEdits returns the edits that make the standard package path
// usable as its name at pos in file: none if the file imports it under
// that name, one import otherwise. It fails if the name means anything
// else at pos, or if the file imports the package under another name.
func (c *checker) importEdits(file *ast.File, path string, pos token.Pos) ([]analysis.TextEdit, bool) {
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil, false
	}
	if _, obj := scope.LookupParent(path, pos); obj != nil {
		pn, ok := obj.(*types.PkgName)
		return nil, ok && pn.Imported().Path() == path
	}
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err != nil || p == path {
			return nil, false // imported as _, . or another name
		}
	}
	edit, ok := c.addImport(file, path)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{edit}, true
}

// addImport returns the edit that adds an import of the standard package
// path to file, gofmt-clean: in sorted place in the file's group of
// standard imports, or as a group of its own at the top of the first
// parenthesised import declaration, or as a declaration of its own after
// the last import declaration or the package clause.
func (c *checker) addImport(file *ast.File, path string) (analysis.TextEdit, bool) {
	src, tf, ok := c.source(file.Package)
	if !ok {
		return analysis.TextEdit{}, false
	}
	quoted := strconv.Quote(path)
	var lastDecl *ast.GenDecl
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		lastDecl = gd
		if !gd.Lparen.IsValid() || len(gd.Specs) == 0 {
			continue
		}
		groups := importGroups(tf, gd)
		for _, g := range groups {
			if !allStandard(g) {
				continue
			}
			for _, spec := range g {
				if importPath(spec) > path {
					return lineBefore(src, tf, spec, quoted+"\n")
				}
			}
			last := g[len(g)-1]
			start, stop, ok := lineAround(src, tf, last.Pos(), last.End())
			if !ok {
				return analysis.TextEdit{}, false
			}
			indent := string(src[start:tf.Offset(last.Pos())])
			at := tf.Pos(stop)
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + indent + quoted)}, true
		}
		// No group of standard imports: one of its own, first.
		return lineBefore(src, tf, gd.Specs[0].(*ast.ImportSpec), quoted+"\n\n")
	}
	var after ast.Node = file.Name
	if lastDecl != nil {
		after = lastDecl
	}
	_, stop, ok := lineAround(src, tf, after.Pos(), after.End())
	if lastDecl == nil {
		// The package clause: its line starts with "package".
		_, stop, ok = lineAround(src, tf, file.Package, file.Name.End())
	}
	if !ok {
		return analysis.TextEdit{}, false
	}
	text := "\nimport " + quoted
	if lastDecl == nil {
		text = "\n\nimport " + quoted
	}
	at := tf.Pos(stop)
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}, true
}

// importGroups splits the specs of a parenthesised import declaration
// into the runs of consecutive lines that gofmt sorts.
func importGroups(tf *token.File, gd *ast.GenDecl) [][]*ast.ImportSpec {
	var groups [][]*ast.ImportSpec
	lastLine := -1
	for _, s := range gd.Specs {
		spec := s.(*ast.ImportSpec)
		first := spec.Pos()
		if spec.Doc != nil {
			first = spec.Doc.Pos()
		}
		if len(groups) == 0 || tf.Line(first) > lastLine+1 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], spec)
		lastLine = tf.Line(spec.End())
	}
	return groups
}

// allStandard reports whether every import of g is of a standard
// package: no dot in the path's first element.
func allStandard(g []*ast.ImportSpec) bool {
	for _, spec := range g {
		first, _, _ := strings.Cut(importPath(spec), "/")
		if strings.Contains(first, ".") {
			return false
		}
	}
	return true
}

// importPath returns the path an import spec imports.
func importPath(spec *ast.ImportSpec) string {
	p, _ := strconv.Unquote(spec.Path.Value)
	return p
}

// lineBefore returns the edit that inserts text, indented like spec, at the
// start of the line of spec or of its doc comment.
func lineBefore(src []byte, tf *token.File, spec *ast.ImportSpec, text string) (analysis.TextEdit, bool) {
	first := spec.Pos()
	if spec.Doc != nil {
		first = spec.Doc.Pos()
	}
	start, _, ok := lineAround(src, tf, first, spec.End())
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent := string(src[start:tf.Offset(first)])
	at := tf.Pos(start)
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(indent + text)}, true
}
