package wrapperlib // want package:"lockset summaries"

import "sync"

// Guard is a lock wrapper in another package; its effect crosses the
// package boundary as a fact.
type Guard struct {
	mu sync.Mutex
}

func (g *Guard) Acquire() { g.mu.Lock() }
func (g *Guard) Release() { g.mu.Unlock() }

// Box has an accessor that assumes the caller holds its guard.
type Box struct {
	G   Guard
	Val int
}

// SetLocked writes b.Val; the caller must hold b.G.
func (b *Box) SetLocked(v int) { b.Val = v }

// Lock locks a package-level mutex.
func Lock()   { gmu.Lock() }
func Unlock() { gmu.Unlock() }

var gmu sync.Mutex
