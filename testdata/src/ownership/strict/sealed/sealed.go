// Package sealed holds what the strict reading proves from fieldwrites'
// facts: a field only this package can name (unexported, in a package that
// does not import unsafe) and that it never writes after construction is
// written by no code at all, so memory made only of such fields may be
// read on both sides of a transfer. Anything another package can write
// (an exported field), or the package writes later (a method, a
// functional option), or whoever holds its address can write (a variable
// of basic type, a slice), is still reported.
package sealed

// request's fields are set where it is made and never written again.
type request struct {
	id    int
	name  string
	reply chan int
	limit *limits
}

type limits struct{ max int }

var last *request

// KeepRequest keeps what it sent: nobody can write it, quiet.
func KeepRequest(ch chan *request) {
	r := &request{id: 1, name: "a", reply: make(chan int), limit: &limits{max: 3}}
	last = r
	ch <- r
}

// ReadAfterSend reads a field of what it sent, which nobody can write:
// quiet.
func ReadAfterSend(ch chan *request) int {
	r := &request{id: 1, reply: make(chan int)}
	ch <- r
	return r.id
}

// job's id is renumbered by a method of the package.
type job struct{ id int }

func (j *job) renumber() { j.id++ }

var current *job

func KeepJob(ch chan *job) {
	j := &job{}
	current = j
	ch <- j // want `j is sent on ch but stays reachable from sealed.current`
}

func ReadJob(ch chan *job) int {
	j := &job{id: 1}
	ch <- j
	return j.id // want `j is read after it was sent on ch`
}

// Label's Text can be written by any importer.
type Label struct{ Text string }

// tagged holds a Label: what it refers to may be written elsewhere.
type tagged struct{ label *Label }

var lastTagged *tagged

// LastLabel hands importers the kept Label, whose Text they may write.
func LastLabel() *Label { return lastTagged.label }

func KeepTagged(ch chan *tagged) {
	t := &tagged{label: &Label{Text: "a"}}
	lastTagged = t
	ch <- t // want `t is sent on ch but stays reachable from sealed.lastTagged`
}

// batch refers to a slice, whose elements any holder may write.
type batch struct{ ids []int }

var lastBatch *batch

func KeepBatch(ch chan *batch) {
	b := &batch{ids: []int{1, 2}}
	lastBatch = b
	ch <- b // want `b is sent on ch but stays reachable from sealed.lastBatch`
}

// A variable of basic type is written by whoever holds its address.
func ReadCell(ch chan *int) int {
	p := new(int)
	ch <- p
	return *p // want `p is read after it was sent on ch`
}

// server's port is set by a functional option, which the strict reading
// cannot tie to a constructor: the option may be applied later.
type server struct{ port int }

type Option func(*server)

func WithPort(p int) Option { return func(s *server) { s.port = p } }

var lastServer *server

func KeepServer(ch chan *server) {
	s := &server{port: 80}
	lastServer = s
	ch <- s // want `s is sent on ch but stays reachable from sealed.lastServer`
}

// A generic list node of one instance, pointing to nodes of the same
// instance: judged once, quiet.
type node[T any] struct {
	val  T
	next *node[T]
}

var head *node[int]

func KeepNode(ch chan *node[int]) {
	n := &node[int]{val: 1, next: &node[int]{val: 2}}
	head = n
	ch <- n
}

// Another instance holds a slice, which any holder may write.
var headSlice *node[[]int]

func KeepSliceNode(ch chan *node[[]int]) {
	n := &node[[]int]{val: []int{1}}
	headSlice = n
	ch <- n // want `n is sent on ch but stays reachable from sealed.headSlice`
}

// Broadcast sends one request to two receivers, and then hands it to a
// helper: nobody can write it, so both receivers and the helper only read
// it. Quiet.
func Broadcast(a, b chan *request) {
	r := &request{id: 1, name: "a"}
	a <- r
	b <- r
	describe(r)
}

func describe(r *request) { println(r.id, r.name) }

// BroadcastJob does the same with a job, which a method of the package
// renumbers.
func BroadcastJob(a, b chan *job) {
	j := &job{id: 1}
	a <- j
	b <- j // want `j is sent again on b after it was sent on a`
}

func describeJob(j *job) { println(j.id) }

func SendThenDescribeJob(a chan *job) {
	j := &job{id: 1}
	a <- j
	describeJob(j) // want `j is passed to sealed.describeJob after it was sent on a`
}

// pair holds a counter, which bump writes, beside a request. The strict
// reading counts everything one pointer below a written argument as
// written (Summary.WritesDepth): that takes in the request too, which no
// code can write. Quiet.
type counter struct{ n int }

type pair struct {
	c *counter
	r *request
}

func bump(p *pair) { p.c.n++ }

func SendThenBump(ch chan *request, c *counter) {
	r := &request{id: 1}
	ch <- r
	bump(&pair{c: c, r: r})
}

// jobPair holds a job, which code writes (renumber), beside the counter.
// bumpJob reads the job: reported.
type jobPair struct {
	c *counter
	j *job
}

func bumpJob(p *jobPair) { p.c.n += p.j.id }

func SendThenBumpJob(ch chan *job, c *counter) {
	j := &job{id: 1}
	ch <- j
	bumpJob(&jobPair{c: c, j: j}) // want `j is passed to sealed.bumpJob after it was sent on ch`
}

// bumpCounter writes only the counter of the pair: a call whose callees
// all have summaries, and link nothing of what was given up to anything
// else, uses only what they read and write. Quiet (P#'s own rule, any
// variable of a later statement that may reach the job, reported it).
func bumpCounter(p *jobPair) { p.c.n++ }

func SendThenBumpCounter(ch chan *job, c *counter) {
	j := &job{id: 1}
	ch <- j
	bumpCounter(&jobPair{c: c, j: j})
}

// Envelope's fields are exported, so anyone may write the envelope; but
// the sender keeps only the request inside it, which nobody can write.
// Quiet.
type Envelope struct {
	Req  *request
	Note string
}

var keptRequest *request

func SendEnvelope(ch chan *Envelope) {
	r := &request{id: 1}
	keptRequest = r
	ch <- &Envelope{Req: r, Note: "a"}
}

// The sender keeps the envelope itself: reported.
var keptEnvelope *Envelope

func SendKeptEnvelope(ch chan *Envelope) {
	e := &Envelope{Req: &request{id: 1}, Note: "a"}
	keptEnvelope = e
	ch <- e // want `e is sent on ch but stays reachable from sealed.keptEnvelope`
}
