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

// NewStore returns an empty store.
func NewStore() *Store { return &Store{items: make(map[int]bool)} }

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
