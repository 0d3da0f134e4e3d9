package copyslice

import "sync"

type Batcher struct {
	mu    sync.Mutex
	buf   []string
	out   chan []string
	limit int
}

func NewBatcher(limit int) *Batcher {
	return &Batcher{buf: make([]string, 0, limit), out: make(chan []string, 16), limit: limit}
}

// Add sends the buffer itself and then reuses its array.
func (b *Batcher) Add(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, s) // race:
	if len(b.buf) >= b.limit {
		b.out <- b.buf
		b.buf = b.buf[:0]
	}
}

// Report hands the map to a goroutine and keeps writing it.
func Report(m map[string]int, done chan<- int) {
	go func() {
		total := 0
		for _, v := range m {
			total += v
		}
		done <- total
	}()
	m["after"] = 1 // race:
}

// Send a slice, then sort it in place.
func Publish(ids []int, out chan<- []int) {
	out <- ids
	for i := 1; i < len(ids); i++ {
		for j := i; j > 0 && ids[j] < ids[j-1]; j-- {
			ids[j], ids[j-1] = ids[j-1], ids[j] // race:
		}
	}
}

type Event struct {
	Name   string
	Labels map[string]string
}

// Send a struct by value: the map inside is still shared.
func Emit(e Event, out chan<- Event) {
	out <- e
	e.Labels["sent"] = "true" // race:
}
