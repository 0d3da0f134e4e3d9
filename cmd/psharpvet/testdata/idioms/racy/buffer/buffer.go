package buffer

import (
	"bytes"
	"fmt"
	"sync"
)

// One buffer shared by all goroutines.
func Render(parts []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Fprintf(&b, "<%s>", p) // race:
		}()
	}
	wg.Wait()
	return b.String()
}

var pool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Format returns the pooled buffer's bytes after putting it back.
func Format(name string, n int) []byte {
	b := pool.Get().(*bytes.Buffer)
	b.Reset()
	defer pool.Put(b)
	fmt.Fprintf(b, "%s=%d", name, n)
	return b.Bytes() // race:
}

// Stream reuses one buffer for every message it sends.
func Stream(lines []string) <-chan *bytes.Buffer {
	out := make(chan *bytes.Buffer)
	go func() {
		defer close(out)
		b := new(bytes.Buffer)
		for _, l := range lines {
			b.Reset() // race:
			b.WriteString(l)
			out <- b
		}
	}()
	return out
}

func Collect(lines []string) int {
	n := 0
	for b := range Stream(lines) {
		n += len(b.String())
	}
	return n
}
