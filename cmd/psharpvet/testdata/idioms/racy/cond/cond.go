package cond

import "sync"

type Queue struct {
	mu       sync.Mutex
	notEmpty *sync.Cond
	items    []int
	closed   bool
}

func NewQueue() *Queue {
	q := &Queue{}
	q.notEmpty = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
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
	return v, true
}

// Len forgot the lock.
func (q *Queue) Len() int {
	return len(q.items) // race:
}

// Close sets the flag without the lock the waiters check it under.
func (q *Queue) Close() {
	q.closed = true // race:
	q.notEmpty.Broadcast()
}

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

// Open publishes val after releasing the lock.
func (g *Gate) Open(v string) {
	g.mu.Lock()
	g.open = true
	g.mu.Unlock()
	g.val = v // race:
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
