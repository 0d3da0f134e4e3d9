package hidden

import (
	"sort"
	"sync"
)

// slots is only ever sorted by sort.Sort, which calls its Len, Less and
// Swap before it returns (a Borrows row): those run inside fill, under
// the lock, not as entry points beside fill's goroutine. Quiet.
type slots struct {
	mu    sync.Mutex
	ids   []int
	count int
}

func (s *slots) Len() int           { return s.count }
func (s *slots) Less(i, j int) bool { return s.ids[i] < s.ids[j] }
func (s *slots) Swap(i, j int)      { s.ids[i], s.ids[j] = s.ids[j], s.ids[i] }

func (s *slots) fill() {
	for i := range 3 {
		s.mu.Lock()
		s.ids = append(s.ids, 3-i)
		s.count++
		sort.Sort(s)
		s.mu.Unlock()
	}
}

type Table struct{ slots *slots }

func NewTable() *Table {
	s := &slots{}
	go s.fill()
	return &Table{slots: s}
}

// queue is sorted the same way, but also handed out as a sort.Interface
// that NewQueue's callers may sort whenever they like: reported.
type queue struct {
	mu    sync.Mutex
	ids   []int
	count int
}

func (q *queue) Len() int           { return q.count }                          // want `q.count is read in \(\*queue\).Len without a lock and written in \(\*queue\).Push holding q.mu`
func (q *queue) Less(i, j int) bool { return q.ids[i] < q.ids[j] }              // want `q.ids is read in \(\*queue\).Less without a lock` `q.ids\[\*\] is read in \(\*queue\).Less without a lock`
func (q *queue) Swap(i, j int)      { q.ids[i], q.ids[j] = q.ids[j], q.ids[i] } // want `q.ids is read in \(\*queue\).Swap without a lock` `q.ids\[\*\] is written in \(\*queue\).Swap without a lock`

func (q *queue) Push(id int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.ids = append(q.ids, id)
	q.count++
	sort.Sort(q)
}

func NewQueue() (func(int), sort.Interface) {
	q := &queue{}
	return q.Push, q
}
