package sharedfields

import "sync"

// Peer runs on a goroutine that a helper starts from a func value.
type Peer struct {
	stats *Stats
	own   int
}

func (p *Peer) run() {
	p.stats.Applied++ // want `Peer.stats.Applied is read in the goroutine started in the func literal in RunPeers \(line \d+\) via \(\*Peer\).run without a lock and written in another instance of goroutine`
	p.own++
}

// RunPeers starts its peers through a helper that is given each peer's
// run method: the helper's call of its func value is the method.
func RunPeers(n int) {
	stats := &Stats{}
	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	for range n {
		p := &Peer{stats: stats}
		start(p.run)
	}
	wg.Wait()
}

// OwnPeer is a Peer that RunOwnPeers gives a Stats of its own.
type OwnPeer struct {
	stats *Stats
}

func (p *OwnPeer) run() {
	p.stats.Applied++
}

// RunOwnPeers starts its peers the same way, each with its own Stats:
// quiet.
func RunOwnPeers(n int) {
	var wg sync.WaitGroup
	start := func(run func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	for range n {
		start((&OwnPeer{stats: &Stats{}}).run)
	}
	wg.Wait()
}

// Queue hands its own pending item to itself: an instance moving its own
// data is no sharing, though the item comes out of a field.
type Queue struct {
	items   []*Stats
	current *Stats
}

func (q *Queue) next() {
	q.current = q.items[0]
	q.items = q.items[1:]
}

func (q *Queue) work(done chan<- bool) {
	q.next()
	q.current.Applied++
	done <- true
}

// RunQueues starts queues, each with items of its own: quiet.
func RunQueues(n int) {
	done := make(chan bool)
	for range n {
		q := &Queue{items: []*Stats{{}, {}}}
		go q.work(done)
	}
	for range n {
		<-done
	}
}
