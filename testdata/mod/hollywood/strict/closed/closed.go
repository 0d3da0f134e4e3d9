// Package closed holds Hollywood actors whose receiving side is closed in
// the strict reading: the sender keeps the PID of an actor it spawned, of
// a type of the package, in an unexported field, and every handler of that
// type only reads the messages it gets. Reading a message after sending it
// to such an actor is then no race; writing it still is.
package closed

import (
	"slices"

	"github.com/anthdm/hollywood/actor"
)

// Job is a message with an exported field, which the strict reading does
// not take as read-only on its own.
type Job struct {
	Items []int
}

// Counter only reads what it gets and writes its own fields.
type Counter struct {
	seen, sum int
}

func newCounter() actor.Producer {
	return func() actor.Receiver { return &Counter{} }
}

func (k *Counter) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Job:
		k.seen++
		for _, x := range m.Items {
			k.sum += x
		}
	}
}

// Boss sends jobs to a counter it spawned.
type Boss struct {
	counter *actor.PID
	items   []int
}

func (b *Boss) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		b.counter = c.SpawnChild(newCounter(), "counter")
	case string:
		b.ReadAfterSend(c)
	case int:
		b.WriteAfterSend(c)
	}
}

// ReadAfterSend reads the job after sending it to a counter, which only
// reads it: quiet.
func (b *Boss) ReadAfterSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(b.counter, job)
	_ = len(job.Items) + job.Items[0]
}

// WriteAfterSend writes the job after sending it: a race whoever receives
// it.
func (b *Boss) WriteAfterSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(b.counter, job)
	job.Items[0] = 3 // want `job is written after it was sent`
}

// Scribbler writes the jobs it gets.
type Scribbler struct{}

func (s *Scribbler) Receive(c *actor.Context) {
	if m, ok := c.Message().(*Job); ok && len(m.Items) > 0 {
		m.Items[0]++
	}
}

// Editor sends jobs to a scribbler it spawned, and to a counter.
type Editor struct {
	scribbler *actor.PID
	counter   *actor.PID
}

func (e *Editor) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		e.scribbler = c.SpawnChild(func() actor.Receiver { return &Scribbler{} }, "scribbler")
		e.counter = c.SpawnChild(newCounter(), "counter")
	case string:
		e.ReadAfterScribblerSend(c)
	case int:
		e.BroadcastToScribbler(c)
	}
}

// BroadcastToScribbler gives one job to a counter and then to a
// scribbler, which writes it while the counter reads it: reported.
func (e *Editor) BroadcastToScribbler(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(e.counter, job)
	c.Send(e.scribbler, job) // want `job is passed to \(\*actor.Context\).Send after it was sent`
}

// ReadAfterScribblerSend reads the job after sending it to a scribbler,
// which writes it: reported.
func (e *Editor) ReadAfterScribblerSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(e.scribbler, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// Publisher hands its counter's PID to code the analysis cannot see,
// which may be anything.
type Publisher struct {
	counter *actor.PID
	publish func(*actor.PID)
}

func (p *Publisher) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		p.counter = c.SpawnChild(newCounter(), "counter")
		p.publish(p.counter)
	case string:
		p.ReadAfterLeakySend(c)
	}
}

// ReadAfterLeakySend reads the job after sending it to a PID that was
// handed to unseen code: reported.
func (p *Publisher) ReadAfterLeakySend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(p.counter, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// Keeper keeps the jobs it gets in its fields: not closed yet (a
// per-field provenance over its handlers would be needed).
type Keeper struct {
	last *Job
}

func (k *Keeper) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Job:
		k.last = m
	case string:
		if k.last != nil {
			k.last.Items = nil
		}
	}
}

// Owner sends jobs to a keeper it spawned.
type Owner struct {
	keeper *actor.PID
}

func (o *Owner) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		o.keeper = c.SpawnChild(func() actor.Receiver { return &Keeper{} }, "keeper")
	case string:
		o.ReadAfterKeeperSend(c)
	}
}

// ReadAfterKeeperSend reads the job after sending it to a keeper, whose
// next handler writes it: reported.
func (o *Owner) ReadAfterKeeperSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(o.keeper, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// Watcher spawns a counter with a middleware, which sees every message
// before the handler and here writes it.
type Watcher struct {
	counter *actor.PID
}

func scribble(next actor.ReceiveFunc) actor.ReceiveFunc {
	return func(c *actor.Context) {
		if m, ok := c.Message().(*Job); ok && len(m.Items) > 0 {
			m.Items[0] = 0
		}
		next(c)
	}
}

func (w *Watcher) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		w.counter = c.SpawnChild(newCounter(), "counter", actor.WithMiddleware(scribble))
	case string:
		w.ReadAfterWatchedSend(c)
	}
}

