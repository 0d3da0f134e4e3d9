// Package leaderelection is a Go port of the LeaderElection benchmark of the
// P# suite (originally from the SOTER study): the Chang–Roberts election of a
// leader among processes connected by a unidirectional ring, written with
// Hollywood actors. This is the race-free variant.
//
// Machines:
//
//   - Process: a ring member with a unique id. An initiator sends its own
//     candidacy (*Election) to its successor; a process forwards candidacies
//     of larger ids (appending itself to the trail), swallows smaller ones and
//     enters the election with its own candidacy if it has not done so yet.
//     The process that gets its own candidacy back is the leader: it sends an
//     *Elected announcement around the ring, carrying the membership it
//     learned from the trail, and every other process reports the leader to
//     the driver.
//   - Driver: spawns the ring, starts each round at a seeded set of
//     initiators, checks that every process agrees on a single leader with
//     the highest id, then removes that leader from the ring (it "crashes"),
//     rewires its predecessor and starts the next round.
//
// All processes share a *Stats that counts the messages sent on the ring.
package leaderelection

import (
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/anthdm/hollywood/actor"
)

// Config bounds a run.
type Config struct {
	Processes int
	Rounds    int
	Seed      int64
}

// Stats is shared by all processes of a ring.
type Stats struct {
	Messages atomic.Int64
}

// Events.
type (
	// Setup tells a process who its successor on the ring is.
	Setup struct{ Next *actor.PID }
	// StartElection makes a process an initiator of the given round.
	StartElection struct{ Round int }
	// Election is a candidacy travelling around the ring.
	Election struct {
		Round     int
		Candidate int
		Hops      int
		Trail     []int
	}
	// Elected announces the leader of a round around the ring.
	Elected struct {
		Round   int
		Leader  int
		Hops    int
		Members []int
	}
	// LeaderReport tells the driver whom a process accepted as leader.
	LeaderReport struct {
		Round   int
		Process int
		Leader  int
	}
	// RoundDone is sent by the leader once its announcement has gone round.
	RoundDone struct {
		Round   int
		Leader  int
		Members []int
		Hops    int
	}
)

// Process is one member of the ring.
type Process struct {
	uid    int
	driver *actor.PID
	stats  *Stats

	next        *actor.PID
	round       int
	participant bool
	leader      int
}

func newProcess(uid int, driver *actor.PID, stats *Stats) actor.Producer {
	return func() actor.Receiver {
		return &Process{uid: uid, driver: driver, stats: stats}
	}
}

// Receive dispatches the events of a process.
func (p *Process) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case *Setup:
		p.next = msg.Next
	case *StartElection:
		p.onStart(c, msg)
	case *Election:
		p.onElection(c, msg)
	case *Elected:
		p.onElected(c, msg)
	}
}

// enterRound resets the election state when a process first hears of a round;
// it reports whether the event belongs to a stale round.
func (p *Process) enterRound(round int) (stale bool) {
	if round < p.round {
		return true
	}
	if round > p.round {
		p.round = round
		p.participant = false
		p.leader = 0
	}
	return false
}

func (p *Process) send(c *actor.Context, msg any) {
	p.stats.Messages.Add(1)
	c.Send(p.next, msg)
}

func (p *Process) candidacy() *Election {
	return &Election{Round: p.round, Candidate: p.uid, Trail: []int{p.uid}}
}

func (p *Process) onStart(c *actor.Context, msg *StartElection) {
	if p.enterRound(msg.Round) || p.participant {
		return
	}
	p.participant = true
	p.send(c, p.candidacy())
}

func (p *Process) onElection(c *actor.Context, msg *Election) {
	if p.enterRound(msg.Round) || p.leader != 0 {
		return // stale, or a late candidacy of a round that already has a leader
	}
	switch {
	case msg.Candidate > p.uid:
		// A better candidate: pass it on, we now take part in the round.
		p.participant = true
		msg.Hops++
		msg.Trail = append(msg.Trail, p.uid)
		p.send(c, msg)
	case msg.Candidate < p.uid:
		// Swallow it; enter the election ourselves if we have not yet.
		if !p.participant {
			p.participant = true
			p.send(c, p.candidacy())
		}
	default:
		// Our own candidacy came back: we have the largest id.
		p.leader = p.uid
		p.participant = false
		ann := &Elected{Round: p.round, Leader: p.uid, Members: msg.Trail}
		p.send(c, ann)
	}
}

func (p *Process) onElected(c *actor.Context, msg *Elected) {
	if p.enterRound(msg.Round) {
		return
	}
	if msg.Leader == p.uid {
		c.Send(p.driver, &RoundDone{Round: msg.Round, Leader: p.uid,
			Members: msg.Members, Hops: msg.Hops})
		return
	}
	p.leader = msg.Leader
	p.participant = false
	msg.Hops++
	p.send(c, msg) // the successor owns msg from here on: report from p's own state
	c.Send(p.driver, &LeaderReport{Round: p.round, Process: p.uid, Leader: p.leader})
}

// RoundOutcome is what the driver observed in one round.
type RoundOutcome struct {
	Round      int
	Ring       []int
	Initiators []int
	Leader     int
	Members    []int
	Hops       int
	Reports    map[int]int // process -> leader it accepted
}

