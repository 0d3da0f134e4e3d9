// Package deadends holds memory that outliving state keeps only through a
// field no code ever reads (fieldwrites' Unread): a machine's bookkeeping
// that remembers a node it started but only ever uses the node's inbox.
// Keeping the node there races with nothing. A field the package reads,
// directly or by copying the struct out, or whose struct an importer
// can see (handed out, or made by the importer and filled by an exported
// method), is still reported.
package deadends

type node struct {
	count int
	inbox chan int
}

func (n *node) run() {
	for v := range n.inbox {
		n.count += v
	}
}

// nodeRef.node is stored and never loaded: the manager uses only inbox.
type nodeRef struct {
	node  *node
	inbox chan int
}

type manager struct {
	nodes map[int]*nodeRef
	next  int
}

func (m *manager) spawn() {
	m.next++
	n := &node{inbox: make(chan int, 1)}
	m.nodes[m.next] = &nodeRef{node: n, inbox: n.inbox}
	go n.run() // quiet: nothing loads m.nodes[…].node
}

func (m *manager) feed(id, v int) { m.nodes[id].inbox <- v }

// peekRef is nodeRef, but the manager reads the node's count through it.
type peekRef struct {
	node  *node
	inbox chan int
}

type peeker struct {
	nodes map[int]*peekRef
	next  int
}

func (m *peeker) spawn() {
	m.next++
	n := &node{inbox: make(chan int, 1)}
	m.nodes[m.next] = &peekRef{node: n, inbox: n.inbox}
	go n.run() // want `n is handed to a new goroutine but stays reachable from m.nodes\[…\].node`
}

func (m *peeker) peek(id int) int { return m.nodes[id].node.count }

// copyRef is nodeRef, but the manager copies a ref out and reads the
// node from the copy.
type copyRef struct {
	node  *node
	inbox chan int
}

type copier struct {
	nodes map[int]*copyRef
	next  int
}

func (m *copier) spawn() {
	m.next++
	n := &node{inbox: make(chan int, 1)}
	m.nodes[m.next] = &copyRef{node: n, inbox: n.inbox}
	go n.run() // want `n is handed to a new goroutine but stays reachable from m.nodes\[…\].node`
}

func (m *copier) peek(id int) int {
	ref := *m.nodes[id]
	return ref.node.count
}

// leakRef is nodeRef, but an exported method hands a ref out: code
// outside may read the node through reflection.
type leakRef struct {
	node  *node
	inbox chan int
}

// Leaker hands its refs out.
type Leaker struct {
	nodes map[int]*leakRef
	next  int
}

func (m *Leaker) spawn() {
	m.next++
	n := &node{inbox: make(chan int, 1)}
	m.nodes[m.next] = &leakRef{node: n, inbox: n.inbox}
	go n.run() // want `n is handed to a new goroutine but stays reachable from m.nodes\[…\].node`
}

// Ref returns the ref of node id.
func (m *Leaker) Ref(id int) any { return m.nodes[id] }

// Keeper is manager, but exported with an exported method that stores
// into the field: an importer that made the Keeper reads the node
// through reflection.
type Keeper struct {
	last *node
}

// Spawn starts a node and keeps it.
func (k *Keeper) Spawn() {
	n := &node{inbox: make(chan int, 1)}
	k.last = n
	go n.run() // want `n is handed to a new goroutine but stays reachable from k.last`
}
