// Package basicpaxos is the BasicPaxos benchmark of P# (Lamport's
// single-decree Paxos, ported from the P sample) written on top of the
// protoactor-go actor framework.
//
// Two Proposers compete to get their commands chosen for a fixed number of
// independent consensus instances, three Acceptors vote, and two Learners
// learn the chosen values. A Proposer works on one instance at a time and
// moves through the phases of the protocol with Become: it prepares a ballot
// (Prepare, Promise), asks the acceptors to accept a value (Accept,
// Accepted), and, when an acceptor rejects its ballot (Nack), backs off for a
// while before it prepares a higher one. Learners tell the Proposers about
// every decision (Decided) so that a Proposer that lost an instance moves on.
// Ballots, values and proposals travel as pointers.
//
// Machines and handlers:
//   - Proposer: behaviours idle (onStart), preparing (onPromise), accepting
//     (onAccepted), backingOff (onBackoffTimeout), done; onNack and onDecided
//     in every active phase
//   - Acceptor: onPrepare, onAccept
//   - Learner: onSubscribe, onAccepted
//
// This is the racy variant. Its mistakes:
//   - Proposer.prepare bumps its ballot in place when it retries an instance,
//     although the acceptors keep that *Ballot as their promise and the
//     learners read it.
//   - Proposer.onPromise adopts the highest accepted proposal by re-stamping
//     that very *Proposal with its own ballot; it belongs to the acceptors and
//     is still read by them, the learners and the other proposer.
//   - Run gives both proposers the same Log slice, which they both write.
package basicpaxos

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Ballot orders the attempts of all proposers.
type Ballot struct {
	Round    int
	Proposer int
}

// Less reports whether b is lower than o; a nil ballot is the lowest.
func (b *Ballot) Less(o *Ballot) bool {
	if b == nil {
		return o != nil
	}
	if o == nil {
		return false
	}
	return b.Round < o.Round || (b.Round == o.Round && b.Proposer < o.Proposer)
}

// Equal reports whether b and o denote the same ballot.
func (b *Ballot) Equal(o *Ballot) bool {
	return b != nil && o != nil && *b == *o
}

// Value is a proposed command.
type Value struct {
	Instance int
	Proposer int
	Cmd      string
}

// Proposal is a value proposed under a ballot.
type Proposal struct {
	Ballot *Ballot
	Value  *Value
}

// Workload is the list of commands a Proposer proposes, one per instance,
// and the log of the values it saw chosen.
type Workload struct {
	Cmds []string
	Log  []string
}

// Messages.
type (
	Start struct {
		Acceptors []*actor.PID
		Work      *Workload
		Finished  chan<- *Report
	}
	Prepare struct {
		Instance int
		Ballot   *Ballot
	}
	Promise struct {
		Instance int
		Ballot   *Ballot
		Acceptor int
		Accepted *Proposal
	}
	Nack struct {
		Instance int
		Ballot   *Ballot
		Promised *Ballot
	}
	Accept struct {
		Instance int
		Proposal *Proposal
	}
	Accepted struct {
		Instance int
		Proposal *Proposal
		Acceptor int
	}
	Decided struct {
		Instance int
		Value    *Value
		Conflict *Value // a different value also chosen: a safety violation
	}
	Subscribe struct {
		Acceptors int
		Proposers []*actor.PID
		Decisions chan<- *Decided
	}
)

// Report is what a Proposer hands back when it has seen every instance
// decided.
type Report struct {
	Proposer int
	Log      []string
	Attempts int
	Nacks    int
}

// Proposer drives instances to a decision.
type Proposer struct {
	id        int
	behavior  actor.Behavior
	acceptors []*actor.PID
	work      *Workload
	finished  chan<- *Report
	instance  int
	round     int
	ballot    *Ballot
	promises  map[int]*Promise
	highest   *Proposal
	accepts   map[int]bool
	decided   map[int]*Value
	backoff   int
	attempts  int
	nacks     int
}

func newProposer(id int) actor.Producer {
	return func() actor.Actor {
		p := &Proposer{id: id, behavior: actor.NewBehavior(), decided: make(map[int]*Value)}
		p.behavior.Become(p.idle)
		return p
	}
}

