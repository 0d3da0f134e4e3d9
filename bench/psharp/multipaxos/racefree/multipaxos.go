// Package multipaxos is a single-process simulation of MultiPaxos (the
// MultiPaxos benchmark of the P# paper) with plain goroutines and channels.
//
// Machines, each a goroutine reading its own inbox channel:
//   - Proposer: runs phase 1 (Prepare/Promise) to become leader with a
//     *Ballot, recovers the values accepted in earlier ballots, then batches
//     client commands into log entries and runs phase 2 (Accept/Accepted).
//     Handlers: Elect, Promise, Nack, Request, Flush, Accepted.
//   - Acceptor: keeps its promised ballot and the accepted *Entry of every
//     slot. Handlers: Prepare, Accept.
//   - Learner: counts Accepted votes per (slot, ballot), learns chosen
//     entries and applies the replicated log in slot order, skipping
//     duplicate commands. Handlers: Accepted.
//   - Env: the driver. It elects a first leader, submits commands, lets a
//     second proposer take over half-way, resubmits what the first leader
//     did not get chosen and stops everybody once every learner has applied
//     every command. Handlers: LeaderElected, Preempted, Applied.
package multipaxos

import (
	"sort"
	"sync"
	"sync/atomic"
)

// Ballot orders leadership attempts; ballots are never modified once made.
type Ballot struct {
	Round, Leader int
}

// Less reports whether b is older than o; nil is older than every ballot.
func (b *Ballot) Less(o *Ballot) bool {
	if b == nil {
		return o != nil
	}
	if o == nil {
		return false
	}
	return b.Round < o.Round || b.Round == o.Round && b.Leader < o.Leader
}

// Command is a client operation; ID 0 marks a no-op filling a gap.
type Command struct {
	ID    int
	Delta int
}

// Entry is the value proposed for one slot of the replicated log.
type Entry struct {
	Slot   int
	Ballot *Ballot
	Cmd    Command
}

// Message is anything put in an inbox.
type Message any

// Messages.
type (
	Elect   struct{}
	Stop    struct{}
	Prepare struct {
		From   int
		Ballot *Ballot
	}
	Promise struct {
		Acceptor int
		Ballot   *Ballot
		Accepted []*Entry
	}
	Nack struct {
		Ballot, Promised *Ballot
	}
	Request struct{ Cmd Command }
	Flush   struct{}
	Accept  struct {
		From    int
		Ballot  *Ballot
		Entries []*Entry
	}
	Accepted struct {
		Acceptor int
		Ballot   *Ballot
		Entries  []*Entry
	}
	LeaderElected struct {
		ID     int
		Ballot *Ballot
	}
	Preempted struct {
		ID      int
		Pending []Command
	}
	Applied struct {
		Learner int
		Slot    int
		Cmd     Command
	}
)

const inboxSize = 4096

// Stats is shared by all learners.
type Stats struct {
	Applied atomic.Int64
}

// Proposer is a leader candidate.
type Proposer struct {
	id        int
	inbox     chan Message
	acceptors []*Acceptor
	env       *Env
	maxRound  int
	ballot    *Ballot
	leader    bool
	promises  map[int]*Promise
	nextSlot  int
	batch     []*Entry
	inflight  map[int]*Entry
	votes     map[int]int
}

func (p *Proposer) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range p.inbox {
		switch m := msg.(type) {
		case *Elect:
			p.elect()
		case *Promise:
			p.promise(m)
		case *Nack:
			p.nack(m)
		case *Request:
			if !p.leader {
				p.env.inbox <- &Preempted{ID: p.id, Pending: []Command{m.Cmd}}
				continue
			}
			p.batch = append(p.batch, &Entry{Slot: p.nextSlot, Ballot: p.ballot, Cmd: m.Cmd})
			p.nextSlot++
		case *Flush:
			if p.leader && len(p.batch) > 0 {
				batch := p.batch
				p.batch = nil
				p.propose(batch)
			}
		case *Accepted:
			p.accepted(m)
		case *Stop:
			return
		}
	}
}