// Outcome is the result of a whole run.
type Outcome struct {
	Rounds []*RoundOutcome
	Err    error
}

// Driver builds the ring and runs the rounds.
type Driver struct {
	cfg    Config
	rng    *rand.Rand
	stats  *Stats
	result chan<- *Outcome

	uids     []int // ring order, live processes only
	pids     map[int]*actor.PID
	round    int
	current  *RoundOutcome
	done     *RoundDone
	outcome  Outcome
	finished bool
}

// NewDriver returns the producer of a driver that sends its outcome on result.
func NewDriver(cfg Config, stats *Stats, result chan<- *Outcome) actor.Producer {
	return func() actor.Receiver {
		return &Driver{cfg: cfg, rng: rand.New(rand.NewSource(cfg.Seed)),
			stats: stats, result: result, pids: make(map[int]*actor.PID)}
	}
}

// Receive dispatches the events of the driver.
func (d *Driver) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		d.buildRing(c)
		d.startRound(c)
	case *LeaderReport:
		if d.finished || msg.Round != d.round {
			return
		}
		if _, dup := d.current.Reports[msg.Process]; dup {
			d.finish(fmt.Errorf("round %d: process %d reported twice", msg.Round, msg.Process))
			return
		}
		d.current.Reports[msg.Process] = msg.Leader
		d.checkRound(c)
	case *RoundDone:
		if d.finished || msg.Round != d.round {
			return
		}
		if d.done != nil {
			d.finish(fmt.Errorf("round %d: leaders %d and %d", msg.Round, d.done.Leader, msg.Leader))
			return
		}
		d.done = msg
		d.checkRound(c)
	}
}

func (d *Driver) buildRing(c *actor.Context) {
	d.uids = d.rng.Perm(d.cfg.Processes * 10)[:d.cfg.Processes]
	for i := range d.uids {
		d.uids[i]++ // ids start at 1
	}
	for _, uid := range d.uids {
		d.pids[uid] = c.SpawnChild(newProcess(uid, c.PID(), d.stats), "process",
			actor.WithID(strconv.Itoa(uid)))
	}
	for i, uid := range d.uids {
		next := d.uids[(i+1)%len(d.uids)]
		c.Send(d.pids[uid], &Setup{Next: d.pids[next]})
	}
}

func (d *Driver) startRound(c *actor.Context) {
	d.round++
	d.done = nil
	d.current = &RoundOutcome{Round: d.round, Ring: slices.Clone(d.uids),
		Reports: make(map[int]int)}
	for _, uid := range d.uids {
		if d.rng.Intn(3) == 0 {
			d.current.Initiators = append(d.current.Initiators, uid)
		}
	}
	if len(d.current.Initiators) == 0 {
		d.current.Initiators = append(d.current.Initiators, d.uids[d.rng.Intn(len(d.uids))])
	}
	for _, uid := range d.current.Initiators {
		c.Send(d.pids[uid], &StartElection{Round: d.round})
	}
}

func (d *Driver) checkRound(c *actor.Context) {
	if d.done == nil || len(d.current.Reports) < len(d.uids)-1 {
		return
	}
	d.current.Leader = d.done.Leader
	d.current.Members = d.done.Members
	d.current.Hops = d.done.Hops
	d.outcome.Rounds = append(d.outcome.Rounds, d.current)
	if err := d.validate(d.current); err != nil {
		d.finish(err)
		return
	}
	if d.round == d.cfg.Rounds || len(d.uids) < 3 {
		d.finish(nil)
		return
	}
	d.removeLeader(c, d.done.Leader)
	d.startRound(c)
}

func (d *Driver) validate(r *RoundOutcome) error {
	if want := slices.Max(r.Ring); r.Leader != want {
		return fmt.Errorf("round %d: leader %d, want %d", r.Round, r.Leader, want)
	}
	for uid, leader := range r.Reports {
		if leader != r.Leader {
			return fmt.Errorf("round %d: process %d accepted %d, leader is %d",
				r.Round, uid, leader, r.Leader)
		}
	}
	members := slices.Sorted(slices.Values(r.Members))
	if ring := slices.Sorted(slices.Values(r.Ring)); !slices.Equal(members, ring) {
		return fmt.Errorf("round %d: leader learned members %v, ring is %v",
			r.Round, members, ring)
	}
	return nil
}

// removeLeader stops the leader as if it crashed and closes the ring around it.
func (d *Driver) removeLeader(c *actor.Context, leader int) {
	i := slices.Index(d.uids, leader)
	pred := d.uids[(i+len(d.uids)-1)%len(d.uids)]
	succ := d.uids[(i+1)%len(d.uids)]
	// Wait until it is gone, so that it no longer is one of our children when
	// the driver itself is stopped.
	<-c.Engine().Poison(d.pids[leader]).Done()
	delete(d.pids, leader)
	d.uids = slices.Delete(d.uids, i, i+1)
	c.Send(d.pids[pred], &Setup{Next: d.pids[succ]})
}

func (d *Driver) finish(err error) {
	d.finished = true
	d.outcome.Err = err
	out := d.outcome
	d.result <- &out
}
