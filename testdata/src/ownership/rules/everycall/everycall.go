// Package everycall pins the evidence rule for transfers inside callees:
// in the default reading a call gives up its argument only if every
// successful call of the callee does (a path that returns an error or
// panics is not a success). A callee that sends on some paths only (to
// each of a list of observers, when a flag is set) may keep the value;
// the strict reading reports those too (ownership/strict).
package everycall

import "errors"

// Msg is written by the workers that receive it.
type Msg struct {
	Body []byte
	Seq  int
}

// Bus delivers messages to its workers.
type Bus struct {
	work      chan *Msg
	observers []chan *Msg
	tracing   bool
	closed    bool
}

func (b *Bus) worker() {
	for m := range b.work {
		m.Seq++
	}
}

func (b *Bus) watch(ch chan *Msg) {
	for m := range ch {
		m.Body = nil
	}
}

var errClosed = errors.New("closed")

// deliver always sends m, unless it fails.
func (b *Bus) deliver(m *Msg) error {
	if b.closed {
		return errClosed
	}
	b.work <- m
	return nil
}

// mustDeliver always sends m, or panics.
func (b *Bus) mustDeliver(m *Msg) {
	if b.closed {
		panic("closed")
	}
	b.work <- m
}

// relay always gives m up through deliver, two calls deep.
func (b *Bus) relay(m *Msg) error { return b.deliver(m) }

// notify sends m to the first observer, if there is one.
func (b *Bus) notify(m *Msg) {
	if len(b.observers) > 0 {
		b.observers[0] <- m
	}
}

// trace sends m only when tracing.
func (b *Bus) trace(m *Msg) {
	if b.tracing {
		b.work <- m
	}
}

// Deliver writes a message every successful deliver has given up.
func (b *Bus) Deliver(m *Msg) {
	if err := b.deliver(m); err != nil {
		return
	}
	m.Seq = 0 // want `m is written after it was given up by \(\*everycall.Bus\).deliver`
}

// MustDeliver writes a message mustDeliver gave up or panicked.
func (b *Bus) MustDeliver(m *Msg) {
	b.mustDeliver(m)
	m.Body = nil // want `m is written after it was given up by \(\*everycall.Bus\).mustDeliver`
}

// Relay writes a message given up two calls deep.
func (b *Bus) Relay(m *Msg) {
	b.relay(m)
	m.Seq = 1 // want `m is written after it was given up by \(\*everycall.Bus\).relay`
}

// Notify writes a message that an observer, if any, may hold: quiet by
// default.
func (b *Bus) Notify(m *Msg) {
	b.notify(m)
	m.Seq = 2
}

// Trace writes a message that is sent only when tracing: quiet by default.
func (b *Bus) Trace(m *Msg) {
	b.trace(m)
	m.Seq = 3
}

// NotifyDirect sends to the first observer itself: the transfer is in
// this function, so a write on a path after it is reported.
func (b *Bus) NotifyDirect(m *Msg) {
	if len(b.observers) > 0 {
		b.observers[0] <- m
	}
	m.Seq = 4 // want `m is written after it was sent on b.observers\[0\]`
}

func (b *Bus) start() {
	go b.worker()
	for _, o := range b.observers {
		go b.watch(o)
	}
}
