// Package paramsonly pins the rule that only parameters of a callee's
// gives-up set (not its receiver or captured variables) are transfers at
// its call sites.
package paramsonly

type Writer struct {
	buf   []byte
	out   chan []byte
	total int
}

// flush hands the current buffer to the consumer after resetting the
// field that held it: the receiver's memory is given up inside, but
// nothing of it stays reachable from the receiver.
func (w *Writer) flush() {
	b := w.buf
	w.buf = nil
	w.out <- b
}

// Write buffers p and flushes when the buffer is full, then goes on using
// the writer: quiet.
func (w *Writer) Write(p []byte) int {
	w.buf = append(w.buf, p...)
	if len(w.buf) >= 64 {
		w.flush()
	}
	w.total += len(p)
	return len(p)
}

// FlushAll flushes through a literal capturing the writer, the way flush
// does as a method.
//
// BUG(paramsonly): the README says captured variables of a callee's
// gives-up set are not transfers at its call sites, but givesup.callPoints
// treats the captures of a literal that is only ever called (immediate) as
// parameters: the call f() gives up w, and the later write of w.total is
// reported, although f reset w.buf before sending and the method form
// (Write calling flush) is quiet.
func (w *Writer) FlushAll() {
	f := func() {
		b := w.buf
		w.buf = nil
		w.out <- b
	}
	f()
	w.total = 0 // want `w is written after it was given up by the func literal in \(\*paramsonly.Writer\).FlushAll \(line \d+\), which sends it on a channel`
}

// emit gives up its parameter.
func (w *Writer) emit(b []byte) {
	w.out <- b
}

// WriteCopy emits p and then writes it: the parameter of emit's gives-up
// set is a transfer at the call, so reported.
func (w *Writer) WriteCopy(p []byte) {
	w.emit(p)
	p[0] = 0 // want `p is written after it was given up by \(\*paramsonly.Writer\).emit \(line \d+\), which sends it on a channel`
}
