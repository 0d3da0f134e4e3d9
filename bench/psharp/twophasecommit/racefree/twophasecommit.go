// Package twophasecommit is the TwoPhaseCommit benchmark of P# (the
// two-phase distributed commit protocol, ported from the P sample) written
// with plain goroutines and channels.
//
// A Client batches the Put operations that the environment feeds it and
// submits each full batch as a transaction (WriteReq) to the Coordinator.
// The Coordinator runs one transaction at a time and defers the others: it
// broadcasts the transaction record to the Participants (Prepare), arms the
// Timer, collects the votes (PrepareResp) and decides: GlobalCommit if every
// Participant voted yes in time, GlobalAbort on a no vote or a Timeout. A
// Participant votes no on a simulated constraint violation and, now and
// then, loses its vote so that the timeout fires. At the end the Client
// reads every key back through the Coordinator, which forwards reads to the
// Participants in turn.
//
// Machines and handlers:
//   - Client: onPut, onEndOfInput, onWriteResp, onReadResp (commit sends the
//     batch)
//   - Coordinator: onWriteReq, onPrepareResp, onTimeout, onReadReq, onHalt
//     (begin, decide)
//   - Participant: onPrepare, onGlobalCommit, onGlobalAbort, onReadReq,
//     onHalt
//   - Timer: onStartTimer, onCancelTimer, fire
//
// The *Txn record is broadcast to every Participant and is immutable once
// sent. This is the race-free variant.
package twophasecommit

import (
	"errors"
	"fmt"
	"math/rand"
	"sync"
	"time"
)

// Write is one key update of a transaction.
type Write struct {
	Key   string
	Value int
}

// Txn is a transaction record.
type Txn struct {
	ID          int
	Writes      []Write
	SubmittedAt time.Time
}

// Decision is the Coordinator's verdict on a transaction.
type Decision struct {
	Txn       *Txn
	Committed bool
	Reason    string
	Latency   time.Duration
}

// Events.
type (
	Put         struct{ Write Write }
	EndOfInput  struct{}
	WriteReq    struct{ Txn *Txn }
	WriteResp   struct{ Decision *Decision }
	Prepare     struct{ Txn *Txn }
	PrepareResp struct {
		TxnID int
		From  int
		Yes   bool
	}
	GlobalCommit struct{ TxnID int }
	GlobalAbort  struct{ TxnID int }
	ReadReq      struct {
		Key   string
		Reply *Client
	}
	ReadResp struct {
		Key   string
		Value int
		Found bool
		From  int
	}
	StartTimer struct {
		TxnID int
		After time.Duration
	}
	CancelTimer struct{ TxnID int }
	Timeout     struct{ TxnID int }
	Halt        struct{ Reply chan<- any }
)

const inboxSize = 256

// Client batches puts into transactions.
type Client struct {
	inbox     chan any
	coord     *Coordinator
	batchSize int
	batch     []Write
	submitted int
	ended     bool
	decisions []*Decision
	keys      map[string]bool
	reads     map[string]*ReadResp
	done      chan<- *ClientReport
}

// ClientReport is what the Client hands back when it is done.
type ClientReport struct {
	Decisions []*Decision
	Reads     map[string]*ReadResp
}

func (c *Client) send(ev any) { c.inbox <- ev }

func (c *Client) run() {
	for ev := range c.inbox {
		switch e := ev.(type) {
		case *Put:
			c.onPut(e)
		case *EndOfInput:
			c.onEndOfInput()
		case *WriteResp:
			c.onWriteResp(e)
		case *ReadResp:
			if c.onReadResp(e) {
				return
			}
		default:
			panic(fmt.Sprintf("client: unexpected event %T", ev))
		}
	}
}

func (c *Client) onPut(e *Put) {
	c.batch = append(c.batch, e.Write)
	c.keys[e.Write.Key] = true
	if len(c.batch) == c.batchSize {
		c.commit()
	}
}

func (c *Client) onEndOfInput() {
	c.ended = true
	if len(c.batch) > 0 {
		c.commit()
	}
	c.readBackIfDone()
}

// commit hands the current batch over to the Coordinator and starts a new one.
func (c *Client) commit() {
	b := c.batch
	c.batch = nil
	c.submitted++
	txn := &Txn{ID: c.submitted, Writes: b, SubmittedAt: time.Now()}
	c.coord.send(&WriteReq{Txn: txn})
}

func (c *Client) onWriteResp(e *WriteResp) {
	c.decisions = append(c.decisions, e.Decision)
	c.readBackIfDone()
}

// readBackIfDone reads every key back once all transactions are decided.
func (c *Client) readBackIfDone() {
	if !c.ended || len(c.decisions) < c.submitted {
		return
	}
	for k := range c.keys {
		c.coord.send(&ReadReq{Key: k, Reply: c})
	}
}

