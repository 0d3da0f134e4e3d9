package mapvalue

import "sync"

type Session struct{ Hits int }

type Registry struct {
	mu sync.RWMutex
	m  map[string]*Session
}

func (r *Registry) Touch(id string) {
	r.mu.RLock()
	s := r.m[id]
	r.mu.RUnlock()
	if s != nil {
		s.Hits++ // race:
	}
}

func (r *Registry) Hits(id string) int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if s := r.m[id]; s != nil {
		return s.Hits
	}
	return 0
}
