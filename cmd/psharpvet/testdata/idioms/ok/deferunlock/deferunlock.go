package deferunlock

import (
	"errors"
	"sync"
)

var ErrNotFound = errors.New("not found")
var ErrClosed = errors.New("closed")

type Store struct {
	mu     sync.Mutex
	data   map[string][]byte
	closed bool
	size   int
}

func New() *Store { return &Store{data: map[string][]byte{}} }

func (s *Store) Get(k string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	v, ok := s.data[k]
	if !ok {
		return nil, ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

func (s *Store) Put(k string, v []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if old, ok := s.data[k]; ok {
		s.size -= len(old)
	}
	s.data[k] = append([]byte(nil), v...)
	s.size += len(v)
	return nil
}

func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.closed = true
	s.data = nil
	return nil
}

func (s *Store) Size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size
}

// Explicit unlock on each early return path.
func (s *Store) Swap(a, b string) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	va, ok := s.data[a]
	if !ok {
		s.mu.Unlock()
		return ErrNotFound
	}
	vb, ok := s.data[b]
	if !ok {
		s.mu.Unlock()
		return ErrNotFound
	}
	s.data[a], s.data[b] = vb, va
	s.mu.Unlock()
	return nil
}

// Unlock in the middle and relock.
func (s *Store) Compute(k string, f func([]byte) []byte) error {
	s.mu.Lock()
	v, ok := s.data[k]
	s.mu.Unlock()
	if !ok {
		return ErrNotFound
	}
	nv := f(v)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.data[k] = nv
	return nil
}
