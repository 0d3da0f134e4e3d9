package cond

import "sync"

// Queue is a bounded blocking queue built on sync.Cond.
type Queue struct {
	mu       sync.Mutex
	notEmpty *sync.Cond
	notFull  *sync.Cond
	items    []int
	max      int
	closed   bool
}

func NewQueue(max int) *Queue {
	q := &Queue{max: max}
	q.notEmpty = sync.NewCond(&q.mu)
	q.notFull = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) >= q.max && !q.closed {
		q.notFull.Wait()
	}
	if q.closed {
		return
	}
	q.items = append(q.items, v)
	q.notEmpty.Signal()
}

func (q *Queue) Get() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.notEmpty.Wait()
	}
	if len(q.items) == 0 {
		return 0, false
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return v, true
}

func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.notEmpty.Broadcast()
	q.notFull.Broadcast()
}

func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// ProduceConsume runs a producer and consumers over a Queue.
func ProduceConsume(n int) int {
	q := NewQueue(4)
	var wg sync.WaitGroup
	var mu sync.Mutex
	sum := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				v, ok := q.Get()
				if !ok {
					return
				}
				mu.Lock()
				sum += v
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		q.Put(i)
	}
	q.Close()
	wg.Wait()
	return sum
}

// Ready is a one-shot gate: waiters block until Open is called.
type Gate struct {
	mu   sync.Mutex
	cond sync.Cond
	open bool
	val  string
}

func NewGate() *Gate {
	g := &Gate{}
	g.cond.L = &g.mu
	return g
}

func (g *Gate) Open(v string) {
	g.mu.Lock()
	g.val = v
	g.open = true
	g.mu.Unlock()
	g.cond.Broadcast()
}

func (g *Gate) Wait() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	for !g.open {
		g.cond.Wait()
	}
	return g.val
}
