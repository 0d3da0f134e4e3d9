package docheld // want package:"lockset summaries"

import "sync"

// This package pins the rule that a function whose doc comment says a
// lock is held on entry starts holding it. The helpers here are reached
// through method values, so the inference from call sites cannot see
// their callers; the comment is what tells the analysis.

type conn struct {
	mu      sync.Mutex
	wmu     sync.Mutex
	closed  bool
	reason  string
	onClose func(string)
	onDrop  func(string)
	onLeave func(string)
}

// save reads the connection under its lock.
func (c *conn) save() {
	c.mu.Lock()
	_, _ = c.closed, c.reason // want `c.closed is read in the goroutine started in \(\*conn\).markLeft \(line \d+\) via \(\*conn\).save holding c.mu and written in \(\*conn\).markLeft after the go statement holding c.wmu` `c.reason is read in the goroutine started in \(\*conn\).markLeft`
	c.mu.Unlock()
}

// markClosed starts save, then records why: ordered with save's reads by
// c.mu, which its callers hold. Quiet.
// Lock is held on entry.
func (c *conn) markClosed(reason string) {
	go c.save()
	c.closed = true
	c.reason = reason
}

// markDropped does the same and names the lock.
// c.mu must be held.
func (c *conn) markDropped(reason string) {
	go c.save()
	c.closed = true
	c.reason = reason
}

// markLeft names the lock that serialises writers, which save does not
// take: reported (at save's reads).
// c.wmu must be held.
func (c *conn) markLeft(reason string) {
	go c.save()
	c.closed = true
	c.reason = reason
}

// Install registers the helpers as method values.
func (c *conn) Install() {
	c.mu.Lock()
	c.onClose = c.markClosed
	c.onDrop = c.markDropped
	c.onLeave = c.markLeft
	c.mu.Unlock()
}

// Close runs a registered helper with the locks held.
func (c *conn) Close(reason string) {
	c.mu.Lock()
	c.wmu.Lock()
	f, g, h := c.onClose, c.onDrop, c.onLeave
	f(reason)
	g(reason)
	h(reason)
	c.wmu.Unlock()
	c.mu.Unlock()
}

type store struct {
	mu    sync.RWMutex
	first int
}

// scan reads the store under its read lock.
func (s *store) scan() {
	s.mu.RLock()
	_ = s.first // want `st.first is read in the goroutine started in removeUnderLock \(line \d+\) via \(\*store\).scan holding st.mu \(read\) and written in removeUnderLock after the go statement holding st.mu \(read\)`
	s.mu.RUnlock()
}

// removeFrom drops the first entry of st and rescans it: ordered by the
// write lock of the parameter the comment names. Quiet.
// st write lock should be held.
func removeFrom(st *store) {
	go st.scan()
	st.first++
}

// removeUnderLock says only that st's lock is held, which its callers may
// hold for reading: a write under a read lock races with scan's read
// under the read lock. Reported (at scan's read).
// st lock should be held.
func removeUnderLock(st *store) {
	go st.scan()
	st.first++
}

// removeNoDoc is removeFrom without the comment: reported.
func removeNoDoc(st *store) {
	go st.scan()
	st.first++ // want `st.first is written in removeNoDoc after the go statement without a lock and read in the goroutine started in removeNoDoc`
}

// removeNotHeld says the lock is not held: reported.
// Lock should not be held.
func removeNotHeld(st *store) {
	go st.scan()
	st.first++ // want `st.first is written in removeNotHeld after the go statement without a lock and read in the goroutine started in removeNotHeld`
}

// Drop runs the helpers as function values, with the lock.
func (s *store) Drop(fs ...func(*store)) {
	s.mu.Lock()
	for _, f := range fs {
		f(s)
	}
	s.mu.Unlock()
}

// Use hands the helpers over as values.
func Use(s *store) {
	s.Drop(removeFrom, removeUnderLock, removeNoDoc, removeNotHeld)
}

// A static call shows what its caller holds: the comment's lock counts
// only where the caller holds it (assumedLocks).
// Cache is a map behind a lock.
type Cache struct {
	mu sync.Mutex
	m  map[string]int
}

// getLocked looks k up. c.mu must be held.
func (c *Cache) getLocked(k string) int {
	return c.m[k] // want `c.m\[\*\] is read in \(\*Cache\).Peek via \(\*Cache\).getLocked without a lock and written in \(\*Cache\).Put holding c.mu`
}

// Get calls the helper holding the lock: quiet.
func (c *Cache) Get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.getLocked(k)
}

// Put writes under the lock.
func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

// Peek forgot the lock: reported.
func (c *Cache) Peek(k string) int {
	return c.getLocked(k)
}

// refreshLocked drops and retakes the lock it is called with, around a
// slow call; its accesses after the retake hold the lock by its own
// Lock, whoever calls it. c.mu must be held.
func (c *Cache) refreshLocked(load func() int) {
	c.mu.Unlock()
	v := load()
	c.mu.Lock()
	c.m["n"] = v
}

// Refresh holds the lock around the helper: quiet.
func (c *Cache) Refresh(load func() int) {
	c.mu.Lock()
	c.refreshLocked(load)
	c.mu.Unlock()
}
