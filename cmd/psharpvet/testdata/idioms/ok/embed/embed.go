package embed

import "sync"

// Counter embeds sync.Mutex directly.
type Counter struct {
	sync.Mutex
	counts map[string]int
}

func NewCounter() *Counter { return &Counter{counts: map[string]int{}} }

func (c *Counter) Inc(k string) {
	c.Lock()
	defer c.Unlock()
	c.counts[k]++
}

func (c *Counter) Get(k string) int {
	c.Lock()
	defer c.Unlock()
	return c.counts[k]
}

// base with its own lock, embedded by value in a bigger type.
type base struct {
	mu   sync.RWMutex
	tags []string
}

func (b *base) AddTag(t string) {
	b.mu.Lock()
	b.tags = append(b.tags, t)
	b.mu.Unlock()
}

func (b *base) Tags() []string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return append([]string(nil), b.tags...)
}

type Resource struct {
	base
	Name string
}

func (r *Resource) Describe() string {
	tags := r.Tags()
	s := r.Name
	for _, t := range tags {
		s += " " + t
	}
	return s
}

func (r *Resource) Label(t string) {
	r.AddTag("label:" + t)
}

// Embedded pointer to a locked stats struct shared by several handlers.
type Stats struct {
	sync.Mutex
	Requests int
	Errors   int
}

type Handler struct {
	*Stats
	name string
}

func (h Handler) Serve(fail bool) {
	h.Lock()
	h.Requests++
	if fail {
		h.Errors++
	}
	h.Unlock()
}

func (s *Stats) Snapshot() (int, int) {
	s.Lock()
	defer s.Unlock()
	return s.Requests, s.Errors
}
