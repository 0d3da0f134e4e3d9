package result

import (
	"errors"
	"sync"
)

type Summary struct {
	Lines int
	Words int
	Err   error
}

// One goroutine fills the struct; read after Wait.
func Analyze(text []string) Summary {
	var s Summary
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, l := range text {
			s.Lines++
			for range len(l) {
				s.Words++
			}
		}
		if s.Lines == 0 {
			s.Err = errors.New("empty")
		}
	}()
	wg.Wait()
	return s
}

// Two goroutines write disjoint fields; read after Wait.
type Both struct {
	A, B int
}

func Split(xs []int) Both {
	var r Both
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for _, x := range xs[:len(xs)/2] {
			r.A += x
		}
	}()
	go func() {
		defer wg.Done()
		for _, x := range xs[len(xs)/2:] {
			r.B += x
		}
	}()
	wg.Wait()
	return r
}

// Result pointer returned by the goroutine via done channel close.
type Fetch struct {
	Body []byte
	Err  error
	done chan struct{}
}

func Start(f func() ([]byte, error)) *Fetch {
	ft := &Fetch{done: make(chan struct{})}
	go func() {
		defer close(ft.done)
		ft.Body, ft.Err = f()
	}()
	return ft
}

func (ft *Fetch) Wait() ([]byte, error) {
	<-ft.done
	return ft.Body, ft.Err
}

// Variables assigned by goroutines, read after Wait.
func Pair(f, g func() (int, error)) (int, error) {
	var a, b int
	var errA, errB error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a, errA = f() }()
	go func() { defer wg.Done(); b, errB = g() }()
	wg.Wait()
	if err := errors.Join(errA, errB); err != nil {
		return 0, err
	}
	return a + b, nil
}
