// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package ownership

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/ssaops"
	"github.com/psharpvet/psharpvet/internal/transfer"
)

// sourceNames finds the source text of transfer operands, to name them in
// messages as the user wrote them. It indexes the files on first use.
type sourceNames struct {
	files []*ast.File
	sends map[token.Pos]*ast.SendStmt
	gos   map[token.Pos]*ast.GoStmt
	calls map[token.Pos]*ast.CallExpr
}

func newSourceNames(files []*ast.File) *sourceNames {
	return &sourceNames{files: files}
}

func (n *sourceNames) index() {
	if n.sends != nil {
		return
	}
	n.sends = make(map[token.Pos]*ast.SendStmt)
	n.gos = make(map[token.Pos]*ast.GoStmt)
	n.calls = make(map[token.Pos]*ast.CallExpr)
	for _, f := range n.files {
		ast.Inspect(f, func(node ast.Node) bool {
			switch node := node.(type) {
			case *ast.SendStmt:
				n.sends[node.Arrow] = node
			case *ast.GoStmt:
				n.gos[node.Go] = node
			case *ast.CallExpr:
				n.calls[node.Lparen] = node
			}
			return true
		})
	}
}

// sendAt returns the send statement whose arrow is at pos.
func (n *sourceNames) sendAt(pos token.Pos) *ast.SendStmt {
	n.index()
	return n.sends[pos]
}

// callAt returns the call expression of a call, go or defer instruction.
func (n *sourceNames) callAt(instr ssa.CallInstruction) *ast.CallExpr {
	n.index()
	if g, ok := instr.(*ssa.Go); ok {
		if st := n.gos[g.Pos()]; st != nil {
			return st.Call
		}
	}
	return n.calls[instr.Common().Pos()]
}

// given names a value given up at a transfer instruction as written.
func (n *sourceNames) given(v ssa.Value, instr ssa.Instruction) string {
	if name := n.request(v, instr); name != "" {
		return name
	}
	switch instr := instr.(type) {
	case *ssa.Send:
		if st := n.sendAt(instr.Pos()); st != nil {
			return types.ExprString(st.Value)
		}
	case *ssa.Select:
		for _, s := range instr.States {
			if s.Send == v {
				if st := n.sendAt(s.Pos); st != nil {
					return types.ExprString(st.Value)
				}
			}
		}
	case ssa.CallInstruction:
		if name := n.argName(v, instr); name != "" {
			return name
		}
	}
	if call, ok := v.(*ssa.Call); ok {
		// A message a Forward gives up: the call that delivered it
		// (c.Message()).
		if ce := n.callAt(call); ce != nil {
			return types.ExprString(ce)
		}
	}
	return n.value(v, instr)
}

// argName names an operand of a call by its source expression.
func (n *sourceNames) argName(v ssa.Value, instr ssa.CallInstruction) string {
	c := instr.Common()
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		for k, b := range mc.Bindings {
			if b == v {
				return n.bindingName(mc, k)
			}
		}
	}
	call := n.callAt(instr)
	if call == nil {
		return ""
	}
	recvExpr := func() string {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return types.ExprString(sel.X)
		}
		return ""
	}
	if c.IsInvoke() && v == c.Value {
		return recvExpr()
	}
	for i, a := range c.Args {
		if a != v {
			continue
		}
		j := i
		if !c.IsInvoke() && c.Signature().Recv() != nil {
			if i == 0 {
				return recvExpr()
			}
			j = i - 1
		}
		if j < len(call.Args) {
			return types.ExprString(call.Args[j])
		}
	}
	return ""
}

