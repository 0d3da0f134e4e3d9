// Package chord is a single-process simulation of the Chord distributed hash
// table (the Chord benchmark of the P# paper), written with Hollywood actors.
//
// Machines:
//   - Manager: builds the initial ring (finger tables and key lists computed
//     centrally), lets nodes join one after the other, drives the
//     stabilization rounds and finally collects every node's keys.
//   - Node: a Chord peer with a successor, a predecessor, a *FingerTable and
//     the list of keys it stores. Handlers: Config, Join, FindSuccessor,
//     FoundSuccessor, Notify, TransferKeys, Stabilize, GetPredecessor,
//     PredecessorIs, QueryKeys.
//   - Client: looks keys up through randomly chosen ring members while the
//     ring changes. Handlers: RingUpdate, StartLookups, FoundSuccessor.
//
// Identifiers live on a ring of size 16; every key 0..15 is stored at its
// successor node.
package chord

import (
	"math/rand"
	"slices"
	"sort"
	"strconv"

	"github.com/anthdm/hollywood/actor"
)

const (
	ringBits = 4
	ringSize = 1 << ringBits
	tagJoin  = -1
	tagQuery = -2
)

// NodeRef names a ring member. A zero NodeRef (nil PID) means "unknown".
type NodeRef struct {
	ID  int
	PID *actor.PID
}

// Finger is one entry of a finger table: the first node that succeeds Start.
type Finger struct {
	Start int
	Node  NodeRef
}

// FingerTable holds the ringBits fingers of a node.
type FingerTable struct {
	Entries [ringBits]Finger
}

func newFingerTable(id int, fill NodeRef) *FingerTable {
	ft := &FingerTable{}
	for i := range ft.Entries {
		ft.Entries[i] = Finger{Start: (id + 1<<i) % ringSize, Node: fill}
	}
	return ft
}

// Messages.
type (
	Config struct {
		Succ, Pred NodeRef
		Fingers    *FingerTable
		Keys       []int
	}
	Join          struct{ Via NodeRef }
	FindSuccessor struct {
		Key     int
		ReplyTo *actor.PID
		Hops    int
		Tag     int
	}
	FoundSuccessor struct {
		Key   int
		Owner NodeRef
		Hops  int
		Tag   int
	}
	Notify         struct{ From NodeRef }
	TransferKeys   struct{ Keys []int }
	Joined         struct{ Node NodeRef }
	Stabilize      struct{ Round int }
	StabilizeDone  struct{ ID, Round int }
	GetPredecessor struct{}
	PredecessorIs  struct{ Pred NodeRef }
	QueryKeys      struct{}
	KeysReport     struct {
		ID   int
		Keys []int
	}
	RingUpdate   struct{ Nodes []NodeRef }
	StartLookups struct {
		Round int
		Keys  []int
	}
	LookupsDone struct {
		Round  int
		Owners map[int]int
		Hops   int
	}
)

// inHalfOpen reports whether x lies in the ring interval (a, b].
func inHalfOpen(x, a, b int) bool {
	if a < b {
		return a < x && x <= b
	}
	return x > a || x <= b
}

// inOpen reports whether x lies in the ring interval (a, b).
func inOpen(x, a, b int) bool {
	if a < b {
		return a < x && x < b
	}
	return x > a || x < b
}

// SuccessorOf returns the member of ids (sorted) responsible for key.
func SuccessorOf(ids []int, key int) int {
	for _, id := range ids {
		if id >= key {
			return id
		}
	}
	return ids[0]
}

// Node is a Chord peer.
type Node struct {
	self    NodeRef
	manager *actor.PID
	succ    NodeRef
	pred    NodeRef
	fingers *FingerTable
	keys    []int
	joined  bool
	round   int
	fixing  int
	maxHops int
}

func newNode(id int, manager *actor.PID) actor.Producer {
	return func() actor.Receiver {
		return &Node{self: NodeRef{ID: id}, manager: manager, maxHops: 2 * ringSize}
	}
}

func (n *Node) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		n.self.PID = c.PID()
	case *Config:
		n.succ, n.pred, n.fingers, n.keys = m.Succ, m.Pred, m.Fingers, m.Keys
		n.joined = true
	case *Join:
		c.Send(m.Via.PID, &FindSuccessor{Key: n.self.ID, ReplyTo: c.PID(), Tag: tagJoin})
	case *FindSuccessor:
		n.findSuccessor(c, m)
	case *FoundSuccessor:
		n.foundSuccessor(c, m)
	case *Notify:
		n.notify(c, m.From)
	case *TransferKeys:
		n.keys = append(n.keys, m.Keys...)
		slices.Sort(n.keys)
		if !n.joined {
			n.joined = true
			c.Send(n.manager, &Joined{Node: n.self})
		}
	case *Stabilize:
		n.round = m.Round
		c.Send(n.succ.PID, &GetPredecessor{})
	case *GetPredecessor:
		c.Respond(&PredecessorIs{Pred: n.pred})
	case *PredecessorIs:
		if p := m.Pred; p.PID != nil && p.ID != n.self.ID && inOpen(p.ID, n.self.ID, n.succ.ID) {
			n.succ = p
			n.fingers.Entries[0].Node = p
		}
		c.Send(n.succ.PID, &Notify{From: n.self})
		n.fixFingers(c)
	case *QueryKeys:
		c.Respond(&KeysReport{ID: n.self.ID, Keys: slices.Clone(n.keys)})
	}
}