func (c *Client) onReadResp(e *ReadResp) bool {
	c.reads[e.Key] = e
	if len(c.reads) < len(c.keys) {
		return false
	}
	c.done <- &ClientReport{Decisions: c.decisions, Reads: c.reads}
	return true
}

// round is the Coordinator's state for the transaction it is running.
type round struct {
	txn   *Txn
	votes map[int]bool
}

// Coordinator runs the two-phase commit.
type Coordinator struct {
	inbox        chan any
	participants []*Participant
	timer        *Timer
	client       *Client
	timeout      time.Duration
	cur          *round
	deferred     []*Txn
	log          []*Decision
	nextReader   int
}

func (c *Coordinator) send(ev any) { c.inbox <- ev }

func (c *Coordinator) run() {
	for ev := range c.inbox {
		switch e := ev.(type) {
		case *WriteReq:
			c.onWriteReq(e)
		case *PrepareResp:
			c.onPrepareResp(e)
		case *Timeout:
			c.onTimeout(e)
		case *ReadReq:
			c.onReadReq(e)
		case *Halt:
			c.onHalt(e)
			return
		default:
			panic(fmt.Sprintf("coordinator: unexpected event %T", ev))
		}
	}
}

func (c *Coordinator) onWriteReq(e *WriteReq) {
	if c.cur != nil {
		c.deferred = append(c.deferred, e.Txn)
		return
	}
	c.begin(e.Txn)
}

func (c *Coordinator) begin(txn *Txn) {
	c.cur = &round{txn: txn, votes: make(map[int]bool)}
	msg := &Prepare{Txn: txn}
	for _, p := range c.participants {
		p.send(msg)
	}
	c.timer.send(&StartTimer{TxnID: txn.ID, After: c.timeout})
}

func (c *Coordinator) onPrepareResp(e *PrepareResp) {
	if c.cur == nil || e.TxnID != c.cur.txn.ID {
		return // a late vote for a transaction already decided
	}
	if !e.Yes {
		c.decide(false, fmt.Sprintf("participant %d voted no", e.From))
		return
	}
	c.cur.votes[e.From] = true
	if len(c.cur.votes) == len(c.participants) {
		c.decide(true, "all voted yes")
	}
}

func (c *Coordinator) onTimeout(e *Timeout) {
	if c.cur == nil || e.TxnID != c.cur.txn.ID {
		return
	}
	c.decide(false, "timeout")
}

func (c *Coordinator) decide(commit bool, reason string) {
	txn := c.cur.txn
	c.timer.send(&CancelTimer{TxnID: txn.ID})
	for _, p := range c.participants {
		if commit {
			p.send(&GlobalCommit{TxnID: txn.ID})
		} else {
			p.send(&GlobalAbort{TxnID: txn.ID})
		}
	}
	d := &Decision{Txn: txn, Committed: commit, Reason: reason, Latency: time.Since(txn.SubmittedAt)}
	c.log = append(c.log, d)
	c.client.send(&WriteResp{Decision: d})
	c.cur = nil
	if len(c.deferred) > 0 {
		next := c.deferred[0]
		c.deferred = c.deferred[1:]
		c.begin(next)
	}
}

func (c *Coordinator) onReadReq(e *ReadReq) {
	p := c.participants[c.nextReader%len(c.participants)]
	c.nextReader++
	p.send(e)
}

func (c *Coordinator) onHalt(e *Halt) {
	e.Reply <- c.log
	c.log = nil
}

// Participant stores data and votes on transactions.
type Participant struct {
	id       int
	inbox    chan any
	coord    *Coordinator
	rng      *rand.Rand
	store    map[string]int
	prepared map[int]*Txn
	votedNo  int
	lost     int
	errs     []string
}

func (p *Participant) send(ev any) { p.inbox <- ev }

func (p *Participant) run() {
	for ev := range p.inbox {
		switch e := ev.(type) {
		case *Prepare:
			p.onPrepare(e)
		case *GlobalCommit:
			p.onGlobalCommit(e)
		case *GlobalAbort:
			p.onGlobalAbort(e)
		case *ReadReq:
			p.onReadReq(e)
		case *Halt:
			p.onHalt(e)
			return
		default:
			panic(fmt.Sprintf("participant %d: unexpected event %T", p.id, ev))
		}
	}
}

func (p *Participant) onPrepare(e *Prepare) {
	switch r := p.rng.Intn(100); {
	case r < 8:
		p.votedNo++
		p.coord.send(&PrepareResp{TxnID: e.Txn.ID, From: p.id, Yes: false})
	case r < 11:
		p.lost++ // the vote is lost on the way: the Coordinator's timer fires
		p.prepared[e.Txn.ID] = e.Txn
	default:
		p.prepared[e.Txn.ID] = e.Txn
		p.coord.send(&PrepareResp{TxnID: e.Txn.ID, From: p.id, Yes: true})
	}
}

