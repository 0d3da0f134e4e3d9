package handlers

// Actors of one type that a driver gives the same counter: each actor is
// its own thread, so the counter they share through a field races between
// instances, though one actor's handler runs one message at a time.

import (
	"sync"

	"github.com/anthdm/hollywood/actor"
)

// Tally is the counter a driver's processes share.
type Tally struct {
	mu       sync.Mutex
	Messages int
	Locked   int
}

// Process counts in the driver's tally and in its own.
type Process struct {
	uid   int
	tally *Tally
	own   *Tally
	seen  int
}

func newProcess(uid int, tally *Tally) actor.Producer {
	return func() actor.Receiver {
		return &Process{uid: uid, tally: tally, own: &Tally{}}
	}
}

func (p *Process) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case string:
		p.tally.Messages++ // want `Process.tally.Messages is read in \(\*Process\).Receive without a lock and written in \(\*Process\).Receive of another instance without a lock`
		p.tally.mu.Lock()
		p.tally.Locked++
		p.tally.mu.Unlock()
		p.own.Messages++
		p.seen++
	}
}

// Driver spawns its processes, each with the driver's tally.
type Driver struct {
	tally *Tally
	pids  []*actor.PID
}

func (d *Driver) Receive(c *actor.Context) {
	switch c.Message().(type) {
	case actor.Started:
		for uid := range 3 {
			d.pids = append(d.pids, c.SpawnChild(newProcess(uid, d.tally), "process"))
		}
	}
}
