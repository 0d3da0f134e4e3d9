// Package german is the German benchmark of P# (German's cache-coherence
// protocol, ported from the P sample) written with plain goroutines and
// channels.
//
// A Host keeps the directory of one cache line: which Clients share it and
// which one, if any, holds it exclusively. A CPU, the environment, asks the
// Clients to read (share) or write (exclusive) the line. A Client that lacks
// the permission asks the Host (ReqShare, ReqExcl); the Host serves one
// request at a time and defers the others, invalidates the conflicting
// holders (Invalidate, InvAck, with a write-back of the dirty line from an
// exclusive owner) and then grants the permission (GrantShare, GrantExcl).
// The exclusive owner receives the Host's own *Line and writes it in place;
// every sharer receives a private copy. At the end the driver flushes the
// line back to the Host and halts every machine.
//
// Machines and handlers:
//   - Host: onRequest (for ReqShare, ReqExcl and Flush), onInvAck, onHalt
//     (serve, grant)
//   - Client: onAsk, onGrantShare, onGrantExcl, onInvalidate, onHalt
//     (perform, read, write, complete)
//   - CPU: start, onOpDone (issue)
//
// This is the racy variant. Its mistakes:
//   - Host.grant stamps the grant epoch into the Line after sending it to the
//     new exclusive owner, which reads the epoch when it writes the line.
//   - Host.grant hands its own *Line to every sharer instead of a copy; the
//     sharers all count their reads in it.
//   - The Clients share a plain LocalHits counter without a lock.
package german

import (
	"errors"
	"fmt"
	"math/rand"
	"sync"
	"time"
)

// Write is one entry of a line's write history.
type Write struct {
	Client int
	Epoch  int
}

// Line is the cached memory line.
type Line struct {
	Value   int
	Epoch   int // number of exclusive grants so far
	Reads   int // reads served from this copy
	Writers []Write
}

func (l *Line) clone() *Line {
	c := *l
	c.Writers = append([]Write(nil), l.Writers...)
	return &c
}

// Op is one CPU operation; the Client fills in the result and hands it back.
type Op struct {
	ID       int
	Client   int
	Excl     bool
	Observed int
	Local    bool
}

// Stats are counters shared by all Clients.
type Stats struct {
	LocalHits int64
}

// Events.
type (
	Ask        struct{ Op *Op }
	ReqShare   struct{ From *Client }
	ReqExcl    struct{ From *Client }
	Invalidate struct{}
	InvAck     struct {
		From      *Client
		WriteBack *Line
	}
	GrantShare struct{ Line *Line }
	GrantExcl  struct{ Line *Line }
	OpDone     struct{ Op *Op }
	Flush      struct{ Reply chan<- *Line }
	Halt       struct{ Reply chan<- *Report }
)

// Report is what a machine hands back when it halts.
type Report struct {
	ID         int
	Reads      int
	Writes     int
	Violations []string
}

const inboxSize = 64

type state int

const (
	invalid state = iota
	shared
	exclusive
)

// request is a request the Host is serving or has deferred.
type request struct {
	client *Client
	excl   bool
	flush  chan<- *Line
}

// Host is the directory.
type Host struct {
	inbox      chan any
	line       *Line // nil while an exclusive owner holds it
	holders    map[int]*Client
	owner      *Client
	cur        *request
	deferred   []*request
	acks       int
	grants     int
	violations []string
}

func (h *Host) send(ev any) { h.inbox <- ev }

func (h *Host) run() {
	for ev := range h.inbox {
		switch e := ev.(type) {
		case *ReqShare:
			h.onRequest(&request{client: e.From})
		case *ReqExcl:
			h.onRequest(&request{client: e.From, excl: true})
		case *Flush:
			h.onRequest(&request{flush: e.Reply})
		case *InvAck:
			h.onInvAck(e)
		case *Halt:
			h.onHalt(e)
			return
		default:
			panic(fmt.Sprintf("host: unexpected event %T", ev))
		}
	}
}

func (h *Host) onRequest(r *request) {
	if h.cur != nil {
		h.deferred = append(h.deferred, r)
		return
	}
	h.serve(r)
}

// serve starts serving r: it invalidates the holders that conflict with it
// and grants it once they have all acknowledged.
func (h *Host) serve(r *request) {
	h.cur = r
	for id, c := range h.holders {
		if r.client != nil && id == r.client.id {
			continue
		}
		if r.excl || r.flush != nil || c == h.owner {
			c.send(&Invalidate{})
			h.acks++
		}
	}
	if h.acks == 0 {
		h.grant()
	}
}

