package entrylocks // want package:"lockset summaries"

import (
	"sync"
	"time"
)

// This package pins the "caller must hold mu" convention: an unexported
// function called only directly, and only with s.mu held, starts with
// s.mu held. A goroutine it starts is then compared with its continuation
// under the lock.

type Server struct {
	mu   sync.Mutex
	tmr  *time.Timer
	idle *time.Timer
}

func (s *Server) Start() {
	s.mu.Lock()
	s.startTimerLocked()
	s.mu.Unlock()
}

// startTimerLocked is only called with s.mu held: its write of s.tmr
// after starting the timer is ordered with expire's by the lock. Quiet.
func (s *Server) startTimerLocked() {
	s.tmr = time.AfterFunc(time.Second, s.expire)
}

func (s *Server) expire() {
	s.mu.Lock()
	s.tmr = nil
	s.mu.Unlock()
}

func (s *Server) Idle() {
	s.mu.Lock()
	s.armIdle()
	s.mu.Unlock()
}

func (s *Server) Poke() {
	s.armIdle() // one caller does not hold s.mu
}

// armIdle is called once without the lock: it starts with nothing held,
// and its write races with the callback's.
func (s *Server) armIdle() {
	s.idle = time.AfterFunc(time.Second, s.onIdle) // want `s.idle is written in \(\*Server\).Poke via \(\*Server\).armIdle without a lock and written in \(\*Server\).Idle via \(\*Server\).armIdle holding s.mu`
}

func (s *Server) onIdle() {
	s.mu.Lock()
	s.idle = nil
	s.mu.Unlock()
}
