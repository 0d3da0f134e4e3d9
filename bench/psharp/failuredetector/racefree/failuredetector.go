// Package failuredetector is a single-process simulation of a round-based
// failure detector (the FailureDetector benchmark of the P# paper) written
// with Hollywood actors.
//
// Machines:
//   - Detector: every round pings the nodes it believes alive and arms the
//     timer. A round ends when every node answered (the timer is cancelled)
//     or when the timer fires; nodes that did not answer are declared failed
//     and every registered observer is notified. Handlers: Register,
//     Unregister, Start, NextRound, Pong, Cancelled, Timeout.
//   - Timer: a one-shot timer the detector arms and cancels; it reports how
//     many times it went off. Handlers: StartTimer, CancelTimer, fire.
//   - Node: answers pings until it is halted. Handlers: Ping, Halt.
//   - Observer: records the failures it is told about together with the
//     detector's view of the live nodes. Handlers: NodeFailed, GetReport.
//   - Driver: spawns everything, paces the rounds, halts two nodes as rounds
//     go by, drops an observer's registration, and collects the reports.
//     Handlers: Started, RoundDone, DetectionDone, ObserverReport.
package failuredetector

import (
	"slices"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// Messages.
type (
	Register   struct{ Observer *actor.PID }
	Unregister struct{ Observer *actor.PID }
	Start      struct{}
	NextRound  struct{}
	Ping       struct {
		Round    int
		Detector *actor.PID
	}
	Pong       struct{ Round, Node int }
	Halt       struct{}
	StartTimer struct {
		Round int
		After time.Duration
	}
	CancelTimer struct{ Round int }
	Cancelled   struct {
		Round int
		OK    bool
	}
	fire    struct{ round int }
	Timeout struct{ Round, Fired int }
	// NodeFailed tells an observer that Node failed; Alive is the
	// detector's view of the live nodes after the failure.
	NodeFailed struct {
		Node, Round int
		Alive       []int
	}
	RoundDone struct {
		Round int
		Alive int
	}
	DetectionDone struct {
		Failed   []int
		TimedOut int
	}
	GetReport      struct{}
	ObserverReport struct {
		ID     int
		Failed []int
		Alive  []int
		Bad    int
	}
)

// Node answers pings until halted.
type Node struct {
	id     int
	halted bool
	pings  int
}

func newNode(id int) actor.Producer {
	return func() actor.Receiver { return &Node{id: id} }
}

func (n *Node) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *Ping:
		if n.halted {
			return
		}
		n.pings++
		c.Send(m.Detector, &Pong{Round: m.Round, Node: n.id})
	case *Halt:
		n.halted = true
	}
}

// Timer is a one-shot timer driven by time.AfterFunc.
type Timer struct {
	owner *actor.PID
	timer *time.Timer
	round int
	armed bool
	fired int
}

func newTimer(owner *actor.PID) actor.Producer {
	return func() actor.Receiver { return &Timer{owner: owner} }
}

func (t *Timer) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *StartTimer:
		t.round, t.armed = m.Round, true
		engine, self, round := c.Engine(), c.PID(), m.Round
		t.timer = time.AfterFunc(m.After, func() {
			engine.Send(self, &fire{round: round})
		})
	case *fire:
		if !t.armed || m.round != t.round {
			return // cancelled in the meantime
		}
		t.armed = false
		t.fired++
		c.Send(t.owner, &Timeout{Round: m.round, Fired: t.fired})
	case *CancelTimer:
		ok := t.armed && m.Round == t.round && t.timer.Stop()
		if ok {
			t.armed = false
		}
		c.Send(t.owner, &Cancelled{Round: m.Round, OK: ok})
	}
}

// Detector runs the ping rounds.
type Detector struct {
	driver    *actor.PID
	timer     *actor.PID
	nodes     map[int]*actor.PID
	alive     []int
	observers []*actor.PID
	round     int
	rounds    int
	timeout   time.Duration
	responded map[int]bool
	failed    []int
	timedOut  int
}

func newDetector(driver *actor.PID, nodes map[int]*actor.PID, rounds int, timeout time.Duration) actor.Producer {
	return func() actor.Receiver {
		d := &Detector{driver: driver, nodes: nodes, rounds: rounds, timeout: timeout}
		for id := range nodes {
			d.alive = append(d.alive, id)
		}
		slices.Sort(d.alive)
		return d
	}
}

func (d *Detector) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		d.timer = c.SpawnChild(newTimer(c.PID()), "timer")
	case *Register:
		d.observers = append(d.observers, m.Observer)
	case *Unregister:
		d.observers = slices.DeleteFunc(d.observers, m.Observer.Equals)
	case *Start:
		d.round = 1
		d.ping(c)
	case *NextRound:
		d.round++
		d.ping(c)
	case *Pong:
		if m.Round != d.round || d.responded[m.Node] {
			return
		}
		d.responded[m.Node] = true
		if len(d.responded) == len(d.alive) {
			c.Send(d.timer, &CancelTimer{Round: d.round})
		}
	case *Cancelled:
		// When the cancellation fails, the Timeout is on its way.
		if m.OK && m.Round == d.round {
			d.endRound(c)
		}
	case *Timeout:
		if m.Round != d.round {
			return
		}
		d.timedOut = m.Fired
		for _, id := range slices.Clone(d.alive) {
			if !d.responded[id] {
				d.declareFailed(c, id)
			}
		}
		d.endRound(c)
	}
}

