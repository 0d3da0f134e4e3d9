// Package helper gives up parameters; package crosspkg sees its gives-up
// sets as facts.
package helper

type Item struct{ N int }

// Forward gives up it two calls deep.
func Forward(ch chan *Item, it *Item) {
	relay(ch, it)
}

func relay(ch chan *Item, it *Item) {
	ch <- it
}

// Queue hands items to a consumer.
type Queue struct {
	ch    chan *Item
	count int
}

func NewQueue() *Queue { return &Queue{ch: make(chan *Item, 8)} }

// Put gives up it but not the queue.
func (q *Queue) Put(it *Item) {
	q.count++
	q.ch <- it
}

// Len reads the queue.
func (q *Queue) Len() int { return q.count }

// Peek reads an item without giving it up.
func Peek(it *Item) int { return it.N }

// Drain consumes the items, marking each: what Put gives up is written on
// the other side.
func (q *Queue) Drain() {
	for it := range q.ch {
		it.N = 0
	}
}
