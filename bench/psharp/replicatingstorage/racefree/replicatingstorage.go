// Package replicatingstorage is a Go port of the ReplicatingStorage benchmark
// of the P# suite: a simplified model of the replicating storage system used in
// Microsoft Azure. This is the race-free variant.
//
// Every machine is a goroutine that owns its state and an inbox channel:
//
//   - NodeManager keeps Replicas storage nodes in sync. It appends client
//     writes to its authoritative log, collects them in a pending batch that it
//     broadcasts to all nodes on every tick of its repair timer, answers sync
//     reports with the entries a node is missing, acknowledges a write once
//     a majority of the live nodes hold it, and replaces the nodes the failure
//     injector kills with fresh, empty ones.
//   - StorageNode stores log entries in order and, on every tick of its own
//     sync timer, reports its log to the manager.
//   - Client issues a fixed number of writes, keeping a bounded window of
//     writes outstanding.
//   - FailureInjector asks the manager to kill a random node, a bounded number
//     of times.
//   - Timer sends periodic ticks (the manager's repair timer and one sync timer
//     per node).
//
// Run plays the environment: it wires the machines together, waits for the
// client, stops the failure injector and drains the manager, which stops the
// nodes and hands back their final logs.
package replicatingstorage

import (
	"fmt"
	"math/rand"
	"slices"
	"sync/atomic"
	"time"
)

// Entry is one replicated write. Entries are immutable once the manager has
// created them, so the same *Entry is shared by the manager and every replica.
type Entry struct {
	Seq   int
	Key   string
	Value int
}

// Config bounds a simulation run.
type Config struct {
	Replicas    int
	Writes      int
	Window      int
	MaxFailures int
	Seed        int64
	SyncEvery   time.Duration
	RepairEvery time.Duration
	FailEvery   time.Duration
}

// Stats is shared by all storage nodes of a run.
type Stats struct {
	Stored      atomic.Int64
	SyncReports atomic.Int64
}

// Result is what the manager hands back when it has been drained; Run adds
// the acknowledgements the client received and the node statistics.
type Result struct {
	Log        []*Entry
	Replicas   map[int][]*Entry
	Failures   int
	Acked      []int
	ClientAcks map[int]int // write id -> seq
	Stats      *Stats
}

// Events.
type (
	writeRequest struct {
		ID    int
		Key   string
		Value int
	}
	writeAck struct {
		ID  int
		Seq int
	}
	storeBatch struct{ Entries []*Entry }
	syncReport struct {
		Node int
		Log  []*Entry
	}
	syncRequest struct{ Entries []*Entry }
	failNode    struct{ Index int }
	drain       struct{ reply chan *Result }
	stopNode    struct{ reply chan []*Entry }
	syncTick    struct{}
	repairTick  struct{}
)

const inboxSize = 1024

// Timer delivers tick to target every period until it is stopped.
type Timer struct {
	period time.Duration
	target chan<- any
	tick   any
	stop   chan struct{}
	done   chan struct{}
}

func startTimer(period time.Duration, target chan<- any, tick any) *Timer {
	t := &Timer{period: period, target: target, tick: tick,
		stop: make(chan struct{}), done: make(chan struct{})}
	go t.run()
	return t
}

func (t *Timer) run() {
	defer close(t.done)
	ticker := time.NewTicker(t.period)
	defer ticker.Stop()
	for {
		select {
		case <-t.stop:
			return
		case <-ticker.C:
			select {
			case t.target <- t.tick:
			case <-t.stop:
				return
			}
		}
	}
}

// Stop stops the timer and waits until it no longer sends.
func (t *Timer) Stop() {
	close(t.stop)
	<-t.done
}

// StorageNode is one replica.
type StorageNode struct {
	id      int
	inbox   chan any
	manager chan<- any
	stats   *Stats
	log     []*Entry
	sync    *Timer
}

func (n *StorageNode) run(syncEvery time.Duration) {
	n.sync = startTimer(syncEvery, n.inbox, syncTick{})
	for msg := range n.inbox {
		switch e := msg.(type) {
		case *storeBatch:
			n.store(e.Entries)
		case *syncRequest:
			n.store(e.Entries)
		case syncTick:
			n.reportLog()
		case *stopNode:
			n.sync.Stop()
			e.reply <- n.log
			return
		}
	}
}

