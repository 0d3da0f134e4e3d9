package unsafeviews // want package:"lockset summaries"

import (
	"sync"
	"unsafe"
)

// A conversion of a pointer to unsafe.Pointer and back views the same
// memory: what is written through the converted pointer is written to
// the original's location.

// Store's goroutine writes *n through another pointer type's view.
func Store(n *int64) int64 {
	go func() {
		p := (*int64)(unsafe.Pointer(n))
		*p = 1 // want `\*n is written in the goroutine started in Store \(line 14\) without a lock and read in Store after the go statement without a lock`
	}()
	return *n
}

// Header reads a struct through a view of its first field while a
// goroutine writes that field.
type header struct{ size int }

type frame struct {
	h    header
	body []byte
}

func Header(f *frame) int {
	done := make(chan struct{})
	go func() {
		f.h.size = len(f.body) // want `f.h.size is written in the goroutine started in Header \(line 32\) without a lock and read in Header after the go statement without a lock`
		close(done)
	}()
	h := (*header)(unsafe.Pointer(&f.h))
	size := h.size
	<-done
	return size
}

// StoreJoined reads only after the goroutine is done: race-free.
func StoreJoined(n *int64) int64 {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		*(*int64)(unsafe.Pointer(n)) = 1
	}()
	wg.Wait()
	return *n
}

// StoreLocked writes through the view under the lock the reader takes:
// race-free.
type counter struct {
	mu sync.Mutex
	n  int64
}

func (c *counter) Bump() {
	c.mu.Lock()
	*(*int64)(unsafe.Pointer(&c.n)) += 1
	c.mu.Unlock()
}

func (c *counter) Get() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
