// Package listmanager is the list_manager example of the P# paper
// (PLDI'15, §2) in Go: a machine that owns a list, lets clients add to it,
// and answers a get request by sending the list.
package listmanager

// Entry is an element of the list.
type Entry struct {
	Key   string
	Value int
}

// Request is what clients send to the manager.
type Request struct {
	Add   *Entry        // add this entry, or
	Get   chan []*Entry // reply with the list
	Count chan int      // reply with its length
}

// ListManager owns list; only its Run goroutine touches it.
type ListManager struct {
	list []*Entry
	reqs chan Request
}

// Run is the machine's event loop.
func (m *ListManager) Run() {
	for req := range m.reqs {
		switch {
		case req.Add != nil:
			m.add(req.Add)
		case req.Get != nil:
			m.get(req.Get)
		case req.Count != nil:
			req.Count <- len(m.list)
		}
	}
}

// add stores a received entry: the manager owns it now.
func (m *ListManager) add(e *Entry) {
	m.list = append(m.list, e)
}

// get is the bug of the paper: the list is sent to the client but the
// manager keeps it in its field and will append to it later.
func (m *ListManager) get(reply chan []*Entry) {
	reply <- m.list // want `m.list is sent on reply but stays reachable from m.list; the receiver may be using it concurrently`
}

// RepairedManager answers with a copy of its list.
type RepairedManager struct {
	list []*Entry
}

func (m *RepairedManager) add(e *Entry) {
	m.list = append(m.list, e)
}

// get sends a fresh slice of fresh entries: nothing the manager keeps.
func (m *RepairedManager) get(reply chan []*Entry) {
	out := make([]*Entry, 0, len(m.list))
	for _, e := range m.list {
		out = append(out, &Entry{Key: e.Key, Value: e.Value})
	}
	reply <- out
}

// count only sends an integer.
func (m *RepairedManager) count(reply chan int) {
	reply <- len(m.list)
}

// Client adds an entry and then keeps changing it: the manager may be
// appending it to its list at the same time.
func Client(reqs chan Request) {
	e := &Entry{Key: "a", Value: 1}
	reqs <- Request{Add: e}
	e.Value = 2 // want `is written after it was sent on reqs`
}

// GoodClient builds a fresh entry for every request.
func GoodClient(reqs chan Request) {
	e := &Entry{Key: "k", Value: 1}
	reqs <- Request{Add: e}
	reply := make(chan []*Entry)
	reqs <- Request{Get: reply}
	list := <-reply
	list[0].Value = 7
}
