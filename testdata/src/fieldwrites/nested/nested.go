package nested // want package:` written\(\[\]\*fieldwrites/nested.AfterProc, \[\]\*fieldwrites/nested.Proc, fieldwrites/nested.AfterCtx.parent, fieldwrites/nested.ReplacedCtx.parent, fieldwrites/nested.SharedCtx.parent, fieldwrites/nested.SharedCtx.state, fieldwrites/nested.registry.procs\)}$`

// A Proc is built by newProc, which gives it a Ctx of its own; the caller
// finishes building both before it publishes the Proc: construction.
type Ctx struct {
	id     int
	parent *Ctx
}

type Proc struct {
	name string
	ctx  *Ctx
}

func newCtx(id int) *Ctx { return &Ctx{id: id} }

func newProc(name string) *Proc {
	c := newCtx(len(name))
	return &Proc{name: name, ctx: c}
}

type registry struct{ procs []*Proc }

var reg registry

func (r *registry) add(p *Proc) { r.procs = append(r.procs, p) }

// SpawnChild sets the new context's parent before the process is
// published.
func SpawnChild(parent *Ctx, name string) *Proc {
	p := newProc(name)
	p.ctx.parent = parent
	reg.add(p)
	return p
}

// A SharedCtx is one context every SharedProc points to: setting its
// parent through a new SharedProc writes memory others see.
type SharedCtx struct {
	parent *SharedCtx
	state  int
}

type SharedProc struct{ ctx *SharedCtx }

var common = &SharedCtx{}

func newSharedProc() *SharedProc { return &SharedProc{ctx: common} }

func SpawnShared(parent *SharedCtx) *SharedProc {
	p := newSharedProc()
	p.ctx.parent = parent
	return p
}

func (c *SharedCtx) Bump() { c.state++ }

// An AfterCtx's parent is set after its process was published.
type AfterCtx struct{ parent *AfterCtx }

type AfterProc struct{ ctx *AfterCtx }

func newAfterProc() *AfterProc { return &AfterProc{ctx: &AfterCtx{}} }

var published []*AfterProc

func SpawnAfter(parent *AfterCtx) *AfterProc {
	p := newAfterProc()
	published = append(published, p)
	p.ctx.parent = parent
	return p
}

// A ReplacedCtx is swapped for a caller's context before the write.
type ReplacedCtx struct{ parent *ReplacedCtx }

type ReplacedProc struct{ ctx *ReplacedCtx }

func newReplacedProc() *ReplacedProc { return &ReplacedProc{ctx: &ReplacedCtx{}} }

func SpawnReplaced(existing, parent *ReplacedCtx) *ReplacedProc {
	p := newReplacedProc()
	p.ctx = existing
	p.ctx.parent = parent
	return p
}
