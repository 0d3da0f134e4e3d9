package chanorder // want package:"lockset summaries: 7"

import "sync"

// This package pins the ordering of a goroutine with its spawner by a
// channel (chanorder.go): a goroutine that writes and then sends or
// closes is waited for by the spawner's receive; a counted receive loop
// waits for as many goroutines as it has trips; a send on an unbuffered
// channel waits for the goroutine's receive. What the goroutine does
// after its signal still races.

// Two goroutines each write, then send once; the loop receives twice.
// Quiet.
func countedPair() int {
	var a, b int
	done := make(chan bool, 2)
	go func() {
		a = 1
		done <- true
	}()
	go func() {
		b = 2
		done <- true
	}()
	for i := 0; i < 2; i++ {
		<-done
	}
	return a + b
}

// As many receives as goroutines, by the same constant bound. Quiet.
func countedFanOut() int {
	const n = 4
	var mu sync.Mutex
	last := 0
	done := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		go func() {
			mu.Lock()
			last = i
			mu.Unlock()
			done <- struct{}{}
		}()
	}
	for i := 0; i < n; i++ {
		<-done
	}
	return last
}

// A range over the same slice starts and waits. Quiet.
func rangeFanOut(in []int) int {
	var mu sync.Mutex
	sum := 0
	done := make(chan struct{})
	for _, v := range in {
		go func() {
			mu.Lock()
			sum += v
			mu.Unlock()
			done <- struct{}{}
		}()
	}
	for range in {
		<-done
	}
	return sum
}

// A helper writes its out-parameter and signals; the loop receives
// cap(done) times, the capacity done was made with. Quiet.
func countedCap() string {
	create := func(done chan struct{}, out *string) {
		*out = "x"
		done <- struct{}{}
	}
	done := make(chan struct{}, 3)
	var a, b, c string
	go create(done, &a)
	go create(done, &b)
	go create(done, &c)
	for i := 0; i < cap(done); i++ {
		<-done
	}
	return a + b + c
}

// The channel lives in a variable a closure captures (here one that may
// send on it later): cap is still that of the one make. Quiet.
func countedCapCaptured(fail func(func())) string {
	create := func(done chan struct{}, out *string) {
		*out = "x"
		done <- struct{}{}
	}
	done := make(chan struct{}, 2)
	var a, b string
	go create(done, &a)
	go create(done, &b)
	for i := 0; i < cap(done); i++ {
		<-done
	}
	fail(func() { done <- struct{}{} })
	return a + b
}

// A closure that may make the variable hold another channel: its capacity
// is no longer known. A race.
func countedCapReassigned(reset func(func())) string {
	create := func(done chan struct{}, out *string) {
		*out = "x" // want `a is written in the goroutine started in countedCapReassigned \(line \d+\) without a lock and read in countedCapReassigned after the go statement` `b is written`
		done <- struct{}{}
	}
	done := make(chan struct{}, 2)
	reset(func() { done = make(chan struct{}, 1) })
	var a, b string
	go create(done, &a)
	go create(done, &b)
	for i := 0; i < cap(done); i++ {
		<-done
	}
	return a + b
}

// A capacity smaller than the number of helpers: one may still run. A
// race.
func countedCapShort() string {
	create := func(done chan struct{}, out *string) {
		*out = "x" // want `a is written in the goroutine started in countedCapShort \(line \d+\) without a lock and read in countedCapShort after the go statement` `b is written` `c is written`
		done <- struct{}{}
	}
	done := make(chan struct{}, 2)
	var a, b, c string
	go create(done, &a)
	go create(done, &b)
	go create(done, &c)
	for i := 0; i < cap(done); i++ {
		<-done
	}
	return a + b + c
}

// Fewer receives than goroutines: one may still run. A race.
func countedShort() int {
	var mu sync.Mutex
	last := 0
	done := make(chan struct{}, 3)
	for i := 0; i < 3; i++ {
		go func() {
			mu.Lock()
			last = i
			mu.Unlock()
			done <- struct{}{}
		}()
	}
	for i := 0; i < 2; i++ {
		<-done
	}
	return last // want `last is read in countedShort after the go statement without a lock and written in the goroutine started in countedShort \(line \d+\) holding mu`
}

// Bounds that need not agree. A race.
func countedOther(n, m int) int {
	var mu sync.Mutex
	last := 0
	done := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		go func() {
			mu.Lock()
			last = i
			mu.Unlock()
			done <- struct{}{}
		}()
	}
	for i := 0; i < m; i++ {
		<-done
	}
	return last // want `last is read in countedOther after the go statement without a lock and written in the goroutine started in countedOther \(line \d+\) holding mu`
}

// The goroutine writes after it closed: the receive does not order that
// write. A race.
func writeAfterClose() int {
	v := 0
	ch := make(chan struct{})
	go func() {
		v = 1
		close(ch)
		v = 2 // want `v is written in the goroutine started in writeAfterClose \(line \d+\) without a lock and read in writeAfterClose after the go statement without a lock`
	}()
	<-ch
	return v
}

// The goroutine sends in a loop: every write may follow an earlier send.
// A race.
func sendLoop(n int) int {
	v := 0
	ch := make(chan int)
	go func() {
		for i := 0; i < n; i++ {
			v = i // want `v is written in the goroutine started in sendLoop \(line \d+\) without a lock and read in sendLoop after the go statement without a lock`
			ch <- i
		}
	}()
	<-ch
	return v
}

// The spawner's send on an unbuffered channel completes only once the
// goroutine has received, and it returns when it does: its reads of cfg
// are before. Quiet.
func stopUnbuffered(cfg *int) {
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = *cfg
			}
		}
	}()
	stop <- struct{}{}
	*cfg = 0
}

type config struct{ n int }

// The same with a buffered channel: the send completes at once. A race.
func stopBuffered(c *config) {
	stop := make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = c.n // want `c.n is read in the goroutine started in stopBuffered \(line \d+\) without a lock and written in stopBuffered after the go statement without a lock`
			}
		}
	}()
	stop <- struct{}{}
	c.n = 0
}

// The unbuffered send orders only what precedes the goroutine's receive:
// it reads after. A race.
func stopThenRead(c *config) {
	stop := make(chan struct{})
	go func() {
		<-stop
		_ = c.n // want `c.n is read in the goroutine started in stopThenRead \(line \d+\) without a lock and written in stopThenRead after the go statement without a lock`
	}()
	stop <- struct{}{}
	c.n = 0
}

// Quiet: the write precedes the close on every path.
func closeAfterWrite(c *config) int {
	ch := make(chan struct{})
	go func() {
		c.n = 1
		close(ch)
	}()
	<-ch
	return c.n
}
