package broadcast

import "sync"

// Closing a chan struct{} wakes every waiter.
type Event struct {
	once sync.Once
	ch   chan struct{}
}

func NewEvent() *Event { return &Event{ch: make(chan struct{})} }

func (e *Event) Fire() { e.once.Do(func() { close(e.ch) }) }

func (e *Event) Done() <-chan struct{} { return e.ch }

// Data published before close is visible to every waiter after the receive.
type Loader struct {
	ready chan struct{}
	data  map[string]string
	err   error
}

func Load() *Loader {
	l := &Loader{ready: make(chan struct{})}
	go func() {
		l.data = map[string]string{"k": "v"}
		close(l.ready)
	}()
	return l
}

func (l *Loader) Get(k string) (string, error) {
	<-l.ready
	if l.err != nil {
		return "", l.err
	}
	return l.data[k], nil
}

// Start barrier: workers wait on a shared channel.
func Race(n int) []int {
	start := make(chan struct{})
	out := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = i
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// Shutdown: stop channel closed under mutex guarding "stopped".
type Service struct {
	mu      sync.Mutex
	stop    chan struct{}
	stopped bool
	wg      sync.WaitGroup
	ticks   int
}

func NewService() *Service {
	s := &Service{stop: make(chan struct{})}
	s.wg.Add(1)
	go s.loop()
	return s
}

func (s *Service) loop() {
	defer s.wg.Done()
	for {
		select {
		case <-s.stop:
			return
		default:
		}
		s.mu.Lock()
		s.ticks++
		s.mu.Unlock()
	}
}

func (s *Service) Stop() int {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return -1
	}
	s.stopped = true
	close(s.stop)
	s.mu.Unlock()
	s.wg.Wait()
	return s.ticks
}
