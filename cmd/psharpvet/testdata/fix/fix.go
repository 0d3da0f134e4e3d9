// Package fix has two races whose fixes are mechanical, which psharpvet
// -fix applies (fix.go.golden is this file fixed).
package fix

import "fmt"

// manager is P#'s list manager: it keeps the list it sent, and appends
// to it while the receiver sorts it.
type manager struct {
	in   chan int
	get  chan struct{}
	out  chan []int
	list []int
}

func (m *manager) run() {
	for {
		select {
		case v := <-m.in:
			m.list = append(m.list, v)
		case <-m.get:
			m.out <- m.list
		}
	}
}

func sorter(ch chan []int) {
	for xs := range ch {
		xs[0] = 0
	}
}

// Send logs what it sent, while the receiver sorts it.
func Send(ch chan []int) {
	xs := []int{3, 1, 2}
	ch <- xs
	fmt.Println(xs)
}

// Start runs the manager and the sorter.
func Start() {
	go (&manager{}).run()
	go sorter(make(chan []int))
}
