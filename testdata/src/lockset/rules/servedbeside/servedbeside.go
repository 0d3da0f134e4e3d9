package servedbeside // want package:"lockset summaries"

import (
	"net/http"
	"sync"
)

// This package pins the served-beside rule of the default reading: a
// handler a framework serves ((http.Handler).ServeHTTP) runs concurrently
// with itself, but an exported method of its type that nothing declares
// concurrent (an inferred entry) is the owner's configuration, made
// before serving, unless one of the two accesses is synchronised.

// Router holds a mutex, so its exported methods are inferred entries.
type Router struct {
	startMu    sync.Mutex
	middleware []func(http.Handler) http.Handler
	routes     map[string]http.Handler
	hits       int
	started    bool
	served     int
}

// Use adds middleware, unlocked: configuration before serving. Quiet
// beside ServeHTTP, which reads the list unlocked too.
func (r *Router) Use(mw func(http.Handler) http.Handler) {
	r.middleware = append(r.middleware, mw)
}

// Handle registers a route, unlocked. Quiet beside ServeHTTP.
func (r *Router) Handle(path string, h http.Handler) {
	if r.routes == nil {
		r.routes = make(map[string]http.Handler)
	}
	r.routes[path] = h
}

// Start marks the router started under its mutex: the lock is the
// evidence that started is shared, and ServeHTTP reads it unlocked.
func (r *Router) Start() {
	r.startMu.Lock()
	r.started = true
	r.startMu.Unlock()
}

// Served reads a counter ServeHTTP writes under the mutex, without it.
func (r *Router) Served() int {
	return r.served // want `r.served is read in \(\*Router\).Served without a lock and written in \(\*Router\).ServeHTTP holding r.startMu`
}

func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var h http.Handler = r.routes[req.URL.Path]
	for _, mw := range r.middleware {
		h = mw(h)
	}
	if !r.started { // want `r.started is read in \(\*Router\).ServeHTTP without a lock and written in \(\*Router\).Start holding r.startMu`
		return
	}
	r.hits++ // want `r.hits is read in \(\*Router\).ServeHTTP without a lock and written in another call of \(\*Router\).ServeHTTP without a lock`
	r.startMu.Lock()
	r.served++
	r.startMu.Unlock()
	h.ServeHTTP(w, req)
}

// Reset clears the hits the handler counts, unlocked: an inferred entry
// beside the handler, but the handler races with itself on hits, which
// is reported there.
func (r *Router) Reset() {
	r.hits = 0
}
