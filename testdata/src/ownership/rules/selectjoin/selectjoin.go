// Package selectjoin pins the rule that a select is a join only when it
// blocks and all of its cases are receives on channels reachable from what
// was given.
package selectjoin

type Result struct {
	Sum int
	Err error
}

// Await waits for the result or the failure of the goroutine: quiet.
func Await(xs []int) int {
	r := &Result{}
	ok := make(chan bool)
	failed := make(chan error)
	go func() {
		for _, x := range xs {
			r.Sum += x
		}
		if r.Sum < 0 {
			failed <- nil
			return
		}
		ok <- true
	}()
	select {
	case <-ok:
	case <-failed:
	}
	return r.Sum
}

// AwaitTimeout may stop waiting: reported.
func AwaitTimeout(xs []int, timeout <-chan int) int {
	r := &Result{}
	ok := make(chan bool)
	go func() {
		r.Sum = len(xs)
		ok <- true
	}()
	select {
	case <-ok:
	case <-timeout:
	}
	return r.Sum // want `r is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

// AwaitPoll does not block: reported.
func AwaitPoll(xs []int) int {
	r := &Result{}
	ok := make(chan bool)
	go func() {
		r.Sum = len(xs)
		ok <- true
	}()
	select {
	case <-ok:
	default:
	}
	return r.Sum // want `r is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

// AwaitOrSend has a send case: reported.
func AwaitOrSend(xs []int, progress chan int) int {
	r := &Result{}
	ok := make(chan bool)
	go func() {
		r.Sum = len(xs)
		ok <- true
	}()
	select {
	case <-ok:
	case progress <- 0:
	}
	return r.Sum // want `r is read after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}
