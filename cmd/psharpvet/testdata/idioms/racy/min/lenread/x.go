package lenread

import "sync"

type Queue struct {
	mu    sync.Mutex
	items []int
	index map[int]bool
}

func (q *Queue) Push(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.index[v] = true
	q.mu.Unlock()
}

// Len of a slice field without the lock.
func (q *Queue) Len() int { return len(q.items) } // race:

// Len of a map field without the lock.
func (q *Queue) Distinct() int { return len(q.index) } // race:
