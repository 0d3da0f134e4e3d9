package fixedflag // want package:"lockset summaries"

import (
	"sync"
)

// This package pins fixed flags: a field set only while its object is
// made keeps apart the accesses made where it was found zero from those
// made where it was found set.

// Mode can be switched after it is made: its flag is not fixed, and a
// call of Exec after SetShared writes what another call reads under the
// lock. Racy. (SetShared itself is a setter that takes no lock, quiet by
// setters.go.)
type Mode struct {
	mu     sync.Mutex
	n      int
	shared bool
}

// SetShared switches the mode.
func (m *Mode) SetShared(on bool) { m.shared = on }

// Exec counts, under the lock when the mode is shared.
func (m *Mode) Exec() {
	if m.shared {
		m.mu.Lock()
		m.n++
		m.mu.Unlock()
	} else {
		m.n++ // want `m.n is written in \(\*Mode\).Exec without a lock and read in another call of \(\*Mode\).Exec holding m.mu`
	}
}