func (h *Host) onInvAck(a *InvAck) {
	delete(h.holders, a.From.id)
	if a.WriteBack != nil {
		if a.From != h.owner {
			h.violations = append(h.violations, fmt.Sprintf("write-back from non-owner %d", a.From.id))
		}
		h.line = a.WriteBack
		h.owner = nil
	}
	h.acks--
	if h.acks == 0 {
		h.grant()
	}
}

func (h *Host) grant() {
	r := h.cur
	switch {
	case r.flush != nil:
		r.flush <- h.line.clone()
	case r.excl:
		if len(h.holders) > 1 || h.owner != nil {
			h.violations = append(h.violations, fmt.Sprintf("exclusive grant to %d with %d holders", r.client.id, len(h.holders)))
		}
		line := h.line
		h.line = nil
		h.owner = r.client
		h.holders = map[int]*Client{r.client.id: r.client}
		h.grants++
		r.client.send(&GrantExcl{Line: line})
		line.Epoch = h.grants // race: the line now belongs to the new owner, which reads Epoch when it writes
	default:
		if h.owner != nil {
			h.violations = append(h.violations, fmt.Sprintf("shared grant to %d while %d owns the line", r.client.id, h.owner.id))
		}
		h.holders[r.client.id] = r.client
		r.client.send(&GrantShare{Line: h.line}) // race: the Host's own line is handed to every sharer, and each counts its reads in it
	}
	h.cur = nil
	if len(h.deferred) > 0 {
		next := h.deferred[0]
		h.deferred = h.deferred[1:]
		h.serve(next)
	}
}

func (h *Host) onHalt(e *Halt) {
	e.Reply <- &Report{ID: -1, Violations: h.violations}
}

// Client is one cache.
type Client struct {
	id         int
	inbox      chan any
	host       *Host
	cpu        *CPU
	stats      *Stats
	state      state
	line       *Line
	pending    *Op
	queue      []*Op
	lastSeen   int
	reads      int
	writes     int
	violations []string
}

func (c *Client) send(ev any) { c.inbox <- ev }

func (c *Client) run() {
	for ev := range c.inbox {
		switch e := ev.(type) {
		case *Ask:
			c.onAsk(e)
		case *GrantShare:
			c.onGrantShare(e)
		case *GrantExcl:
			c.onGrantExcl(e)
		case *Invalidate:
			c.onInvalidate()
		case *Halt:
			c.onHalt(e)
			return
		default:
			panic(fmt.Sprintf("client %d: unexpected event %T", c.id, ev))
		}
	}
}

func (c *Client) onAsk(e *Ask) {
	if c.pending != nil {
		c.queue = append(c.queue, e.Op)
		return
	}
	c.perform(e.Op)
}

func (c *Client) perform(op *Op) {
	if c.hasPermission(op.Excl) {
		c.stats.LocalHits++ // race: every Client increments the shared counter from its own goroutine
		op.Local = true
		if op.Excl {
			c.write(op)
		} else {
			c.read(op)
		}
		c.complete(op)
		return
	}
	c.pending = op
	if op.Excl {
		c.host.send(&ReqExcl{From: c})
	} else {
		c.host.send(&ReqShare{From: c})
	}
}

func (c *Client) hasPermission(excl bool) bool {
	if excl {
		return c.state == exclusive
	}
	return c.state != invalid
}

func (c *Client) read(op *Op) {
	c.line.Reads++
	op.Observed = c.line.Value
	if op.Observed < c.lastSeen {
		c.violations = append(c.violations, fmt.Sprintf("client %d read %d after %d", c.id, op.Observed, c.lastSeen))
	}
	c.lastSeen = op.Observed
	c.reads++
}

func (c *Client) write(op *Op) {
	c.line.Value++
	c.line.Writers = append(c.line.Writers, Write{Client: c.id, Epoch: c.line.Epoch})
	op.Observed = c.line.Value
	c.lastSeen = op.Observed
	c.writes++
}

func (c *Client) complete(op *Op) {
	c.pending = nil
	c.cpu.send(&OpDone{Op: op})
	if len(c.queue) > 0 {
		next := c.queue[0]
		c.queue = c.queue[1:]
		c.perform(next)
	}
}

func (c *Client) onGrantShare(g *GrantShare) {
	if c.pending == nil || c.pending.Excl {
		c.violations = append(c.violations, fmt.Sprintf("client %d: unexpected shared grant", c.id))
		return
	}
	c.state = shared
	c.line = g.Line
	c.read(c.pending)
	c.complete(c.pending)
}

