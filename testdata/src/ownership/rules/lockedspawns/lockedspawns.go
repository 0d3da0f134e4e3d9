// Package lockedspawns pins the rule that, by default, what a spawner
// touches holding a lock after a call of a Spawn row of the model
// (time.AfterFunc, context.AfterFunc, (*sync.WaitGroup).Go) is left to
// the lockset pass, as after a go statement: that pass pairs it with the
// goroutine's accesses and the locks each holds. Accesses without a lock
// stay evidence.
package lockedspawns

import (
	"context"
	"sync"
	"time"
)

type window struct{ writers []int }

type shard struct {
	mu      sync.Mutex
	windows map[string]*window
}

// windows are sharded by key.
type windows struct {
	shards [8]shard
}

// Join opens a window on first use and arms a timer to flush it, then
// appends to it holding the shard's lock, which flush takes before it
// touches the window: quiet.
func (b *windows) Join(key string, w int) {
	s := &b.shards[len(key)%len(b.shards)]
	s.mu.Lock()
	win, ok := s.windows[key]
	if !ok {
		win = &window{}
		s.windows[key] = win
		time.AfterFunc(time.Second, func() { s.flush(key, win) })
	}
	win.writers = append(win.writers, w)
	s.mu.Unlock()
}

// JoinUntilDone does the same with a flush when ctx is done: quiet.
func (s *shard) JoinUntilDone(ctx context.Context, key string, w int) {
	s.mu.Lock()
	win := &window{}
	s.windows[key] = win
	context.AfterFunc(ctx, func() { s.flush(key, win) })
	win.writers = append(win.writers, w)
	s.mu.Unlock()
}

// JoinUnlocked appends after arming the timer without the lock: the
// flush may be reading the window.
func (s *shard) JoinUnlocked(key string, w int) {
	win := &window{}
	s.mu.Lock()
	s.windows[key] = win
	s.mu.Unlock()
	time.AfterFunc(time.Second, func() { s.flush(key, win) })
	win.writers = append(win.writers, w) // want `win is written after it was passed to time.AfterFunc \(line 60\); the goroutine may be using it concurrently`
}

// flush closes the window and takes its writers, holding the lock, then
// flushes them without it: a later append cannot reach the array it took.
func (s *shard) flush(key string, win *window) {
	s.mu.Lock()
	delete(s.windows, key)
	ws := win.writers
	win.writers = nil
	s.mu.Unlock()
	for _, w := range ws {
		flushWriter(w)
	}
}

func flushWriter(int) {}
