package structcopy

import "sync"

type Stats struct {
	mu       sync.Mutex
	Requests int
}

func (s *Stats) Record() {
	s.mu.Lock()
	s.Requests++
	s.mu.Unlock()
}

func (s *Stats) Snapshot() Stats {
	return *s // race:
}

func Run(s *Stats) Stats {
	go s.Record()
	return s.Snapshot()
}
