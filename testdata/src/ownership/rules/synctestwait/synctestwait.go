// Package synctestwait pins the Join row of testing/synctest.Wait: what
// a goroutine of the bubble did with a message before Wait returned
// happens before what the test does after it, so a frame sent and then
// reused after Wait is quiet; reused before Wait, it is reported.
package synctestwait

import (
	"testing"
	"testing/synctest"
)

type frame struct{ data []byte }

type endpoint struct{ recvc chan *frame }

func (e *endpoint) serve() {
	for f := range e.recvc {
		f.data[0]++
	}
}

// write sends the frame and waits until the endpoint has handled it.
func (e *endpoint) write(f *frame) {
	e.recvc <- f
	synctest.Wait()
}

// writeNoWait only sends.
func (e *endpoint) writeNoWait(f *frame) {
	e.recvc <- f
}

func TestReuse(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := &endpoint{recvc: make(chan *frame)}
		go e.serve()
		f := &frame{data: make([]byte, 1)}
		e.write(f)
		f.data[0] = 0 // quiet: the endpoint is blocked again
		e.write(f)
		close(e.recvc)
	})
}

func TestReuseInline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := &endpoint{recvc: make(chan *frame)}
		go e.serve()
		f := &frame{data: make([]byte, 1)}
		e.recvc <- f
		synctest.Wait()
		f.data[0] = 0 // quiet
		close(e.recvc)
	})
}

func TestReuseEarly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := &endpoint{recvc: make(chan *frame)}
		go e.serve()
		f := &frame{data: make([]byte, 1)}
		e.recvc <- f
		f.data[0] = 0 // want `f is written after it was sent on e.recvc`
		synctest.Wait()
		close(e.recvc)
	})
}

func TestReuseNoWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := &endpoint{recvc: make(chan *frame)}
		go e.serve()
		f := &frame{data: make([]byte, 1)}
		e.writeNoWait(f)
		f.data[0] = 0 // want `f is written after it was given up by \(\*synctestwait.endpoint\).writeNoWait`
		close(e.recvc)
	})
}
