package dedupe

import "sync"

type call struct {
	wg   sync.WaitGroup
	val  []byte
	err  error
	dups int
}

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
		g.mu.Unlock()
		c.dups++ // race:
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

type flight struct {
	done chan struct{}
	res  string
}

type Loader struct {
	mu       sync.Mutex
	inflight map[string]*flight
	load     func(string) string
}

func NewLoader(load func(string) string) *Loader {
	return &Loader{inflight: map[string]*flight{}, load: load}
}

func (l *Loader) Get(key string) string {
	l.mu.Lock()
	if f, ok := l.inflight[key]; ok {
		l.mu.Unlock()
		if f.res != "" { // race:
			return f.res
		}
		<-f.done
		return f.res
	}
	f := &flight{done: make(chan struct{})}
	l.inflight[key] = f
	l.mu.Unlock()

	f.res = l.load(key)
	close(f.done)

	l.mu.Lock()
	delete(l.inflight, key)
	l.mu.Unlock()
	return f.res
}

// Owner removes the entry without the lock.
type Group2 struct {
	mu sync.Mutex
	m  map[string]chan struct{}
}

func (g *Group2) Do(key string, fn func()) {
	g.mu.Lock()
	if ch, ok := g.m[key]; ok {
		g.mu.Unlock()
		<-ch
		return
	}
	ch := make(chan struct{})
	g.m[key] = ch
	g.mu.Unlock()
	fn()
	delete(g.m, key) // race:
	close(ch)
}