func (d *Detector) ping(c *actor.Context) {
	d.responded = make(map[int]bool)
	ping := &Ping{Round: d.round, Detector: c.PID()}
	for _, id := range d.alive {
		c.Send(d.nodes[id], ping)
	}
	c.Send(d.timer, &StartTimer{Round: d.round, After: d.timeout})
}

// declareFailed removes a node from the live set and notifies the
// observers; each gets its own copy of the live nodes, as an observer may
// be any actor that registered, which may write what it gets.
func (d *Detector) declareFailed(c *actor.Context, id int) {
	d.alive = slices.DeleteFunc(slices.Clone(d.alive), func(n int) bool { return n == id })
	d.failed = append(d.failed, id)
	for _, o := range d.observers {
		c.Send(o, &NodeFailed{Node: id, Round: d.round, Alive: slices.Clone(d.alive)})
	}
}

// endRound reports the round; the driver paces the rounds with NextRound.
func (d *Detector) endRound(c *actor.Context) {
	c.Send(d.driver, &RoundDone{Round: d.round, Alive: len(d.alive)})
	if d.round == d.rounds {
		c.Send(d.driver, &DetectionDone{Failed: slices.Clone(d.failed), TimedOut: d.timedOut})
	}
}

// Observer records failure notifications.
type Observer struct {
	id     int
	failed []int
	alive  []int
	bad    int
}

func newObserver(id int) actor.Producer {
	return func() actor.Receiver { return &Observer{id: id} }
}

func (o *Observer) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *NodeFailed:
		if slices.Contains(m.Alive, m.Node) || slices.Contains(o.failed, m.Node) {
			o.bad++
		}
		o.failed = append(o.failed, m.Node)
		o.alive = m.Alive
	case *GetReport:
		c.Respond(&ObserverReport{ID: o.id, Failed: slices.Clone(o.failed), Alive: slices.Clone(o.alive), Bad: o.bad})
	}
}

// Config sizes a simulation.
type Config struct {
	Nodes, Observers, Rounds int
	Timeout                  time.Duration
	HaltAt                   map[int]int // round -> node halted when that round ends
	UnregisterAt             int         // round after which the last observer unregisters
}

// Result is what the driver observed.
type Result struct {
	Failed   []int
	TimedOut int
	Rounds   []RoundDone
	Reports  []ObserverReport
}

// Driver spawns the machines and injects failures.
type Driver struct {
	cfg       Config
	out       chan<- *Result
	nodes     map[int]*actor.PID
	detector  *actor.PID
	observers []*actor.PID
	result    Result
}

// NewDriver returns the producer of the driver; the result is sent on out.
func NewDriver(cfg Config, out chan<- *Result) actor.Producer {
	return func() actor.Receiver {
		return &Driver{cfg: cfg, out: out, nodes: make(map[int]*actor.PID)}
	}
}

func (dr *Driver) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		for i := 0; i < dr.cfg.Nodes; i++ {
			dr.nodes[i] = c.SpawnChild(newNode(i), "node")
		}
		dr.detector = c.SpawnChild(newDetector(c.PID(), dr.nodes, dr.cfg.Rounds, dr.cfg.Timeout), "detector")
		for i := 0; i < dr.cfg.Observers; i++ {
			o := c.SpawnChild(newObserver(i), "observer")
			dr.observers = append(dr.observers, o)
			c.Send(dr.detector, &Register{Observer: o})
		}
		c.Send(dr.detector, &Start{})
	case *RoundDone:
		dr.result.Rounds = append(dr.result.Rounds, *m)
		if m.Round == dr.cfg.UnregisterAt {
			c.Send(dr.detector, &Unregister{Observer: dr.observers[len(dr.observers)-1]})
		}
		if id, ok := dr.cfg.HaltAt[m.Round]; ok {
			c.Send(dr.nodes[id], &Halt{})
		}
		if m.Round < dr.cfg.Rounds {
			c.Send(dr.detector, &NextRound{})
		}
	case *DetectionDone:
		dr.result.Failed, dr.result.TimedOut = m.Failed, m.TimedOut
		for _, o := range dr.observers {
			c.Send(o, &GetReport{})
		}
	case *ObserverReport:
		dr.result.Reports = append(dr.result.Reports, *m)
		if len(dr.result.Reports) == len(dr.observers) {
			slices.SortFunc(dr.result.Reports, func(a, b ObserverReport) int { return a.ID - b.ID })
			dr.out <- &dr.result
		}
	}
}