func (c *Client) onGrantExcl(g *GrantExcl) {
	if c.pending == nil || !c.pending.Excl {
		c.violations = append(c.violations, fmt.Sprintf("client %d: unexpected exclusive grant", c.id))
		return
	}
	c.state = exclusive
	c.line = g.Line
	c.write(c.pending)
	c.complete(c.pending)
}

func (c *Client) onInvalidate() {
	ack := &InvAck{From: c}
	if c.state == exclusive {
		ack.WriteBack = c.line
	}
	c.line = nil
	c.state = invalid
	c.host.send(ack)
}

func (c *Client) onHalt(e *Halt) {
	e.Reply <- &Report{ID: c.id, Reads: c.reads, Writes: c.writes, Violations: c.violations}
}

// CPU is the environment: it issues a fixed, seeded sequence of operations,
// keeping at most window of them outstanding per Client.
type CPU struct {
	inbox   chan any
	clients []*Client
	plan    [][]*Op // operations not yet issued, per client
	window  int
	issued  []int
	done    []*Op
	total   int
	result  chan []*Op
}

func (p *CPU) send(ev any) { p.inbox <- ev }

func newCPU(clients []*Client, ops int, seed int64, window int) *CPU {
	rng := rand.New(rand.NewSource(seed))
	p := &CPU{
		inbox:   make(chan any, inboxSize),
		clients: clients,
		plan:    make([][]*Op, len(clients)),
		window:  window,
		issued:  make([]int, len(clients)),
		total:   ops,
		result:  make(chan []*Op, 1),
	}
	for i := 0; i < ops; i++ {
		op := &Op{ID: i, Client: rng.Intn(len(clients)), Excl: rng.Intn(100) < 40}
		p.plan[op.Client] = append(p.plan[op.Client], op)
	}
	return p
}

func (p *CPU) run() {
	p.start()
	for ev := range p.inbox {
		switch e := ev.(type) {
		case *OpDone:
			if p.onOpDone(e) {
				p.result <- p.done
				return
			}
		default:
			panic(fmt.Sprintf("cpu: unexpected event %T", ev))
		}
	}
}

func (p *CPU) start() {
	for i := range p.clients {
		for k := 0; k < p.window; k++ {
			p.issue(i)
		}
	}
}

func (p *CPU) issue(client int) bool {
	if len(p.plan[client]) == 0 {
		return false
	}
	op := p.plan[client][0]
	p.plan[client] = p.plan[client][1:]
	p.issued[client]++
	p.clients[client].send(&Ask{Op: op})
	return true
}

func (p *CPU) onOpDone(e *OpDone) bool {
	p.done = append(p.done, e.Op)
	p.issued[e.Op.Client]--
	p.issue(e.Op.Client)
	return len(p.done) == p.total
}

// Outcome is the result of a run.
type Outcome struct {
	Ops       []*Op
	Final     *Line
	Reports   []*Report
	LocalHits int64
}

// Run simulates n clients executing ops operations chosen with the seed.
func Run(n, ops int, seed int64) (*Outcome, error) {
	if n < 2 || ops < 1 {
		return nil, errors.New("german: need at least two clients and one operation")
	}
	stats := &Stats{}
	host := &Host{inbox: make(chan any, inboxSize), line: &Line{}, holders: make(map[int]*Client)}
	clients := make([]*Client, n)
	for i := range clients {
		clients[i] = &Client{id: i, inbox: make(chan any, inboxSize), host: host, stats: stats}
	}
	cpu := newCPU(clients, ops, seed, 2)
	for _, c := range clients {
		c.cpu = cpu
	}

	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	start(host.run)
	for _, c := range clients {
		start(c.run)
	}
	start(cpu.run)

	out := &Outcome{}
	select {
	case out.Ops = <-cpu.result:
	case <-time.After(5 * time.Second):
		return nil, errors.New("german: operations did not finish")
	}
	flushed := make(chan *Line, 1)
	host.send(&Flush{Reply: flushed})
	out.Final = <-flushed

	reports := make(chan *Report, n+1)
	for _, c := range clients {
		c.send(&Halt{Reply: reports})
	}
	host.send(&Halt{Reply: reports})
	for i := 0; i <= n; i++ {
		out.Reports = append(out.Reports, <-reports)
	}
	wg.Wait()
	out.LocalHits = stats.LocalHits
	return out, nil
}
