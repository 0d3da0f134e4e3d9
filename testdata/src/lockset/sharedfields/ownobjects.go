package sharedfields

import "time"

// Server accepts connections and serves each on its own goroutine.
type Server struct{}

// Serve starts a goroutine per connection.
func (s *Server) Serve(n int) {
	for range n {
		c := &conn{}
		go c.serve()
	}
}

// conn is one connection; the requests it reads point back to it.
type conn struct {
	closed  bool
	written int
	pending int
}

// response is one request's response, made by the connection's goroutine.
type response struct {
	conn *conn
}

func (c *conn) readRequest() *response {
	return &response{conn: c}
}

// serve makes a response per request, each holding the connection: the
// responses of one connection share it, but another connection's goroutine
// has its own, so the instances of serve are not compared on what they
// reach through response.conn (quiet).
func (c *conn) serve() {
	defer func() { c.closed = true }() // moves c to a variable
	for {
		w := c.readRequest()
		time.AfterFunc(time.Second, w.timeout)
		w.write()
		c.written++
	}
}

func (w *response) write() {
	w.conn.written++
}

func (w *response) timeout() {}

// handler handles one request on a goroutine of its own.
type handler struct {
	conn *conn
}

// serveConcurrently starts a goroutine per request, each holding the
// connection: those goroutines share it.
func (c *conn) serveConcurrently(n int) {
	for range n {
		h := &handler{conn: c}
		go h.handle()
	}
}

func (h *handler) handle() {
	h.conn.pending++ // want `handler.conn.pending is (read|written) in the goroutine started in \(\*conn\).serveConcurrently`
}

// ServeAll serves connections concurrently.
func (s *Server) ServeAll(n int) {
	for range n {
		c := &conn{}
		go c.serveConcurrently(2)
	}
}
