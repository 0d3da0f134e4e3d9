// Package globals pins how summaries treat the object that stands for all
// package-level memory in the default reading: two arguments that each
// reach some global are not linked to each other through it, and a callee
// that writes some global does not write what other callees linked to
// "some global memory". A variable the function names itself still links
// and writes what it holds.
package globals

type Buf struct {
	data []byte
	n    int
	next *Buf
}

type Msg struct {
	ID  int
	buf *Buf
}

// spare is a buffer every message and buffer may point to.
var spare = &Buf{}

// chain makes its buffer point to the spare one.
func chain(b *Buf) { // want chain:`^summary 0->G\(next\) writes 0$`
	b.next = spare
}

// attach makes the message point to the spare buffer.
func (m *Msg) attach() { // want attach:`^summary 0->G\(buf\) writes 0$`
	m.buf = spare
}

// prepare makes both arguments reach package-level memory; neither
// reaches the other's memory.
func prepare(b *Buf, m *Msg) { // want prepare:`^summary 0->G\(next\) 1->G\(buf\) writes 0 1$`
	chain(b)
	m.attach()
}

// lastEncoded caches the last value encoded, as codecs that keep state
// per type do.
var lastEncoded any

// remember stores its argument in a package-level variable.
func remember(v any) { // want remember:`^summary G->0 writes G$`
	lastEncoded = v
}

// count writes the spare buffer's counter and its own buffer's: two
// pointers below package-level memory.
func count(b *Buf) { // want count:`^summary writes G 0$`
	spare.n++
	b.n++
}

// encode remembers the value through a callee, which links it to "some
// global memory", then writes a global two pointers down and the buffer:
// the value is not written.
func encode(b *Buf, v any) { // want encode:`^summary G->1 writes G 0$`
	remember(v)
	count(b)
}

// lastMsg is a package-level variable the next function names.
var lastMsg *Msg

// bumpLast writes the message a package-level variable holds, and its
// buffer.
func bumpLast(b *Buf) { // want bumpLast:`^summary writes G 0$`
	lastMsg.ID++
	b.n++
}

// keepAndBump stores the message in a variable it names and then calls a
// function that writes what package-level variables hold: the message is
// reachable from what that function may write, so it counts as written.
func keepAndBump(m *Msg, b *Buf) { // want keepAndBump:`^summary G->0 writes G 0 1$`
	lastMsg = m
	bumpLast(b)
}
