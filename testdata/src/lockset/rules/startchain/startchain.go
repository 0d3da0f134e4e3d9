package startchain // want package:"lockset summaries"

// This package pins that what a method does before its go statement is
// ordered with the goroutines that the started function starts in turn,
// when nothing else starts or calls that function (libp2p's discovery:
// Start sets the fields, then go d.loop(), whose goroutines read them).

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
