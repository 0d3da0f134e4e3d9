package waitgroupdone

import (
	"errors"
	"sync"
	"sync/atomic"
)

// A stop helper that waits for the writer only when it is the one that
// stops it (recvifnil.go): the caller's branch where it succeeded
// follows the wait.

var errStopped = errors.New("stopped")

type Store struct {
	mu      sync.Mutex
	stopped atomic.Bool
	wg      sync.WaitGroup
	writeCh chan int
	quit    chan struct{}
	count   int
	total   int
	last    int
}

func OpenStore() *Store {
	s := &Store{writeCh: make(chan int), quit: make(chan struct{})}
	s.wg.Add(1)
	go s.write()
	return s
}

func (s *Store) write() {
	defer s.wg.Done()
	for {
		select {
		case n := <-s.writeCh:
			s.count += n
			s.total += n // want `s.total is read in the goroutine started in OpenStore \(line \d+\) via \(\*Store\).write without a lock and written in \(\*Store\).Clear holding s.mu`
			s.last = n   // want `s.last is written in the goroutine started in OpenStore \(line \d+\) via \(\*Store\).write without a lock and written in \(\*Store\).Rewind holding s.mu`
		case <-s.quit:
			return
		}
	}
}

func (s *Store) stop() error {
	if !s.stopped.CompareAndSwap(false, true) {
		return errStopped
	}
	close(s.quit)
	s.wg.Wait()
	return nil
}

// Drop resets the count once the writer stopped: quiet.
func (s *Store) Drop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.stop(); err != nil {
		return err
	}
	s.count = 0
	return nil
}

// Clear resets the total whether or not it stopped the writer: racy.
func (s *Store) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.stop()
	s.total = 0
}

// Rewind resets last on the branch where the writer was already
// stopped by someone else, whose wait it does not see: racy.
func (s *Store) Rewind() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.stop(); err != nil {
		s.last = 0
		return err
	}
	return nil
}

// A Done wrapper that does nothing on a nil closer still says done on
// every path on which there is a closer (chanclose.go's nilParamEdges):
// quiet.
type Closer struct{ wg sync.WaitGroup }

func (c *Closer) Done() {
	if c == nil {
		return
	}
	c.wg.Done()
}

func (c *Closer) Wait() { c.wg.Wait() }

type Flusher struct {
	mu      sync.Mutex
	closer  *Closer
	pending int
}

func StartFlusher() *Flusher {
	f := &Flusher{closer: &Closer{}}
	f.closer.wg.Add(1)
	go f.flush(f.closer)
	return f
}

func (f *Flusher) flush(c *Closer) {
	defer c.Done()
	f.pending = 0
}

func (f *Flusher) Reset() {
	f.closer.Wait()
	f.mu.Lock()
	f.pending = 1
	f.mu.Unlock()
}

// Drainer's goroutine writes after it said it was done: the guarded Done
// orders nothing after it. Racy.
type Drainer struct {
	mu     sync.Mutex
	closer *Closer
	left   int
}

func StartDrainer() *Drainer {
	d := &Drainer{closer: &Closer{}}
	d.closer.wg.Add(1)
	go d.drain(d.closer)
	return d
}

func (d *Drainer) drain(c *Closer) {
	c.Done()
	d.left = 0 // want `d.left is written in the goroutine started in StartDrainer \(line \d+\) via \(\*Drainer\).drain without a lock and written in \(\*Drainer\).Reset holding d.mu`
}

func (d *Drainer) Reset() {
	d.closer.Wait()
	d.mu.Lock()
	d.left = 1
	d.mu.Unlock()
}