// request names the request v that instr answers (transfer.RepliedTo):
// the operand of the channel's field selector, r in r.reply <- x and in
// close(r.done), or "" if instr does not answer v.
func (n *sourceNames) request(v ssa.Value, instr ssa.Instruction) string {
	var ch ast.Expr
	switch instr := instr.(type) {
	case *ssa.Send:
		if transfer.RepliedTo(instr.Chan) != v {
			return ""
		}
		if st := n.sendAt(instr.Pos()); st != nil {
			ch = st.Chan
		}
	case *ssa.Call:
		if ch := ssaops.ClosedChan(&instr.Call); ch == nil || transfer.RepliedTo(ch) != v {
			return ""
		}
		if ce := n.callAt(instr); ce != nil && len(ce.Args) == 1 {
			ch = ce.Args[0]
		}
	}
	if sel, ok := ast.Unparen(ch).(*ast.SelectorExpr); ok {
		return types.ExprString(sel.X)
	}
	return ""
}

// chanName names the channel of a send.
func (n *sourceNames) chanName(p ssa.Instruction, sent ssa.Value) string {
	switch instr := p.(type) {
	case *ssa.Send:
		if st := n.sendAt(instr.Pos()); st != nil {
			return types.ExprString(st.Chan)
		}
	case *ssa.Select:
		for _, s := range instr.States {
			if s.Send == sent {
				if st := n.sendAt(s.Pos); st != nil {
					return types.ExprString(st.Chan)
				}
			}
		}
	}
	return "a channel"
}

// value names an SSA value by the variables and fields it comes from.
func (n *sourceNames) value(v ssa.Value, at ssa.Instruction) string {
	if s := valueName(v, 0); s != "" {
		return s
	}
	if call, ok := at.(ssa.CallInstruction); ok {
		if s := n.argName(v, call); s != "" {
			return s
		}
	}
	return "a value"
}

func valueName(v ssa.Value, depth int) string {
	if depth > 6 {
		return ""
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Name()
	case *ssa.FreeVar:
		return v.Name()
	case *ssa.Global:
		return v.Name()
	case *ssa.Alloc:
		if isVarComment(v.Comment) {
			return v.Comment
		}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return valueName(v.X, depth+1)
		}
	case *ssa.FieldAddr:
		if base := valueName(v.X, depth+1); base != "" {
			return base + "." + fieldOf(v.X.Type(), v.Field)
		}
	case *ssa.Field:
		if base := valueName(v.X, depth+1); base != "" {
			return base + "." + fieldOf(v.X.Type(), v.Field)
		}
	case *ssa.IndexAddr:
		if base := valueName(v.X, depth+1); base != "" {
			return base + "[…]"
		}
	case *ssa.Index:
		if base := valueName(v.X, depth+1); base != "" {
			return base + "[…]"
		}
	case *ssa.Lookup:
		if base := valueName(v.X, depth+1); base != "" {
			return base + "[…]"
		}
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.Slice:
		// A conversion, a boxing or a reslicing names the memory of its
		// operand.
		x, _ := ssaops.Alias(v.(ssa.Instruction))
		return valueName(x, depth+1)
	}
	return ""
}

// isVarComment tells an Alloc named after a variable from one made for a
// composite literal or a temporary.
func isVarComment(c string) bool {
	switch c {
	case "", "complit", "new", "varargs", "slicelit", "makeslice", "rangeindex", "range":
		return false
	}
	return !strings.ContainsAny(c, " (")
}

// fieldOf names field i of the struct t is or points to, or "?".
func fieldOf(t types.Type, i int) string {
	if name, ok := ssaops.FieldName(t, i); ok {
		return name
	}
	return "?"
}

// bindingName names the variable mc captures as its k-th binding: the
// function literal's name for it, or for a method value (s.run, whose
// wrapper calls its one binding "recv"), the receiver as written.
func (n *sourceNames) bindingName(mc *ssa.MakeClosure, k int) string {
	fn := mc.Fn.(*ssa.Function)
	if ssaops.IsBoundMethod(fn) {
		// The closure's position is the selector's name.
		for _, f := range n.files {
			if f.Pos() <= mc.Pos() && mc.Pos() < f.End() {
				path, _ := astutil.PathEnclosingInterval(f, mc.Pos(), mc.Pos())
				if len(path) > 1 {
					if sel, ok := path[1].(*ast.SelectorExpr); ok {
						return types.ExprString(sel.X)
					}
				}
			}
		}
	}
	return fn.FreeVars[k].Name()
}
