package invokes // want package:"lockset summaries"

import (
	"bytes"
	"container/heap"
	"fmt"
	"io"
	"strings"
	"sync"

	"lockset/rules/invokes/report"
)

// This package pins the library calls that call a method of their
// interface argument (invokes.go): fmt.Fprintf(&b, …) writes b as
// b.Write does.

// Render writes one buffer from every goroutine.
func Render(parts []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Fprintf(&b, "<%s>", p) // want `b.lastRead is written in the goroutine started in Render \(line 24\) via fmt.Fprintf calling \(\*bytes.Buffer\).Write without a lock and written in another instance of goroutine started in Render \(line 24\) via fmt.Fprintf calling \(\*bytes.Buffer\).Write without a lock`
		}()
	}
	wg.Wait()
	return b.String()
}

// RenderOwn gives every goroutine its own buffer: quiet.
func RenderOwn(parts []string) []string {
	out := make([]string, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			fmt.Fprintf(&b, "<%s>", p)
			out[i] = b.String()
		}()
	}
	wg.Wait()
	return out
}

// RenderLocked writes the shared buffer under a lock: quiet.
func RenderLocked(parts []string) string {
	var b strings.Builder
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintln(&b, p)
		}()
	}
	wg.Wait()
	return b.String()
}

// Log is written by its goroutine while the caller reads it.
type Log struct {
	mu  sync.Mutex
	out strings.Builder
}

// Tee copies r into the log on a goroutine of its own.
func (l *Log) Tee(r io.Reader) {
	go func() {
		io.Copy(&l.out, r) // want `l.out.buf is written in the goroutine started in \(\*Log\).Tee \(line 76\) via io.Copy calling \(\*strings.Builder\).Write without a lock and read in \(\*Log\).String via \(\*strings.Builder\).String holding l.mu`
	}()
}

// String returns what the log holds.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.out.String()
}

// Drain reads one reader from two goroutines.
func Drain(r *bytes.Reader) {
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			io.ReadAll(r) // want `r.i is read in the goroutine started in Drain \(line 93\) via io.ReadAll calling \(\*bytes.Reader\).Read without a lock and written in another instance of goroutine started in Drain \(line 93\) via io.ReadAll calling \(\*bytes.Reader\).Read without a lock`
		}()
	}
	wg.Wait()
}

// Unknown passes an io.Writer whose type the package does not know:
// quiet, as any unknown callee is.
func Unknown(w io.Writer, parts []string) {
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Fprint(w, p)
		}()
	}
	wg.Wait()
}

// header writes its writer through fmt: its summary says it invokes Write
// on w.
func header(w io.Writer, name string) {
	fmt.Fprintf(w, "# %s\n", name)
}

// Headers writes one buffer from every goroutine through the helper.
func Headers(names []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			header(&b, n) // want `b.lastRead is written in the goroutine started in Headers \(line 127\) via header calling \(\*bytes.Buffer\).Write without a lock and written in another instance of goroutine started in Headers \(line 127\) via header calling \(\*bytes.Buffer\).Write without a lock`
		}()
	}
	wg.Wait()
	return b.String()
}

// printer serialises its writes with its own lock.
type printer struct {
	mu sync.Mutex
}

func (p *printer) print(w io.Writer, s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(w, s)
}

// Serialised writes one buffer through a helper that holds its lock
// around the write: quiet.
func Serialised(p *printer, names []string) {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.print(&b, n)
		}()
	}
	wg.Wait()
}

// Tally writes one builder from every goroutine through another
// package's helper, which passes the writer on to fmt.
func Tally(counts []map[string]int) string {
	var b strings.Builder
	var wg sync.WaitGroup
	for _, m := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report.Lines(&b, m) // want `b.addr is read in the goroutine started in Tally \(line 169\) via report.Lines calling \(\*strings.Builder\).Write without a lock and written in another instance of goroutine started in Tally \(line 169\) via report.Lines calling \(\*strings.Builder\).Write without a lock`
		}()
	}
	wg.Wait()
	return b.String()
}

// Ints is a heap of ints: container/heap calls its methods through
// heap.Interface, which heap.Push's summary says it invokes on its
// argument.
type Ints []int

func (h Ints) Len() int           { return len(h) }
func (h Ints) Less(i, j int) bool { return h[i] < h[j] }
func (h Ints) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *Ints) Push(x any)        { *h = append(*h, x.(int)) } // want `\*h is written in another instance of goroutine started in Fill \(line 200\) via heap.Push calling \(\*Ints\).Push without a lock and read in another call of the goroutine started in Fill \(line 200\) via heap.Push calling \(\*Ints\).Push without a lock`
func (h *Ints) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Fill pushes onto one heap from every goroutine.
func Fill(xs []int) Ints {
	var h Ints
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			heap.Push(&h, x)
		}()
	}
	wg.Wait()
	return h
}

// FillLocked pushes under a lock: quiet.
func FillLocked(xs []int) Ints {
	var h Ints
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, x := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			heap.Push(&h, x)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return h
}

// put writes through its type parameter: an instance passes its argument
// to the generic body as a value of W.
func put[W io.Writer](w W, s string) { w.Write([]byte(s)) }

// putf passes its type parameter on to fmt.
func putf[W io.Writer](w W, s string) { fmt.Fprint(w, s) }

// Generic writes one buffer from every goroutine through a generic helper.
func Generic(parts []string) string {
	var b bytes.Buffer
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			put(&b, p) // want `b.lastRead is written in the goroutine started in Generic`
		}()
	}
	wg.Wait()
	return b.String()
}

// GenericFmt does the same through a generic helper that calls fmt.
func GenericFmt(parts []string) string {
	var b strings.Builder
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			putf(&b, p) // want `b.addr is read in the goroutine started in GenericFmt`
		}()
	}
	wg.Wait()
	return b.String()
}

// GenericOwn gives every goroutine its own buffer: quiet.
func GenericOwn(parts []string) []string {
	out := make([]string, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			put(&b, p)
			putf(&b, p)
			out[i] = b.String()
		}()
	}
	wg.Wait()
	return out
}
