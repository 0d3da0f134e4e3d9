package basic // want package:` written\(\[\]\*fieldwrites/basic.Entry, \[\]\*fieldwrites/basic.Slot, fieldwrites/basic.Conn.state, fieldwrites/basic.Conn.stats, fieldwrites/basic.Counter.n, fieldwrites/basic.Entry.n, fieldwrites/basic.Node.val, fieldwrites/basic.Window.\*, map\[int\]\*fieldwrites/basic.Node, map\[string\]float64\) options\(fieldwrites/basic.Desc.unit, fieldwrites/basic.Server.port\)}$`

import "sync/atomic"

// Conn's addr and id are set at construction only; state is written by a
// method, stats through its address.
type Conn struct {
	addr  string
	id    int
	state int
	stats int64
}

func NewConn(addr string) *Conn {
	c := &Conn{addr: addr}
	c.id = 7 // before c is published: construction
	return c
}

func (c *Conn) Close() { c.state = 1 }

func (c *Conn) Count() { atomic.AddInt64(&c.stats, 1) }

func (c *Conn) Addr() string { return c.addr }

// Counter's n is written after the counter was handed to a goroutine.
type Counter struct{ n int }

func Start() *Counter {
	c := &Counter{}
	go func() { _ = c }()
	c.n = 1
	return c
}

// Window is overwritten as a whole.
type Window struct{ lo, hi int }

func Reset(w *Window) { *w = Window{} }

// Labels' slices are filled where they are made; Table's map and Ring's
// slice have elements written afterwards, Ring's through an element's
// address handed to a call.
type Label struct{ name string }

type Labels struct{ list []Label }

func NewLabels(names []string) *Labels {
	list := make([]Label, 0, len(names))
	for _, n := range names {
		list = append(list, Label{n})
	}
	return &Labels{list: list}
}

type Table struct{ m map[string]float64 }

func (t *Table) Set(k string, v float64) { t.m[k] = v }

type Slot struct{ v int }

type Ring struct{ slots []*Slot }

func (r *Ring) Fill(i int) { fill(&r.slots[i]) }

func fill(p **Slot) { *p = &Slot{} }

// Server's port is set by a functional option, which the constructor
// applies while building it: construction.
type Server struct{ port int }

type Option func(*Server)

func WithPort(p int) Option { return func(s *Server) { s.port = p } }

// Desc is built by a constructor that applies its options and then sets
// the rest: construction.
type Desc struct {
	unit string
	id   int
}

type DescOpt func(*Desc)

func WithUnit(u string) DescOpt { return func(d *Desc) { d.unit = u } }

func NewDesc(id int, opts ...DescOpt) *Desc {
	d := &Desc{}
	for _, o := range opts {
		o(d)
	}
	d.id = id
	return d
}

// Entry is handed to a function that may publish it before its field is
// set: written after construction.
type Entry struct{ n int }

var entries []*Entry

func register(e *Entry) { entries = append(entries, e) }

func NewEntry(n int) *Entry {
	e := &Entry{}
	register(e)
	e.n = n
	return e
}

// WithID sets the id of a Desc that NewDesc made, before returning it:
// construction.
func WithID(d *Desc, id int) *Desc {
	nd := NewDesc(0, WithUnit(d.unit))
	nd.id = id
	return nd
}

// Node's constructor publishes it, so what its callers set afterwards is
// written after construction.
type Node struct{ val int }

var nodes = map[int]*Node{}

func newNode(k int) *Node {
	n := &Node{}
	nodes[k] = n
	return n
}

func AddNode(k, v int) {
	n := newNode(k)
	n.val = v
}

// A Request is cloned into a fresh copy as a whole: construction, not a
// write of any field.
type Request struct {
	URL    string
	Cancel chan struct{}
}

func (r *Request) Clone() *Request {
	r2 := new(Request)
	*r2 = *r
	return r2
}