func (p *Proposer) elect() {
	p.ballot = &Ballot{Round: p.maxRound + 1, Leader: p.id}
	p.maxRound = p.ballot.Round
	p.leader = false
	p.promises = make(map[int]*Promise)
	for _, a := range p.acceptors {
		a.inbox <- &Prepare{From: p.id, Ballot: p.ballot}
	}
}

func (p *Proposer) majority() int { return len(p.acceptors)/2 + 1 }

func (p *Proposer) promise(m *Promise) {
	if m.Ballot != p.ballot || p.leader {
		return
	}
	p.promises[m.Acceptor] = m
	if len(p.promises) < p.majority() {
		return
	}
	// Phase 1 done: re-propose, with our ballot, the value of highest
	// ballot accepted in each slot and fill the gaps with no-ops.
	best := make(map[int]*Entry)
	top := -1
	for _, pr := range p.promises {
		for _, e := range pr.Accepted {
			if cur := best[e.Slot]; cur == nil || cur.Ballot.Less(e.Ballot) {
				best[e.Slot] = e
			}
			top = max(top, e.Slot)
		}
	}
	var recovered []*Entry
	for slot := 0; slot <= top; slot++ {
		e := &Entry{Slot: slot, Ballot: p.ballot}
		if old := best[slot]; old != nil {
			e.Cmd = old.Cmd
		}
		recovered = append(recovered, e)
	}
	p.leader = true
	p.nextSlot = top + 1
	p.inflight = make(map[int]*Entry)
	p.votes = make(map[int]int)
	p.env.inbox <- &LeaderElected{ID: p.id, Ballot: p.ballot}
	if len(recovered) > 0 {
		p.propose(recovered)
	}
}

// propose runs phase 2 for a batch of entries; the batch is shared,
// read-only, by every acceptor and learner from now on.
func (p *Proposer) propose(batch []*Entry) {
	for _, e := range batch {
		p.inflight[e.Slot] = e
	}
	msg := &Accept{From: p.id, Ballot: p.ballot, Entries: batch}
	for _, a := range p.acceptors {
		a.inbox <- msg
	}
}

func (p *Proposer) nack(m *Nack) {
	p.maxRound = max(p.maxRound, m.Promised.Round)
	if m.Ballot != p.ballot || p.ballot == nil {
		return
	}
	// Someone with a higher ballot took over: step down and hand the
	// commands that are not known to be chosen back to the environment.
	wasLeader := p.leader
	p.leader = false
	p.ballot = nil
	if !wasLeader {
		return
	}
	var pending []Command
	for _, e := range p.inflight {
		if e.Cmd.ID != 0 {
			pending = append(pending, e.Cmd)
		}
	}
	for _, e := range p.batch {
		pending = append(pending, e.Cmd)
	}
	p.inflight, p.batch = nil, nil
	p.env.inbox <- &Preempted{ID: p.id, Pending: pending}
}

func (p *Proposer) accepted(m *Accepted) {
	if !p.leader || m.Ballot != p.ballot {
		return
	}
	for _, e := range m.Entries {
		p.votes[e.Slot]++
		if p.votes[e.Slot] == p.majority() {
			delete(p.inflight, e.Slot)
		}
	}
}

// Acceptor stores promises and accepted values.
type Acceptor struct {
	id        int
	inbox     chan Message
	proposers []*Proposer
	learners  []*Learner
	promised  *Ballot
	accepted  map[int]*Entry
}