func (p *Participant) onGlobalCommit(e *GlobalCommit) {
	txn, ok := p.prepared[e.TxnID]
	if !ok {
		p.errs = append(p.errs, fmt.Sprintf("participant %d: commit of unprepared transaction %d", p.id, e.TxnID))
		return
	}
	for _, w := range txn.Writes {
		p.store[w.Key] = w.Value
	}
	delete(p.prepared, e.TxnID)
}

func (p *Participant) onGlobalAbort(e *GlobalAbort) {
	delete(p.prepared, e.TxnID)
}

func (p *Participant) onReadReq(e *ReadReq) {
	v, ok := p.store[e.Key]
	e.Reply.send(&ReadResp{Key: e.Key, Value: v, Found: ok, From: p.id})
}

// ParticipantReport is what a Participant hands back when it halts.
type ParticipantReport struct {
	ID       int
	Store    map[string]int
	Pending  int
	VotedNo  int
	LostVote int
	Errors   []string
}

func (p *Participant) onHalt(e *Halt) {
	e.Reply <- &ParticipantReport{
		ID: p.id, Store: p.store, Pending: len(p.prepared),
		VotedNo: p.votedNo, LostVote: p.lost, Errors: p.errs,
	}
	p.store, p.errs = nil, nil
}

// Timer fires a Timeout for the transaction it was armed for, unless it is
// cancelled first.
type Timer struct {
	inbox chan any
	coord *Coordinator
	armed int
	tm    *time.Timer
	fired int
}

func (t *Timer) send(ev any) { t.inbox <- ev }

func (t *Timer) run() {
	var expired <-chan time.Time
	for {
		select {
		case ev := <-t.inbox:
			switch e := ev.(type) {
			case *StartTimer:
				expired = t.onStartTimer(e)
			case *CancelTimer:
				if t.onCancelTimer(e) {
					expired = nil
				}
			case *Halt:
				e.Reply <- t.fired
				return
			default:
				panic(fmt.Sprintf("timer: unexpected event %T", ev))
			}
		case <-expired:
			expired = nil
			t.fire()
		}
	}
}

func (t *Timer) onStartTimer(e *StartTimer) <-chan time.Time {
	t.armed = e.TxnID
	t.tm = time.NewTimer(e.After)
	return t.tm.C
}

func (t *Timer) onCancelTimer(e *CancelTimer) bool {
	if t.tm == nil || e.TxnID != t.armed {
		return false
	}
	t.tm.Stop()
	t.tm = nil
	return true
}

func (t *Timer) fire() {
	t.fired++
	t.tm = nil
	t.coord.send(&Timeout{TxnID: t.armed})
}

// Outcome is the result of a run.
type Outcome struct {
	Client       *ClientReport
	Log          []*Decision
	Participants []*ParticipantReport
	TimerFired   int
}

// Run feeds puts operations, chosen with the seed, through n participants.
func Run(n, puts, batchSize int, seed int64) (*Outcome, error) {
	if n < 1 || puts < 1 || batchSize < 1 {
		return nil, errors.New("twophasecommit: bad parameters")
	}
	coord := &Coordinator{inbox: make(chan any, inboxSize), timeout: 50 * time.Millisecond}
	timer := &Timer{inbox: make(chan any, inboxSize), coord: coord}
	done := make(chan *ClientReport, 1)
	client := &Client{
		inbox: make(chan any, inboxSize), coord: coord, batchSize: batchSize,
		keys: make(map[string]bool), reads: make(map[string]*ReadResp), done: done,
	}
	coord.timer, coord.client = timer, client
	for i := 0; i < n; i++ {
		coord.participants = append(coord.participants, &Participant{
			id: i, inbox: make(chan any, inboxSize), coord: coord,
			rng:   rand.New(rand.NewSource(seed + int64(i))),
			store: make(map[string]int), prepared: make(map[int]*Txn),
		})
	}

	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	start(client.run)
	start(coord.run)
	start(timer.run)
	for _, p := range coord.participants {
		start(p.run)
	}

	// The environment.
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < puts; i++ {
		client.send(&Put{Write: Write{Key: fmt.Sprintf("k%d", rng.Intn(10)), Value: i + 1}})
	}
	client.send(&EndOfInput{})

	out := &Outcome{}
	select {
	case out.Client = <-done:
	case <-time.After(5 * time.Second):
		return nil, errors.New("twophasecommit: client did not finish")
	}
	replies := make(chan any, n+2)
	coord.send(&Halt{Reply: replies})
	timer.send(&Halt{Reply: replies})
	for _, p := range coord.participants {
		p.send(&Halt{Reply: replies})
	}
	for i := 0; i < n+2; i++ {
		switch r := (<-replies).(type) {
		case []*Decision:
			out.Log = r
		case int:
			out.TimerFired = r
		case *ParticipantReport:
			out.Participants = append(out.Participants, r)
		}
	}
	wg.Wait()
	return out, nil
}
