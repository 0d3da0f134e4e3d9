// Package joins checks what ends a transfer: a receive on a channel
// reachable from what was given, a blocking select whose cases all
// receive on such channels, and Wait on a group the goroutine reaches.
package joins

import (
	"log"
	"sync"
)

type State struct {
	vals []int
	sum  int
}

// PingPong gets its value back by receiving it.
func PingPong(ch chan *State) int {
	s := &State{}
	ch <- s
	s = <-ch
	return s.sum
}

// UnrelatedReceive waits on a channel the other side never sees.
func UnrelatedReceive(ch chan *State, tick chan int) int {
	s := &State{}
	ch <- s
	<-tick
	return s.sum // want `s is read after it was sent on ch`
}

// ClosureDone receives on a channel the goroutine captures.
func ClosureDone() int {
	s := &State{vals: []int{1, 2}}
	done := make(chan bool)
	go func() {
		for _, v := range s.vals {
			s.sum += v
		}
		done <- true
	}()
	<-done
	return s.sum
}

// SelectJoin waits for either the result or the error of the goroutine.
func SelectJoin() int {
	s := &State{}
	res := make(chan int)
	errc := make(chan error)
	go func() {
		s.sum = 1
		if s.sum > 0 {
			res <- s.sum
			return
		}
		errc <- nil
	}()
	select {
	case <-res:
	case <-errc:
	}
	return s.sum
}

// SelectDefault does not block, so it is no join.
func SelectDefault() int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
	default:
	}
	return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
}

// SelectTimeout may give up waiting: the goroutine may still run.
func SelectTimeout(timeout chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
	case <-timeout:
	}
	return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
}

// SelectTimeoutFatal gives up waiting only to fail: log.Fatal does not
// return, so after the select the goroutine is done.
func SelectTimeoutFatal(timeout chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
	case <-timeout:
		log.Fatal("timed out")
	}
	return s.sum
}

// SelectTimeoutLiteral fails through a function literal that never
// returns (concur's noreturn.go): after the select the goroutine is done.
func SelectTimeoutLiteral(timeout chan int) int {
	die := func(msg string) {
		log.Print(msg)
		log.Fatal("giving up")
	}
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
	case <-timeout:
		die("timed out")
	}
	return s.sum
}

// SelectTimeoutLogged logs through a function literal that returns: racy.
func SelectTimeoutLogged(timeout chan int) int {
	note := func(msg string) {
		log.Print(msg)
	}
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
	case <-timeout:
		note("timed out")
	}
	return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
}

// SelectCaseBody reads in the body of the case that received the
// goroutine's signal.
func SelectCaseBody(timeout chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
		return s.sum
	case <-timeout:
		return -1
	}
}

// SelectWrongCase reads in the body of the other case: racy.
func SelectWrongCase(timeout chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-done:
		return 0
	case <-timeout:
		return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
	}
}

// WaitOnCapturedGroup joins through the group the literal captures.
func WaitOnCapturedGroup() int {
	s := &State{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.sum = 3
	}()
	wg.Wait()
	return s.sum
}

// WaitOnOtherGroup waits on a group the goroutine never sees.
func WaitOnOtherGroup(other *sync.WaitGroup) int {
	s := &State{}
	done := make(chan bool, 1)
	go func() {
		s.sum = 3
		done <- true
	}()
	other.Wait()
	return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
}

// WorkerArgs hands the goroutine the state and a wait group as arguments.
func WorkerArgs() int {
	s := &State{}
	var wg sync.WaitGroup
	wg.Add(1)
	go work(s, &wg)
	wg.Wait()
	return s.sum
}

func work(s *State, wg *sync.WaitGroup) {
	s.sum = 5
	wg.Done()
}

// Accumulate is a receiving side of the channels of *State: it writes
// what it receives.
func Accumulate(ch chan *State) {
	for s := range ch {
		s.sum++
	}
}

// SelectEmptyCase waits for the goroutine in both cases; the case that
// received from done has an empty body. Quiet.
func SelectEmptyCase(cancel chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-cancel:
		<-done
	case <-done:
	}
	return s.sum
}

// SelectEmptyOtherCase waits only on the cancel path: racy.
func SelectEmptyOtherCase(cancel, tick chan int) int {
	s := &State{}
	done := make(chan bool)
	go func() {
		s.sum = 1
		done <- true
	}()
	select {
	case <-cancel:
		<-done
	case <-tick:
	}
	return s.sum // want `s is read after it was handed to the goroutine started at line \d+`
}
