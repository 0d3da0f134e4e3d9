package promoted // want package:"lockset summaries"

import "sync"

// Base counts under its lock.
type Base struct {
	mu    sync.Mutex
	count int
}

// Inc locks.
func (b *Base) Inc() {
	b.mu.Lock()
	b.count++
	b.mu.Unlock()
}

// Derived gets Inc from Base.
type Derived struct {
	Base
	name string
}

// Count reads the promoted field without the lock, while callers may run
// d.Inc().
func (d *Derived) Count() int { return d.count } // want `d.Base.count is read in \(\*Derived\).Count without a lock and written in \(\*Derived\).Inc via \(\*Base\).Inc holding b.Base.mu`

// Locked gets Inc from Base and reads under the embedded lock.
type Locked struct {
	Base
}

// Count locks: race-free.
func (l *Locked) Count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.count
}