func (a *Acceptor) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range a.inbox {
		switch m := msg.(type) {
		case *Prepare:
			if a.promised.Less(m.Ballot) {
				a.promised = m.Ballot
				a.proposers[m.From].inbox <- &Promise{Acceptor: a.id, Ballot: m.Ballot, Accepted: a.acceptedEntries()}
			} else {
				a.proposers[m.From].inbox <- &Nack{Ballot: m.Ballot, Promised: a.promised}
			}
		case *Accept:
			if m.Ballot.Less(a.promised) {
				a.proposers[m.From].inbox <- &Nack{Ballot: m.Ballot, Promised: a.promised}
				continue
			}
			a.promised = m.Ballot
			for _, e := range m.Entries {
				a.accepted[e.Slot] = e
			}
			vote := &Accepted{Acceptor: a.id, Ballot: m.Ballot, Entries: m.Entries}
			a.proposers[m.From].inbox <- vote
			for _, l := range a.learners {
				l.inbox <- vote
			}
		case *Stop:
			return
		}
	}
}

func (a *Acceptor) acceptedEntries() []*Entry {
	entries := make([]*Entry, 0, len(a.accepted))
	for _, e := range a.accepted {
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Slot < entries[j].Slot })
	return entries
}

type voteKey struct {
	slot   int
	ballot Ballot
}

// Learner learns chosen entries and applies the log in order.
type Learner struct {
	id        int
	inbox     chan Message
	env       *Env
	stats     *Stats
	acceptors int
	votes     map[voteKey]int
	chosen    map[int]*Entry
	next      int
	seen      map[int]bool
	Log       []Command
	Sum       int
}

func (l *Learner) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range l.inbox {
		switch m := msg.(type) {
		case *Accepted:
			for _, e := range m.Entries {
				k := voteKey{e.Slot, *e.Ballot}
				l.votes[k]++
				if l.votes[k] == l.acceptors/2+1 && l.chosen[e.Slot] == nil {
					l.chosen[e.Slot] = e
				}
			}
			l.apply()
		case *Stop:
			return
		}
	}
}

func (l *Learner) apply() {
	for e := l.chosen[l.next]; e != nil; e = l.chosen[l.next] {
		l.next++
		if e.Cmd.ID == 0 || l.seen[e.Cmd.ID] {
			continue
		}
		l.seen[e.Cmd.ID] = true
		l.Log = append(l.Log, e.Cmd)
		l.Sum += e.Cmd.Delta
		l.stats.Applied.Add(1)
		l.env.inbox <- &Applied{Learner: l.id, Slot: e.Slot, Cmd: e.Cmd}
	}
}

// Config sizes a simulation.
type Config struct {
	Proposers, Acceptors, Learners int
	Commands                       int // submitted in total
	BatchSize                      int // requests between two Flush messages
	TakeOverAfter                  int // applied commands before the second proposer takes over
}

// Result is what the environment observed.
type Result struct {
	Leaders     []LeaderElected
	Logs        [][]Command
	Sums        []int
	Applied     int64
	Resubmitted int
}

// Env drives the simulation.
type Env struct {
	cfg        Config
	inbox      chan Message
	proposers  []*Proposer
	acceptors  []*Acceptor
	learners   []*Learner
	stats      *Stats
	leader     int
	next       int // next fresh command
	pending    []Command
	submitted  map[int]int // command -> proposer it was last sent to
	applied    []map[int]bool
	tookOver   bool
	result     Result
	batchCount int
}

// NewEnv wires all machines of a simulation.
func NewEnv(cfg Config) *Env {
	env := &Env{cfg: cfg, inbox: make(chan Message, inboxSize), leader: -1, stats: &Stats{},
		submitted: make(map[int]int)}
	for i := 0; i < cfg.Proposers; i++ {
		env.proposers = append(env.proposers, &Proposer{id: i, inbox: make(chan Message, inboxSize), env: env})
	}
	for i := 0; i < cfg.Learners; i++ {
		env.learners = append(env.learners, &Learner{id: i, inbox: make(chan Message, inboxSize), env: env,
			stats: env.stats, acceptors: cfg.Acceptors, votes: make(map[voteKey]int),
			chosen: make(map[int]*Entry), seen: make(map[int]bool)})
		env.applied = append(env.applied, make(map[int]bool))
	}
	for i := 0; i < cfg.Acceptors; i++ {
		env.acceptors = append(env.acceptors, &Acceptor{id: i, inbox: make(chan Message, inboxSize),
			proposers: env.proposers, learners: env.learners, accepted: make(map[int]*Entry)})
	}
	for _, p := range env.proposers {
		p.acceptors = env.acceptors
	}
	return env
}

