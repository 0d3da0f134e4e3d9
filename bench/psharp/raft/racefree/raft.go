// Package raft is a single-process simulation of the Raft consensus protocol
// (the Raft benchmark of the P# paper) with plain goroutines and channels.
//
// Machines, each a goroutine reading its own inbox channel:
//   - Server: follower, candidate or leader. It keeps its term, vote, a log
//     of *Entry, commit and apply indexes, and per-peer nextIndex/matchIndex
//     when leading. Handlers: Boot, Tick, RequestVote, VoteReply,
//     AppendEntries (carrying []*Entry), AppendReply, ClientRequest.
//   - Network: routes every message between servers and the client, drops
//     server-to-server traffic of partitioned servers and, as the cluster
//     clock, sends a Tick to every server each period. Handlers: Envelope,
//     Partition, Heal, Stop.
//   - Client: submits each batch of commands one at a time to the server it
//     believes is the leader, following redirects and retrying on timeouts.
//     Handlers: Submit, ClientReply, NotLeader, Stop.
//   - Env: the driver. It boots the servers from a snapshot, cuts the leader
//     off its peers half-way through the client's commands, heals the
//     network at the end and stops everything once every server has applied
//     every command. Handlers: LeaderElected, Applied, BatchDone.
package raft

import (
	"math/rand"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Command adds Delta to register Reg; ID identifies it across retries.
type Command struct {
	ID, Reg, Delta int
}

// Entry is one log entry; entries are never modified once created.
type Entry struct {
	Term, Index int
	Cmd         Command
}

// Snapshot is the initial state every server boots from.
type Snapshot struct {
	State []int
}

// Message is anything put in an inbox.
type Message any

// Messages.
type (
	Boot        struct{ Snapshot *Snapshot }
	Tick        struct{}
	Stop        struct{}
	RequestVote struct {
		Term, Candidate, LastIndex, LastTerm int
	}
	VoteReply struct {
		From, Term int
		Granted    bool
	}
	AppendEntries struct {
		Term, Leader, PrevIndex, PrevTerm, LeaderCommit int
		Entries                                         []*Entry
	}
	AppendReply struct {
		From, Term, MatchIndex, ConflictIndex int
		Success                               bool
	}
	ClientRequest struct{ Cmd Command }
	ClientReply   struct{ ID, Index int }
	NotLeader     struct{ ID, Hint int }
	LeaderElected struct{ ID, Term int }
	Applied       struct {
		Server int
		Cmd    Command
	}
	Partition struct{ ID int }
	Heal      struct{}
	Submit    struct{ Cmds []Command }
	BatchDone struct{ Count int }
)

// ClientID is the network address of the client.
const ClientID = -1

// Envelope is a message in transit.
type Envelope struct {
	From, To int
	Msg      Message
}

// Network delivers envelopes and ticks the servers.
type Network struct {
	inbox    chan Envelope
	ctl      chan Message
	servers  []*Server
	client   *Client
	isolated map[int]bool
	period   time.Duration
	sent     atomic.Int64 // bumped by every sender
	dropped  int64        // owned by the network goroutine
}

// send is called on the sender's goroutine.
func (n *Network) send(from, to int, msg Message) {
	n.sent.Add(1)
	n.inbox <- Envelope{From: from, To: to, Msg: msg}
}

func (n *Network) run(wg *sync.WaitGroup) {
	defer wg.Done()
	ticker := time.NewTicker(n.period)
	defer ticker.Stop()
	for {
		select {
		case env := <-n.inbox:
			if env.To == ClientID {
				select {
				case n.client.inbox <- env.Msg:
				default: // the client is gone or hopelessly behind: drop
				}
				continue
			}
			if env.From != ClientID && (n.isolated[env.From] || n.isolated[env.To]) {
				n.dropped++
				continue
			}
			n.servers[env.To].inbox <- env.Msg
		case <-ticker.C:
			for _, s := range n.servers {
				s.inbox <- &Tick{}
			}
		case c := <-n.ctl:
			switch c := c.(type) {
			case *Partition:
				n.isolated[c.ID] = true
			case *Heal:
				clear(n.isolated)
			case *Stop:
				return
			}
		}
	}
}

type role int

const (
	follower role = iota
	candidate
	leader
)

// Server is a Raft peer.
type Server struct {
	id, peers   int
	inbox       chan Message
	net         *Network
	env         chan<- Message
	rng         *rand.Rand
	role        role
	term        int
	votedFor    int
	votes       int
	log         []*Entry // log[0] is a sentinel
	commitIndex int
	lastApplied int
	nextIndex   []int
	matchIndex  []int
	elapsed     int
	timeout     int
	hint        int
	state       []int
	seen        map[int]bool
	waiting     map[int]int // log index -> command ID the client waits for
}

func (s *Server) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range s.inbox {
		switch m := msg.(type) {
		case *Boot:
			s.state = slices.Clone(m.Snapshot.State)
		case *Tick:
			s.tick()
		case *RequestVote:
			s.requestVote(m)
		case *VoteReply:
			s.voteReply(m)
		case *AppendEntries:
			s.appendEntries(m)
		case *AppendReply:
			s.appendReply(m)
		case *ClientRequest:
			if s.role != leader {
				s.net.send(s.id, ClientID, &NotLeader{ID: m.Cmd.ID, Hint: s.hint})
				continue
			}
			idx := len(s.log)
			s.log = append(s.log, &Entry{Term: s.term, Index: idx, Cmd: m.Cmd})
			s.waiting[idx] = m.Cmd.ID
			s.broadcastAppend()
		case *Stop:
			return
		}
	}
}

