// Package receivedtypes pins how the default reading weighs what a
// receiving side writes: memory of the types it is seen writing of what
// it receives. What else a sent value reaches, a package-level sentinel
// error or shared default options, both sides only read, and keeping it
// reachable from a package-level variable is no race.
package receivedtypes

import "errors"

type timeoutError struct{}

func (*timeoutError) Error() string { return "timeout" }

// ErrTimeout is the sentinel of requests that timed out.
var ErrTimeout = &timeoutError{}

// ErrClosed is a sentinel made by errors.New.
var ErrClosed = errors.New("closed")

// Options tune a request.
type Options struct{ Retries int }

var defaultOptions = &Options{Retries: 3}

// Request goes to a server that resets its body and error.
type Request struct {
	Body []byte
	Err  error
	Opts *Options
}

// Server serves requests from queue.
type Server struct{ queue chan *Request }

func (s *Server) serve() {
	for r := range s.queue {
		r.Body = r.Body[:0]
		r.Err = nil
	}
}

// Expire passes on a request that carries the sentinel, which the server
// never writes: quiet.
func (s *Server) Expire(r *Request) {
	r.Err = ErrTimeout
	s.queue <- r
}

// Close passes on a request that carries a sentinel of errors.New: quiet,
// and quiet before this package's rules too (the heap analysis does not
// follow errors.New's result into the package-level variable); it pins
// the common form of a sentinel.
func (s *Server) Close(r *Request) {
	r.Err = ErrClosed
	s.queue <- r
}

// Submit passes on a request with the shared default options, which the
// server only reads: quiet.
func (s *Server) Submit(r *Request) {
	r.Opts = defaultOptions
	s.queue <- r
}

// Limits tune a job.
type Limits struct{ Retries int }

var defaultLimits = &Limits{Retries: 3}

// Job goes to a tuner that writes its limits.
type Job struct {
	Name string
	Opts *Limits
}

// Tuner serves jobs from queue.
type Tuner struct{ queue chan *Job }

func (t *Tuner) serve() {
	for j := range t.queue {
		j.Opts.Retries--
	}
}

// Submit passes on a job with the shared default limits, which the tuner
// writes: reported.
func (t *Tuner) Submit(j *Job) {
	j.Opts = defaultLimits
	t.queue <- j // want `j is sent on t.queue but stays reachable from receivedtypes.defaultLimits`
}

// Log keeps every job it passes on, to a receiver that writes the
// limits of what the log holds.
type Log struct {
	queue chan *Job
	kept  []*Job
}

func (l *Log) serve() {
	for j := range l.queue {
		j.Opts.Retries = 0
	}
}

// Submit keeps the job and passes it on: reported.
func (l *Log) Submit(j *Job) {
	l.kept = append(l.kept, j)
	l.queue <- j // want `j is sent on l.queue but stays reachable from l.kept`
}

// Tries reads the limits of a job it passed on, which the tuner writes:
// reported.
func (t *Tuner) Tries(j *Job) int {
	opts := j.Opts
	t.queue <- j
	return opts.Retries // want `j is read after it was sent on t.queue`
}

// Call is a future: its server writes the result and signals Done.
type Call struct {
	ID     int
	Seq    int
	Result int
	Done   chan struct{}
}

// Conn sends calls to its server on calls.
type Conn struct{ calls chan *Call }

func (c *Conn) serve() {
	for call := range c.calls {
		call.Result = call.ID * 2
		call.Done <- struct{}{}
	}
}

// retry numbers a call again before it is sent anew: Seq is written
// after construction, by the sender's side.
func retry(call *Call) { call.Seq++ }

// Go sends a call and returns its sequence number while the server
// runs: the server writes Result, not Seq, quiet.
func (c *Conn) Go(call *Call) int {
	c.calls <- call
	return call.Seq
}

// Peek reads the result the server writes, before it signals: reported.
func (c *Conn) Peek(call *Call) int {
	c.calls <- call
	return call.Result // want `call is read after it was sent on c.calls`
}

// Reply is filled in by its method.
type Reply struct{ N int }

// Fill writes the reply.
func (r *Reply) Fill() { r.N++ }

// Exchange holds its reply inline: a call that fills the reply writes
// that field of the exchange, not its sequence number.
type Exchange struct {
	Seq   int
	reply Reply
}

// Exchanger sends exchanges to its server on ch.
type Exchanger struct{ ch chan *Exchange }

func (e *Exchanger) serve() {
	for x := range e.ch {
		x.reply.Fill()
	}
}

// renumber writes Seq after construction.
func renumber(x *Exchange) { x.Seq++ }

// Send reads the sequence number of an exchange it sent: quiet.
func (e *Exchanger) Send(x *Exchange) int {
	e.ch <- x
	return x.Seq
}

// Early reads the reply the server fills: reported.
func (e *Exchanger) Early(x *Exchange) int {
	e.ch <- x
	return x.reply.N // want `x is read after it was sent on e.ch`
}

// Mark is an entry its stamper marks.
type Mark struct{ N int }

// Config names a ledger; no one writes it after construction.
type Config struct{ Name string }

// Batch carries entries and the ledger's config.
type Batch struct {
	Cfg     *Config
	Entries []*Mark
}

// Ledger sends batches to a stamper that writes the entries, and keeps
// both the config and the entries it sent.
type Ledger struct {
	cfg     *Config
	pending []*Mark
	out     chan *Batch
}

func (l *Ledger) stamp() {
	for b := range l.out {
		for _, e := range b.Entries {
			e.N++
		}
	}
}

// Flush keeps the entries it sends: reported, by the field that keeps
// what the stamper writes, not the config it only reads.
func (l *Ledger) Flush(es []*Mark) {
	l.pending = append(l.pending, es...)
	l.out <- &Batch{Cfg: l.cfg, Entries: es} // want `&Batch{…} is sent on l.out but stays reachable from l.pending`
}
