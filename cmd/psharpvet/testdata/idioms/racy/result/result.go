package result

import (
	"fmt"
	"sync"
)

type Summary struct {
	Lines int
	Words int
}

// Read before Wait.
func Analyze(text []string) Summary {
	var s Summary
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range text {
			s.Lines++
		}
	}()
	fmt.Println("lines so far:", s.Lines) // race:
	wg.Wait()
	return s
}

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

// Failed reads the error without waiting.
func (ft *Fetch) Failed() bool {
	return ft.Err != nil // race:
}

// The WaitGroup is done before the last write.
func Pair(f, g func() (int, error)) (int, error) {
	var a, b int
	var errA error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a, errA = f() }()
	go func() {
		wg.Done()
		b, _ = g() // race:
	}()
	wg.Wait()
	return a + b, errA
}
