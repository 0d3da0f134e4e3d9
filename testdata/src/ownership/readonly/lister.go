package readonly

type lister struct {
	ch  chan string
	err error
	n   int
}

func (l *lister) next() ([]string, error) { l.n++; return nil, nil }

// A constructor starts the lister's goroutine, which writes through the
// captured variable l but never assigns l itself: returning l is quiet.
func newLister() *lister {
	l := &lister{ch: make(chan string)}
	go func() {
		defer close(l.ch)
		items, err := l.next()
		if err != nil {
			l.err = err
			return
		}
		for _, it := range items {
			l.ch <- it
		}
	}()
	return l
}

// Reading what the goroutine writes is reported.
func newListerPeek() int {
	l := &lister{ch: make(chan string)}
	go func() {
		l.next()
	}()
	return l.n // want `l is read after it was handed to the goroutine started at line 32`
}