func (n *Node) findSuccessor(c *actor.Context, m *FindSuccessor) {
	if n.pred.PID != nil && inHalfOpen(m.Key, n.pred.ID, n.self.ID) {
		c.Send(m.ReplyTo, &FoundSuccessor{Key: m.Key, Owner: n.self, Hops: m.Hops, Tag: m.Tag})
		return
	}
	if inHalfOpen(m.Key, n.self.ID, n.succ.ID) {
		c.Send(m.ReplyTo, &FoundSuccessor{Key: m.Key, Owner: n.succ, Hops: m.Hops, Tag: m.Tag})
		return
	}
	if m.Hops >= n.maxHops {
		panic("chord: lookup of key " + strconv.Itoa(m.Key) + " does not terminate")
	}
	next := n.closestPreceding(m.Key)
	m.Hops++
	c.Send(next.PID, m)
}

func (n *Node) closestPreceding(key int) NodeRef {
	for i := ringBits - 1; i >= 0; i-- {
		f := n.fingers.Entries[i].Node
		if f.PID != nil && inOpen(f.ID, n.self.ID, key) {
			return f
		}
	}
	return n.succ
}

func (n *Node) foundSuccessor(c *actor.Context, m *FoundSuccessor) {
	if m.Tag == tagJoin {
		n.succ = m.Owner
		n.fingers = newFingerTable(n.self.ID, m.Owner)
		c.Send(n.succ.PID, &Notify{From: n.self})
		return
	}
	n.fingers.Entries[m.Tag].Node = m.Owner
	n.fixing--
	if n.fixing == 0 {
		c.Send(n.manager, &StabilizeDone{ID: n.self.ID, Round: n.round})
	}
}

// fixFingers refreshes every finger by looking its start up through the ring.
func (n *Node) fixFingers(c *actor.Context) {
	n.fixing = ringBits
	for i, f := range n.fingers.Entries {
		c.Send(c.PID(), &FindSuccessor{Key: f.Start, ReplyTo: c.PID(), Tag: i})
	}
}

// notify is called by a node that believes it is our predecessor. When it
// is, the keys it is now responsible for are handed over to it.
func (n *Node) notify(c *actor.Context, from NodeRef) {
	if n.pred.PID != nil && !inOpen(from.ID, n.pred.ID, n.self.ID) {
		return
	}
	n.pred = from
	var moved []int
	kept := n.keys[:0]
	for _, k := range n.keys {
		if inHalfOpen(k, from.ID, n.self.ID) {
			kept = append(kept, k)
		} else {
			moved = append(moved, k)
		}
	}
	n.keys = kept
	c.Send(from.PID, &TransferKeys{Keys: moved})
}

// Client looks keys up through the ring.
type Client struct {
	manager *actor.PID
	ring    []NodeRef
	rng     *rand.Rand
	round   int
	queue   []int
	owners  map[int]int
	hops    int
}

func newClient(manager *actor.PID, seed int64) actor.Producer {
	return func() actor.Receiver {
		return &Client{manager: manager, rng: rand.New(rand.NewSource(seed))}
	}
}

func (cl *Client) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case *RingUpdate:
		cl.ring = m.Nodes
	case *StartLookups:
		cl.round, cl.queue = m.Round, m.Keys
		cl.owners, cl.hops = make(map[int]int), 0
		cl.next(c)
	case *FoundSuccessor:
		cl.owners[m.Key] = m.Owner.ID
		cl.hops += m.Hops
		cl.next(c)
	}
}

func (cl *Client) next(c *actor.Context) {
	if len(cl.queue) == 0 {
		c.Send(cl.manager, &LookupsDone{Round: cl.round, Owners: cl.owners, Hops: cl.hops})
		cl.owners = nil
		return
	}
	key := cl.queue[0]
	cl.queue = cl.queue[1:]
	entry := cl.ring[cl.rng.Intn(len(cl.ring))]
	c.Send(entry.PID, &FindSuccessor{Key: key, ReplyTo: c.PID(), Tag: tagQuery})
}

// Result is what the manager reports once the simulation is over.
type Result struct {
	Rounds map[int]map[int]int // lookup round -> key -> owner seen by the client
	Hops   int
	Keys   map[int][]int // node -> keys it stores at the end
	Ring   []int         // final members, sorted
}

// Manager drives the simulation.
type Manager struct {
	initial, joiners []int
	seed             int64
	nodes            map[int]NodeRef
	ring             []NodeRef
	client           *actor.PID
	rng              *rand.Rand
	joining          int
	stabRound        int
	pending          int
	lookupsDone      bool
	stabilized       bool
	result           *Result
	done             chan<- *Result
}