// ReadAfterWatchedSend reads the job after sending it to a counter whose
// middleware writes it: reported.
func (w *Watcher) ReadAfterWatchedSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(w.counter, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// Spreader sends one job to two counters it spawned, and reads it after:
// both only read it, quiet.
type Spreader struct {
	left, right *actor.PID
}

func (s *Spreader) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		s.left = c.SpawnChild(newCounter(), "left")
		s.right = c.SpawnChild(newCounter(), "right")
	case string:
		s.Broadcast(c)
	}
}

// Broadcast gives one job to both counters.
func (s *Spreader) Broadcast(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(s.left, job)
	c.Send(s.right, job)
	_ = job.Items[1]
}

// Relay sends through a helper, which gives up the job read-only.
type Relay struct {
	counter *actor.PID
}

func (r *Relay) send(c *actor.Context, msg any) {
	c.Send(r.counter, msg)
}

func (r *Relay) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		r.counter = c.SpawnChild(newCounter(), "counter")
	case string:
		r.ReadAfterHelperSend(c)
	}
}

// ReadAfterHelperSend reads the job after a helper sent it: quiet.
func (r *Relay) ReadAfterHelperSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	r.send(c, job)
	_ = job.Items[0]
}

// Report asks a recorder for what it recorded.
type Report struct{}

// Recorder keeps the items of the last job it got, which it only reads
// afterwards, and writes only memory of its own: the lengths it appends
// to and the map it made.
type Recorder struct {
	last    []int
	lengths []int
	seen    map[int]bool
}

func (r *Recorder) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		r.seen = make(map[int]bool)
	case *Job:
		r.last = m.Items
		r.lengths = append(r.lengths, len(m.Items))
		for _, x := range m.Items {
			r.seen[x] = true
		}
	case *Report:
		c.Respond(&Job{Items: slices.Clone(r.lengths)})
		c.Respond(&Job{Items: slices.Clone(r.last)})
	}
}

// Hoarder keeps the items of the jobs it gets and later writes them.
type Hoarder struct {
	last []int
}

func (h *Hoarder) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Job:
		h.last = m.Items
	case string:
		if len(h.last) > 0 {
			h.last[0] = 0
		}
	}
}

// Box holds a job.
type Box struct{ J *Job }

// Boxer keeps the jobs it gets in a box of its own, and later writes them.
type Boxer struct {
	box *Box
}

func (b *Boxer) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Job:
		b.box = &Box{J: m}
	case string:
		if b.box != nil && len(b.box.J.Items) > 0 {
			b.box.J.Items[0] = 0
		}
	}
}

// Archivist sends jobs to a recorder, a hoarder and a boxer it spawned.
type Archivist struct {
	recorder, hoarder, boxer *actor.PID
}

func (a *Archivist) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		a.recorder = c.SpawnChild(func() actor.Receiver { return &Recorder{} }, "recorder")
		a.hoarder = c.SpawnChild(func() actor.Receiver { return &Hoarder{} }, "hoarder")
		a.boxer = c.SpawnChild(func() actor.Receiver { return &Boxer{} }, "boxer")
	case string:
		a.ReadAfterRecorderSend(c)
		a.ReadAfterHoarderSend(c)
		a.ReadAfterBoxerSend(c)
	}
}

// ReadAfterRecorderSend reads the job after sending it to a recorder,
// which keeps its items but only reads them: quiet.
func (a *Archivist) ReadAfterRecorderSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(a.recorder, job)
	_ = job.Items[0]
}

// ReadAfterHoarderSend reads the job after sending it to a hoarder, whose
// later handler writes the items it kept: reported.
func (a *Archivist) ReadAfterHoarderSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(a.hoarder, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// ReadAfterBoxerSend reads the job after sending it to a boxer, whose
// later handler writes the job through the box it made: reported.
func (a *Archivist) ReadAfterBoxerSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(a.boxer, job)
	_ = job.Items[0] // want `job is read after it was sent`
}

// exposed is where an exposer publishes itself.
var exposed actor.Receiver

// Exposer publishes itself, through its context, where any code of the
// package may write its fields.
type Exposer struct {
	seen int
}

func (x *Exposer) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case *Job:
		x.seen++
	case string:
		exposed = c.Receiver()
	}
}

// Lender sends jobs to an exposer it spawned.
type Lender struct {
	exposer *actor.PID
}

func (l *Lender) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		l.exposer = c.SpawnChild(func() actor.Receiver { return &Exposer{} }, "exposer")
	case string:
		l.ReadAfterExposerSend(c)
	}
}

// ReadAfterExposerSend reads the job after sending it to an actor that
// hands itself out, whose struct others may then write: reported.
func (l *Lender) ReadAfterExposerSend(c *actor.Context) {
	job := &Job{Items: []int{1, 2}}
	c.Send(l.exposer, job)
	_ = job.Items[0] // want `job is read after it was sent`
}
