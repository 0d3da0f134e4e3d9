package zeroguard // want package:"lockset summaries"

import (
	"net"
	"sync"
	"time"
)

// Context makes its extras on first use (protoactor-go's actorContext):
// the timer goroutine starts only after SetTimeout made them, and
// nothing sets them back to nil, so the write in ensureExtras, made
// only while they are nil, never runs beside the timer. Quiet.
type Context struct {
	mu      sync.Mutex
	n       int
	extras  *extras
	timeout time.Duration
}

// Count counts under the lock.
func (c *Context) Count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return c.n
}

type extras struct{ timer *time.Timer }

func (c *Context) ensureExtras() *extras {
	if c.extras == nil {
		c.extras = &extras{}
	}
	return c.extras
}

// Respond may make the extras.
func (c *Context) Respond() { c.ensureExtras() }

// SetTimeout makes the extras, then starts the timer.
func (c *Context) SetTimeout(d time.Duration) {
	c.timeout = d
	c.ensureExtras()
	time.AfterFunc(d, c.onTimeout)
}

func (c *Context) onTimeout() { _ = c.extras.timer }

// Lazy starts its timer without making the extras first: Respond's
// write may run beside it.
type Lazy struct {
	mu     sync.Mutex
	n      int
	extras *extras
}

// Count counts under the lock.
func (l *Lazy) Count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	return l.n
}

func (l *Lazy) ensureExtras() *extras {
	if l.extras == nil {
		l.extras = &extras{} // want `l.extras is written in \(\*Lazy\).Respond via \(\*Lazy\).ensureExtras without a lock and read in the goroutine started in \(\*Lazy\).SetTimeout \(line \d+\) via \(\*Lazy\).onTimeout without a lock`
	}
	return l.extras
}

// Respond may make the extras.
func (l *Lazy) Respond() { l.ensureExtras() }

// SetTimeout starts the timer.
func (l *Lazy) SetTimeout(d time.Duration) {
	time.AfterFunc(d, l.onTimeout)
}

func (l *Lazy) onTimeout() { _ = l.extras }

// Server is httptest's: both starts set the URL before goServe starts
// the serving goroutine, and StartTLS swaps the listener only while the
// URL is empty. Quiet.
type Server struct {
	mu       sync.Mutex
	closed   bool
	URL      string
	Listener net.Listener
	wg       sync.WaitGroup
}

// Start serves on the listener.
func (s *Server) Start() {
	if s.URL != "" {
		panic("already started")
	}
	s.URL = "http://" + s.Listener.Addr().String()
	s.goServe()
}

// StartTLS wraps the listener, then serves.
func (s *Server) StartTLS() {
	if s.URL != "" {
		panic("already started")
	}
	s.Listener = wrap(s.Listener)
	s.URL = "https://" + s.Listener.Addr().String()
	s.goServe()
}

func (s *Server) goServe() {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		serve(s.Listener)
	}()
}

// Close waits for the goroutine.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.wg.Wait()
}

// Daemon also serves from Restart, which does not set the URL: StartTLS
// may swap the listener while Restart's goroutine serves on it.
type Daemon struct {
	mu       sync.Mutex
	closed   bool
	URL      string
	Listener net.Listener
}

// Close marks the daemon closed.
func (d *Daemon) Close() {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
}

// StartTLS wraps the listener, then serves.
func (d *Daemon) StartTLS() {
	if d.URL != "" {
		panic("already started")
	}
	d.Listener = wrap(d.Listener) // want `d.Listener is written in \(\*Daemon\).StartTLS without a lock and read in the goroutine started in \(\*Daemon\).goServe \(line \d+\) without a lock`
	d.URL = "https://" + d.Listener.Addr().String()
	d.goServe()
}

// Restart serves again.
func (d *Daemon) Restart() { d.goServe() }

func (d *Daemon) goServe() {
	go func() {
		serve(d.Listener)
	}()
}

func wrap(l net.Listener) net.Listener { return l }

func serve(l net.Listener) { l.Accept() }

// Endpoint configures itself once: Open writes the options only while
// the address is empty, and sets it before it returns, so a second Open
// either follows the first and panics, or races with it on addr. Quiet.
type Endpoint struct {
	mu   sync.Mutex
	addr string
	opts []string
}

// Open takes the options and opens the endpoint.
func (e *Endpoint) Open(opt string) {
	if e.addr != "" {
		panic("already open")
	}
	e.mu.Lock()
	e.opts = append(e.opts, opt)
	e.mu.Unlock()
	e.addr = "open:" + opt
}

// Options reads the options.
func (e *Endpoint) Options() []string {
	if e.addr != "" {
		return nil
	}
	return e.opts
}

// Loose tests the address too, but nothing sets it: two calls of
// Configure race.
type Loose struct {
	mu   sync.Mutex
	addr string
	opts []string
}

// Configure appends an option while the address is empty.
func (l *Loose) Configure(opt string) {
	if l.addr != "" { // want `l.addr is read in \(\*Loose\).Configure without a lock and written in \(\*Loose\).SetAddr holding l.mu`
		panic("already open")
	}
	l.mu.Lock()
	l.opts = append(l.opts, opt)
	l.mu.Unlock()
}

// Options reads the options.
func (l *Loose) Options() []string {
	if l.addr != "" { // want `l.addr is read in \(\*Loose\).Options without a lock and written in \(\*Loose\).SetAddr holding l.mu`
		return nil
	}
	return l.opts // want `l.opts is read in \(\*Loose\).Options without a lock and written in \(\*Loose\).Configure holding l.mu`
}

// SetAddr sets the address from outside.
func (l *Loose) SetAddr(a string) {
	l.mu.Lock()
	l.addr = a
	l.mu.Unlock()
}

// Cache makes its table on first use in two methods, one without the
// lock: both return with it set, but a call of each may find it nil and
// write it at once. The field's own tests race with the writes: the
// rule orders no access of the field it tests.
type Cache struct {
	mu    sync.Mutex
	table map[string]int
}

// Table makes the table under the lock if it is nil.
func (c *Cache) Table() map[string]int {
	if c.table == nil { // want `c.table is read in \(\*Cache\).Table without a lock and written in another call of \(\*Cache\).Table holding c.mu`
		c.mu.Lock()
		c.table = make(map[string]int)
		c.mu.Unlock()
	}
	return c.table
}

// Reset makes a table if it is nil, without the lock.
func (c *Cache) Reset() {
	if c.table == nil { // want `c.table is read in \(\*Cache\).Reset without a lock and written in \(\*Cache\).Table holding c.mu`
		c.table = make(map[string]int) // want `c.table is written in \(\*Cache\).Reset without a lock and written in \(\*Cache\).Table holding c.mu`
	}
}
