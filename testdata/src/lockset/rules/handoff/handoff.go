package handoff // want package:"lockset summaries"

import "sync"

// This package pins the lock hand-off: a goroutine that releases a lock
// its spawner holds at the go statement, without taking it first, holds
// it until it releases it; the spawner no longer does.

type Summary struct {
	mu   sync.Mutex
	cold []float64
	cnt  int
	sum  float64
}

// flush moves the cold buffer into the totals; its caller holds s.mu.
func (s *Summary) flush() {
	for _, v := range s.cold {
		s.cnt++
		s.sum += v
	}
	s.cold = s.cold[:0]
}

// AsyncFlush locks, and the goroutine it starts flushes and unlocks:
// quiet, the goroutine's accesses are under s.mu.
func (s *Summary) AsyncFlush() {
	s.mu.Lock()
	go func() {
		s.flush()
		s.mu.Unlock()
	}()
}

// Observe appends under the lock.
func (s *Summary) Observe(v float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cold = append(s.cold, v)
}

// Count reads under the lock.
func (s *Summary) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cnt
}

// LateFlush's goroutine unlocks first and then writes: its write is
// outside the lock it was handed.
func (s *Summary) LateFlush() {
	s.mu.Lock()
	go func() {
		s.mu.Unlock()
		s.sum = 0 // want `s.sum is written in the goroutine started in \(\*Summary\).LateFlush \(line \d+\) without a lock`
	}()
}

// KeepWriting hands the lock off and then writes as if it still held
// it: the goroutine holds it now, so the spawner's write races with it.
func (s *Summary) KeepWriting() {
	s.mu.Lock()
	go func() {
		s.flush()
		s.mu.Unlock()
	}()
	s.cnt = 0 // want `s.cnt is written in \(\*Summary\).KeepWriting without a lock`
}
