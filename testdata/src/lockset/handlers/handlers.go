package handlers // want package:"lockset summaries"

import (
	"net/http"
	"sync"
)

// Hits is an http.Handler: ServeHTTP runs concurrently with itself.
type Hits struct {
	n    int
	name string
}

func (h *Hits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.n++ // want `h.n is read in \(\*Hits\).ServeHTTP without a lock and written in another call of \(\*Hits\).ServeHTTP without a lock`
	_ = h.name
}

// SafeHits locks: quiet.
type SafeHits struct {
	mu sync.Mutex
	n  int
}

func (h *SafeHits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.n++
	h.mu.Unlock()
}

// Per-request state is not shared: quiet.
type perRequest struct{ path string }

func (p *perRequest) set(r *http.Request) { p.path = r.URL.Path }

func Serve() {
	visits := 0
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		visits++ // want `visits is read in the func literal in Serve without a lock and written in another call of the func literal in Serve without a lock`
		p := &perRequest{}
		p.set(r)
	})
	http.Handle("/hits", &Hits{})
	http.Handle("/fn", http.HandlerFunc(status))
}

var lastStatus int

func status(w http.ResponseWriter, r *http.Request) {
	lastStatus = 200 // want `lastStatus is written in status without a lock and written in another call of status without a lock`
}
