package chanmutex

// A channel of capacity 1 used as a mutex.
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

func Run(l *Limiter) {
	go l.Inc()
	l.Inc()
}
