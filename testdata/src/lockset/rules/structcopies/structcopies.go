package structcopies // want package:"lockset summaries"

import "sync"

// This package pins a copy of a whole struct as a read of its fields, and
// an assignment of one as a write of them (wholeStruct): other code
// names the fields, not the struct.

type Stats struct {
	mu       sync.Mutex
	Requests int
	Errors   int
}

func (s *Stats) Record(failed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Requests++
	if failed {
		s.Errors++
	}
}

// Snapshot copies under the lock: quiet.
func (s *Stats) Snapshot() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Requests: s.Requests, Errors: s.Errors}
}

// Peek copies the whole struct without it: reported.
func (s *Stats) Peek() (int, int) {
	c := *s // want `s.Requests is read in \(\*Stats\).Peek without a lock and written in \(\*Stats\).Record holding s.mu` `s.Errors is read in \(\*Stats\).Peek without a lock and written in \(\*Stats\).Record holding s.mu`
	return c.Requests, c.Errors
}

type Window struct {
	mu    sync.Mutex
	count counts
}

type counts struct{ ok, failed int }

func (w *Window) Add(ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ok {
		w.count.ok++
	}
}

// Reset assigns the whole struct under the lock: quiet.
func (w *Window) Reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.count = counts{}
}

// Clear assigns it without the lock: reported.
func (w *Window) Clear() {
	w.count = counts{} // want `w.count is written in \(\*Window\).Clear without a lock and written in \(\*Window\).Reset holding w.mu` `w.count.ok is written in \(\*Window\).Clear without a lock and read in \(\*Window\).Add holding w.mu`
}
