// Package goroutines checks go statements, WaitGroup.Go and errgroup:
// the new goroutine owns its arguments, its receiver and the variables its
// function literal captures, until the starter joins it.
package goroutines

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

type Buf struct {
	data []int
	n    int
}

func fill(b *Buf) { b.n = len(b.data) }

func (b *Buf) fill() { b.n = len(b.data) }

// GoArgThenUse starts a goroutine with b and keeps writing b.
func GoArgThenUse() {
	b := &Buf{}
	go fill(b)
	b.n = 1 // want `b is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

// GoReceiverThenUse starts a method on b and reads it.
func GoReceiverThenUse() int {
	b := &Buf{}
	go b.fill()
	return b.n // want `is read after it was handed to the goroutine started at line \d+`
}

// GoClosureThenUse captures b in a literal and keeps using it.
func GoClosureThenUse() {
	b := &Buf{}
	go func() {
		b.n += len(b.data)
	}()
	b.data = nil // want `is (read|written) after it was handed to the goroutine started at line \d+`
}

// GoWaitGroup joins the goroutine before using b again.
func GoWaitGroup() int {
	b := &Buf{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b.n = 42
	}()
	wg.Wait()
	return b.n
}

// GoUseBeforeWait reads b before joining.
func GoUseBeforeWait() int {
	b := &Buf{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b.n = 42
	}()
	n := b.n // want `is read after it was handed to the goroutine started at line \d+`
	wg.Wait()
	return n
}

// GoChannelJoin waits on a channel the goroutine closes.
func GoChannelJoin() int {
	b := &Buf{}
	done := make(chan struct{})
	go func() {
		b.n = 1
		close(done)
	}()
	<-done
	return b.n
}

// GoResultChannel waits for the goroutine's result.
func GoResultChannel() int {
	b := &Buf{data: []int{1, 2, 3}}
	res := make(chan int)
	go func() {
		s := 0
		for _, v := range b.data {
			s += v
		}
		res <- s
	}()
	s := <-res
	return s + len(b.data)
}

// WaitGroupGoUse uses b while the function given to WaitGroup.Go may run.
func WaitGroupGoUse() int {
	b := &Buf{}
	var wg sync.WaitGroup
	wg.Go(func() {
		b.n = 7
	})
	n := b.n // want `is read after it was passed to \(\*sync.WaitGroup\).Go \(line \d+\); the goroutine may be using it concurrently`
	wg.Wait()
	return n
}

// ErrgroupUseBeforeWait reads before Wait.
func ErrgroupUseBeforeWait() int {
	b := &Buf{}
	var g errgroup.Group
	g.Go(func() error {
		b.n = 3
		return nil
	})
	n := b.n // want `is read after it was passed to \(\*errgroup.Group\).Go \(line \d+\); the goroutine may be using it concurrently`
	g.Wait()
	return n
}

// ErrgroupTryGo uses TryGo and writes before joining.
func ErrgroupTryGo(g *errgroup.Group) {
	b := &Buf{}
	g.TryGo(func() error {
		b.n = 3
		return nil
	})
	b.n = 4 // want `is (read|written) after it was passed to \(\*errgroup.Group\).TryGo \(line \d+\); the goroutine may be using it concurrently`
}

// FanOut writes one element of results per goroutine and reads them all
// after Wait. The literal gets the loop variables as arguments.
func FanOut(inputs []int) int {
	results := make([]int, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func(i, in int) {
			defer wg.Done()
			results[i] = in * in
		}(i, in)
	}
	wg.Wait()
	sum := 0
	for _, r := range results {
		sum += r
	}
	return sum
}

// FanOutEarlyRead reads the results before Wait.
func FanOutEarlyRead(inputs []int) int {
	results := make([]int, len(inputs))
	var wg sync.WaitGroup
	for i, in := range inputs {
		wg.Add(1)
		go func(i, in int) {
			defer wg.Done()
			results[i] = in * in
		}(i, in)
	}
	first := results[0] // want `results is read after it was handed to the goroutine started at line \d+`
	wg.Wait()
	return first
}

// GoFreshPerIteration hands each goroutine its own buffer.
func GoFreshPerIteration(n int, out chan int) {
	for i := 0; i < n; i++ {
		b := &Buf{n: i}
		go func() {
			out <- b.n
		}()
	}
}

// GoMutex hands the goroutine a mutex: shared under a lock, not
// transferred; the lockset pass checks it.
func GoMutex(mu *sync.Mutex, b *Buf) {
	go func(mu *sync.Mutex, b *Buf) {
		mu.Lock()
		b.n++
		mu.Unlock()
	}(mu, b)
	mu.Lock()
	b.n++
	mu.Unlock()
}

// GoOwnsAfterStart: the starter never touches b again.
func GoOwnsAfterStart(out chan int) {
	b := &Buf{data: []int{1}}
	go func() {
		b.n = len(b.data)
		out <- b.n
	}()
}
