package spawnwrappers // want package:"lockset summaries"

import (
	"sync"

	"lockset/rules/spawnwrappers/gosafe"
)

// This package pins the spawning wrappers of the package
// (spawnwrappers.go): a function that runs a function parameter on a
// goroutine it does not wait for starts, at each call, the function
// passed there.

func goSafe(f func()) {
	go func() {
		defer func() { _ = recover() }()
		f()
	}()
}

// Counted's literal runs on goSafe's goroutine beside the read: reported.
func Counted() int {
	n := 0
	goSafe(func() {
		n++ // want `n is written in the goroutine started in Counted \(line 24\) without a lock and read in Counted after the go statement without a lock`
	})
	return n
}

// Locked shares n under a lock: quiet.
func Locked() int {
	var mu sync.Mutex
	n := 0
	goSafe(func() {
		mu.Lock()
		n++
		mu.Unlock()
	})
	mu.Lock()
	defer mu.Unlock()
	return n
}

func runAndWait(f func()) {
	done := make(chan struct{})
	go func() {
		f()
		close(done)
	}()
	<-done
}

// Waited's wrapper waits for its goroutine: not a spawn, quiet.
func Waited() int {
	n := 0
	runAndWait(func() { n++ })
	return n
}

// Server starts its loops through a method that counts them.
type Server struct {
	mu      sync.Mutex
	wg      sync.WaitGroup
	running bool
	conns   int
}

func (s *Server) startGoRoutine(f func()) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.running {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
	return true
}

// Accept's loop counts connections without the lock that Conns takes:
// reported.
func (s *Server) Accept() {
	s.startGoRoutine(func() {
		s.conns++ // want `s.conns is written in the goroutine started in \(\*Server\).Accept \(line 85\) without a lock and read in \(\*Server\).Conns holding s.mu`
	})
}

func (s *Server) Conns() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

// Generic wrappers count too.
func spawn[T any](v T, f func(T)) {
	go f(v)
}

// Total's literal writes the element Total reads, on spawn's goroutine,
// handed the slice as its argument: reported.
func Total(xs []int) int {
	spawn(xs, func(s []int) {
		s[0] = 1 // want `xs\[0\] is written in the goroutine started in Total \(line 104\) without a lock and read in Total after the go statement without a lock`
	})
	return xs[0]
}

// Imported runs its literal through another package's wrapper, known by
// its summary fact: reported.
func Imported() int {
	n := 0
	gosafe.Go(func() {
		n++ // want `n is written in the goroutine started in Imported \(line 114\) without a lock and read in Imported after the go statement without a lock`
	})
	return n
}

// Synchronous calls the function in the caller's goroutine: quiet.
func Synchronous() int {
	n := 0
	gosafe.Call(func() { n++ })
	return n
}

// Pool starts its tasks through a method and waits for them on its group.
type Pool struct{ wg sync.WaitGroup }

func (p *Pool) Submit(f func()) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		f()
	}()
}

func (p *Pool) Wait() { p.wg.Wait() }

// Sum reads the total after the pool's Wait, which joins the tasks the
// pool started: quiet.
func Sum(xs []int) int {
	var p Pool
	total := 0
	var mu sync.Mutex
	for _, x := range xs {
		p.Submit(func() {
			mu.Lock()
			total += x
			mu.Unlock()
		})
	}
	p.Wait()
	return total
}

// Unwaited reads it without waiting: reported.
func Unwaited(xs []int) int {
	var p Pool
	total := 0
	var mu sync.Mutex
	for _, x := range xs {
		p.Submit(func() {
			mu.Lock()
			total += x
			mu.Unlock()
		})
	}
	return total // want `total is read in Unwaited after the go statement without a lock and written in the goroutine started in Unwaited \(line 163\) holding mu`
}
