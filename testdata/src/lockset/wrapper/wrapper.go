package wrapper // want package:"lockset summaries"

import (
	"sync"

	"lockset/wrapperlib"
)

// Server locks through an in-package wrapper.
type Server struct {
	mu    sync.Mutex
	conns int
}

func (s *Server) lock()   { s.mu.Lock() }
func (s *Server) unlock() { s.mu.Unlock() }

func (s *Server) Add() {
	s.lock()
	defer s.unlock()
	s.conns++
}

func (s *Server) Count() int {
	s.lock()
	n := s.conns
	s.unlock()
	return n
}

// Peek forgets the wrapper.
func (s *Server) Peek() int {
	return s.conns // want `s.conns is read in \(\*Server\).Peek without a lock and written in \(\*Server\).Add holding s.mu`
}

// incLocked assumes its caller holds s.mu: it is checked in each caller's
// context.
func (s *Server) incLocked() { s.conns++ } // want `s.conns is written in \(\*Server\).AddFast via \(\*Server\).incLocked without a lock and read in \(\*Server\).Add holding s.mu`

func (s *Server) AddSafe() {
	s.mu.Lock()
	s.incLocked()
	s.mu.Unlock()
}

func (s *Server) AddFast() {
	s.incLocked()
}

// Remote locks through a wrapper declared in another package.
type Remote struct {
	mu  sync.Mutex
	box wrapperlib.Box
}

func (r *Remote) Set(v int) {
	r.box.G.Acquire()
	r.box.SetLocked(v)
	r.box.G.Release()
}

func (r *Remote) Get() int {
	r.box.G.Acquire()
	defer r.box.G.Release()
	return r.box.Val
}

func (r *Remote) Sloppy(v int) {
	r.box.SetLocked(v) // want `r.box.Val is written in \(\*Remote\).Sloppy via \(\*wrapperlib.Box\).SetLocked without a lock and written in \(\*Remote\).Set via \(\*wrapperlib.Box\).SetLocked holding r.box.G.mu`
}

var total int

// Global uses a package-level lock through the other package's wrapper.
type Global struct{ mu sync.Mutex }

func (g *Global) Add() {
	wrapperlib.Lock()
	total++
	wrapperlib.Unlock()
}

func (g *Global) Read() int {
	wrapperlib.Lock()
	defer wrapperlib.Unlock()
	return total
}

// Store drops its lock around a callback on one path and takes it again:
// the caller's lock covers the accesses after the join.
type Store struct {
	mu   sync.Mutex
	cb   func()
	msgs int
	last int
}

func (s *Store) storeLocked(notify bool) {
	if notify {
		s.mu.Unlock()
		s.cb()
		s.mu.Lock()
	}
	s.msgs++
}

func (s *Store) Store() {
	s.mu.Lock()
	s.storeLocked(true)
	s.mu.Unlock()
}

// dropLocked releases its caller's lock for good on one path.
func (s *Store) dropLocked(early bool) {
	if early {
		s.mu.Unlock()
		return
	}
	s.last++ // still under the caller's lock: quiet
	s.mu.Unlock()
}

func (s *Store) Drop() {
	s.mu.Lock()
	s.dropLocked(false)
	s.last = 0 // want `s.last is written in \(\*Store\).Drop without a lock`
}

// processLocked takes the lock itself only when asked to; either way its
// caller's lock is untouched, so Process's s.msgs++ stays quiet. Each
// call passes a constant, which the analysis follows into the helper:
// the decrement runs under s.mu on both calls. Quiet.
func (s *Store) processLocked(needLock bool) {
	if needLock {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	s.msgs--
}

func (s *Store) Process() {
	s.mu.Lock()
	s.processLocked(false)
	s.msgs++
	s.mu.Unlock()
	s.processLocked(true)
}
