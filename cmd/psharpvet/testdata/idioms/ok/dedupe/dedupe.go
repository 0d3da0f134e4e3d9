package dedupe

import "sync"

type call struct {
	wg   sync.WaitGroup
	val  []byte
	err  error
	dups int
}

// Group dedupes concurrent calls with the same key (singleflight-like).
type Group struct {
	mu sync.Mutex
	m  map[string]*call
}

func (g *Group) Do(key string, fn func() ([]byte, error)) ([]byte, error, bool) {
	g.mu.Lock()
	if g.m == nil {
		g.m = make(map[string]*call)
	}
	if c, ok := g.m[key]; ok {
		c.dups++
		g.mu.Unlock()
		c.wg.Wait()
		return c.val, c.err, true
	}
	c := new(call)
	c.wg.Add(1)
	g.m[key] = c
	g.mu.Unlock()

	c.val, c.err = fn()
	c.wg.Done()

	g.mu.Lock()
	delete(g.m, key)
	g.mu.Unlock()
	return c.val, c.err, c.dups > 0
}

// Channel-based variant: waiters block on a done channel.
type flight struct {
	done chan struct{}
	res  string
}

type Loader struct {
	mu       sync.Mutex
	inflight map[string]*flight
	cache    map[string]string
	load     func(string) string
}

func NewLoader(load func(string) string) *Loader {
	return &Loader{inflight: map[string]*flight{}, cache: map[string]string{}, load: load}
}

func (l *Loader) Get(key string) string {
	l.mu.Lock()
	if v, ok := l.cache[key]; ok {
		l.mu.Unlock()
		return v
	}
	if f, ok := l.inflight[key]; ok {
		l.mu.Unlock()
		<-f.done
		return f.res
	}
	f := &flight{done: make(chan struct{})}
	l.inflight[key] = f
	l.mu.Unlock()

	f.res = l.load(key)

	l.mu.Lock()
	l.cache[key] = f.res
	delete(l.inflight, key)
	l.mu.Unlock()
	close(f.done)
	return f.res
}