// Receive hands the message to the current phase.
func (p *Proposer) Receive(ctx actor.Context) { p.behavior.Receive(ctx) }

func (p *Proposer) quorum() int { return len(p.acceptors)/2 + 1 }

func (p *Proposer) idle(ctx actor.Context) {
	if m, ok := ctx.Message().(*Start); ok {
		p.onStart(ctx, m)
	}
}

func (p *Proposer) onStart(ctx actor.Context, m *Start) {
	p.acceptors = m.Acceptors
	p.work = m.Work
	p.finished = m.Finished
	p.nextInstance(ctx)
}

// nextInstance moves to the first instance not known to be decided.
func (p *Proposer) nextInstance(ctx actor.Context) {
	for p.instance < len(p.work.Cmds) && p.decided[p.instance] != nil {
		p.instance++
	}
	if p.instance == len(p.work.Cmds) {
		p.behavior.Become(p.done)
		p.finished <- &Report{Proposer: p.id, Log: p.work.Log, Attempts: p.attempts, Nacks: p.nacks}
		return
	}
	p.backoff = 0
	p.prepare(ctx)
}

func (p *Proposer) prepare(ctx actor.Context) {
	p.attempts++
	p.round++
	if p.backoff > 0 {
		p.ballot.Round = p.round // race: the acceptors keep this ballot as their promise and compare against it
	} else {
		p.ballot = &Ballot{Round: p.round, Proposer: p.id}
	}
	p.promises = make(map[int]*Promise)
	p.highest = nil
	msg := &Prepare{Instance: p.instance, Ballot: p.ballot}
	for _, a := range p.acceptors {
		ctx.Request(a, msg)
	}
	p.behavior.Become(p.preparing)
}

func (p *Proposer) preparing(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Promise:
		p.onPromise(ctx, m)
	case *Nack:
		p.onNack(ctx, m)
	case *Decided:
		p.onDecided(ctx, m)
	}
}

func (p *Proposer) onPromise(ctx actor.Context, m *Promise) {
	if m.Instance != p.instance || !m.Ballot.Equal(p.ballot) {
		return
	}
	p.promises[m.Acceptor] = m
	if m.Accepted != nil && p.highest.ballot().Less(m.Accepted.Ballot) {
		p.highest = m.Accepted
	}
	if len(p.promises) < p.quorum() {
		return
	}
	proposal := &Proposal{Ballot: p.ballot, Value: &Value{Instance: p.instance, Proposer: p.id, Cmd: p.work.Cmds[p.instance]}}
	if p.highest != nil {
		proposal = p.highest
		proposal.Ballot = p.ballot // race: the adopted proposal is the acceptors' own, still read by them, the learners and the other proposer
	}
	p.accepts = make(map[int]bool)
	msg := &Accept{Instance: p.instance, Proposal: proposal}
	for _, a := range p.acceptors {
		ctx.Request(a, msg)
	}
	p.behavior.Become(p.accepting)
}

func (pr *Proposal) ballot() *Ballot {
	if pr == nil {
		return nil
	}
	return pr.Ballot
}

func (p *Proposer) accepting(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Accepted:
		p.onAccepted(ctx, m)
	case *Nack:
		p.onNack(ctx, m)
	case *Decided:
		p.onDecided(ctx, m)
	}
}

func (p *Proposer) onAccepted(ctx actor.Context, m *Accepted) {
	if m.Instance != p.instance || !m.Proposal.Ballot.Equal(p.ballot) {
		return
	}
	p.accepts[m.Acceptor] = true
	if len(p.accepts) == p.quorum() {
		p.learn(m.Instance, m.Proposal.Value)
		p.nextInstance(ctx)
	}
}

