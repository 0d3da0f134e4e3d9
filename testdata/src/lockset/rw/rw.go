package rw // want package:"lockset summaries"

import "sync"

// Table is read under RLock and written under Lock: race-free.
type Table struct {
	mu sync.RWMutex
	m  map[string]int
}

func (t *Table) Get(k string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.m[k]
}

func (t *Table) Put(k string, v int) {
	t.mu.Lock()
	t.m[k] = v
	t.mu.Unlock()
}

// Stats writes while holding only the read lock: two readers race.
type Stats struct {
	mu    sync.RWMutex
	hits  int
	cache map[string]int
}

func (s *Stats) Lookup(k string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.hits++ // want `s.hits is read in \(\*Stats\).Lookup holding s.mu \(read\) and written in another call of \(\*Stats\).Lookup holding s.mu \(read\)`
	return s.cache[k]
}

// Reset holds the write lock, so it excludes Lookup's readers.
func (s *Stats) Reset() {
	s.mu.Lock()
	s.cache = nil
	s.mu.Unlock()
}

// Len reads under the read lock, racing with nothing that writes under
// the write lock, but the unlocked write in Clear races with it.
func (s *Stats) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.cache)
}

func (s *Stats) Clear() {
	s.cache = nil // want `s.cache is written in \(\*Stats\).Clear without a lock and read in \(\*Stats\).Lookup holding s.mu \(read\)`
}

// Try uses TryLock: the access is guarded on the success edge only.
type Try struct {
	mu sync.Mutex
	n  int
}

func (t *Try) Poll() {
	if t.mu.TryLock() {
		t.n++
		t.mu.Unlock()
	}
}

func (t *Try) Bump() {
	if !t.mu.TryLock() {
		return
	}
	defer t.mu.Unlock()
	t.n++
}

func (t *Try) Peek() int {
	if t.mu.TryLock() {
		t.mu.Unlock()
	}
	return t.n // want `t.n is read in \(\*Try\).Peek without a lock and written in \(\*Try\).Poll holding t.mu`
}

// Locked goes through a sync.Locker interface.
type Locked struct {
	mu sync.Mutex // makes the type shared; l guards n
	l  sync.Locker
	n  int
}

func (x *Locked) Inc() {
	x.l.Lock()
	x.n++
	x.l.Unlock()
}

func (x *Locked) Dec() {
	x.n-- // want `x.n is written in \(\*Locked\).Dec without a lock and read in \(\*Locked\).Inc holding x.l`
}

// rwLocker is a user's locker interface, not sync.Locker: its func()
// Lock, Unlock, RLock and RUnlock methods count as those operations by
// convention.
type rwLocker interface {
	Lock()
	Unlock()
	RLock()
	RUnlock()
}

type Conv struct {
	mu sync.Mutex // makes the type shared; l guards n
	l  rwLocker
	n  int
}

func (x *Conv) Get() int {
	x.l.RLock()
	defer x.l.RUnlock()
	return x.n
}

func (x *Conv) Set(n int) {
	x.n = n // want `x.n is written in \(\*Conv\).Set without a lock and read in \(\*Conv\).Get holding x.l \(read\)`
}
