// Package keptplaces pins the default rule for memory kept reachable
// after it is handed to a goroutine or a timer: it races only if the
// function started writes some of it, or reads a place the program
// rewrites after construction (the goroutine's places, by its summary;
// fieldwrites for the rest).
package keptplaces

import "time"

// A Stream is made by its Conn, which keeps it in a map.
type Stream struct {
	id    int
	out   chan int
	state int
	timer *time.Timer
}

// A Conn holds its streams.
type Conn struct {
	streams map[int]*Stream
	out     chan int
}

// onTimeout reads only fields set when the stream is made.
func (st *Stream) onTimeout() { st.out <- st.id }

// onExpire writes the stream's state.
func (st *Stream) onExpire() { st.state = 3 }

// onPeek reads the state, which Reset rewrites.
func (st *Stream) onPeek() { st.out <- st.state }

// watch reads only the id.
func (st *Stream) watch() { st.out <- st.id }

// Reset rewrites a stream's state.
func (sc *Conn) Reset(id int) { sc.streams[id].state = 0 }

// Open arms a timeout that reads what nothing rewrites, then keeps the
// stream: quiet.
func (sc *Conn) Open(id int) *Stream {
	st := &Stream{id: id, out: sc.out}
	st.timer = time.AfterFunc(time.Second, st.onTimeout)
	sc.streams[id] = st
	return st
}

// OpenWatched starts a goroutine that reads only the id: quiet.
func (sc *Conn) OpenWatched(id int) {
	st := &Stream{id: id, out: sc.out}
	go st.watch()
	sc.streams[id] = st
}

// OpenExpiring arms a timer that writes the stream it keeps: reported.
func (sc *Conn) OpenExpiring(id int) {
	st := &Stream{id: id, out: sc.out}
	st.timer = time.AfterFunc(time.Second, st.onExpire)
	sc.streams[id] = st // want `st is stored into a map after it was passed to time.AfterFunc`
}

// OpenPeeking arms a timer that reads the state Reset rewrites: reported.
func (sc *Conn) OpenPeeking(id int) {
	st := &Stream{id: id, out: sc.out}
	st.timer = time.AfterFunc(time.Second, st.onPeek)
	sc.streams[id] = st // want `st is stored into a map after it was passed to time.AfterFunc`
}
