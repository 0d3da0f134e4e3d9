// Package chainreplication is a single-process simulation of chain
// replication (the ChainReplication benchmark of the P# paper) written with
// protoactor-go actors.
//
// Machines:
//   - Server: one replica of the chain. The head sequences client updates,
//     every server applies them to its store and its history (a list of
//     *Update) and forwards them to its successor, keeping them in its sent
//     list until the tail's acknowledgement comes back up the chain. The tail
//     answers updates and queries. Handlers: Configure, UpdateRequest,
//     Forward, Ack, flushAcks, QueryRequest, NewPredecessor, NewSuccessor,
//     Resend, BecomeTail, GetState.
//   - Master: owns the chain configuration; when a server fails it removes
//     it and reconfigures the neighbours (a new tail, or a predecessor that
//     must resend its unacknowledged updates to a new successor) and tells
//     the clients. It notices a failure only after a detection delay.
//     Handlers: Started, Crash, detected.
//   - Client: keeps a window of updates in flight at the head and, for every
//     acknowledged update, queries the tail and checks that it does not read
//     an older value. Handlers: ChainInfo, UpdateDone, QueryResult.
//   - Env: the driver. It spawns everything, makes the master fail a middle
//     server and then the tail as the clients progress, and once the clients
//     are done collects the state of the surviving servers. Handlers:
//     Started, Progress, Reconfigured, ClientDone, ServerState.
package chainreplication

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Update is a sequenced client update; it is never modified once made.
type Update struct {
	Seq    int
	Client *actor.PID
	ReqID  int
	Key    string
	Value  int
}

// Messages.
type (
	Configure struct {
		ID         int
		Pred, Succ *actor.PID
	}
	UpdateRequest struct {
		Client *actor.PID
		ReqID  int
		Key    string
		Value  int
	}
	Forward      struct{ Update *Update }
	Ack          struct{ Seqs []int }
	flushAcks    struct{}
	UpdateDone   struct{ ReqID, Seq int }
	QueryRequest struct {
		Client *actor.PID
		QID    int
		Key    string
	}
	QueryResult struct {
		QID, Value, Seq int
	}
	NewPredecessor struct{ Pred *actor.PID }
	NewSuccessor   struct{ Succ *actor.PID }
	Resend         struct{ Updates []*Update }
	BecomeTail     struct{}
	GetState       struct{}
	ServerState    struct {
		ID      int
		History []*Update
		Store   map[string]int
	}
	ChainInfo    struct{ Head, Tail *actor.PID }
	Crash        struct{ Index int }
	detected     struct{ Server *actor.PID }
	Reconfigured struct{ Chain []*actor.PID }
	Progress     struct{ Client, Acked int }
	ClientDone   struct {
		Client, Acked, Queries, Stale int
	}
)

// Server is one replica.
type Server struct {
	id          int
	pred, succ  *actor.PID
	nextSeq     int // head only
	lastSeq     int
	ackedUpTo   int
	store       map[string]int
	history     []*Update
	sent        []*Update
	pendingAcks []int
}

func newServer() actor.Actor { return &Server{store: make(map[string]int)} }

func (s *Server) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *Configure:
		s.id, s.pred, s.succ = m.ID, m.Pred, m.Succ
	case *UpdateRequest:
		s.nextSeq++
		s.process(ctx, &Update{Seq: s.nextSeq, Client: m.Client, ReqID: m.ReqID, Key: m.Key, Value: m.Value})
	case *Forward:
		if m.Update.Seq > s.lastSeq {
			s.process(ctx, m.Update)
		}
	case *Ack:
		s.ack(ctx, m)
	case *flushAcks:
		s.flushAcks(ctx)
	case *QueryRequest:
		ctx.Send(m.Client, &QueryResult{QID: m.QID, Value: s.store[m.Key], Seq: s.lastSeq})
	case *NewPredecessor:
		// Tell the new predecessor what is already committed, so that it
		// can prune its sent list.
		s.pred = m.Pred
		if s.pred != nil && s.ackedUpTo > 0 {
			ctx.Send(s.pred, &Ack{Seqs: []int{s.ackedUpTo}})
		}
	case *NewSuccessor:
		s.succ = m.Succ
		ctx.Send(s.succ, &Resend{Updates: slices.Clone(s.sent)})
	case *Resend:
		s.resend(ctx, m.Updates)
	case *BecomeTail:
		// Everything we forwarded to the failed tail is now committed here.
		s.succ = nil
		for _, u := range s.sent {
			s.reply(ctx, u)
		}
		s.sent = nil
	case *GetState:
		ctx.Respond(&ServerState{ID: s.id, History: slices.Clone(s.history), Store: maps.Clone(s.store)})
	}
}

// process applies an update and passes it down the chain, or answers the
// client when we are the tail.
func (s *Server) process(ctx actor.Context, u *Update) {
	s.lastSeq = u.Seq
	s.store[u.Key] = u.Value
	s.history = append(s.history, u)
	if s.succ == nil {
		s.reply(ctx, u)
		return
	}
	s.sent = append(s.sent, u)
	ctx.Send(s.succ, &Forward{Update: u})
}

