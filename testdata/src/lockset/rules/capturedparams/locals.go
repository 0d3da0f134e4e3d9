package capturedparams

import "sync"

// A local variable that a goroutine captures, assigned once from a field
// (nc := sub.conn), names the lock its goroutine takes as the field does:
// the spawner's other methods reach the same lock through the field.

type Conn struct {
	mu   sync.Mutex
	subs map[int]*Sub
}

type Sub struct {
	mu     sync.Mutex
	conn   *Conn
	sid    int
	status int
	hits   int
}

func (nc *Conn) unsubscribe(sub *Sub) {
	nc.mu.Lock()
	defer nc.mu.Unlock()
	s := nc.subs[sub.sid]
	if s == nil {
		return
	}
	s.mu.Lock()
	sub.status = 1
	s.mu.Unlock()
}

// Reset unsubscribes from a goroutine through the local nc: quiet
// against Drain, which holds the same sub.conn.mu.
func (sub *Sub) Reset() {
	nc := sub.conn
	go func() {
		nc.unsubscribe(sub)
	}()
}

// Drain unsubscribes through its own local.
func (sub *Sub) Drain() {
	nc := sub.conn
	nc.unsubscribe(sub)
}

// Count increments hits from a goroutine holding the connection's lock
// through a local, and Clear holding another: reported.
func (sub *Sub) Count() {
	nc := sub.conn
	go func() {
		nc.mu.Lock()
		sub.hits++ // want `sub.hits is read in the goroutine started in \(\*Sub\).Count \(line \d+\) holding sub.conn.mu and written in \(\*Sub\).Clear holding sub.mu`
		nc.mu.Unlock()
	}()
}

// Clear resets hits holding only the subscription's lock.
func (sub *Sub) Clear() {
	sub.mu.Lock()
	sub.hits = 0
	sub.mu.Unlock()
}
