package chanlock // want package:"lockset summaries"

import "context"

// This package pins a channel of capacity 1 used as a lock (chanlock.go):
// a send takes the token of an empty channel and a receive gives it
// back, or the converse for a channel filled when made. The quiet types
// start their methods as goroutines, so that they are entry points
// whether or not the channel counts as a lock.

// Limiter takes its token by sending: quiet.
type Limiter struct {
	tok   chan struct{}
	count int
}

func NewLimiter() *Limiter { return &Limiter{tok: make(chan struct{}, 1)} }

func (l *Limiter) Inc() int {
	l.tok <- struct{}{}
	l.count++
	n := l.count
	<-l.tok
	return n
}

func (l *Limiter) Spin() {
	for range 3 {
		go l.Inc()
	}
}

// Reset writes without the token: reported.
func (l *Limiter) Reset() {
	l.count = 0 // want `l.count is written in \(\*Limiter\).Reset without a lock and read in the goroutine started in \(\*Limiter\).Spin \(line 29\) via \(\*Limiter\).Inc holding l.tok`
}

// Pool is filled with its token when made: a receive takes it. Quiet.
type Pool struct {
	mem  chan []byte
	used int
}

func NewPool() *Pool {
	p := &Pool{mem: make(chan []byte, 1)}
	p.mem <- make([]byte, 64)
	return p
}

func (p *Pool) Use() {
	buf := <-p.mem
	p.used++
	p.mem <- buf
}

func (p *Pool) Spin() {
	for range 3 {
		go p.Use()
	}
}

// Gate takes its token in a select, with a default (TryLock) or with a
// context: only the case's body holds it. Quiet.
type Gate struct {
	sem  chan struct{}
	runs int
}

func NewGate() *Gate { return &Gate{sem: make(chan struct{}, 1)} }

func (g *Gate) TryRun() bool {
	select {
	case g.sem <- struct{}{}:
		g.runs++
		<-g.sem
		return true
	default:
		return false
	}
}

func (g *Gate) Run(ctx context.Context) error {
	select {
	case g.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-g.sem }()
	g.runs++
	return nil
}

func (g *Gate) Spin(ctx context.Context) {
	for range 3 {
		go g.TryRun()
		go g.Run(ctx)
	}
}

// Peek reads on the default branch, which holds no token: reported.
func (g *Gate) Peek() int {
	select {
	case g.sem <- struct{}{}:
		<-g.sem
		return 0
	default:
		return g.runs // want `g.runs is read in \(\*Gate\).Peek without a lock and written in the goroutine started in \(\*Gate\).Spin \(line 95\) via \(\*Gate\).TryRun holding g.sem`
	}
}

// Sem has capacity 2: two holders at once. Reported.
type Sem struct {
	slots chan struct{}
	n     int
}

func NewSem() *Sem { return &Sem{slots: make(chan struct{}, 2)} }

func (s *Sem) Do() {
	s.slots <- struct{}{}
	s.n++ // want `s.n is read in the goroutine started in RunSem \(line 133\) via \(\*Sem\).Do without a lock and written in another instance of goroutine started in RunSem \(line 133\) via \(\*Sem\).Do without a lock`
	<-s.slots
}

func (s *Sem) Get() int {
	s.slots <- struct{}{}
	defer func() { <-s.slots }()
	return s.n
}

func RunSem(s *Sem) {
	for range 3 {
		go s.Do()
	}
}

// Leaky hands its channel to other code, which may use it otherwise.
// Reported.
type Leaky struct {
	tok chan struct{}
	n   int
	mu  chan struct{}
}

func NewLeaky() *Leaky { return &Leaky{tok: make(chan struct{}, 1)} }

func (l *Leaky) Tok() chan struct{} { return l.tok }

func (l *Leaky) Do() {
	l.tok <- struct{}{}
	l.n++ // want `l.n is read in the goroutine started in RunLeaky \(line 157\) via \(\*Leaky\).Do without a lock and written in another instance of goroutine started in RunLeaky \(line 157\) via \(\*Leaky\).Do without a lock`
	<-l.tok
}

func RunLeaky(l *Leaky) {
	for range 3 {
		go l.Do()
	}
}
