// Package crosspkg calls functions of another package whose gives-up sets
// arrive as facts.
package crosspkg

import "ownership/crosspkg/helper"

// ForwardThenWrite writes an item helper.Forward gave up.
func ForwardThenWrite(ch chan *helper.Item) {
	it := &helper.Item{}
	helper.Forward(ch, it)
	it.N = 1 // want `it is written after it was given up by helper.Forward \(line \d+\), which passes it to helper.relay at helper.go:\d+, which sends it on a channel at helper.go:\d+; whoever receives it may be using it concurrently`
}

// ForwardDone hands the item over and forgets it.
func ForwardDone(ch chan *helper.Item) {
	helper.Forward(ch, &helper.Item{N: 1})
}

// PutThenLen keeps using the queue, which Put does not give up.
func PutThenLen(q *helper.Queue) int {
	q.Put(&helper.Item{})
	return q.Len()
}

// PutThenPeek reads an item after Put gave it up.
func PutThenPeek(q *helper.Queue) int {
	it := &helper.Item{}
	q.Put(it)
	return helper.Peek(it) // want `it is passed to helper.Peek after it was given up by \(\*helper.Queue\).Put`
}

// PeekThenPut reads the item before giving it up.
func PeekThenPut(q *helper.Queue) int {
	it := &helper.Item{N: 2}
	n := helper.Peek(it)
	q.Put(it)
	return n
}
