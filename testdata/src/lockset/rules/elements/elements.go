package elements // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// This package pins the Element rows of the model: what sync.Map.Load and
// atomic.Pointer.Load return is the one object the container holds, so
// writes through it by one caller meet another caller's reads (m[*]).

type Session struct{ Hits int }

type Registry struct{ sessions sync.Map }

// Touch writes the stored session in place: two calls race.
func (r *Registry) Touch(id string) {
	if v, ok := r.sessions.Load(id); ok {
		v.(*Session).Hits++ // want `r.sessions\[\*\].Hits is read in the goroutine started in Run \(line 57\) via \(\*Registry\).Touch without a lock and written in another instance of goroutine started in Run \(line 57\) via \(\*Registry\).Touch without a lock`
	}
}

// Replace stores a new session: quiet.
func (r *Registry) Replace(id string, hits int) {
	r.sessions.Store(id, &Session{Hits: hits})
}

type Config struct{ Endpoint string }

type Store struct {
	mu  sync.Mutex
	cur atomic.Pointer[Config]
}

func (s *Store) Endpoint() string {
	return s.cur.Load().Endpoint // want `s.cur\[\*\].Endpoint is read in \(\*Store\).Endpoint without a lock and written in \(\*Store\).Patch holding s.mu`
}

// SetEndpoint copies, then publishes the copy: quiet.
func (s *Store) SetEndpoint(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := *s.cur.Load()
	next.Endpoint = e
	s.cur.Store(&next)
}

// Patch writes the published config in place: reported.
func (s *Store) Patch(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur.Load().Endpoint = e
}

func Run(r *Registry) {
	for range 2 {
		go r.Touch("a")
	}
}
