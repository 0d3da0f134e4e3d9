// Package generics checks transfers through generic functions and types.
package generics

type T struct{ x int }

// Send gives up v whatever T is.
func Send[E any](ch chan E, v E) {
	ch <- v
}

// SendPointer gives up a pointer through Send and keeps writing it.
func SendPointer(ch chan *T) {
	p := &T{}
	Send(ch, p)
	p.x = 1 // want `p is written after it was given up by generics.Send \(line \d+\), which sends it on a channel at generics.go:\d+; whoever receives it may be using it concurrently`
}

// SendPointerDone does not touch p again.
func SendPointerDone(ch chan *T) {
	p := &T{x: 1}
	Send(ch, p)
}

// SendInt sends an int through Send: nothing is transferred.
func SendInt(ch chan int) {
	n := 1
	Send(ch, n)
	n++
	_ = n
}

// Queue is a generic container that hands its items to a consumer.
type Queue[E any] struct {
	pending []E
	out     chan E
}

// Push gives up v.
func (q *Queue[E]) Push(v E) {
	q.out <- v
}

// Flush sends an item the queue keeps: quiet by default, since nothing
// shows the item, of any type E, written (reported under -strict, see
// ../strict).
func (q *Queue[E]) Flush() {
	q.out <- q.pending[0]
}

// Add keeps v: not a transfer.
func (q *Queue[E]) Add(v E) {
	q.pending = append(q.pending, v)
}

// PushThenWrite gives up p through the generic method and writes it.
func PushThenWrite(q *Queue[*T]) {
	p := &T{}
	q.Push(p)
	p.x = 2 // want `p is written after it was given up by`
}

// AddThenWrite keeps p in the queue, which is not a transfer.
func AddThenWrite(q *Queue[*T]) {
	p := &T{}
	q.Add(p)
	p.x = 2
}
