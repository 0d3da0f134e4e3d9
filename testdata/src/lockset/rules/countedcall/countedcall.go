package countedcall // want package:"lockset summaries"

import (
	"sync"
	"testing"
	"time"
)

// This package pins counted waits in a callee (chanorder.go, countedCall;
// concur's CountedWaits): a helper that receives from its channel
// parameter at least n times before it returns, n an argument or a
// constant, waits at a call with a constant count k for every goroutine
// of the spawner that sends on the channel, when those goroutines are at
// most k, each sends at most once per run, and nothing else sends on or
// closes the channel. The helper's other exits must end the goroutine
// (t.Fatalf). A shorter count, a goroutine that sends twice, a send by
// the spawner, a close, a helper that may return early or count without
// receiving, and what a goroutine does after its send still race.

// drain receives n nil errors from errCh, or ends the test: yamux's
// drainErrorsUntil.
func drain(t testing.TB, errCh chan error, n int, timeout time.Duration) {
	t.Helper()
	var timerC <-chan time.Time
	if timeout > 0 {
		timerC = time.After(timeout)
	}
	for found := 0; found < n; {
		select {
		case <-timerC:
			t.Fatalf("timeout")
		case err := <-errCh:
			if err != nil {
				t.Fatalf("err: %v", err)
			} else {
				found++
			}
		}
	}
	t.Logf("drained")
}

func open() (*int, error) { return new(int), nil }

// Two goroutines each write, then send once (the second on one of three
// paths); drain receives twice. Quiet.
func drainPair(t *testing.T) int {
	errCh := make(chan error, 2)
	var a *int
	var b int
	go func() {
		var err error
		a, err = open()
		errCh <- err
	}()
	go func() {
		p, err := open()
		if err != nil {
			errCh <- err
			return
		}
		b = *p
		if b > 1 {
			errCh <- nil
			return
		}
		errCh <- nil
	}()
	drain(t, errCh, 2, time.Second)
	return *a + b
}

// waitN receives n times: a counted loop of receives.
func waitN(ch chan struct{}, n int) {
	for i := 0; i < n; i++ {
		<-ch
	}
}

// Three goroutines, three receives through a helper with a constant
// count. Quiet.
func waitTriple() int {
	done := make(chan struct{})
	var a, b, c int
	go func() { a = 1; done <- struct{}{} }()
	go func() { b = 2; done <- struct{}{} }()
	go func() { c = 3; done <- struct{}{} }()
	waitN(done, 3)
	return a + b + c
}

// One receive for two goroutines: one may still run. A race.
func drainShort(t *testing.T) int {
	errCh := make(chan error, 2)
	var a, b int
	go func() {
		a = 1 // want `a is written in the goroutine started in drainShort \(line \d+\) without a lock and read in drainShort after the go statement without a lock`
		errCh <- nil
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in drainShort \(line \d+\) without a lock and read in drainShort after the go statement without a lock`
		errCh <- nil
	}()
	drain(t, errCh, 1, 0)
	return a + b
}

// The first goroutine sends twice: the two receives may take both. A
// race.
func drainTwice(t *testing.T) int {
	errCh := make(chan error, 3)
	var b int
	go func() {
		errCh <- nil
		errCh <- nil
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in drainTwice \(line \d+\) without a lock and read in drainTwice after the go statement without a lock`
		errCh <- nil
	}()
	drain(t, errCh, 2, 0)
	return b
}

// The spawner sends too: three sends, two receives. A race.
func drainOwnSend(t *testing.T) int {
	errCh := make(chan error, 3)
	var a, b int
	go func() {
		a = 1 // want `a is written in the goroutine started in drainOwnSend \(line \d+\) without a lock and read in drainOwnSend after the go statement without a lock`
		errCh <- nil
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in drainOwnSend \(line \d+\) without a lock and read in drainOwnSend after the go statement without a lock`
		errCh <- nil
	}()
	errCh <- nil
	drain(t, errCh, 2, 0)
	return a + b
}

// A goroutine closes the channel: every receive completes. A race.
func drainClosed(t *testing.T) int {
	errCh := make(chan error, 2)
	var b int
	go func() {
		close(errCh)
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in drainClosed \(line \d+\) without a lock and read in drainClosed after the go statement without a lock`
		errCh <- nil
	}()
	drain(t, errCh, 2, 0)
	return b
}