func (s *Server) resetTimer() {
	s.elapsed = 0
	s.timeout = 10 + s.rng.Intn(10)
}

func (s *Server) tick() {
	s.elapsed++
	if s.role == leader {
		s.broadcastAppend()
		return
	}
	if s.elapsed < s.timeout {
		return
	}
	s.term++
	s.role = candidate
	s.votedFor, s.votes = s.id, 1
	s.resetTimer()
	last := s.log[len(s.log)-1]
	for p := 0; p < s.peers; p++ {
		if p != s.id {
			s.net.send(s.id, p, &RequestVote{Term: s.term, Candidate: s.id, LastIndex: last.Index, LastTerm: last.Term})
		}
	}
}

func (s *Server) stepDown(term int) {
	s.term = term
	s.role = follower
	s.votedFor = -1
	s.waiting = nil
}

func (s *Server) requestVote(m *RequestVote) {
	if m.Term > s.term {
		s.stepDown(m.Term)
	}
	last := s.log[len(s.log)-1]
	upToDate := m.LastTerm > last.Term || m.LastTerm == last.Term && m.LastIndex >= last.Index
	granted := m.Term == s.term && (s.votedFor == -1 || s.votedFor == m.Candidate) && upToDate
	if granted {
		s.votedFor = m.Candidate
		s.resetTimer()
	}
	s.net.send(s.id, m.Candidate, &VoteReply{From: s.id, Term: s.term, Granted: granted})
}

func (s *Server) voteReply(m *VoteReply) {
	if m.Term > s.term {
		s.stepDown(m.Term)
		return
	}
	if s.role != candidate || m.Term != s.term || !m.Granted {
		return
	}
	s.votes++
	if s.votes <= s.peers/2 {
		return
	}
	s.role = leader
	s.hint = s.id
	s.waiting = make(map[int]int)
	for p := range s.nextIndex {
		s.nextIndex[p] = len(s.log)
		s.matchIndex[p] = 0
	}
	s.env <- &LeaderElected{ID: s.id, Term: s.term}
	s.broadcastAppend()
}

func (s *Server) broadcastAppend() {
	for p := 0; p < s.peers; p++ {
		if p != s.id {
			s.sendAppend(p)
		}
	}
}

// sendAppend sends peer the entries from its nextIndex on. The slice is a
// copy; the entries themselves are immutable and shared.
func (s *Server) sendAppend(peer int) {
	next := s.nextIndex[peer]
	prev := s.log[next-1]
	s.net.send(s.id, peer, &AppendEntries{
		Term: s.term, Leader: s.id, PrevIndex: prev.Index, PrevTerm: prev.Term,
		LeaderCommit: s.commitIndex, Entries: slices.Clone(s.log[next:]),
	})
}

