package lockresults // want package:"lockset summaries"

import (
	"errors"
	"sync"
)

// Conn has a lock for each direction, handed out by getters.
type Conn struct {
	rmu, wmu sync.Mutex
	rbuf     []byte
	wbuf     []byte
	closed   bool
}

func (c *Conn) readLock() *sync.Mutex { return &c.rmu }

func (c *Conn) lockFor(read bool) *sync.Mutex {
	if read {
		return &c.rmu
	}
	return &c.wmu
}

var errClosed = errors.New("closed")

// waitResponse returns holding the read lock, for its caller to release.
func (c *Conn) waitResponse() (*sync.Mutex, error) {
	lock := &c.rmu
	lock.Lock()
	if c.closed {
		lock.Unlock()
		return nil, errClosed
	}
	return lock, nil
}

// pickOpen returns the read lock through a named result set on one path
// only, leaving a loop to its one return: nil when closed.
func (c *Conn) pickOpen() (lock *sync.Mutex, err error) {
	for tries := 0; ; tries++ {
		if c.closed || tries > 3 {
			err = errClosed
			break
		}
		if len(c.wbuf) == 0 {
			lock = &c.rmu
			break
		}
	}
	return lock, err
}

// pick returns the read lock through a named result.
func (c *Conn) pick() (mu *sync.Mutex) {
	mu = &c.rmu
	return
}

// Fill locks rmu by name.
func (c *Conn) Fill(b []byte) {
	c.rmu.Lock()
	c.rbuf = append(c.rbuf, b...) // want `c.rbuf is written in \(\*Conn\).Fill holding c.rmu and read in \(\*Conn\).Write holding mu`
	c.rmu.Unlock()
}

// Read locks what the getter returns: c.rmu, race-free with Fill.
func (c *Conn) Read() int {
	mu := c.readLock()
	mu.Lock()
	defer mu.Unlock()
	return len(c.rbuf)
}

// ReadResponse releases the lock waitResponse returned holding.
func (c *Conn) ReadResponse() int {
	lock, err := c.waitResponse()
	if err != nil {
		return 0
	}
	defer lock.Unlock()
	return len(c.rbuf)
}

// ReadOpen locks what pickOpen returns: c.rmu.
func (c *Conn) ReadOpen() int {
	lock, err := c.pickOpen()
	if err != nil {
		return 0
	}
	lock.Lock()
	defer lock.Unlock()
	return len(c.rbuf)
}

// ReadPicked locks what pick returns: c.rmu.
func (c *Conn) ReadPicked() int {
	mu := c.pick()
	mu.Lock()
	defer mu.Unlock()
	return len(c.rbuf)
}

// Write locks the write lock, which does not guard rbuf (lockFor returns
// one of two paths: the lock keeps its local name).
func (c *Conn) Write() int {
	mu := c.lockFor(false)
	mu.Lock()
	defer mu.Unlock()
	return len(c.rbuf)
}

// Peek forgets the lock.
func (c *Conn) Peek() byte {
	return c.rbuf[0] // want `c.rbuf is read in \(\*Conn\).Peek without a lock`
}
