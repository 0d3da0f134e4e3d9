package inflight

import "sync"

type call struct {
	done chan struct{}
	res  string
}

type Group struct {
	mu sync.Mutex
	m  map[string]*call
}

func (g *Group) Do(key string, f func() string) string {
	g.mu.Lock()
	if c, ok := g.m[key]; ok {
		g.mu.Unlock()
		if c.res != "" { // race:
			return c.res
		}
		<-c.done
		return c.res
	}
	c := &call{done: make(chan struct{})}
	g.m[key] = c
	g.mu.Unlock()
	c.res = f()
	close(c.done)
	return c.res
}

func Run(g *Group) {
	go g.Do("k", func() string { return "v" })
	g.Do("k", func() string { return "v" })
}