func (s *Server) appendEntries(m *AppendEntries) {
	if m.Term < s.term {
		s.net.send(s.id, m.Leader, &AppendReply{From: s.id, Term: s.term})
		return
	}
	if m.Term > s.term || s.role != follower {
		s.stepDown(m.Term)
		s.votedFor = m.Leader
	}
	s.hint = m.Leader
	s.elapsed = 0
	if m.PrevIndex >= len(s.log) || s.log[m.PrevIndex].Term != m.PrevTerm {
		s.net.send(s.id, m.Leader, &AppendReply{From: s.id, Term: s.term,
			ConflictIndex: min(m.PrevIndex, len(s.log)-1)})
		return
	}
	for i, e := range m.Entries {
		idx := m.PrevIndex + 1 + i
		if idx < len(s.log) {
			if s.log[idx].Term == e.Term {
				continue
			}
			s.log = s.log[:idx] // drop a conflicting suffix
		}
		s.log = append(s.log, e)
	}
	match := m.PrevIndex + len(m.Entries)
	if m.LeaderCommit > s.commitIndex {
		s.commitIndex = min(m.LeaderCommit, match)
		s.apply()
	}
	s.net.send(s.id, m.Leader, &AppendReply{From: s.id, Term: s.term, Success: true, MatchIndex: match})
}

func (s *Server) appendReply(m *AppendReply) {
	if m.Term > s.term {
		s.stepDown(m.Term)
		return
	}
	if s.role != leader || m.Term != s.term {
		return
	}
	if !m.Success {
		s.nextIndex[m.From] = max(1, min(s.nextIndex[m.From]-1, m.ConflictIndex))
		return
	}
	s.matchIndex[m.From] = max(s.matchIndex[m.From], m.MatchIndex)
	s.nextIndex[m.From] = s.matchIndex[m.From] + 1
	for n := len(s.log) - 1; n > s.commitIndex && s.log[n].Term == s.term; n-- {
		count := 1
		for p, match := range s.matchIndex {
			if p != s.id && match >= n {
				count++
			}
		}
		if count > s.peers/2 {
			s.commitIndex = n
			s.apply()
			break
		}
	}
}

// apply executes the newly committed entries, once per command ID, and
// answers the client for the entries this leader appended.
func (s *Server) apply() {
	for s.lastApplied < s.commitIndex {
		s.lastApplied++
		e := s.log[s.lastApplied]
		if !s.seen[e.Cmd.ID] {
			s.seen[e.Cmd.ID] = true
			s.state[e.Cmd.Reg] += e.Cmd.Delta
			s.env <- &Applied{Server: s.id, Cmd: e.Cmd}
		}
		if id, ok := s.waiting[e.Index]; ok && id == e.Cmd.ID {
			delete(s.waiting, e.Index)
			s.net.send(s.id, ClientID, &ClientReply{ID: id, Index: e.Index})
		}
	}
}

// Client submits the commands of each batch one at a time.
type Client struct {
	inbox   chan Message
	net     *Network
	env     chan<- Message
	peers   int
	leader  int
	timeout time.Duration
}

func (c *Client) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range c.inbox {
		switch m := msg.(type) {
		case *Submit:
			for _, cmd := range m.Cmds {
				c.submit(cmd)
			}
			c.env <- &BatchDone{Count: len(m.Cmds)}
		case *Stop:
			return
		}
	}
}

func (c *Client) submit(cmd Command) {
	c.net.send(ClientID, c.leader, &ClientRequest{Cmd: cmd})
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	for {
		select {
		case msg := <-c.inbox:
			switch m := msg.(type) {
			case *ClientReply:
				if m.ID == cmd.ID {
					return
				}
				continue
			case *NotLeader:
				if m.ID != cmd.ID {
					continue
				}
				if m.Hint >= 0 && m.Hint != c.leader {
					c.leader = m.Hint
				} else {
					c.leader = (c.leader + 1) % c.peers
					time.Sleep(time.Millisecond)
				}
			}
		case <-timer.C:
			c.leader = (c.leader + 1) % c.peers
		}
		timer.Reset(c.timeout)
		c.net.send(ClientID, c.leader, &ClientRequest{Cmd: cmd})
	}
}

