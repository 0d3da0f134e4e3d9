package callbacks // want package:"lockset summaries"

// This package tests callbacks called outside the lock after a test
// under it (callbacks.go): a registered callback stays set, so the test
// saw a registration made under the lock.

import "sync"

// Store calls its callbacks without holding mu.
type Store struct {
	mu       sync.Mutex
	items    map[int]bool
	onRemove func(int)
	onAdd    func(int)
}

// NewStore returns an empty store that logs removals: the package's own
// wiring registers the removal callback, with a function.
func NewStore(logf func(string, ...any)) *Store {
	s := &Store{items: make(map[int]bool)}
	s.OnRemove(func(k int) { logf("removed %d", k) })
	return s
}

// OnRemove registers the removal callback.
func (s *Store) OnRemove(cb func(int)) {
	s.mu.Lock()
	s.onRemove = cb
	s.mu.Unlock()
}

// Remove tests the callback under the lock and calls it without: quiet.
func (s *Store) Remove(k int) {
	s.mu.Lock()
	delete(s.items, k)
	if s.onRemove == nil {
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.onRemove(k)
}

// Notify tests the callback without the lock: racy.
func (s *Store) Notify(k int) {
	if s.onRemove != nil { // want `s.onRemove is read in \(\*Store\).Notify without a lock and written in \(\*Store\).OnRemove holding s.mu`
		s.onRemove(k) // want `s.onRemove is read in \(\*Store\).Notify without a lock and written in \(\*Store\).OnRemove holding s.mu`
	}
}

// OnAdd registers the insertion callback, which Close clears.
func (s *Store) OnAdd(cb func(int)) {
	s.mu.Lock()
	s.onAdd = cb
	s.mu.Unlock()
}

// Close clears the insertion callback: it may leave while Add calls it.
func (s *Store) Close() {
	s.mu.Lock()
	s.onAdd = nil
	s.mu.Unlock()
}

// Add tests the callback under the lock, but Close may clear it after
// the test: racy.
func (s *Store) Add(k int) {
	s.mu.Lock()
	s.items[k] = true
	if s.onAdd == nil {
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	s.onAdd(k) // want `s.onAdd is read in \(\*Store\).Add without a lock and written in \(\*Store\).OnAdd holding s.mu`
}

// Cache calls its eviction callback outside the lock; only its users set
// it, with whatever they like (nil disables it).
type Cache struct {
	mu      sync.Mutex
	items   map[string]int
	onEvict func(string)
}

// OnEvict sets the eviction callback; nil disables it.
func (c *Cache) OnEvict(f func(string)) {
	c.mu.Lock()
	c.onEvict = f
	c.mu.Unlock()
}

// Delete tests the callback under the lock and calls it without, but a
// user may set it to nil meanwhile: racy.
func (c *Cache) Delete(k string) {
	c.mu.Lock()
	delete(c.items, k)
	if c.onEvict == nil {
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	c.onEvict(k) // want `c.onEvict is read in \(\*Cache\).Delete without a lock and written in \(\*Cache\).OnEvict holding c.mu`
}

// A Buffer's flush callback is registered through an interface by the
// package's wiring, with a method value.
type Buffer struct {
	mu      sync.Mutex
	n       int
	onFlush func()
}

type flushNotifier interface{ OnFlush(func()) }

// OnFlush registers the flush callback.
func (b *Buffer) OnFlush(f func()) {
	b.mu.Lock()
	b.onFlush = f
	b.mu.Unlock()
}

// Flush calls the callback outside the lock after testing it: quiet.
func (b *Buffer) Flush() {
	b.mu.Lock()
	b.n = 0
	if b.onFlush == nil {
		b.mu.Unlock()
		return
	}
	b.mu.Unlock()
	b.onFlush()
}

type metrics struct{ flushes int }

func (m *metrics) flushed() { m.flushes++ }

func wire(n flushNotifier, m *metrics) { n.OnFlush(m.flushed) }