// reply acknowledges a committed update to its client and queues the
// acknowledgement that goes back up the chain.
func (s *Server) reply(ctx actor.Context, u *Update) {
	ctx.Send(u.Client, &UpdateDone{ReqID: u.ReqID, Seq: u.Seq})
	s.pendingAcks = append(s.pendingAcks, u.Seq)
	if len(s.pendingAcks) == 1 {
		// Flush once the updates already in the mailbox are processed.
		ctx.Send(ctx.Self(), &flushAcks{})
	}
}

func (s *Server) flushAcks(ctx actor.Context) {
	if len(s.pendingAcks) == 0 {
		return
	}
	s.ackedUpTo = max(s.ackedUpTo, s.pendingAcks[len(s.pendingAcks)-1])
	if s.pred == nil {
		s.pendingAcks = nil
		return
	}
	acks := s.pendingAcks
	s.pendingAcks = nil
	ctx.Send(s.pred, &Ack{Seqs: acks})
}

// ack drops the acknowledged updates from the sent list and passes the
// acknowledgement (shared, read-only) to the predecessor.
func (s *Server) ack(ctx actor.Context, m *Ack) {
	top := m.Seqs[len(m.Seqs)-1]
	s.ackedUpTo = max(s.ackedUpTo, top)
	s.sent = slices.DeleteFunc(s.sent, func(u *Update) bool { return u.Seq <= top })
	if s.pred != nil {
		ctx.Send(s.pred, m)
	}
}

// resend handles the updates a new predecessor had not seen acknowledged:
// the new ones are processed, the ones already acknowledged here are
// acknowledged back at once.
func (s *Server) resend(ctx actor.Context, updates []*Update) {
	var done []int
	for _, u := range updates {
		switch {
		case u.Seq > s.lastSeq:
			s.process(ctx, u)
		case u.Seq <= s.ackedUpTo:
			done = append(done, u.Seq)
		}
	}
	if len(done) > 0 && s.pred != nil {
		ctx.Send(s.pred, &Ack{Seqs: done})
	}
}

// Master keeps the chain configuration.
type Master struct {
	env         *actor.PID
	chain       []*actor.PID
	clients     []*actor.PID
	detectDelay time.Duration
}

func (ms *Master) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		for i, pid := range ms.chain {
			cfg := &Configure{ID: i}
			if i > 0 {
				cfg.Pred = ms.chain[i-1]
			}
			if i < len(ms.chain)-1 {
				cfg.Succ = ms.chain[i+1]
			}
			ctx.Send(pid, cfg)
		}
		ms.announce(ctx)
	case *Crash:
		ms.crash(ctx, m.Index)
	case *detected:
		ms.repair(ctx, m.Server)
	}
}

func (ms *Master) announce(ctx actor.Context) {
	for _, c := range ms.clients {
		ctx.Send(c, &ChainInfo{Head: ms.chain[0], Tail: ms.chain[len(ms.chain)-1]})
	}
}

// crash stops the server at position i (-1: the tail). The master only
// notices the failure after the detection delay.
func (ms *Master) crash(ctx actor.Context, i int) {
	if i < 0 {
		i = len(ms.chain) - 1
	}
	failed := ms.chain[i]
	ctx.Stop(failed)
	root, self := ctx.ActorSystem().Root, ctx.Self()
	time.AfterFunc(ms.detectDelay, func() { root.Send(self, &detected{Server: failed}) })
}

// repair removes a failed server from the chain and reconfigures its
// neighbours and the clients.
func (ms *Master) repair(ctx actor.Context, failed *actor.PID) {
	i := slices.IndexFunc(ms.chain, failed.Equal)
	ms.chain = slices.Delete(ms.chain, i, i+1)
	switch {
	case i == 0:
		ctx.Send(ms.chain[0], &NewPredecessor{})
	case i == len(ms.chain):
		ctx.Send(ms.chain[i-1], &BecomeTail{})
	default:
		ctx.Send(ms.chain[i-1], &NewSuccessor{Succ: ms.chain[i]})
		ctx.Send(ms.chain[i], &NewPredecessor{Pred: ms.chain[i-1]})
	}
	ms.announce(ctx)
	ctx.Send(ms.env, &Reconfigured{Chain: slices.Clone(ms.chain)})
}

// Client issues updates and queries.
type Client struct {
	id, total, window int
	env               *actor.PID
	head, tail        *actor.PID
	nextReq, acked    int
	inflight          map[int]*UpdateRequest
	lastAcked         map[string]int
	nextQID           int
	queries           map[int]*QueryRequest
	minValue          map[int]int
	answered, stale   int
}