// Config sizes a simulation.
type Config struct {
	Servers, Registers, Commands int
	Period, ClientTimeout        time.Duration
	Seed                         int64
}

// Result is what the environment observed.
type Result struct {
	Leaders  []LeaderElected
	Isolated int
	Sent     int64
	Dropped  int64
	Logs     [][]Entry
	Commits  []int
	States   [][]int
	Applied  []int
}

// Run boots the cluster, drives it to completion, stops it and returns what
// was observed.
func Run(cfg Config) *Result {
	envInbox := make(chan Message, 4096)
	net := &Network{inbox: make(chan Envelope, 4096), ctl: make(chan Message, 8),
		isolated: make(map[int]bool), period: cfg.Period}
	client := &Client{inbox: make(chan Message, 256), net: net, env: envInbox, peers: cfg.Servers,
		timeout: cfg.ClientTimeout}
	net.client = client
	var cmds []Command
	for i := 1; i <= cfg.Commands; i++ {
		cmds = append(cmds, Command{ID: i, Reg: i % cfg.Registers, Delta: i})
	}
	snap := &Snapshot{State: make([]int, cfg.Registers)}
	for i := 0; i < cfg.Servers; i++ {
		s := &Server{id: i, peers: cfg.Servers, inbox: make(chan Message, 4096), net: net, env: envInbox,
			rng: rand.New(rand.NewSource(cfg.Seed + int64(i))), votedFor: -1, hint: -1,
			log: []*Entry{{}}, nextIndex: make([]int, cfg.Servers), matchIndex: make([]int, cfg.Servers),
			seen: make(map[int]bool)}
		s.resetTimer()
		s.inbox <- &Boot{Snapshot: snap}
		net.servers = append(net.servers, s)
	}

	var wg sync.WaitGroup
	wg.Add(2 + cfg.Servers)
	go net.run(&wg)
	for _, s := range net.servers {
		go s.run(&wg)
	}
	go client.run(&wg)

	// First half of the commands on a healthy cluster, second half with
	// the leader cut off from its peers, then heal and let everybody
	// catch up.
	res := &Result{Isolated: -1}
	leader, batches := -1, 0
	applied := make([]map[int]bool, cfg.Servers)
	for i := range applied {
		applied[i] = make(map[int]bool)
	}
	client.inbox <- &Submit{Cmds: cmds[:len(cmds)/2]}
	for batches < 2 || !allApplied(applied, cfg.Commands) {
		switch m := (<-envInbox).(type) {
		case *LeaderElected:
			leader = m.ID
			res.Leaders = append(res.Leaders, *m)
		case *Applied:
			applied[m.Server][m.Cmd.ID] = true
		case *BatchDone:
			batches++
			if batches == 1 {
				res.Isolated = leader
				net.ctl <- &Partition{ID: leader}
				client.inbox <- &Submit{Cmds: cmds[len(cmds)/2:]}
				continue
			}
			net.ctl <- &Heal{}
		}
	}
	client.inbox <- &Stop{}
	net.ctl <- &Stop{}
	for _, s := range net.servers {
		s.inbox <- &Stop{}
	}
	wg.Wait()
	res.Sent, res.Dropped = net.sent.Load(), net.dropped
	for _, s := range net.servers {
		var log []Entry
		for _, e := range s.log[1:] {
			log = append(log, *e)
		}
		res.Logs = append(res.Logs, log)
		res.Commits = append(res.Commits, s.commitIndex)
		res.States = append(res.States, s.state)
		res.Applied = append(res.Applied, len(applied[s.id]))
	}
	return res
}

func allApplied(applied []map[int]bool, n int) bool {
	for _, a := range applied {
		if len(a) < n {
			return false
		}
	}
	return true
}
