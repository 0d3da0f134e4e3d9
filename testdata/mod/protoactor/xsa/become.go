// Package xsa holds protoactor-go actors for the xsa pass: a batch kept
// in a field and sent from a later message, with the reset in the same
// handler, in the handler a Become installs next, or nowhere.
package xsa

import "github.com/asynkron/protoactor-go/actor"

// Entry is what the actors collect.
type Entry struct{ Term, Index int }

// Flush asks an actor to send what it collected.
type Flush struct{}

// Ack tells an actor that its batch was stored.
type Ack struct{}

// Batcher collects entries and, on Flush, sends them and switches to
// draining until the store acknowledges; draining starts a new batch. The
// reset is in the next handler: quiet with xsa.
type Batcher struct {
	behavior actor.Behavior
	store    *actor.PID
	batch    []*Entry
}

// NewBatcher returns a Batcher collecting.
func NewBatcher(store *actor.PID) *Batcher {
	b := &Batcher{store: store}
	b.behavior = actor.NewBehavior()
	b.behavior.Become(b.Collecting)
	return b
}

func (b *Batcher) Receive(ctx actor.Context) { b.behavior.Receive(ctx) }

// Collecting appends entries; Flush sends them.
func (b *Batcher) Collecting(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		b.batch = append(b.batch, m)
	case Flush:
		ctx.Send(b.store, b.batch)
		b.behavior.Become(b.Draining)
	}
}

// Draining forgets the sent batch before anything else.
func (b *Batcher) Draining(ctx actor.Context) {
	b.batch = nil
	if _, ok := ctx.Message().(Ack); ok {
		b.behavior.Become(b.Collecting)
	}
}

// Resender sends its log on Flush without a reset, and sends the same
// log again to a second store on the next Flush (the thesis' §4.6.1
// pattern 2): both stores, and the appends, share it.
type Resender struct {
	primary, backup *actor.PID
	log             []*Entry
}

func (r *Resender) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		r.log = append(r.log, m)
	case Flush:
		ctx.Send(r.primary, r.log) // want `r.log is sent with \(actor.senderPart\).Send but stays reachable from r.log`
	case Ack:
		ctx.Send(r.backup, r.log) // want `r.log is sent with \(actor.senderPart\).Send but stays reachable from r.log`
	}
}

// Fresh resets its batch in the same handler, right after the send:
// quiet with xsa.
type Fresh struct {
	store *actor.PID
	batch []*Entry
}

func (f *Fresh) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		f.batch = append(f.batch, m)
	case Flush:
		ctx.Send(f.store, f.batch)
		f.batch = nil
	}
}

// Hasty switches to a draining handler that reports the size of the sent
// batch before it forgets it: the handler a Become installs reads it.
type Hasty struct {
	behavior actor.Behavior
	store    *actor.PID
	batch    []*Entry
	drained  int
}

// NewHasty returns a Hasty collecting.
func NewHasty(store *actor.PID) *Hasty {
	h := &Hasty{store: store}
	h.behavior = actor.NewBehavior()
	h.behavior.Become(h.Collecting)
	return h
}

func (h *Hasty) Receive(ctx actor.Context) { h.behavior.Receive(ctx) }

// Collecting appends entries; Flush sends them.
func (h *Hasty) Collecting(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Entry:
		h.batch = append(h.batch, m)
	case Flush:
		ctx.Send(h.store, h.batch) // want `h.batch is sent with \(actor.senderPart\).Send but stays reachable from h.batch`
		h.behavior.Become(h.Draining)
	}
}

// Draining reads the last entry of the sent batch, then forgets it.
func (h *Hasty) Draining(ctx actor.Context) {
	if n := len(h.batch); n > 0 {
		h.drained = h.batch[n-1].Index
	}
	h.batch = nil
	if _, ok := ctx.Message().(Ack); ok {
		h.behavior.Become(h.Collecting)
	}
}
