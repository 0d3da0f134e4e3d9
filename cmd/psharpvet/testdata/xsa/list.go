// Package xsa is P#'s Example 5.5 in Go: a list manager that sends the
// list it built, with and without resetting the field.
package xsa

type manager struct {
	in   chan int
	get  chan struct{}
	out  chan []int
	list []int
}

// run resets the list after sending it: quiet with xsa.
func (m *manager) run() {
	for {
		select {
		case v := <-m.in:
			m.list = append(m.list, v)
		case <-m.get:
			m.out <- m.list
			m.list = nil
		}
	}
}

type leaky struct {
	in   chan int
	get  chan struct{}
	out  chan []int
	list []int
}

// run keeps appending to the list it sent.
func (l *leaky) run() {
	for {
		select {
		case v := <-l.in:
			l.list = append(l.list, v)
		case <-l.get:
			l.out <- l.list
		}
	}
}

// Start runs both managers.
func Start() {
	go (&manager{}).run()
	go (&leaky{}).run()
}