// store appends the entries that extend the local log; anything else is a
// duplicate or arrived out of order and will be repaired by a later sync.
func (n *StorageNode) store(entries []*Entry) {
	stored := 0
	for _, e := range entries {
		if e.Seq != len(n.log)+1 {
			continue
		}
		n.log = append(n.log, e)
		stored++
	}
	n.stats.Stored.Add(int64(stored))
}

func (n *StorageNode) reportLog() {
	n.manager <- &syncReport{Node: n.id, Log: slices.Clone(n.log)}
	n.stats.SyncReports.Add(1)
}

type nodeRef struct {
	node  *StorageNode
	inbox chan any
}

// NodeManager keeps the replicas in sync.
type NodeManager struct {
	cfg    Config
	inbox  chan any
	client chan<- any
	stats  *Stats

	nodes    map[int]*nodeRef
	nextNode int
	log      []*Entry
	pending  []*Entry
	synced   map[int]int // node id -> length of its log at its last report
	waiting  map[int]int // seq -> id of the write waiting for replication
	acked    []int
	failures int
	draining *drain
	repair   *Timer
	finished bool
}

func newNodeManager(cfg Config, client chan<- any, stats *Stats) *NodeManager {
	return &NodeManager{
		cfg:     cfg,
		inbox:   make(chan any, inboxSize),
		client:  client,
		stats:   stats,
		nodes:   make(map[int]*nodeRef),
		synced:  make(map[int]int),
		waiting: make(map[int]int),
	}
}

func (m *NodeManager) run() {
	for range m.cfg.Replicas {
		m.spawnNode()
	}
	m.repair = startTimer(m.cfg.RepairEvery, m.inbox, repairTick{})
	for msg := range m.inbox {
		switch e := msg.(type) {
		case *writeRequest:
			m.onWrite(e)
		case repairTick:
			m.onRepair()
		case *syncReport:
			m.onSyncReport(e)
		case *failNode:
			m.onFail(e)
		case *drain:
			m.draining = e
			m.tryFinish()
		}
		if m.finished {
			return
		}
	}
}

func (m *NodeManager) spawnNode() {
	m.nextNode++
	n := &StorageNode{id: m.nextNode, inbox: make(chan any, inboxSize),
		manager: m.inbox, stats: m.stats}
	m.nodes[n.id] = &nodeRef{node: n, inbox: n.inbox}
	go n.run(m.cfg.SyncEvery)
}

func (m *NodeManager) stopNode(id int) []*Entry {
	ref := m.nodes[id]
	delete(m.nodes, id)
	delete(m.synced, id)
	reply := make(chan []*Entry, 1)
	ref.inbox <- &stopNode{reply: reply}
	return <-reply
}

