package lockarg // want package:"lockset summaries"

import "sync"

// This package pins helpers that take their lock only when asked:
// a call with a constant argument follows that argument into the
// helper, so remove(k, false) under the caller's lock is protected and
// the caller still holds its lock after the call.

type Store struct {
	mu   sync.RWMutex
	msgs map[int]string
	last int
}

// load takes the read lock only when needLock is set.
func (s *Store) load(k int, needLock bool) string {
	if needLock {
		s.mu.RLock()
	}
	v := s.msgs[k]
	_ = s.last // want `s.last is read in \(\*Store\).Peek via \(\*Store\).load without a lock and written in \(\*Store\).RemoveAll holding s.mu`
	if needLock {
		s.mu.RUnlock()
	}
	return v
}

// remove takes the lock, with a deferred unlock, only when shouldLock is
// set.
func (s *Store) remove(k int, shouldLock bool) {
	if shouldLock {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	delete(s.msgs, k) // want `s.msgs\[\*\] is written in \(\*Store\).Drop via \(\*Store\).remove without a lock and read in \(\*Store\).Load via \(\*Store\).load holding s.mu \(read\)`
	s.last = k        // want `s.last is written in \(\*Store\).Drop via \(\*Store\).remove without a lock and read in \(\*Store\).Load via \(\*Store\).load holding s.mu \(read\)`
}

func (s *Store) Load(k int) string { return s.load(k, true) }

func (s *Store) Remove(k int) { s.remove(k, true) }

// LoadAll holds the lock itself and calls load in a loop: every call,
// not only the first, runs under s.mu. Quiet.
func (s *Store) LoadAll(ks []int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, k := range ks {
		out = append(out, s.load(k, false))
	}
	return out
}

// RemoveAll passes its own flag on; both of its callers pass constants.
func (s *Store) removeAll(ks []int, shouldLock bool) {
	for _, k := range ks {
		s.remove(k, shouldLock)
	}
}

func (s *Store) RemoveAll(ks []int) {
	s.mu.Lock()
	s.removeAll(ks, false)
	s.last = 0 // still held after the helper returns: quiet
	s.mu.Unlock()
}

// Peek asks for no lock and holds none: racy with Remove's write.
func (s *Store) Peek(k int) string {
	return s.load(k, false) // reported at load's read of s.last
}

// Drop passes a flag it was not given as a constant: nothing is fixed,
// and the merged helper holds no lock at the write.
func (s *Store) Drop(k int, locked bool) {
	s.remove(k, locked) // reported at remove's writes
}

// A Log takes its lock through function literals that capture the flag
// and the receiver: the accesses through the captured receiver are the
// receiver's, and the flag is followed into the literals.
type Log struct {
	mu      sync.Mutex
	entries []string
	size    int
}

func (l *Log) truncate(n int, needLock bool) {
	lock := func() {
		if needLock {
			l.mu.Lock()
		}
	}
	unlock := func() {
		if needLock {
			l.mu.Unlock()
		}
	}
	lock()
	defer unlock()
	l.entries = l.entries[:n] // want `l.entries is written in \(\*Log\).TruncateUnlocked via \(\*Log\).truncate without a lock and written in \(\*Log\).Truncate via \(\*Log\).truncate holding l.mu`
	l.size = n                // want `l.size is written in \(\*Log\).TruncateUnlocked via \(\*Log\).truncate without a lock`
}

// Truncate asks for the lock, which the literal takes: quiet.
func (l *Log) Truncate(n int) { l.truncate(n, true) }

// TruncateUnlocked does not, and holds nothing: reported.
func (l *Log) TruncateUnlocked(n int) { l.truncate(n, false) }

func (l *Log) Append(e string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	l.size++
}
