package hosted // want package:"lockset summaries"

import "sync"

// A goroutine its spawner joins before returning, where the spawner is a
// private function whose only caller is an entry point (here the body of
// the goroutine a constructor starts), runs within that entry point's
// call: what the entry point does before the go statement or after the
// join is ordered with it, and what it does beside it is compared in the
// spawner's frame. A spawner that does not join, or that a second entry
// point calls as well, keeps the goroutine compared with the entry point.

type conn struct{ id int }

func dial(n int) *conn { return &conn{id: n} }

// Client reconnects in a loop: each session writes the connection and
// the timeout, then runs a sender goroutine that reads them, and waits
// for it before the next session.
type Client struct {
	conn    *conn
	timeout int
	sent    int
	quit    chan struct{}
}

func NewClient() *Client {
	c := &Client{quit: make(chan struct{})}
	go func() {
		c.loop()
		c.conn = nil
	}()
	return c
}

func (c *Client) loop() {
	for n := 0; ; n++ {
		c.connect(n)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.send()
		}()
		wg.Wait()
		select {
		case <-c.quit:
			return
		default:
		}
	}
}

// connect writes what the sender reads: before the go statement, or
// after the last session's join. Quiet.
func (c *Client) connect(n int) {
	c.conn = dial(n)
	c.timeout = n * 10
}

func (c *Client) send() {
	c.sent += c.conn.id + c.timeout
}

// Peeker reads the count while its sender goroutine writes it, before the
// join. A race, reported in the spawner's frame.
type Peeker struct {
	conn *conn
	sent int
	last int
	quit chan struct{}
}

func NewPeeker() *Peeker {
	p := &Peeker{quit: make(chan struct{})}
	go func() {
		p.loop()
	}()
	return p
}

func (p *Peeker) loop() {
	for n := 0; ; n++ {
		p.conn = dial(n)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.sent += p.conn.id // want `p.sent is written in the goroutine started in \(\*Peeker\).loop \(line 87\) without a lock and read in \(\*Peeker\).loop after the go statement without a lock`
		}()
		p.last = p.sent
		wg.Wait()
		select {
		case <-p.quit:
			return
		default:
		}
	}
}

// Leaver does not wait for its sender: the next session's write of the
// connection races with it.
type Leaver struct {
	conn *conn
	sent int
	quit chan struct{}
}

func NewLeaver() *Leaver {
	l := &Leaver{quit: make(chan struct{})}
	go func() {
		l.loop()
	}()
	return l
}

func (l *Leaver) loop() {
	for n := 0; ; n++ {
		l.connect(n)
		go func() {
			l.sent += l.conn.id // want `l.sent is read in the goroutine started in \(\*Leaver\).loop \(line 120\) without a lock and written in another instance of goroutine started in \(\*Leaver\).loop \(line 120\) without a lock` `l.conn is read in the goroutine started in \(\*Leaver\).loop \(line 120\) without a lock and written in \(\*Leaver\).loop after the go statement via \(\*Leaver\).connect without a lock`
		}()
		select {
		case <-l.quit:
			return
		default:
		}
	}
}

func (l *Leaver) connect(n int) { l.conn = dial(n) }

// Twice is Client's shape, but its loop is also run by an exported
// method: the goroutine started within Restart's call is compared with
// the constructor's goroutine, which writes the connection.
type Twice struct {
	conn *conn
	sent int
	quit chan struct{}
}

func NewTwice() *Twice {
	t := &Twice{quit: make(chan struct{})}
	go func() {
		t.loop()
	}()
	return t
}

func (t *Twice) Restart() { t.loop() }

func (t *Twice) loop() {
	for n := 0; ; n++ {
		t.connect(n)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.sent += t.conn.id // want `t.conn is read in the goroutine started in \(\*Twice\).loop \(line 157\) without a lock and written in the goroutine started in NewTwice \(line 144\) via \(\*Twice\).connect without a lock`
		}()
		wg.Wait()
		select {
		case <-t.quit:
			return
		default:
		}
	}
}

func (t *Twice) connect(n int) { t.conn = dial(n) }