// Run starts every machine, drives the protocol to completion, stops the
// machines and returns what was observed.
func (env *Env) Run() *Result {
	var wg sync.WaitGroup
	for _, p := range env.proposers {
		wg.Add(1)
		go p.run(&wg)
	}
	for _, a := range env.acceptors {
		wg.Add(1)
		go a.run(&wg)
	}
	for _, l := range env.learners {
		wg.Add(1)
		go l.run(&wg)
	}
	env.proposers[0].inbox <- &Elect{}
	for !env.done() {
		switch m := (<-env.inbox).(type) {
		case *LeaderElected:
			env.leader = m.ID
			env.result.Leaders = append(env.result.Leaders, *m)
			env.leaderElected()
		case *Preempted:
			env.result.Resubmitted += len(m.Pending)
			env.pending = append(env.pending, m.Pending...)
			if env.leader != m.ID {
				env.submit()
			}
		case *Applied:
			env.applied[m.Learner][m.Cmd.ID] = true
			if m.Learner == 0 {
				env.progress()
			}
		}
	}
	for _, p := range env.proposers {
		p.inbox <- &Stop{}
	}
	for _, a := range env.acceptors {
		a.inbox <- &Stop{}
	}
	for _, l := range env.learners {
		l.inbox <- &Stop{}
	}
	wg.Wait()
	for _, l := range env.learners {
		env.result.Logs = append(env.result.Logs, l.Log)
		env.result.Sums = append(env.result.Sums, l.Sum)
	}
	env.result.Applied = env.stats.Applied.Load()
	return &env.result
}

func (env *Env) done() bool {
	for _, a := range env.applied {
		if len(a) < env.cfg.Commands {
			return false
		}
	}
	return true
}

// leaderElected resubmits what earlier leaders left unapplied, then hands
// the new leader a window of fresh commands.
func (env *Env) leaderElected() {
	for id, to := range env.submitted {
		if to != env.leader && !env.applied[0][id] {
			env.result.Resubmitted++
			env.pending = append(env.pending, Command{ID: id, Delta: id})
		}
	}
	for i := 0; i < 2*env.cfg.BatchSize && env.next < env.cfg.Commands; i++ {
		env.fresh()
	}
	env.submit()
}

// progress is called for every command the first learner applies: it lets
// the second proposer take over once, and keeps the pipeline full.
func (env *Env) progress() {
	if !env.tookOver && len(env.applied[0]) >= env.cfg.TakeOverAfter {
		env.tookOver = true
		env.leader = -1
		env.proposers[1].inbox <- &Elect{}
	}
	if env.next < env.cfg.Commands {
		env.fresh()
	}
	if len(env.pending) >= env.cfg.BatchSize || env.next == env.cfg.Commands {
		env.submit()
	}
}

func (env *Env) fresh() {
	env.next++
	env.pending = append(env.pending, Command{ID: env.next, Delta: env.next})
}

func (env *Env) submit() {
	if env.leader < 0 || len(env.pending) == 0 {
		return
	}
	p := env.proposers[env.leader]
	for _, cmd := range env.pending {
		env.submitted[cmd.ID] = env.leader
		p.inbox <- &Request{Cmd: cmd}
		env.batchCount++
		if env.batchCount%env.cfg.BatchSize == 0 {
			p.inbox <- &Flush{}
		}
	}
	p.inbox <- &Flush{}
	env.pending = nil
}
