package loopvar

import (
	"fmt"
	"sync"
)

type Server struct {
	Name string
	Port int
}

// The variable is declared outside the loop: one variable for every goroutine.
func StartAll(servers []Server, out chan<- string) {
	var wg sync.WaitGroup
	var s Server
	for _, s = range servers { // race:
		wg.Add(1)
		go func() {
			defer wg.Done()
			out <- fmt.Sprintf("%s:%d", s.Name, s.Port)
		}()
	}
	wg.Wait()
}

// Captured variable reassigned after the goroutine starts.
func Watch(cfg *Server, updates <-chan *Server, out chan<- string) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 3 {
			out <- cfg.Name
		}
	}()
	for u := range updates {
		cfg = u // race:
	}
	<-done
}

// err shared across iterations' goroutines.
func CheckAll(hosts []string, check func(string) error) error {
	var err error
	var wg sync.WaitGroup
	for _, h := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if e := check(h); e != nil {
				err = e // race:
			}
		}()
	}
	wg.Wait()
	return err
}
