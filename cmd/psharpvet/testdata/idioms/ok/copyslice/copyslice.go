package copyslice

import (
	"maps"
	"slices"
	"sync"
)

type Batcher struct {
	mu    sync.Mutex
	buf   []string
	out   chan []string
	limit int
}

func NewBatcher(limit int) *Batcher {
	return &Batcher{out: make(chan []string, 16), limit: limit}
}

// Add sends a copy of the buffer and reuses the buffer.
func (b *Batcher) Add(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, s)
	if len(b.buf) >= b.limit {
		batch := make([]string, len(b.buf))
		copy(batch, b.buf)
		b.out <- batch
		b.buf = b.buf[:0]
	}
}

// Flush hands the buffer off and starts a fresh one.
func (b *Batcher) Flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.buf) == 0 {
		return
	}
	b.out <- b.buf
	b.buf = nil
}

// Accumulate and send clones per round.
func Rounds(n int, out chan<- []int) {
	var acc []int
	for i := range n {
		acc = append(acc, i)
		out <- slices.Clone(acc)
	}
	close(out)
}

// Snapshot a map before handing it to a goroutine.
func Report(m map[string]int, done chan<- int) {
	snap := maps.Clone(m)
	go func() {
		total := 0
		for _, v := range snap {
			total += v
		}
		done <- total
	}()
	m["after"] = 1
}

// Goroutine gets a copy of a struct by value, caller mutates original.
type Opts struct {
	Name  string
	Retry int
}

func Launch(o *Opts, done chan<- string) {
	cp := *o
	go func() {
		done <- cp.Name
	}()
	o.Retry++
}
