package chanlock

// This package pins the ownership side of a channel of capacity 1 used
// as a lock (model.TokenOp): a write made holding the token is, as one
// made holding a mutex, the lockset pass's question, not evidence that
// handing the object to two goroutines races.

type Gate struct {
	sem  chan struct{}
	runs int
}

func NewGate() *Gate { return &Gate{sem: make(chan struct{}, 1)} }

func (g *Gate) Run() {
	g.sem <- struct{}{}
	g.runs++
	<-g.sem
}

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

// Both goroutines write g.runs holding the token: quiet.
func Start(g *Gate) {
	go g.Run()
	go g.TryRun()
}

// Sem has capacity 2: two holders at once, no lock.
type Sem struct {
	slots chan struct{}
	n     int
}

func NewSem() *Sem { return &Sem{slots: make(chan struct{}, 2)} }

func (s *Sem) Do() {
	s.slots <- struct{}{}
	s.n++
	<-s.slots
}

func (s *Sem) Other() {
	s.slots <- struct{}{}
	s.n--
	<-s.slots
}

// Both goroutines write s.n: reported.
func StartSem(s *Sem) {
	go s.Do()
	go s.Other() // want `s is handed to another goroutine after it was handed to the goroutine started at line 60; the goroutine may be using it concurrently`
}
