package mapelems // want package:"lockset summaries: 8"

import "sync"

// A pointer taken out of a map under the lock names the same object as
// every other lookup of the map: its fields are the location m[*].f,
// whatever path reached them, as a slice's elements are s[*].f.

type session struct {
	id    string
	count int
}

type Registry struct {
	mu       sync.Mutex
	sessions map[string]*session
}

// Count reads the session's counter after releasing the lock that
// guarded the lookup. A race with Bump.
func (r *Registry) Count(id string) int {
	r.mu.Lock()
	s := r.sessions[id]
	r.mu.Unlock()
	if s == nil {
		return 0
	}
	return s.count // want `r.sessions\[\*\].count is read in \(\*Registry\).Count without a lock and written in \(\*Registry\).Bump holding r.mu`
}

// Bump writes the counter under the lock.
func (r *Registry) Bump(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.sessions[id]; ok {
		s.count++
	}
}

// CountLocked reads it under the lock. Quiet.
func (r *Registry) CountLocked(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s := r.sessions[id]; s != nil {
		return s.count
	}
	return 0
}

// ID reads a field only construction writes. Quiet.
func (r *Registry) ID(key string) string {
	r.mu.Lock()
	s := r.sessions[key]
	r.mu.Unlock()
	return s.id
}

type call struct {
	err  error
	done chan struct{}
}

type Client struct {
	mu      sync.Mutex
	pending map[uint64]*call
}

// finish takes the call out of the map under the lock: whoever deletes
// it owns it, so the write after the unlock meets no other lookup's.
// Quiet.
func (cl *Client) finish(seq uint64, err error) {
	cl.mu.Lock()
	c := cl.pending[seq]
	delete(cl.pending, seq)
	cl.mu.Unlock()
	if c != nil {
		c.err = err
		close(c.done)
	}
}

// Fail and Reply finish calls from two entry points.
func (cl *Client) Fail(seq uint64, err error) { cl.finish(seq, err) }

// Reply finishes a call from the reader's side.
func (cl *Client) Reply(seq uint64) { cl.finish(seq, nil) }

// Cancel marks a pending call under the lock, without taking it out:
// finish either took it first, or runs after this section.
func (cl *Client) Cancel(seq uint64, err error) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if c := cl.pending[seq]; c != nil {
		c.err = err
	}
}