func (c *Client) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *ChainInfo:
		started := c.head != nil
		oldTail := c.tail
		c.head, c.tail = m.Head, m.Tail
		if !started {
			c.fill(ctx)
		} else if !oldTail.Equal(c.tail) {
			for _, q := range c.queries {
				ctx.Send(c.tail, q)
			}
		}
	case *UpdateDone:
		req, ok := c.inflight[m.ReqID]
		if !ok {
			return
		}
		delete(c.inflight, m.ReqID)
		c.acked++
		c.lastAcked[req.Key] = max(c.lastAcked[req.Key], req.Value)
		c.query(ctx, req.Key)
		if c.acked%5 == 0 {
			ctx.Send(c.env, &Progress{Client: c.id, Acked: c.acked})
		}
		c.fill(ctx)
	case *QueryResult:
		min, ok := c.minValue[m.QID]
		if !ok {
			return
		}
		delete(c.minValue, m.QID)
		delete(c.queries, m.QID)
		c.answered++
		if m.Value < min {
			c.stale++
		}
		if c.acked == c.total && len(c.queries) == 0 {
			ctx.Send(c.env, &ClientDone{Client: c.id, Acked: c.acked, Queries: c.answered, Stale: c.stale})
		}
	}
}

func (c *Client) fill(ctx actor.Context) {
	for len(c.inflight) < c.window && c.nextReq < c.total {
		c.nextReq++
		req := &UpdateRequest{Client: ctx.Self(), ReqID: c.nextReq, Key: fmt.Sprintf("c%d/k%d", c.id, c.nextReq%4),
			Value: c.nextReq}
		c.inflight[req.ReqID] = req
		ctx.Send(c.head, req)
	}
}

func (c *Client) query(ctx actor.Context, key string) {
	c.nextQID++
	q := &QueryRequest{Client: ctx.Self(), QID: c.nextQID, Key: key}
	c.queries[q.QID] = q
	c.minValue[q.QID] = c.lastAcked[key]
	ctx.Send(c.tail, q)
}

// Config sizes a simulation.
type Config struct {
	Servers, Clients, Updates, Window int
	CrashAt                           []int // total acknowledged updates at which a server fails
	CrashIndex                        []int // chain position of the server that fails; -1 is the tail
	DetectDelay                       time.Duration
}

// Result is what the environment observed.
type Result struct {
	Chains  [][]*actor.PID
	Clients []ClientDone
	States  []ServerState
}

// Env drives the simulation.
type Env struct {
	cfg      Config
	out      chan<- *Result
	master   *actor.PID
	chain    []*actor.PID
	progress map[int]int
	crashes  int
	done     int
	pending  int
	result   Result
}

// NewEnv returns the producer of the environment machine; the result is
// sent on out once the survivors' states are collected.
func NewEnv(cfg Config, out chan<- *Result) actor.Producer {
	return func() actor.Actor {
		return &Env{cfg: cfg, out: out, progress: make(map[int]int)}
	}
}

func (e *Env) Receive(ctx actor.Context) {
	switch m := ctx.Message().(type) {
	case *actor.Started:
		for i := 0; i < e.cfg.Servers; i++ {
			e.chain = append(e.chain, ctx.Spawn(actor.PropsFromProducer(newServer)))
		}
		var clients []*actor.PID
		for i := 0; i < e.cfg.Clients; i++ {
			c := &Client{id: i, total: e.cfg.Updates, window: e.cfg.Window, env: ctx.Self(),
				inflight: make(map[int]*UpdateRequest), lastAcked: make(map[string]int),
				queries: make(map[int]*QueryRequest), minValue: make(map[int]int)}
			clients = append(clients, ctx.Spawn(actor.PropsFromProducer(func() actor.Actor { return c })))
		}
		ms := &Master{env: ctx.Self(), chain: slices.Clone(e.chain), clients: clients, detectDelay: e.cfg.DetectDelay}
		e.master = ctx.Spawn(actor.PropsFromProducer(func() actor.Actor { return ms }))
	case *Progress:
		e.progress[m.Client] = m.Acked
		total := 0
		for _, n := range e.progress {
			total += n
		}
		if e.crashes < len(e.cfg.CrashAt) && total >= e.cfg.CrashAt[e.crashes] {
			ctx.Send(e.master, &Crash{Index: e.cfg.CrashIndex[e.crashes]})
			e.crashes++
		}
	case *Reconfigured:
		e.chain = m.Chain
		e.result.Chains = append(e.result.Chains, m.Chain)
		e.maybeCollect(ctx)
	case *ClientDone:
		e.result.Clients = append(e.result.Clients, *m)
		e.done++
		e.maybeCollect(ctx)
	case *ServerState:
		e.result.States = append(e.result.States, *m)
		e.pending--
		if e.pending == 0 {
			slices.SortFunc(e.result.States, func(a, b ServerState) int { return a.ID - b.ID })
			e.out <- &e.result
		}
	}
}

// maybeCollect asks the survivors for their state once the clients are done
// and every planned failure has been repaired.
func (e *Env) maybeCollect(ctx actor.Context) {
	if e.done < e.cfg.Clients || len(e.result.Chains) < len(e.cfg.CrashAt) {
		return
	}
	e.pending = len(e.chain)
	for _, pid := range e.chain {
		ctx.Request(pid, &GetState{})
	}
}
