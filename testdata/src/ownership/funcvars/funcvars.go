// Package funcvars pins the rule that a spawn of a declared function or of
// a package-level function variable gives nothing up: such a function can
// capture only package-level variables, which every goroutine shares. The
// shape is protoactor-go's own (a receive function wrapped in props that
// produce the actor); the test declares PropsFromFunc a spawn with
// -concur.spawn='ownership/funcvars.PropsFromFunc:0'.
package funcvars

// Ctx runs an actor on the messages it is given.
type Ctx struct {
	props *Props
	actor Actor
	msg   any
}

type Actor interface{ Receive(c *Ctx) }

type ReceiveFunc func(c *Ctx)

func (f ReceiveFunc) Receive(c *Ctx) { f(c) }

type Props struct{ producer func() Actor }

// PropsFromFunc makes props whose actor runs f for every message.
func PropsFromFunc(f ReceiveFunc) *Props { return &Props{producer: func() Actor { return f }} }

func newCtx(p *Props) *Ctx { return &Ctx{props: p} }

func (c *Ctx) process(m any) {
	c.msg = m
	if c.actor == nil {
		c.actor = c.props.producer()
	}
	c.actor.Receive(c)
}

var nullReceive ReceiveFunc = func(*Ctx) {}

// Bench processes messages with a receive function kept in a package-level
// variable: quiet.
func Bench() {
	ctx := newCtx(PropsFromFunc(nullReceive))
	for i := 0; i < 3; i++ {
		ctx.process(i)
	}
}

// BenchLocal's receive function captures a local the benchmark keeps
// using. (By default ctx.process, which reaches the function only through
// calls of function values loaded from fields, is no evidence of a use.)
func BenchLocal() {
	n := 0
	ctx := newCtx(PropsFromFunc(func(*Ctx) { n++ }))
	ctx.process(1)
	n = 5 // want `n is written after it was passed to funcvars.PropsFromFunc \(line \d+\); the goroutine may be using it concurrently`
}
