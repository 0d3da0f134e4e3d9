package startchain // want package:"lockset summaries"

// This package pins that what a method does before its go statement is
// ordered with the goroutines that the started function starts in turn,
// when nothing else starts or calls that function (libp2p's discovery:
// Start sets the fields, then go d.loop(), whose goroutines read them).

import "sync"

type owner struct{ name string }

// Discover finds peers.
type Discover struct {
	p    *owner
	done chan string
	q    chan string
}

// Start sets the fields, then starts the loop: quiet.
func (d *Discover) Start(p *owner) {
	d.p = p
	d.done = make(chan string)
	d.q = make(chan string)
	go d.loop()
}

func (d *Discover) loop() {
	for t := range d.q {
		go func() {
			d.done <- d.p.name + t // want `d.p is read in the goroutine started in \(\*Discover\).loop \(line \d+\) without a lock and written in \(\*Discover\).Reset without a lock`
		}()
	}
}

// Reset replaces the owner while the loop's goroutines read it: a race.
func (d *Discover) Reset(p *owner) {
	d.p = p
}

// Poller polls.
type Poller struct {
	p *owner
	q chan string
}

// Start sets the owner, then starts the loop, which Kick also calls: the
// loop's goroutines may start before a second Start's write. Reported.
func (r *Poller) Start(p *owner) {
	r.p = p // want `r.p is written in \(\*Poller\).Start without a lock and read in the goroutine started in \(\*Poller\).loop \(line \d+\) without a lock`
	r.q = make(chan string)
	go r.loop()
}

// Kick runs the loop on the caller's goroutine.
func (r *Poller) Kick() { r.loop() }

func (r *Poller) loop() {
	for t := range r.q {
		go func() {
			println(r.p.name + t)
		}()
	}
}

// Relay holds a lock for its clients: a type shared by inference. Start
// sets the fields, then starts run, which starts a goroutine per client:
// their reads of logger race only with a second Start, which nothing
// shows (the evidence two inferred methods need): quiet. What they read
// under the lock that Start writes without it is that evidence: reported.
type Relay struct {
	mu      sync.Mutex
	clients map[string]chan string
	logger  *owner
	conns   map[string]int
	in      chan string
}

func (r *Relay) Start(l *owner) {
	r.clients = make(map[string]chan string) // want `r.clients is written in \(\*Relay\).Start without a lock and read in the goroutine started in \(\*Relay\).Start \(line \d+\) via \(\*Relay\).run holding r.mu`
	r.logger = l
	r.conns = make(map[string]int) // want `r.conns is written in \(\*Relay\).Start without a lock and read in the goroutine started in \(\*Relay\).run \(line \d+\) via \(\*Relay\).serve holding r.mu`
	r.in = make(chan string)
	go r.run()
}

func (r *Relay) run() {
	for addr := range r.in {
		r.mu.Lock()
		c, ok := r.clients[addr]
		if !ok {
			c = make(chan string)
			r.clients[addr] = c
			go r.serve(addr, c)
		}
		r.mu.Unlock()
		c <- addr
	}
}

// serve reads the logger unlocked (quiet), and counts under the lock what
// Start replaced without it: a second Start races with it. Reported.
func (r *Relay) serve(addr string, c chan string) {
	for m := range c {
		println(r.logger.name, m)
		r.mu.Lock()
		r.conns[addr]++
		r.mu.Unlock()
	}
}
