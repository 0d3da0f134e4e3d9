package chanorder

import "sync"

// The merge idiom (nilchans.go): a loop drops each channel from its
// select by setting the variable to nil once the channel is closed, and
// leaves when every variable is nil. Leaving follows the closes, which
// the closer makes once the workers are done. A variable that may be nil
// before its channel is closed, or is set to nil on another path, is no
// evidence.

// report records the error of try(i), if any.
func report(i int, el *errList) {
	if _, err := try(i); err != nil {
		el.add(err)
	}
}

// Both channels closed: the workers are done. Quiet.
func mergeBoth(n int) []error {
	var wg sync.WaitGroup
	var el errList
	evens, odds := make(chan int), make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report(i, &el)
			evens <- i
			odds <- i
		}()
	}
	go func() {
		wg.Wait()
		close(evens)
		close(odds)
	}()
	e, o := evens, odds
	sum := 0
	for {
		select {
		case v, ok := <-e:
			if !ok {
				e = nil
				break
			}
			sum += v
		case v, ok := <-o:
			if !ok {
				o = nil
				break
			}
			sum += v
		}
		if e == nil && o == nil {
			break
		}
	}
	return el.errs
}

// The loop condition form, over a channel a closure also names. Quiet.
func mergeWhile(n int) []error {
	var wg sync.WaitGroup
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report(i, &el)
			out <- i
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	c := out
	for c != nil {
		select {
		case _, ok := <-c:
			if !ok {
				c = nil
			}
		}
	}
	return el.errs
}

// The variable starts nil when skip is set: the loop may not run. A race.
func mergeSkipped(n int, skip bool) []error {
	var wg sync.WaitGroup
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report(i, &el)
			out <- i
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	c := out
	if skip {
		c = nil
	}
	for c != nil {
		select {
		case _, ok := <-c:
			if !ok {
				c = nil
			}
		}
	}
	return el.errs // want `el.errs is read in mergeSkipped after the go statement without a lock and written in the goroutine started in mergeSkipped`
}

// The variable is also dropped when stop fires. A race.
func mergeStopped(n int, stop chan struct{}) []error {
	var wg sync.WaitGroup
	var el errList
	out := make(chan int)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report(i, &el)
			select {
			case out <- i:
			case <-stop:
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	c := out
	for c != nil {
		select {
		case _, ok := <-c:
			if !ok {
				c = nil
			}
		case <-stop:
			c = nil
		}
	}
	return el.errs // want `el.errs is read in mergeStopped after the go statement without a lock and written in the goroutine started in mergeStopped`
}

// The variable holds a channel the caller passed, which may be nil. A
// race.
func mergeParam(n int, in chan int) []error {
	var wg sync.WaitGroup
	var el errList
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			report(i, &el)
			in <- i
		}()
	}
	go func() {
		wg.Wait()
		close(in)
	}()
	c := in
	for c != nil {
		select {
		case _, ok := <-c:
			if !ok {
				c = nil
			}
		}
	}
	return el.errs // want `el.errs is read in mergeParam after the go statement without a lock and written in the goroutine started in mergeParam`
}

// The closer does not wait for the workers. A race.
func mergeNoWait(n int) []error {
	var el errList
	out := make(chan int, n)
	for i := 0; i < n; i++ {
		go func() {
			report(i, &el)
		}()
	}
	go func() {
		close(out)
	}()
	c := out
	for c != nil {
		select {
		case _, ok := <-c:
			if !ok {
				c = nil
			}
		}
	}
	return el.errs // want `el.errs is read in mergeNoWait after the go statement without a lock and written in the goroutine started in mergeNoWait`
}
