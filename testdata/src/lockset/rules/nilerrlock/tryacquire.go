package nilerrlock

import (
	"sync"
	"sync/atomic"
	"time"
)

// This file pins a lock that a callee returns holding only when it
// returns true (net's nsswitchConfig.tryAcquireSema, a token channel
// taken in a select with a default): the caller's branch where the bool
// is true holds it.

// Checker rechecks a file at most once at a time.
type Checker struct {
	sema    chan struct{} // a token: capacity 1
	last    time.Time
	mtime   int64
	closed  atomic.Bool
	lenient atomic.Bool
}

func NewChecker() *Checker {
	return &Checker{sema: make(chan struct{}, 1)}
}

func (c *Checker) tryAcquire() bool {
	select {
	case c.sema <- struct{}{}:
		return true
	default:
		return false
	}
}

func (c *Checker) release() { <-c.sema }

// Update writes c.last and c.mtime holding the token, on the branch where
// tryAcquire returned true. Quiet.
func (c *Checker) Update(now time.Time, mtime int64) {
	if !c.tryAcquire() {
		return
	}
	defer c.release()
	if c.last.After(now) {
		return
	}
	c.last = now
	c.mtime = mtime
}

// Peek reads c.mtime whatever tryAcquire returned. Reported.
func (c *Checker) Peek() int64 {
	ok := c.tryAcquire()
	m := c.mtime // want `c.mtime is read in \(\*Checker\).Peek without a lock and written in \(\*Checker\).Update holding c.sema`
	if ok {
		c.release()
	}
	return m
}

// enter returns true holding the token, or, once closed, whatever
// lenient says without it: a true it computes is no proof of the token.
func (c *Checker) enter() bool {
	if c.closed.Load() {
		return c.lenient.Load()
	}
	c.sema <- struct{}{}
	return true
}

// Touch writes c.last on enter's true branch, which may not hold the
// token. Reported.
func (c *Checker) Touch(now time.Time) {
	if !c.enter() {
		return
	}
	c.last = now // want `c.last is written in \(\*Checker\).Touch without a lock and read in \(\*Checker\).Update holding c.sema`
}

// Store is a mutex-guarded map whose lock helper fails once it is closed.
type Store struct {
	mu     sync.Mutex
	closed bool
	items  map[string]int
}

func (s *Store) lockIfOpen() bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false
	}
	return true
}

// Put writes s.items holding s.mu, on lockIfOpen's true branch. Quiet.
func (s *Store) Put(k string, v int) {
	if !s.lockIfOpen() {
		return
	}
	s.items[k] = v
	s.mu.Unlock()
}

// Get reads s.items holding s.mu: lockIfOpen's result, kept in a
// variable, is tested as directly. Quiet.
func (s *Store) Get(k string) (int, bool) {
	open := s.lockIfOpen()
	if !open {
		return 0, false
	}
	defer s.mu.Unlock()
	v, ok := s.items[k]
	return v, ok
}

// Len reads s.items on lockIfOpen's false branch, without the lock.
// Reported.
func (s *Store) Len() int {
	if s.lockIfOpen() {
		n := len(s.items)
		s.mu.Unlock()
		return n
	}
	return len(s.items) // want `s.items\[\*\] is read in \(\*Store\).Len without a lock and written in \(\*Store\).Put holding s.mu` `s.items is read in \(\*Store\).Len without a lock and written in \(\*Store\).Close holding s.mu`
}

func (s *Store) Close() {
	s.mu.Lock()
	s.closed = true
	s.items = nil
	s.mu.Unlock()
}
