package loopvar

import (
	"fmt"
	"sync"
)

type Server struct {
	Name string
	Port int
}

// Go 1.22: each iteration has its own v and i.
func StartAll(servers []Server) []string {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var out []string
	for i, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			line := fmt.Sprintf("%d %s:%d", i, s.Name, s.Port)
			mu.Lock()
			out = append(out, line)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// Three-clause loop variable captured per iteration.
func Squares(n int) []int {
	res := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = i * i
		}()
	}
	wg.Wait()
	return res
}

// Pointer to the range variable taken per iteration (safe since 1.22).
func Pointers(servers []Server) {
	ch := make(chan *Server, len(servers))
	for _, s := range servers {
		ch <- &s
	}
	close(ch)
	for p := range ch {
		p.Port++
	}
}

// Loop variable modified in the body before the goroutine starts.
func Adjusted(ports []int) []int {
	out := make([]int, len(ports))
	var wg sync.WaitGroup
	for i, p := range ports {
		if p == 0 {
			p = 8080
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = p
		}()
	}
	wg.Wait()
	return out
}
