// Package basic checks the gives-up facts of functions that transfer their
// parameters directly, through helpers, by recursion, and by go.
package basic

type T struct {
	x    int
	next *T
}

func send(ch chan *T, p *T) { // want send:`^givesup\(1: sends it on a channel at basic.go:\d+\)$`
	ch <- p
}

func middle(ch chan *T, p *T) { // want middle:`^givesup\(1: passes it to basic.send at basic.go:\d+, which sends it on a channel at basic.go:\d+\)$`
	send(ch, p)
}

// outer gives up p two calls deep.
func outer(ch chan *T, p *T) { // want outer:`^givesup\(1: passes it to basic.middle at basic.go:\d+, which passes it to basic.send at basic.go:\d+, which sends it on a channel at basic.go:\d+\)$`
	middle(ch, p)
}

// ping and pong give up p between them; the set reaches a fixpoint.
func ping(ch chan *T, p *T, n int) { // want ping:`^givesup\(1: .*\)$`
	if n == 0 {
		ch <- p
		return
	}
	pong(ch, p, n-1)
}

func pong(ch chan *T, p *T, n int) { // want pong:`^givesup\(1: passes it to basic.ping at basic.go:\d+, which .*\)$`
	ping(ch, p, n)
}

// even and odd recurse without giving anything up: no fact.
func even(p *T, n int) bool {
	if n == 0 {
		return p.x == 0
	}
	return odd(p, n-1)
}

func odd(p *T, n int) bool {
	if n == 0 {
		return p.x != 0
	}
	return even(p, n-1)
}

// Q gives up what it is handed, not itself.
type Q struct {
	ch   chan *T
	buf  *T
	size int
}

func (q *Q) Put(p *T) { // want Put:`^givesup\(1: sends it on a channel at basic.go:\d+\)$`
	q.size++
	q.ch <- p
}

// Flush gives up memory of the receiver.
func (q *Q) Flush() { // want Flush:`^givesup\(0: sends it on a channel at basic.go:\d+\)$`
	q.ch <- q.buf
}

// Size gives up nothing.
func (q *Q) Size() int { return q.size }

// sendNext gives up memory reachable from p, so p itself.
func sendNext(ch chan *T, p *T) { // want sendNext:`^givesup\(1: sends it on a channel at basic.go:\d+\)$`
	ch <- p.next
}

// spawn hands p to a goroutine.
func spawn(p *T) { // want spawn:`^givesup\(0: hands it to a goroutine at basic.go:\d+\)$`
	go work(p)
}

func work(p *T) { p.x++ }

// spawnLiteral hands p to a goroutine through a captured variable.
func spawnLiteral(p *T) { // want spawnLiteral:`^givesup\(0: hands it to a goroutine at basic.go:\d+\)$`
	go func() {
		p.x++
	}()
}

// sendInt gives up nothing: an int is copied.
func sendInt(ch chan int, n int) {
	ch <- n
}

// sendFresh gives up only memory it allocates.
func sendFresh(ch chan *T, x int) {
	ch <- &T{x: x}
}

// sendChan sends a channel, which synchronises itself.
func sendChan(ch chan chan int, c chan int) {
	ch <- c
}

// two gives up both of its pointers, for two reasons.
func two(ch chan *T, a, b *T) { // want two:`^givesup\(1: sends it on a channel at basic.go:\d+; 2: hands it to a goroutine at basic.go:\d+\)$`
	ch <- a
	go work(b)
}

// Req carries its own reply channel.
type Req struct {
	p    *T
	done chan struct{}
}

// roundTrip sends r and waits for the reply before returning: the request
// is back when it returns, so nothing is given up.
func roundTrip(ch chan *Req, r *Req) {
	ch <- r
	<-r.done
}

// fireAndForget sends r without waiting.
func fireAndForget(ch chan *Req, r *Req) { // want fireAndForget:`^givesup\(1: sends it on a channel at basic.go:\d+\)$`
	ch <- r
}
