package sharedfields

import "sync"

// Worker is made by newWorker, which its callers give the pool's stats.
type Worker struct {
	stats *Stats
	done  int
}

func newWorker(stats *Stats) *Worker { return &Worker{stats: stats} }

func (w *Worker) work(wg *sync.WaitGroup) {
	defer wg.Done()
	w.stats.Applied++ // want `Worker.stats.Applied is read in the goroutine started in RunWorkers \(line \d+\) via \(\*Worker\).work without a lock and written in another instance`
	w.done++
}

// RunWorkers starts workers that share one Stats through their
// constructor.
func RunWorkers(n int, stats *Stats) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go newWorker(stats).work(&wg)
	}
	wg.Wait()
}

// Node is started by its manager, once per call of spawn.
type Node struct {
	stats *Stats
	inbox chan int
}

func (n *Node) run() {
	for v := range n.inbox {
		n.stats.Limit += v // want `Node.stats.Limit is read in the goroutine started in \(\*Manager\).spawn \(line \d+\) via \(\*Node\).run without a lock and written in another instance`
	}
}

// Manager hands its own stats to every node it spawns.
type Manager struct {
	stats *Stats
	nodes []*Node
}

func (m *Manager) spawn() {
	n := &Node{stats: m.stats, inbox: make(chan int)}
	m.nodes = append(m.nodes, n)
	go n.run()
}

// Start spawns n nodes.
func (m *Manager) Start(n int) {
	for range n {
		m.spawn()
	}
}

// Lone is started once per call of StartLone, each with a Stats of its
// own: quiet.
type Lone struct {
	stats *Stats
}

func (l *Lone) run() { l.stats.Applied++ }

// StartLone starts one Lone on fresh stats.
func StartLone() {
	l := &Lone{stats: &Stats{}}
	go l.run()
}
