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

// Slots holds pointers to counters that are updated atomically; loading
// the pointer from its slot is not an access to the counter: quiet.
type Slots struct {
	mu  sync.Mutex
	all []*uint64
}

func (s *Slots) Add(i int) { atomic.AddUint64(s.all[i], 1) }

func (s *Slots) Get(i int) uint64 { return atomic.LoadUint64(s.all[i]) }

// Ring caches pointers under a lock and copies the pointee outside it:
// the copy reads the entry, not the slot the writer replaces: quiet.
type Entry struct{ Index int }

type Ring struct {
	mu    sync.RWMutex
	slots []*Entry
}

func (r *Ring) Put(e *Entry) {
	r.mu.Lock()
	r.slots[e.Index%len(r.slots)] = e
	r.mu.Unlock()
}

func (r *Ring) Get(i int, out *Entry) {
	r.mu.RLock()
	e := r.slots[i%len(r.slots)]
	r.mu.RUnlock()
	*out = *e
}