func (m *NodeManager) nodeIDs() []int {
	ids := make([]int, 0, len(m.nodes))
	for id := range m.nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func (m *NodeManager) onWrite(req *writeRequest) {
	e := &Entry{Seq: len(m.log) + 1, Key: req.Key, Value: req.Value}
	m.log = append(m.log, e)
	m.pending = append(m.pending, e)
	m.waiting[e.Seq] = req.ID
}

// onRepair broadcasts the pending batch; the nodes only read it.
func (m *NodeManager) onRepair() {
	if len(m.pending) == 0 {
		return
	}
	batch := m.pending
	m.pending = nil
	for _, id := range m.nodeIDs() {
		m.nodes[id].inbox <- &storeBatch{Entries: batch}
	}
}

func (m *NodeManager) onSyncReport(rep *syncReport) {
	ref, ok := m.nodes[rep.Node]
	if !ok {
		return // a report the node sent before it was killed
	}
	n := len(rep.Log)
	for i, e := range rep.Log {
		if i >= len(m.log) || e != m.log[i] {
			panic(fmt.Sprintf("node %d diverged at seq %d", rep.Node, i+1))
		}
	}
	m.synced[rep.Node] = n
	// Entries still in the pending batch are delivered by the next repair tick.
	if broadcast := len(m.log) - len(m.pending); n < broadcast {
		ref.inbox <- &syncRequest{Entries: slices.Clone(m.log[n:broadcast])}
	}
	m.ackReplicated()
	m.tryFinish()
}

// ackReplicated acknowledges every write that a majority of the live nodes
// hold; the stragglers catch up through later batches and sync requests.
func (m *NodeManager) ackReplicated() {
	lengths := make([]int, 0, len(m.nodes))
	for id := range m.nodes {
		lengths = append(lengths, m.synced[id])
	}
	slices.Sort(lengths)
	replicated := lengths[len(lengths)-(len(lengths)/2+1)]
	for seq, id := range m.waiting {
		if seq <= replicated {
			delete(m.waiting, seq)
			m.acked = append(m.acked, id)
			m.client <- &writeAck{ID: id, Seq: seq}
		}
	}
}

func (m *NodeManager) onFail(f *failNode) {
	if m.draining != nil || m.failures >= m.cfg.MaxFailures {
		return
	}
	ids := m.nodeIDs()
	m.stopNode(ids[f.Index%len(ids)])
	m.failures++
	m.spawnNode()
}

// tryFinish completes a drain once every live node holds the whole log.
func (m *NodeManager) tryFinish() {
	if m.draining == nil || len(m.pending) > 0 || len(m.waiting) > 0 {
		return
	}
	for id := range m.nodes {
		if m.synced[id] != len(m.log) {
			return
		}
	}
	m.repair.Stop()
	res := &Result{Log: m.log, Replicas: make(map[int][]*Entry),
		Failures: m.failures, Acked: m.acked}
	for _, id := range m.nodeIDs() {
		res.Replicas[id] = m.stopNode(id)
	}
	m.finished = true
	m.draining.reply <- res
}

// Client issues writes with at most window of them outstanding.
type Client struct {
	inbox       chan any
	manager     chan<- any
	rng         *rand.Rand
	writes      int
	window      int
	outstanding map[int]bool
	acks        map[int]int
}

func (c *Client) run(done chan<- map[int]int) {
	next := 0
	for next < c.writes || len(c.outstanding) > 0 {
		for next < c.writes && len(c.outstanding) < c.window {
			req := &writeRequest{ID: next, Key: fmt.Sprintf("k%d", c.rng.Intn(8)),
				Value: c.rng.Intn(1000)}
			c.outstanding[req.ID] = true
			c.manager <- req
			next++
		}
		ack := (<-c.inbox).(*writeAck)
		delete(c.outstanding, ack.ID)
		c.acks[ack.ID] = ack.Seq
	}
	done <- c.acks
}

// FailureInjector kills up to max random nodes, one per period.
type FailureInjector struct {
	manager  chan<- any
	rng      *rand.Rand
	max      int
	replicas int
	period   time.Duration
	stop     chan struct{}
	done     chan struct{}
}

func (f *FailureInjector) run() {
	defer close(f.done)
	ticker := time.NewTicker(f.period)
	defer ticker.Stop()
	for sent := 0; sent < f.max; {
		select {
		case <-f.stop:
			return
		case <-ticker.C:
			f.manager <- &failNode{Index: f.rng.Intn(f.replicas)}
			sent++
		}
	}
}

// Run is the environment: it runs one bounded simulation to completion.
func Run(cfg Config) *Result {
	rng := rand.New(rand.NewSource(cfg.Seed))
	stats := &Stats{}
	clientInbox := make(chan any, inboxSize)
	m := newNodeManager(cfg, clientInbox, stats)
	go m.run()

	client := &Client{inbox: clientInbox, manager: m.inbox, rng: rand.New(rand.NewSource(rng.Int63())),
		writes: cfg.Writes, window: cfg.Window, outstanding: make(map[int]bool),
		acks: make(map[int]int)}
	clientDone := make(chan map[int]int, 1)
	go client.run(clientDone)

	inj := &FailureInjector{manager: m.inbox, rng: rand.New(rand.NewSource(rng.Int63())),
		max: cfg.MaxFailures, replicas: cfg.Replicas, period: cfg.FailEvery,
		stop: make(chan struct{}), done: make(chan struct{})}
	go inj.run()

	acks := <-clientDone
	close(inj.stop)
	<-inj.done

	reply := make(chan *Result, 1)
	m.inbox <- &drain{reply: reply}
	res := <-reply
	res.ClientAcks = acks
	res.Stats = stats
	return res
}
