package syncmap

import "sync"

type Session struct {
	ID   string
	Hits int
}

type Registry struct {
	sessions sync.Map
}

func (r *Registry) GetOrCreate(id string) *Session {
	v, _ := r.sessions.LoadOrStore(id, &Session{ID: id})
	return v.(*Session)
}

// Touch mutates a value shared through the sync.Map without synchronisation.
func (r *Registry) Touch(id string) {
	if v, ok := r.sessions.Load(id); ok {
		v.(*Session).Hits++ // race:
	}
}

func (r *Registry) Total() int {
	n := 0
	r.sessions.Range(func(_, v any) bool {
		n += v.(*Session).Hits
		return true
	})
	return n
}

// Cache of slices: appends to a stored slice in place.
type Index struct {
	m sync.Map // string -> *[]string
}

func (x *Index) Add(k, v string) {
	p, _ := x.m.LoadOrStore(k, new([]string))
	sp := p.(*[]string)
	*sp = append(*sp, v) // race:
}

func (x *Index) Get(k string) []string {
	p, ok := x.m.Load(k)
	if !ok {
		return nil
	}
	return *p.(*[]string)
}
