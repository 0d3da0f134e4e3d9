// Package pidslices holds protoactor-go actors that send jobs to workers
// whose PIDs sit in a slice field, filled by spawns in the sender's
// Started handler of producers returning a worker the handler made just
// before (the PiCompute pattern), and read the jobs after sending them.
// The strict reading takes such a slice as a closed receiving side when
// every store appends spawn results and every load only measures the
// slice or indexes PIDs to send to.
package pidslices

import "github.com/asynkron/protoactor-go/actor"

// Job is a message with exported fields.
type Job struct {
	ID    int
	Items []int
	Sum   int
}

// Reader only reads the jobs it gets.
type Reader struct {
	id   int
	seen int
}

func (r *Reader) Receive(c actor.Context) {
	if j, ok := c.Message().(*Job); ok {
		r.seen += len(j.Items) + j.ID + r.id
	}
}

// Writer writes the sum of the jobs it gets.
type Writer struct{}

func (w *Writer) Receive(c actor.Context) {
	if j, ok := c.Message().(*Job); ok {
		j.Sum = len(j.Items)
	}
}

// Pool reads the jobs it hands out to readers: quiet.
type Pool struct {
	n       int
	workers []*actor.PID
	total   int
}

func (p *Pool) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		for i := range p.n {
			w := &Reader{id: i}
			p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
				func() actor.Actor { return w })))
		}
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[m%len(p.workers)], job)
		p.total += job.Items[0]
	}
}

// Scribbled reads the jobs it hands out to writers: reported.
type Scribbled struct {
	workers []*actor.PID
	total   int
}

func (p *Scribbled) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		w := &Writer{}
		p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[0], job)
		p.total += job.Items[0] // want `job is read after it was sent`
	}
}

// Joined takes workers' PIDs from messages too: the side is open,
// reported.
type Joined struct {
	workers []*actor.PID
	total   int
}

func (p *Joined) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		w := &Reader{}
		p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case *actor.PID:
		p.workers = append(p.workers, m)
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[0], job)
		p.total += job.Items[0] // want `job is read after it was sent`
	}
}

// Shared spawns readers whose producers return a reader it holds, which
// its other code may reach: the side is open, reported.
type Shared struct {
	reader  *Reader
	workers []*actor.PID
	total   int
}

func (p *Shared) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		w := p.reader
		p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[0], job)
		p.total += job.Items[0] // want `job is read after it was sent`
	}
}

// Escaped spawns readers whose maker also hands the reader elsewhere:
// reported.
type Escaped struct {
	workers []*actor.PID
	total   int
	publish func(*Reader)
}

func (p *Escaped) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		w := &Reader{}
		p.publish(w)
		p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[0], job)
		p.total += job.Items[0] // want `job is read after it was sent`
	}
}

// Looped spawns every reader from one value made before the loop: the
// readers share a struct, which the rule does not take as an actor's
// own, reported.
type Looped struct {
	n       int
	workers []*actor.PID
	total   int
}

func (p *Looped) Receive(c actor.Context) {
	switch m := c.Message().(type) {
	case *actor.Started:
		w := &Reader{}
		for range p.n {
			p.workers = append(p.workers, c.Spawn(actor.PropsFromProducer(
				func() actor.Actor { return w })))
		}
	case int:
		job := &Job{ID: m, Items: []int{m}}
		c.Send(p.workers[0], job)
		p.total += job.Items[0] // want `job is read after it was sent`
	}
}