// onNack gives up the current ballot. The first time a Proposer is rejected
// in an instance it retries at once with a higher ballot; after that it backs
// off, longer and longer, before it tries again.
func (p *Proposer) onNack(ctx actor.Context, m *Nack) {
	if m.Instance != p.instance || !m.Ballot.Equal(p.ballot) {
		return
	}
	p.nacks++
	if m.Promised.Round > p.round {
		p.round = m.Promised.Round
	}
	p.backoff++
	if p.backoff == 1 {
		p.prepare(ctx)
		return
	}
	d := time.Duration(min(p.backoff*(p.id+1), 10)) * time.Millisecond
	ctx.SetReceiveTimeout(d)
	p.behavior.Become(p.backingOff)
}

func (p *Proposer) backingOff(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.ReceiveTimeout:
		p.onBackoffTimeout(ctx)
	case *Decided:
		if p.onDecided(ctx, m) {
			ctx.CancelReceiveTimeout()
		}
	}
}

func (p *Proposer) onBackoffTimeout(ctx actor.Context) {
	ctx.CancelReceiveTimeout()
	p.prepare(ctx)
}

// onDecided records a decision a Learner announced and, if it decides the
// current instance, moves on. It reports whether the Proposer moved on.
func (p *Proposer) onDecided(ctx actor.Context, m *Decided) bool {
	if p.decided[m.Instance] != nil {
		return false
	}
	p.learn(m.Instance, m.Value)
	if m.Instance != p.instance {
		return false
	}
	p.nextInstance(ctx)
	return true
}

func (p *Proposer) learn(instance int, v *Value) {
	if p.decided[instance] == nil {
		p.decided[instance] = v
		p.work.Log[instance] = v.Cmd // race: both proposers were handed the same Log slice and write it from their own goroutines
	}
}

func (p *Proposer) done(actor.Context) {}

// slot is an Acceptor's state for one instance.
type slot struct {
	promised *Ballot
	accepted *Proposal
}

// Acceptor votes on ballots.
type Acceptor struct {
	id       int
	learners []*actor.PID
	slots    map[int]*slot
}

func newAcceptor(id int, learners []*actor.PID) actor.Producer {
	return func() actor.Actor {
		return &Acceptor{id: id, learners: learners, slots: make(map[int]*slot)}
	}
}

// Receive dispatches the Acceptor's messages.
func (a *Acceptor) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Prepare:
		a.onPrepare(ctx, m)
	case *Accept:
		a.onAccept(ctx, m)
	}
}

func (a *Acceptor) slot(instance int) *slot {
	s := a.slots[instance]
	if s == nil {
		s = &slot{}
		a.slots[instance] = s
	}
	return s
}

func (a *Acceptor) onPrepare(ctx actor.Context, m *Prepare) {
	s := a.slot(m.Instance)
	if !s.promised.Less(m.Ballot) {
		ctx.Respond(&Nack{Instance: m.Instance, Ballot: m.Ballot, Promised: s.promised})
		return
	}
	s.promised = m.Ballot
	ctx.Respond(&Promise{Instance: m.Instance, Ballot: m.Ballot, Acceptor: a.id, Accepted: s.accepted})
}

func (a *Acceptor) onAccept(ctx actor.Context, m *Accept) {
	s := a.slot(m.Instance)
	b := m.Proposal.Ballot
	if b.Less(s.promised) {
		ctx.Respond(&Nack{Instance: m.Instance, Ballot: b, Promised: s.promised})
		return
	}
	s.promised = b
	s.accepted = m.Proposal
	msg := &Accepted{Instance: m.Instance, Proposal: m.Proposal, Acceptor: a.id}
	for _, l := range a.learners {
		ctx.Send(l, msg)
	}
	ctx.Respond(msg)
}

// Learner learns the chosen values.
type Learner struct {
	acceptors  int
	proposers  []*actor.PID
	decisions  chan<- *Decided
	votes      map[int]map[Ballot]map[int]bool
	chosen     map[int]*Value
	conflicted map[int]bool
}

func newLearner() actor.Producer {
	return func() actor.Actor {
		return &Learner{
			votes:      make(map[int]map[Ballot]map[int]bool),
			chosen:     make(map[int]*Value),
			conflicted: make(map[int]bool),
		}
	}
}

