package maplen // want package:"lockset summaries"

import "sync"

// This package pins len of a map as a read of its contents (m[*]): every
// insertion and deletion changes the count that len reads.

type Index struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (x *Index) Add(k string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.seen[k] = true
}

func (x *Index) Remove(k string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	delete(x.seen, k)
}

// Size counts under the lock: quiet.
func (x *Index) Size() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.seen)
}

// Len counts without it: reported.
func (x *Index) Len() int {
	return len(x.seen) // want `x.seen\[\*\] is read in \(\*Index\).Len without a lock and written in \(\*Index\).Add holding x.mu`
}
