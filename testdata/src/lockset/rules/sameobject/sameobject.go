package sameobject // want package:"lockset summaries"

// This package pins that a goroutine started on an object its spawner
// allocates races with the methods of the object's type only if the
// object leaves the spawner (returned, stored, sent): otherwise no other
// entry point can run on the same object (default reading; -strict pairs
// them anyway).

type Counter struct {
	hits int
}

func (c *Counter) run(done chan bool) {
	c.hits++ // want `c.hits is written in the goroutine started in New \(line \d+\) via \(\*Counter\).run without a lock and read in \(\*Counter\).Hits without a lock`
	done <- true
}

// Hits is an entry point of Counter, which runs goroutines.
func (c *Counter) Hits() int {
	return c.hits
}

// Local starts the goroutine on a counter no one else can reach: quiet.
func Local() int {
	c := &Counter{}
	done := make(chan bool)
	go c.run(done)
	<-done
	return 0
}

// New returns the counter while its goroutine may still write it.
func New() *Counter {
	c := &Counter{}
	go c.run(make(chan bool, 1))
	return c
}

// A Lister is filled by a goroutine its constructor starts; ListA and
// ListB each allocate their own, so their goroutines never write the same
// lister: quiet, although both goroutines write err without a lock.
type Lister struct {
	items chan int
	err   error
}

// ListA returns a lister whose goroutine sets err when it fails.
func ListA(fail func() error) *Lister {
	l := &Lister{items: make(chan int)}
	go func() {
		defer close(l.items)
		l.err = fail()
	}()
	return l
}

// ListB is ListA with another producer.
func ListB(fail func() error) *Lister {
	l := &Lister{items: make(chan int)}
	go func() {
		defer close(l.items)
		if err := fail(); err != nil {
			l.err = err
		}
	}()
	return l
}

// Shared returns a lister whose goroutines, started on one object, both
// write it.
func Shared(fail func() error) *Lister {
	l := &Lister{items: make(chan int)}
	go func() { l.err = fail() }() // want `l.err is written in the goroutine started in Shared \(line \d+\) without a lock and written in the goroutine started in Shared \(line \d+\) without a lock`
	go func() { l.err = fail() }()
	return l
}
