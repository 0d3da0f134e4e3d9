package more2

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
)

type Res struct {
	N   int
	Err error
}

// Result handed back with a buffered send rather than a close.
func Compute(f func() int) int {
	r := &Res{}
	done := make(chan bool, 1)
	go func() {
		r.N = f()
		done <- true
	}()
	<-done
	return r.N
}

// Worker gets a pointer to its own slot.
func worker(wg *sync.WaitGroup, slot *Res, f func() (int, error)) {
	defer wg.Done()
	slot.N, slot.Err = f()
}

func RunAll(fs []func() (int, error)) []Res {
	res := make([]Res, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Add(1)
		go worker(&wg, &res[i], f)
	}
	wg.Wait()
	return res
}

// errgroup writing fields of per-index structs.
func Gather(ctx context.Context, fs []func(context.Context) (int, error)) ([]Res, error) {
	res := make([]Res, len(fs))
	g, ctx := errgroup.WithContext(ctx)
	for i, f := range fs {
		g.Go(func() error {
			n, err := f(ctx)
			res[i].N = n
			res[i].Err = err
			return err
		})
	}
	err := g.Wait()
	return res, err
}

// A locked type whose method fans out over its own slice, joined before return.
type Scanner struct {
	mu      sync.Mutex
	targets []string
	results []int
	runs    int
}

func (s *Scanner) Scan() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.runs++
	s.results = make([]int, len(s.targets))
	var wg sync.WaitGroup
	for i, t := range s.targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.results[i] = len(t)
		}()
	}
	wg.Wait()
	return append([]int(nil), s.results...)
}

func (s *Scanner) Runs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runs
}

// Config set in the constructor, read by the loop and by methods; never written again.
type Server struct {
	name  string
	limit int
	mu    sync.Mutex
	seen  int
	quit  chan struct{}
	wg    sync.WaitGroup
}

func NewServer(name string, limit int) *Server {
	s := &Server{name: name, limit: limit, quit: make(chan struct{})}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *Server) loop() {
	defer s.wg.Done()
	for i := 0; i < s.limit; i++ {
		select {
		case <-s.quit:
			return
		default:
		}
		s.mu.Lock()
		s.seen++
		s.mu.Unlock()
	}
}

func (s *Server) Name() string { return s.name }

func (s *Server) Close() int {
	close(s.quit)
	s.wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen
}

// Counted receive join: n goroutines each send once.
func Sum(xs []int) int {
	parts := make([]int, len(xs))
	done := make(chan struct{})
	for i, x := range xs {
		go func() {
			parts[i] = x * x
			done <- struct{}{}
		}()
	}
	for range xs {
		<-done
	}
	t := 0
	for _, p := range parts {
		t += p
	}
	return t
}

// Mutex unlocked before a blocking send, relocked after.
type Hub struct {
	mu   sync.Mutex
	subs []chan string
}

func (h *Hub) Subscribe() chan string {
	c := make(chan string, 1)
	h.mu.Lock()
	h.subs = append(h.subs, c)
	h.mu.Unlock()
	return c
}

func (h *Hub) Publish(msg string) {
	h.mu.Lock()
	subs := append([]chan string(nil), h.subs...)
	h.mu.Unlock()
	for _, c := range subs {
		select {
		case c <- msg:
		default:
		}
	}
}