// Receive dispatches the Learner's messages.
func (l *Learner) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Subscribe:
		l.onSubscribe(m)
	case *Accepted:
		l.onAccepted(ctx, m)
	}
}

func (l *Learner) onSubscribe(m *Subscribe) {
	l.acceptors, l.proposers, l.decisions = m.Acceptors, m.Proposers, m.Decisions
}

func (l *Learner) onAccepted(ctx actor.Context, m *Accepted) {
	byBallot := l.votes[m.Instance]
	if byBallot == nil {
		byBallot = make(map[Ballot]map[int]bool)
		l.votes[m.Instance] = byBallot
	}
	key := *m.Proposal.Ballot
	if byBallot[key] == nil {
		byBallot[key] = make(map[int]bool)
	}
	byBallot[key][m.Acceptor] = true
	if len(byBallot[key]) != l.acceptors/2+1 {
		return
	}
	v := m.Proposal.Value
	if prev := l.chosen[m.Instance]; prev != nil {
		if prev.Cmd != v.Cmd && !l.conflicted[m.Instance] {
			l.conflicted[m.Instance] = true
			l.decisions <- &Decided{Instance: m.Instance, Value: prev, Conflict: v}
		}
		return
	}
	l.chosen[m.Instance] = v
	d := &Decided{Instance: m.Instance, Value: v}
	for _, p := range l.proposers {
		ctx.Send(p, d)
	}
	l.decisions <- d
}

// Outcome is the result of a run.
type Outcome struct {
	Reports   []*Report
	Decisions [][]*Decided // per learner, in the order learned
}

// Run lets two proposers compete for the given number of instances.
func Run(instances int) (*Outcome, error) {
	if instances < 1 {
		return nil, errors.New("basicpaxos: need at least one instance")
	}
	const nProposers, nAcceptors, nLearners = 2, 3, 2
	quiet := func(*actor.ActorSystem) *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
	system := actor.NewActorSystem(actor.WithLoggerFactory(quiet))
	root := system.Root
	var all []*actor.PID
	defer func() {
		for _, pid := range all {
			_ = root.PoisonFuture(pid).Wait()
		}
		system.Shutdown()
	}()

	learners := make([]*actor.PID, nLearners)
	decisions := make([]chan *Decided, nLearners)
	for i := range learners {
		learners[i] = root.Spawn(actor.PropsFromProducer(newLearner()))
		decisions[i] = make(chan *Decided, 2*instances)
	}
	acceptors := make([]*actor.PID, nAcceptors)
	for i := range acceptors {
		acceptors[i] = root.Spawn(actor.PropsFromProducer(newAcceptor(i, learners)))
	}
	proposers := make([]*actor.PID, nProposers)
	for i := range proposers {
		proposers[i] = root.Spawn(actor.PropsFromProducer(newProposer(i)))
	}
	all = append(append(append(all, proposers...), acceptors...), learners...)
	for i, l := range learners {
		root.Send(l, &Subscribe{Acceptors: nAcceptors, Proposers: proposers, Decisions: decisions[i]})
	}

	finished := make(chan *Report, nProposers)
	log := make([]string, instances)
	for i, p := range proposers {
		w := &Workload{Cmds: make([]string, instances), Log: log}
		for k := range w.Cmds {
			w.Cmds[k] = fmt.Sprintf("p%d-cmd%d", i, k)
		}
		root.Send(p, &Start{Acceptors: acceptors, Work: w, Finished: finished})
	}

	out := &Outcome{Decisions: make([][]*Decided, nLearners)}
	timeout := time.After(5 * time.Second)
	for len(out.Reports) < nProposers {
		select {
		case r := <-finished:
			out.Reports = append(out.Reports, r)
		case <-timeout:
			return nil, errors.New("basicpaxos: proposers did not finish")
		}
	}
	for i := range learners {
		for len(out.Decisions[i]) < instances {
			select {
			case d := <-decisions[i]:
				out.Decisions[i] = append(out.Decisions[i], d)
			case <-timeout:
				return nil, fmt.Errorf("basicpaxos: learner %d decided %d instances", i, len(out.Decisions[i]))
			}
		}
	}
	return out, nil
}
