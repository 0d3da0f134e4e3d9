package buffer

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// Render each part in its own buffer, then join in order.
func Render(parts []string) string {
	bufs := make([]*bytes.Buffer, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			fmt.Fprintf(&b, "<%s>", strings.ToUpper(p))
			bufs[i] = &b
		}()
	}
	wg.Wait()
	var out bytes.Buffer
	for _, b := range bufs {
		out.Write(b.Bytes())
	}
	return out.String()
}

// Buffers from a sync.Pool.
var pool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func Format(name string, n int) string {
	b := pool.Get().(*bytes.Buffer)
	b.Reset()
	defer pool.Put(b)
	fmt.Fprintf(b, "%s=%d", name, n)
	return b.String()
}

func FormatAll(names []string) []string {
	out := make([]string, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Go(func() { out[i] = Format(n, i) })
	}
	wg.Wait()
	return out
}

// Each goroutine builds a buffer and sends it; receiver owns it.
func Stream(lines []string) <-chan *bytes.Buffer {
	out := make(chan *bytes.Buffer)
	go func() {
		defer close(out)
		for _, l := range lines {
			b := new(bytes.Buffer)
			b.WriteString(l)
			out <- b
		}
	}()
	return out
}

func Collect(lines []string) int {
	n := 0
	for b := range Stream(lines) {
		b.WriteString("!")
		n += b.Len()
	}
	return n
}

// Shared buffer guarded by a mutex.
type Log struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Log) Printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.buf, format, args...)
}

func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