// The goroutine writes after its send. A race.
func drainThenWrite(t *testing.T) int {
	errCh := make(chan error, 1)
	a := 0
	go func() {
		errCh <- nil
		a = 1 // want `a is written in the goroutine started in drainThenWrite \(line \d+\) without a lock and read in drainThenWrite after the go statement without a lock`
	}()
	drain(t, errCh, 1, 0)
	return a
}

// drainOrQuit may return before it received n times.
func drainOrQuit(errCh chan error, n int, quit chan struct{}) {
	for found := 0; found < n; {
		select {
		case <-quit:
			return
		case <-errCh:
			found++
		}
	}
}

// A helper with another way out. A race.
func drainQuit(quit chan struct{}) int {
	errCh := make(chan error, 1)
	a := 0
	go func() {
		a = 1 // want `a is written in the goroutine started in drainQuit \(line \d+\) without a lock and read in drainQuit after the go statement without a lock`
		errCh <- nil
	}()
	drainOrQuit(errCh, 1, quit)
	return a
}

// pollN counts polls that find nothing as well.
func pollN(ch chan struct{}, n int) {
	for got := 0; got < n; {
		select {
		case <-ch:
			got++
		default:
			got++
		}
	}
}

// A count that does not count receives. A race.
func pollPair() int {
	done := make(chan struct{}, 1)
	a := 0
	go func() {
		a = 1 // want `a is written in the goroutine started in pollPair \(line \d+\) without a lock and read in pollPair after the go statement without a lock`
		done <- struct{}{}
	}()
	pollN(done, 1)
	return a
}

// A goroutine hands the channel on: its callee may send again. A race.
func drainHanded() int {
	done := make(chan struct{}, 2)
	var b int
	go func() {
		relay(done)
	}()
	go func() {
		b = 2 // want `b is written in the goroutine started in drainHanded \(line \d+\) without a lock and read in drainHanded after the go statement without a lock`
		done <- struct{}{}
	}()
	waitN(done, 2)
	return b
}

func relay(ch chan struct{}) {
	ch <- struct{}{}
	ch <- struct{}{}
}

// As many receives as the loop that starts the goroutines has trips. Quiet.
func waitFanOut(n int) int {
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
	waitN(done, n)
	return last
}

// One receive fewer than the loop's trips. A race.
func waitFanOutShort(n int) int {
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
	waitN(done, n-1)
	return last // want `last is read in waitFanOutShort after the go statement without a lock and written in the goroutine started in waitFanOutShort \(line \d+\) holding mu`
}

// The first goroutine only receives from the channel: the helper's
// receive orders the sender, not it. A race.
func waitReceiver() int {
	done := make(chan struct{}, 1)
	a := 0
	go func() {
		a = 1 // want `a is written in the goroutine started in waitReceiver \(line \d+\) without a lock and read in waitReceiver after the go statement without a lock`
		<-done
	}()
	go func() {
		done <- struct{}{}
	}()
	waitN(done, 1)
	return a
}

// The channel is handed to a goroutine before the variable holds it. A
// race.
func waitEarlyHand() int {
	var done chan struct{}
	early := make(chan struct{}, 2)
	a := 0
	go relayOnce(early)
	done = early
	go func() {
		a = 1 // want `a is written in the goroutine started in waitEarlyHand \(line \d+\) without a lock and read in waitEarlyHand after the go statement without a lock`
		done <- struct{}{}
	}()
	waitN(done, 1)
	return a
}

func relayOnce(ch chan struct{}) { ch <- struct{}{} }
