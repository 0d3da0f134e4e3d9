// Package handback holds Hollywood masters that keep the work items they
// hand to children they spawned, and children that write a result into
// an item and hand it back to their parent, for xsa under the strict
// reading (the protoactor-go twin is example.com/protoactor/strict/handback).
package handback

import "github.com/anthdm/hollywood/actor"

// Tick asks a master to look at its items in flight.
type Tick struct{}

// Item is a range of work with exported fields; a worker fills in Sum.
type Item struct {
	ID, First, Last int
	Sum             int
}

// Worker sums an item and hands it back to its parent.
type Worker struct{}

func (w *Worker) Receive(c *actor.Context) {
	if it, ok := c.Message().(*Item); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Parent(), it)
	}
}

// Master keeps the items it hands to its worker until their results come
// back, and reads their ranges on Tick: quiet.
type Master struct {
	worker   *actor.PID
	inFlight map[int]*Item
	next     int
	pending  int
	total    int
}

func (m *Master) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		m.inFlight = make(map[int]*Item)
		m.worker = c.SpawnChild(func() actor.Receiver { return &Worker{} }, "worker")
	case int:
		it := &Item{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.worker, it)
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

func (w *Replier) Receive(c *actor.Context) {
	if it, ok := c.Message().(*Reply); ok {
		it.Sum = it.Last - it.First
		c.Send(c.Sender(), it)
	}
}

// ReplyMaster is Master with a Replier: an item may reach any actor that
// sends one to the replier, reported.
type ReplyMaster struct {
	worker   *actor.PID
	inFlight map[int]*Reply
	next     int
	pending  int
}

func (m *ReplyMaster) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		m.inFlight = make(map[int]*Reply)
		m.worker = c.SpawnChild(func() actor.Receiver { return &Replier{} }, "replier")
	case int:
		it := &Reply{ID: m.next, First: msg, Last: 2 * msg}
		m.next++
		m.inFlight[it.ID] = it
		c.Send(m.worker, it) // want `it is sent with \(\*actor.Context\).Send but stays reachable from m.inFlight\[…\]`
	case Tick:
		for _, it := range m.inFlight {
			m.pending += it.Last - it.First
		}
	}
}
