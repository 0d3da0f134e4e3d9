package sharedfields

import (
	"sync"
	"time"
)

// Conn is reached by its subscriptions through a shared field; its lock is
// the same lock whichever path takes it.
type Conn struct {
	mu    sync.Mutex
	track map[string]int
	subs  []*Sub
}

// Sub holds its connection.
type Sub struct {
	conn *Conn
}

// Subscribe gives every new subscription the connection.
func (c *Conn) Subscribe(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for range n {
		c.subs = append(c.subs, &Sub{conn: c})
	}
}

// trackLocked counts a delivery, and starts pruning with the first.
// Its callers hold the lock.
func (c *Conn) trackLocked(k string) {
	if c.track == nil {
		c.track = make(map[string]int)
		time.AfterFunc(time.Second, c.prune)
	}
	c.track[k]++
}

// prune clears the counts under the lock: quiet, since trackLocked's
// callers hold the same lock, which deliver names client.mu.
func (c *Conn) prune() {
	c.mu.Lock()
	clear(c.track)
	c.mu.Unlock()
}

func (s *Sub) deliver(k string) {
	client := s.conn
	client.mu.Lock()
	client.trackLocked(k)
	client.mu.Unlock()
}

// Deliver delivers k to every subscription.
func (c *Conn) Deliver(k string) {
	c.mu.Lock()
	subs := c.subs
	c.mu.Unlock()
	for _, s := range subs {
		s.deliver(k)
	}
}
