package ownership

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/psharpvet/psharpvet/internal/transfer"
	"github.com/psharpvet/psharpvet/passes/givesup"
)

// transferPhrase says what the point does with v, as the subject of a
// sentence: "m is sent on ch".
func (c *checker) transferPhrase(p transfer.Point, v ssa.Value) string {
	name := c.names.given(v, p.Instr)
	switch p.Kind {
	case transfer.Send:
		return fmt.Sprintf("%s is sent on %s", name, c.names.chanName(p.Instr, v))
	case transfer.Go:
		return fmt.Sprintf("%s is handed to a new goroutine", name)
	case transfer.Call:
		return fmt.Sprintf("%s is passed to %s", name, c.calleePhrase(p))
	default:
		return fmt.Sprintf("%s is given up by %s (which %s)", name, c.calleePhrase(p), p.Why)
	}
}

// afterPhrase says when the transfer happened: "sent on ch (line 12)".
func (c *checker) afterPhrase(p transfer.Point, v ssa.Value) string {
	line := c.pass.Fset.Position(p.Instr.Pos()).Line
	switch p.Kind {
	case transfer.Send:
		return fmt.Sprintf("sent on %s (line %d)", c.names.chanName(p.Instr, v), line)
	case transfer.Go:
		return fmt.Sprintf("handed to the goroutine started at line %d", line)
	case transfer.Call:
		return fmt.Sprintf("passed to %s (line %d)", c.calleePhrase(p), line)
	default:
		return fmt.Sprintf("given up by %s (line %d), which %s", c.calleePhrase(p), line, p.Why)
	}
}

// consequence says who may race with the sender.
func (c *checker) consequence(p transfer.Point) string {
	switch {
	case p.Kind == transfer.Send:
		return "the receiver may be using it concurrently"
	case p.Spawns:
		return "the goroutine may be using it concurrently"
	default:
		return "whoever receives it may be using it concurrently"
	}
}

func (c *checker) calleePhrase(p transfer.Point) string {
	switch {
	case p.CalleeObj != nil:
		return givesup.ShortFuncName(p.CalleeObj)
	case p.Callee != nil:
		return p.Callee.Name()
	}
	return "the callee"
}

// calleeName names the function a call instruction calls.
func (c *checker) calleeName(call ssa.CallInstruction) string {
	cm := call.Common()
	if cm.IsInvoke() {
		return cm.Method.Name()
	}
	if fn := cm.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return givesup.ShortFuncName(obj)
		}
		if fn.Parent() != nil {
			return "a function literal"
		}
		return fn.Name()
	}
	return c.names.value(cm.Value, call)
}

// reportUse reports an access after a transfer (condition 3).
func (c *checker) reportUse(w *walker, instr ssa.Instruction, acc *access) {
	v := w.p.Given[0]
	for _, g := range w.given {
		if g.objs.Intersects(acc.objs) {
			v = g.v
			break
		}
	}
	name := c.names.given(v, w.p.Instr)
	if strings.ContainsAny(name, "{(") {
		// A composite literal or call was sent: name what was touched.
		if n := valueName(acc.operand, 0); n != "" {
			name = n
		}
	}
	msg := fmt.Sprintf("%s is %s after it was %s; %s", name, acc.verb, c.afterPhrase(w.p, v), c.consequence(w.p))
	pos := instr.Pos()
	if !pos.IsValid() {
		pos = acc.operand.Pos()
	}
	if !pos.IsValid() {
		pos = w.p.Instr.Pos()
	}
	c.report(pos, w.p, msg, nil)
}

// report emits one diagnostic, with the transfer point as related
// information, unless pos was already blamed.
func (c *checker) report(pos token.Pos, p transfer.Point, msg string, related []analysis.RelatedInformation) {
	if c.reported[pos] {
		return
	}
	c.reported[pos] = true
	if pos != p.Instr.Pos() {
		related = append([]analysis.RelatedInformation{{Pos: p.Instr.Pos(), Message: "transferred here"}}, related...)
	}
	c.pass.Report(analysis.Diagnostic{Pos: pos, Message: msg, Related: related})
}
