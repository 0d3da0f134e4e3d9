package chanorder

import "sync"

// A receive takes one send, whichever goroutine makes it: it waits for
// one of the goroutines that may send, not for all (sharedWait).

type errList struct {
	mu   sync.Mutex
	errs []error
}

func (l *errList) add(err error) {
	l.mu.Lock()
	l.errs = append(l.errs, err)
	l.mu.Unlock()
}

func try(i int) (int, error) { return i, nil }

// The first result of n workers started in a loop: the others still run.
// A race.
func firstOfMany(n int) []error {
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		go func() {
			v, err := try(i)
			if err != nil {
				el.add(err)
				return
			}
			out <- v
		}()
	}
	<-out
	return el.errs // want `el.errs is read in firstOfMany after the go statement without a lock and written in the goroutine started in firstOfMany`
}

// Two goroutines, one receive: either may still run. A race.
func firstOfTwo() int {
	var a, b int
	done := make(chan bool, 2)
	go func() {
		a = 1 // want `a is written in the goroutine started in firstOfTwo \(line \d+\) without a lock and read in firstOfTwo after the go statement`
		done <- true
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in firstOfTwo \(line \d+\) without a lock and read in firstOfTwo after the go statement`
		done <- true
	}()
	<-done
	return a + b
}

// Each trip starts one goroutine and waits for it before the next: one
// runs at a time. Quiet.
func oneAtATime(n int) int {
	last := 0
	done := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			last = i
			done <- struct{}{}
		}()
		<-done
	}
	return last
}

// The wait is on one path of the trip only: instances may overlap. A
// race.
func sometimesWaited(n int) int {
	last := 0
	done := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		go func() {
			last += i // want `last is (read|written) in the goroutine started in sometimesWaited \(line \d+\) without a lock and written in another instance`
			done <- struct{}{}
		}()
		if i%2 == 0 {
			<-done
		}
	}
	return len(done)
}

// Two goroutines, each waited for before the next starts. Quiet.
func inTurn() int {
	var a, b int
	done := make(chan bool)
	go func() {
		a = 1
		done <- true
	}()
	<-done
	b = a
	go func() {
		b++
		done <- true
	}()
	<-done
	return a + b
}

// The fan-in idiom: a goroutine closes the results once the workers are
// done, and the range over them ends only then. Quiet.
func fanIn(n int) ([]int, []error) {
	var wg sync.WaitGroup
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := try(i)
			if err != nil {
				el.add(err)
				return
			}
			out <- v
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	var got []int
	for v := range out {
		got = append(got, v)
	}
	return got, el.errs
}

// The same with a comma-ok receive that finds the channel closed. Quiet.
func fanInCommaOk(n int) []error {
	var wg sync.WaitGroup
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := try(i); err != nil {
				el.add(err)
				return
			}
			out <- i
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	for {
		if _, ok := <-out; !ok {
			return el.errs
		}
	}
}

// The closer does not wait for the workers: the range may end while
// they still run. A race.
func fanInNoWait(n int) []error {
	var el errList
	out := make(chan int)
	stop := make(chan struct{})
	for i := 0; i < n; i++ {
		go func() {
			if _, err := try(i); err != nil {
				el.add(err)
			}
			select {
			case out <- i:
			case <-stop:
			}
		}()
	}
	go func() {
		close(out)
	}()
	for range out {
	}
	close(stop)
	return el.errs // want `el.errs is read in fanInNoWait after the go statement without a lock and written in the goroutine started in fanInNoWait`
}

// A second goroutine started on one path only may send first, on that
// path: the receive does not wait for the first. A race.
func maybeTwo(both bool) int {
	a := 0
	done := make(chan bool, 2)
	go func() {
		a = 1 // want `a is written in the goroutine started in maybeTwo \(line \d+\) without a lock and read in maybeTwo after the go statement`
		done <- true
	}()
	if both {
		go func() {
			done <- true
		}()
	}
	<-done
	return a
}

// The same, when that path also receives once for the second goroutine
// before the last receive: by then both have sent. Quiet.
func maybeTwoWaited(both bool) int {
	a := 0
	done := make(chan bool, 2)
	go func() {
		a = 1
		done <- true
	}()
	if both {
		go func() {
			done <- true
		}()
		<-done
	}
	<-done
	return a
}
