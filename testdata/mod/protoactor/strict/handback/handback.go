// Package handback holds protoactor-go masters that keep the work items
// they hand to workers they spawned, and workers that write a result into
// an item and hand it back to their parent (the PiCompute pattern), for
// xsa under the strict reading. The master reads only fields of the kept
// items that no worker writes; they are exported, so the strict reading
// trusts them only when no item reaches code outside the package but
// through sends that the framework delivers to the package's own actors:
// a worker's PID from the master's own spawn, and the worker's parent.
package handback

import "github.com/asynkron/protoactor-go/actor"

// Tick asks a master to look at its items in flight.
type Tick struct{}

// Item is a range of work with exported fields; a worker fills in Sum.
type Item struct {
	ID, First, Last int
	Sum             int
}

// Worker sums an item and hands it back to its parent.
type Worker struct{}

func (w *Worker) Receive(c actor.Context) {
	if it, ok := c.Message().(*Item); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Parent(), it)
	}
}

// Master keeps the items it hands to its workers until their results
// come back, and reads their ranges on Tick: quiet.
type Master struct {
	workers  []*actor.PID
	inFlight map[int]*Item
	next     int
	pending  int
	total    int
}

func (m *Master) Receive(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		m.inFlight = make(map[int]*Item)
		w := &Worker{}
		m.workers = append(m.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		it := &Item{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.workers[0], it)
	case Tick:
		for _, it := range m.inFlight {
			m.pending += it.Last - it.First
		}
	case *Item:
		m.total += msg.Sum
		delete(m.inFlight, msg.ID)
	}
}

// Reply is as Item, for Replier.
type Reply struct {
	ID, First, Last int
	Sum             int
}

// Replier hands the item back to whoever sent it, which need not be its
// parent.
type Replier struct{}

func (w *Replier) Receive(c actor.Context) {
	if it, ok := c.Message().(*Reply); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Sender(), it)
	}
}

// ReplyMaster is Master with Repliers: an item may reach any actor that
// sends one to a replier, reported.
type ReplyMaster struct {
	workers  []*actor.PID
	inFlight map[int]*Reply
	next     int
	pending  int
}

func (m *ReplyMaster) Receive(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		m.inFlight = make(map[int]*Reply)
		w := &Replier{}
		m.workers = append(m.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		it := &Reply{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.workers[0], it) // want `it is sent with \(actor.senderPart\).Send but stays reachable from m.inFlight\[…\]`
	case Tick:
		for _, it := range m.inFlight {
			m.pending += it.Last - it.First
		}
	}
}

// Chunk is as Item, for Orphans.
type Chunk struct {
	ID, First, Last int
	Sum             int
}

// Orphan is as Worker, but the package also spawns one from the root
// context, whose parent is no actor of the package.
type Orphan struct{}

func (w *Orphan) Receive(c actor.Context) {
	if it, ok := c.Message().(*Chunk); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Parent(), it)
	}
}

// StartOrphan spawns an Orphan for the caller.
func StartOrphan(system *actor.ActorSystem) *actor.PID {
	return system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return &Orphan{} }))
}

// OrphanMaster is Master with Orphans: reported, as an Orphan's parent
// may be code outside the package.
type OrphanMaster struct {
	workers  []*actor.PID
	inFlight map[int]*Chunk
	next     int
	pending  int
}

func (m *OrphanMaster) Receive(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		m.inFlight = make(map[int]*Chunk)
		w := &Orphan{}
		m.workers = append(m.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case int:
		it := &Chunk{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.workers[0], it) // want `it is sent with \(actor.senderPart\).Send but stays reachable from m.inFlight\[…\]`
	case Tick:
		for _, it := range m.inFlight {
			m.pending += it.Last - it.First
		}
	}
}

// Task is as Item, for Forwarder.
type Task struct {
	ID, First, Last int
	Sum             int
}

// Tasker is as Worker, for Tasks.
type Tasker struct{}

func (w *Tasker) Receive(c actor.Context) {
	if it, ok := c.Message().(*Task); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Parent(), it)
	}
}

// Forwarder is Master, but hands every result on to a client whose PID
// a message gave it: the client gets the item another worker may still
// hold, reported.
type Forwarder struct {
	client   *actor.PID
	workers  []*actor.PID
	inFlight map[int]*Task
	next     int
	pending  int
}

func (m *Forwarder) Receive(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		m.inFlight = make(map[int]*Task)
		w := &Tasker{}
		m.workers = append(m.workers, c.Spawn(actor.PropsFromProducer(
			func() actor.Actor { return w })))
	case *actor.PID:
		m.client = msg
	case int:
		it := &Task{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.workers[0], it) // want `it is sent with \(actor.senderPart\).Send but stays reachable from m.inFlight\[…\]`
	case Tick:
		for _, it := range m.inFlight {
			m.pending += it.Last - it.First
		}
	case *Task:
		c.Send(m.client, msg)
	}
}
