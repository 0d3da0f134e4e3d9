package deferunlock

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("closed")

type Store struct {
	mu     sync.Mutex
	data   map[string][]byte
	closed bool
	size   int
}

func New() *Store { return &Store{data: map[string][]byte{}} }

func (s *Store) Get(k string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.data[k]
	return v, ok
}

func (s *Store) Size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size
}

// Put handles the empty value before taking the lock.
func (s *Store) Put(k string, v []byte) error {
	if len(v) == 0 {
		delete(s.data, k) // race:
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.data[k] = v
	s.size += len(v)
	return nil
}

// Append unlocks early on the success path, then updates the size.
func (s *Store) Append(k string, v []byte) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.data[k] = append(s.data[k], v...)
	s.mu.Unlock()
	s.size += len(v) // race:
	return nil
}

// Close checks the flag before locking.
func (s *Store) Close() error {
	if s.closed { // race:
		return ErrClosed
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}
