package noparamalias // want package:"lockset summaries"

// This package pins the lockset rule that parameters do not alias:
// across different entry points (and calls of one entry point), only
// receiver-, global- and closure-rooted paths are compared, so the
// request each call is handed is its own.

import "sync"

type Request struct {
	Path     string
	Attempts int
	Header   map[string]string
}

// Server's exported methods are entry points that run concurrently with
// each other and with themselves.
type Server struct {
	mu     sync.Mutex
	served int
}

// Serve writes the request it is handed without a lock, and the server's
// counter under it: quiet.
func (s *Server) Serve(r *Request) {
	r.Attempts++
	r.Header["served-by"] = "s"
	s.mu.Lock()
	s.served++
	s.mu.Unlock()
}

// Retry resets a request: quiet, its request is not Serve's.
func (s *Server) Retry(r *Request) {
	r.Attempts = 0
	r.Path = "/retry"
}

// Count reads the receiver's counter without the lock: receiver-rooted
// paths are compared, so reported.
func (s *Server) Count() int {
	return s.served // want `s.served is read in \(\*Server\).Count without a lock and written in \(\*Server\).Serve holding s.mu`
}

var lastPath string

// Log records the request's path in a package-level variable: global
// paths are compared, though nothing locks this one.
func (s *Server) Log(r *Request) {
	lastPath = r.Path // quiet by default: lastPath is never locked (lockset/strict reports it)
}
