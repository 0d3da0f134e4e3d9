// Package producedliterals pins the rule that a function value a callee's
// goroutine calls writes what it captures only if the function literals
// it is seen to be write their captured variables, also when a producer
// function made the literal and returned it (with other results, too).
package producedliterals

// Producer writes to out.
type Producer func(out chan<- byte)

// NewReader runs produce on a goroutine of its own and returns what it
// writes to.
func NewReader(produce func(out chan<- byte)) <-chan byte {
	out := make(chan byte, 1)
	go func() {
		produce(out)
		close(out)
	}()
	return out
}

// Serve runs handle once per request, on the caller's goroutine.
func Serve(handle func()) { handlers = append(handlers, handle) }

var handlers []func()

// reader returns a producer that only reads body.
func reader(body []byte) func(out chan<- byte) {
	return func(out chan<- byte) {
		for _, b := range body {
			out <- b
		}
	}
}

// readerWithDone returns a producer that only reads body, and a channel
// it reports on.
func readerWithDone(body []byte) (Producer, <-chan int) {
	done := make(chan int, 1)
	return func(out chan<- byte) {
		for _, b := range body {
			out <- b
		}
		done <- len(body)
	}, done
}

// scribbler returns a producer that writes body.
func scribbler(body []byte) func(out chan<- byte) {
	return func(out chan<- byte) {
		for i := range body {
			body[i] = 0
			out <- 0
		}
	}
}

// Stream keeps body in the handler it registers, which may run again, and
// hands a producer that only reads it to NewReader's goroutine: quiet.
func Stream(body []byte) {
	Serve(func() {
		for range NewReader(reader(body)) {
		}
	})
}

// StreamWithDone does the same with a producer of two results: quiet.
func StreamWithDone(body []byte) {
	Serve(func() {
		produce, done := readerWithDone(body)
		for range NewReader(produce) {
		}
		<-done
	})
}

// StreamCaptured makes the producer once and hands it over in each run
// of the handler, which captures it: quiet.
func StreamCaptured(body []byte) {
	produce, done := readerWithDone(body)
	Serve(func() {
		for range NewReader(produce) {
		}
		<-done
	})
}

// StreamReassigned lets the handler replace the producer it captured with
// one that writes: reported.
func StreamReassigned(body []byte) {
	produce, _ := readerWithDone(body)
	Serve(func() {
		for range NewReader(produce) { // want `produce is given up by producedliterals.NewReader .* but stays reachable from`
		}
		produce = scribbler(body)
	})
}

// StreamScribbled hands over a producer that writes the body it captured:
// reported.
func StreamScribbled(body []byte) {
	Serve(func() {
		for range NewReader(scribbler(body)) { // want `scribbler\(body\) is given up by producedliterals.NewReader .* but stays reachable from body`
		}
	})
}

// picker returns one of two producers, one of which writes body.
func picker(body []byte, wipe bool) func(out chan<- byte) {
	if wipe {
		return func(out chan<- byte) {
			clear(body)
			close(out)
		}
	}
	return func(out chan<- byte) {
		for _, b := range body {
			out <- b
		}
	}
}

// StreamPicked hands over a producer that may be the writing one:
// reported.
func StreamPicked(body []byte, wipe bool) {
	Serve(func() {
		for range NewReader(picker(body, wipe)) { // want `picker\(body, wipe\) is given up by producedliterals.NewReader .* but stays reachable from body`
		}
	})
}

// Options configure a fill; the filler only reads them.
type Options struct{ Fill byte }

// Set changes the fill: Options are written after construction.
func (o *Options) Set(b byte) { o.Fill = b }

// fillAsync fills buf on a goroutine of its own, reading opts.
func fillAsync(buf []byte, opts *Options, done chan<- bool) {
	go func() {
		for i := range buf {
			buf[i] = opts.Fill
		}
		done <- true
	}()
}

// FillAndRead hands the filler a buffer it writes and options it only
// reads, and reads the options after: quiet.
func FillAndRead(opts *Options) byte {
	buf := make([]byte, 8)
	done := make(chan bool, 1)
	fillAsync(buf, opts, done)
	f := opts.Fill
	<-done
	return f
}

// FillAndPeek reads the buffer the filler writes: reported.
func FillAndPeek(opts *Options) byte {
	buf := make([]byte, 8)
	done := make(chan bool, 1)
	fillAsync(buf, opts, done)
	b := buf[0] // want `buf is read after it was given up by producedliterals.fillAsync`
	<-done
	return b
}
