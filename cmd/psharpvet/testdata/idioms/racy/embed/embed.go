package embed

import "sync"

type Counter struct {
	sync.Mutex
	counts map[string]int
}

func NewCounter() *Counter { return &Counter{counts: map[string]int{}} }

// Value receiver: locks a copy of the mutex, the map is shared.
func (c Counter) Inc(k string) {
	c.Lock()
	defer c.Unlock()
	c.counts[k]++ // race:
}

func (c *Counter) Get(k string) int {
	c.Lock()
	defer c.Unlock()
	return c.counts[k]
}

type Stats struct {
	sync.Mutex
	Requests int
	Errors   int
}

func (s *Stats) Record(fail bool) {
	s.Lock()
	defer s.Unlock()
	s.Requests++
	if fail {
		s.Errors++
	}
}

// Snapshot copies the whole struct (including the mutex) without locking.
func (s *Stats) Snapshot() Stats {
	return *s // race:
}

type base struct {
	mu   sync.RWMutex
	tags []string
}

func (b *base) AddTag(t string) {
	b.mu.Lock()
	b.tags = append(b.tags, t)
	b.mu.Unlock()
}

type Resource struct {
	base
	Name string
}

// Describe reads the embedded type's field directly, skipping its lock.
func (r *Resource) Describe() string {
	s := r.Name
	for _, t := range r.tags { // race:
		s += " " + t
	}
	return s
}
