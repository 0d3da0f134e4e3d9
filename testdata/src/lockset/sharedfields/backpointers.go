package sharedfields // want package:"lockset summaries"

import "sync"

// Store keeps blocks that point back to it; each block runs a flush
// goroutine. A block's fs is a shared field (every block of a store holds
// the store), so the flush goroutines are compared with each other and with
// the store's methods on what they reach through it.
type Store struct {
	mu     sync.Mutex
	first  uint64
	last   uint64
	synced bool
	blocks []*Block
}

// Block is one block of a Store.
type Block struct {
	fs *Store
}

// Recover makes the store's blocks and starts their flush loops.
func (fs *Store) Recover(n int) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for range n {
		mb := &Block{fs: fs}
		fs.blocks = append(fs.blocks, mb)
		go mb.flushLoop()
	}
}

// flushLoop takes the store's lock through its back pointer: the same lock
// that the store's methods take through their receiver.
func (mb *Block) flushLoop() {
	fs := mb.fs
	fs.mu.Lock()
	fs.first++
	fs.mu.Unlock()
	fs.last++ // want `Block.fs.last is (read|written) in the goroutine started in \(\*Store\).Recover \(line 29\) via \(\*Block\).flushLoop without a lock`
}

// firstLocked reads the store's first sequence; the store's lock is held.
func (mb *Block) firstLocked() uint64 { return mb.fs.first }

// lastLocked reads the store's last sequence; the store's lock is held.
func (mb *Block) lastLocked() uint64 { return mb.fs.last }

// Sync reads through the blocks under the store's lock, named through the
// receiver: quiet for first, which the flush loops write under it.
func (fs *Store) Sync() uint64 {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	var t uint64
	for _, mb := range fs.blocks {
		t += mb.firstLocked() + mb.lastLocked()
	}
	return t
}

// SyncAll is Sync with its receiver captured by a function literal, which
// moves the receiver to a variable of the method: the lock taken through it
// is still the store's lock (quiet).
func (fs *Store) SyncAll() uint64 {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	defer func() { fs.synced = true }()
	var t uint64
	for _, mb := range fs.blocks {
		t += mb.firstLocked()
	}
	return t
}

// Conn2 is a connection whose buffer its lock guards.
type Conn2 struct {
	mu  sync.Mutex
	buf []byte
}

// Publish appends to the buffer under the lock.
func (c *Conn2) Publish(p []byte) {
	c.mu.Lock()
	c.buf = append(c.buf, p...)
	c.mu.Unlock()
}

// Close drops the buffer under the lock.
func (c *Conn2) Close() {
	c.mu.Lock()
	c.buf = nil
	c.mu.Unlock()
}

// ElementLocks publishes on each connection from its own goroutine, and
// closes them all: the goroutine's conns[idx].mu and the closing loop's
// conns[i].mu are the same element's lock when they reach the same
// element's buffer (quiet); resetting without the lock is a race.
func ElementLocks(p []byte) {
	var conns [3]*Conn2
	for i := range conns {
		conns[i] = &Conn2{}
	}
	for i := range conns {
		go func(idx int) {
			conns[idx].Publish(p)
		}(i)
	}
	for i := range conns {
		conns[i].Close()
	}
	conns[1].buf = nil // want `conns\[\*\].buf is written in ElementLocks after the go statement without a lock`
}
