// Package heldbuffers pins the rule that a buffer of plain values kept in
// a variable after it was given up races only on evidence that this
// buffer is written: the receiving side writes it, or the package writes
// it through the same package-level variable, or the function that
// captured it (or a literal of it) writes such a buffer; that some
// []byte of the package is written somewhere says nothing of this one.
package heldbuffers

// args writes the elements of its own []byte: a []byte of the package is
// written after construction.
type args struct{ buf []byte }

func (a *args) parse(s string) {
	a.buf = append(a.buf[:0], s...)
	a.buf[0] = '?'
}

// Serve runs handle once per request, on the caller's goroutine.
func Serve(handle func()) { handlers = append(handlers, handle) }

var handlers []func()

// Publish keeps body in the handler it registers, which may run again,
// and sends it to a receiver it does not see; nothing writes body: quiet.
func Publish(body []byte, ch chan []byte) {
	Serve(func() {
		ch <- body
	})
}

// PublishAndScribble writes the buffer it captured after it registered
// the handler: reported.
func PublishAndScribble(body []byte, ch chan []byte) {
	Serve(func() {
		ch <- body // want `body is sent on ch but stays reachable from body`
	})
	body[0] = 1
}

// PublishAndReset registers a second handler that writes the buffer the
// first one sends: reported.
func PublishAndReset(body []byte, ch chan []byte) {
	Serve(func() {
		ch <- body // want `body is sent on ch but stays reachable from body`
	})
	Serve(func() {
		clear(body)
	})
}

var table = []byte("abc")

// SendTable sends the package-level table, which nothing writes through
// the variable: quiet.
func SendTable(ch chan []byte) {
	ch <- table
}

var scratch = make([]byte, 8)

// SendScratch sends the package-level scratch buffer, which Touch writes
// through the variable: reported.
func SendScratch(ch chan []byte) {
	ch <- scratch // want `scratch is sent on ch but stays reachable from heldbuffers.scratch`
}

// Touch writes the scratch buffer.
func Touch() { scratch[0] = 1 }