// NewManager returns the producer of the manager machine. The result is sent
// on done once every phase has completed.
func NewManager(initial, joiners []int, seed int64, done chan<- *Result) actor.Producer {
	return func() actor.Receiver {
		return &Manager{
			initial: initial, joiners: joiners, seed: seed, done: done,
			nodes:  make(map[int]NodeRef),
			ring:   make([]NodeRef, 0, len(initial)+len(joiners)),
			rng:    rand.New(rand.NewSource(seed)),
			result: &Result{Rounds: make(map[int]map[int]int), Keys: make(map[int][]int)},
		}
	}
}

func (mg *Manager) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		mg.start(c)
	case *LookupsDone:
		if mg.result == nil {
			return // the result is handed over: a late report changes nothing
		}
		mg.result.Rounds[m.Round] = m.Owners
		mg.result.Hops += m.Hops
		switch {
		case m.Round == 1:
			mg.startJoin(c)
		case m.Round == len(mg.joiners)+2:
			mg.pending = len(mg.ring)
			for _, nd := range mg.ring {
				c.Send(nd.PID, &QueryKeys{})
			}
		default:
			mg.lookupsDone = true
			mg.maybeNextJoin(c)
		}
	case *Joined:
		mg.ring = append(mg.ring, m.Node)
		sort.Slice(mg.ring, func(i, j int) bool { return mg.ring[i].ID < mg.ring[j].ID })
		c.Send(mg.client, &RingUpdate{Nodes: slices.Clone(mg.ring)})
		mg.stabRound = 0
		mg.stabilize(c)
	case *StabilizeDone:
		mg.pending--
		if mg.pending > 0 {
			return
		}
		if mg.stabRound < 2 {
			mg.stabilize(c)
			return
		}
		mg.stabilized = true
		mg.maybeNextJoin(c)
	case *KeysReport:
		if mg.result == nil {
			return
		}
		mg.result.Keys[m.ID] = m.Keys
		mg.pending--
		if mg.pending == 0 {
			for _, nd := range mg.ring {
				mg.result.Ring = append(mg.result.Ring, nd.ID)
			}
			res := mg.result
			mg.result = nil // the driver owns it from now on
			mg.done <- res
		}
	}
}

// start spawns every node (joiners stay dormant), wires the initial ring and
// runs the first lookup round on it.
func (mg *Manager) start(c *actor.Context) {
	for _, id := range append(slices.Clone(mg.initial), mg.joiners...) {
		pid := c.SpawnChild(newNode(id, c.PID()), "node", actor.WithID(strconv.Itoa(id)))
		mg.nodes[id] = NodeRef{ID: id, PID: pid}
	}
	mg.client = c.SpawnChild(newClient(c.PID(), mg.seed), "client")

	ids := slices.Sorted(slices.Values(mg.initial))
	for _, id := range ids {
		mg.ring = append(mg.ring, mg.nodes[id])
	}
	for i, id := range ids {
		succ := mg.ring[(i+1)%len(ids)]
		pred := mg.ring[(i+len(ids)-1)%len(ids)]
		ft := newFingerTable(id, NodeRef{})
		for j := range ft.Entries {
			ft.Entries[j].Node = mg.nodes[SuccessorOf(ids, ft.Entries[j].Start)]
		}
		var keys []int
		for k := 0; k < ringSize; k++ {
			if SuccessorOf(ids, k) == id {
				keys = append(keys, k)
			}
		}
		c.Send(mg.nodes[id].PID, &Config{Succ: succ, Pred: pred, Fingers: ft, Keys: keys})
	}
	c.Send(mg.client, &RingUpdate{Nodes: slices.Clone(mg.ring)})
	c.Send(mg.client, &StartLookups{Round: 1, Keys: allKeys()})
}

// startJoin lets the next joiner enter the ring while the client keeps
// looking keys up.
func (mg *Manager) startJoin(c *actor.Context) {
	joiner := mg.nodes[mg.joiners[mg.joining]]
	mg.lookupsDone, mg.stabilized = false, false
	c.Send(joiner.PID, &Join{Via: mg.ring[0]})
	keys := make([]int, 24)
	for i := range keys {
		keys[i] = mg.rng.Intn(ringSize)
	}
	c.Send(mg.client, &StartLookups{Round: mg.joining + 2, Keys: keys})
}

func (mg *Manager) stabilize(c *actor.Context) {
	mg.stabRound++
	mg.pending = len(mg.ring)
	for _, nd := range mg.ring {
		c.Send(nd.PID, &Stabilize{Round: mg.stabRound})
	}
}

func (mg *Manager) maybeNextJoin(c *actor.Context) {
	if !mg.lookupsDone || !mg.stabilized {
		return
	}
	mg.joining++
	if mg.joining < len(mg.joiners) {
		mg.startJoin(c)
		return
	}
	c.Send(mg.client, &StartLookups{Round: len(mg.joiners) + 2, Keys: allKeys()})
}

func allKeys() []int {
	keys := make([]int, ringSize)
	for k := range keys {
		keys[k] = k
	}
	return keys
}
