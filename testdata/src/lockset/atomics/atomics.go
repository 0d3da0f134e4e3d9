package atomics // want package:"lockset summaries"

import (
	"sync"
	"sync/atomic"
)

// Stats uses sync/atomic consistently: quiet.
type Stats struct {
	mu    sync.Mutex
	hits  int64
	typed atomic.Int64
	flag  atomic.Bool
}

func (s *Stats) Hit() {
	atomic.AddInt64(&s.hits, 1)
	s.typed.Add(1)
	s.flag.Store(true)
}

func (s *Stats) Hits() int64 {
	return atomic.LoadInt64(&s.hits) + s.typed.Load()
}

func (s *Stats) Enabled() bool { return s.flag.Load() }

// Mixed reads a counter plainly that is written atomically: a race.
type Mixed struct {
	mu sync.Mutex
	n  int64
}

func (m *Mixed) Inc() { atomic.AddInt64(&m.n, 1) }

func (m *Mixed) Get() int64 {
	return m.n // want `m.n is read in \(\*Mixed\).Get without a lock and written atomically in \(\*Mixed\).Inc without a lock`
}
