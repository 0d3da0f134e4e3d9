// Package goroutineplaces pins the rule that two goroutines handed the
// same memory race only where their places meet, one of them writing;
// accesses through sync/atomic are no places.
package goroutineplaces

import (
	"sync/atomic"
	"unsafe"
)

type node struct {
	next *node
	val  int
}

// Queue is a multi-producer, single-consumer queue: Push touches it only
// through sync/atomic, Pop (one consumer) writes its tail.
type Queue struct {
	head, tail *node
}

func New() *Queue {
	stub := &node{}
	return &Queue{head: stub, tail: stub}
}

func (q *Queue) Push(v int) {
	n := &node{val: v}
	prev := (*node)(atomic.SwapPointer((*unsafe.Pointer)(unsafe.Pointer(&q.head)), unsafe.Pointer(n)))
	atomic.StorePointer((*unsafe.Pointer)(unsafe.Pointer(&prev.next)), unsafe.Pointer(n))
}

func (q *Queue) Pop() (int, bool) {
	tail := q.tail
	next := (*node)(atomic.LoadPointer((*unsafe.Pointer)(unsafe.Pointer(&tail.next))))
	if next == nil {
		return 0, false
	}
	q.tail = next
	return next.val, true
}

// Peek reads the tail without synchronisation.
func (q *Queue) Peek() *node { return q.tail }

func consume(q *Queue, n int) {
	for n > 0 {
		if _, ok := q.Pop(); ok {
			n--
		}
	}
}

func produce(q *Queue, n int) {
	for i := 0; i < n; i++ {
		q.Push(i)
	}
}

func peek(q *Queue, n int) {
	for i := 0; i < n; i++ {
		_ = q.Peek()
	}
}

// ProduceConsume hands the queue to a consumer and then to a producer,
// which touches it only atomically: quiet.
func ProduceConsume(n int) {
	q := New()
	go consume(q, n)
	go produce(q, n)
}

// PeekConsume hands the queue to a consumer and then to a goroutine that
// reads the tail the consumer writes: reported.
func PeekConsume(n int) {
	q := New()
	go consume(q, n)
	go peek(q, n) // want `q is handed to another goroutine after it was handed to the goroutine started at line 78`
}
