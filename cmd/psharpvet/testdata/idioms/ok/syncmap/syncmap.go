package syncmap

import (
	"sync"
	"sync/atomic"
)

type Session struct {
	ID   string
	User string
	hits atomic.Int64
}

// Registry of sessions keyed by id.
type Registry struct {
	sessions sync.Map // string -> *Session
}

func (r *Registry) GetOrCreate(id, user string) *Session {
	if v, ok := r.sessions.Load(id); ok {
		return v.(*Session)
	}
	v, _ := r.sessions.LoadOrStore(id, &Session{ID: id, User: user})
	return v.(*Session)
}

func (r *Registry) Touch(id string) {
	if v, ok := r.sessions.Load(id); ok {
		v.(*Session).hits.Add(1)
	}
}

func (r *Registry) Remove(id string) {
	r.sessions.Delete(id)
}

func (r *Registry) Count() int {
	n := 0
	r.sessions.Range(func(k, v any) bool {
		n++
		return true
	})
	return n
}

// Concurrent fills a sync.Map from many goroutines.
func Concurrent(keys []string) map[string]int {
	var m sync.Map
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(k, i)
		}()
	}
	wg.Wait()
	out := make(map[string]int)
	m.Range(func(k, v any) bool {
		out[k.(string)] = v.(int)
		return true
	})
	return out
}
