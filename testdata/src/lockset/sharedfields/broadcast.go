package sharedfields

import "sync"

// Entry is a slot of a batch that a proposer sends to its acceptors.
type Entry struct {
	Ballot int
	Value  string
}

// Batch carries entries.
type Batch struct {
	Entries []*Entry
}

// Acceptor stamps the entries of every batch it receives.
type Acceptor struct {
	inbox chan any
	seen  int
}

func (a *Acceptor) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for msg := range a.inbox {
		switch m := msg.(type) {
		case *Batch:
			for _, e := range m.Entries {
				e.Ballot++ // want `\(<-Acceptor.inbox\).Entries\[\*\].Ballot is read in the goroutine started in Broadcast \(line \d+\) via \(\*Acceptor\).run without a lock and written in another instance of goroutine`
			}
			a.seen++
		}
	}
}

// Broadcast sends one batch to every acceptor: they all stamp the same
// entries.
func Broadcast(acceptors []*Acceptor, entries []*Entry) {
	var wg sync.WaitGroup
	for _, a := range acceptors {
		wg.Add(1)
		go a.run(&wg)
	}
	msg := &Batch{Entries: entries}
	for _, a := range acceptors {
		a.inbox <- msg
	}
	for _, a := range acceptors {
		close(a.inbox)
	}
	wg.Wait()
}

// Reader only reads what it is sent.
type Reader struct {
	inbox chan *Batch
	n     int
}

func (r *Reader) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range r.inbox {
		for _, e := range m.Entries {
			r.n += len(e.Value)
		}
	}
}

// BroadcastReadOnly sends one batch to readers that only read it: quiet.
func BroadcastReadOnly(readers []*Reader, entries []*Entry) {
	var wg sync.WaitGroup
	for _, r := range readers {
		wg.Add(1)
		go r.run(&wg)
	}
	msg := &Batch{Entries: entries}
	for _, r := range readers {
		r.inbox <- msg
	}
	wg.Wait()
}

// Stamper stamps what it is sent, like Acceptor.
type Stamper struct {
	inbox chan *Entry
}

func (s *Stamper) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for e := range s.inbox {
		e.Ballot++
	}
}

// FanOut sends every stamper an entry of its own: quiet.
func FanOut(stampers []*Stamper) {
	var wg sync.WaitGroup
	for _, s := range stampers {
		wg.Add(1)
		go s.run(&wg)
	}
	for i, s := range stampers {
		s.inbox <- &Entry{Ballot: i}
	}
	wg.Wait()
}

// Slicer bumps its own element of a shared slice, by index: quiet (the
// fan-out idiom), while Scanner walks every element of one: racy.
type Slicer struct {
	id   int
	data []int
}

func (w *Slicer) run(wg *sync.WaitGroup) {
	defer wg.Done()
	w.data[w.id]++
}

// Scanner bumps every element of a slice it shares with the others.
type Scanner struct {
	data []int
}

func (s *Scanner) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for i := range s.data {
		s.data[i]++ // want `Scanner.data\[\*\] is read in the goroutine started in RunScanners \(line \d+\) via \(\*Scanner\).run without a lock and written in another instance of goroutine`
	}
}

// RunSlicers starts slicers on one slice, each on its element: quiet.
func RunSlicers(data []int) {
	var wg sync.WaitGroup
	for i := range data {
		wg.Add(1)
		w := &Slicer{id: i, data: data}
		go w.run(&wg)
	}
	wg.Wait()
}

// RunScanners starts scanners that each walk the whole slice: racy.
func RunScanners(n int, data []int) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		s := &Scanner{data: data}
		go s.run(&wg)
	}
	wg.Wait()
}

// Snapshot is what every replica boots from.
type Snapshot struct {
	State []int
}

// Boot carries a snapshot; each replica gets a Boot of its own, but they
// all point to one snapshot.
type Boot struct {
	Snap *Snapshot
}

// Replica keeps the state it booted from, and writes it.
type Replica struct {
	inbox chan *Boot
	state []int
}

func (r *Replica) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range r.inbox {
		r.state = m.Snap.State
		r.state[len(r.state)-1]++ // want `Replica.state\[\*\] is read in the goroutine started in BootReplicas \(line \d+\) via \(\*Replica\).run without a lock and written in another instance of goroutine`
	}
}

// BootReplicas boots every replica from one snapshot: racy.
func BootReplicas(replicas []*Replica) {
	var wg sync.WaitGroup
	for _, r := range replicas {
		wg.Add(1)
		go r.run(&wg)
	}
	snap := &Snapshot{State: make([]int, 4)}
	for _, r := range replicas {
		r.inbox <- &Boot{Snap: snap}
	}
	wg.Wait()
}

// CopyReplica copies the state it boots from.
type CopyReplica struct {
	inbox chan *Boot
	state []int
}

func (r *CopyReplica) run(wg *sync.WaitGroup) {
	defer wg.Done()
	for m := range r.inbox {
		r.state = append([]int(nil), m.Snap.State...)
		r.state[len(r.state)-1]++
	}
}

// BootCopyReplicas boots replicas that copy the snapshot: quiet.
func BootCopyReplicas(replicas []*CopyReplica) {
	var wg sync.WaitGroup
	for _, r := range replicas {
		wg.Add(1)
		go r.run(&wg)
	}
	snap := &Snapshot{State: make([]int, 4)}
	for _, r := range replicas {
		r.inbox <- &Boot{Snap: snap}
	}
	wg.Wait()
}

// Tally is the message a Counter gets: one set of counts for everybody.
type Tally struct {
	Counts []int
}

// Counter runs as a goroutine literal that calls its run method, and is
// sent its messages through a helper taking any.
type Counter struct {
	id    int
	inbox chan any
}

func (c *Counter) send(ev any) { c.inbox <- ev }

func (c *Counter) run() {
	for ev := range c.inbox {
		if t, ok := ev.(*Tally); ok {
			for _, n := range t.Counts { // want `\(<-Counter.inbox\).Counts\[\*\] is read in the goroutine started in Tallies \(line \d+\) via \(\*Counter\).run without a lock and written in another instance`
				_ = n
			}
			t.Counts[c.id]++
		}
	}
}

// Tallies sends one tally to every counter, each of which writes its own
// count and reads everybody's: racy, though each writes only its own
// element (the readers read them all).
func Tallies(counters []*Counter) {
	var wg sync.WaitGroup
	for _, c := range counters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.run()
		}()
	}
	t := &Tally{Counts: make([]int, len(counters))}
	for _, c := range counters {
		c.send(t)
	}
	wg.Wait()
}

// OwnSlots is Tallies where each counter only writes its own element:
// quiet (the partition idiom).
type OwnSlots struct {
	id    int
	inbox chan any
}

func (c *OwnSlots) send(ev any) { c.inbox <- ev }

func (c *OwnSlots) run() {
	for ev := range c.inbox {
		if t, ok := ev.(*Tally); ok {
			t.Counts[c.id]++
		}
	}
}

// OwnTallies sends one tally to every counter, each of which writes only
// its own element.
func OwnTallies(counters []*OwnSlots) {
	var wg sync.WaitGroup
	for _, c := range counters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.run()
		}()
	}
	t := &Tally{Counts: make([]int, len(counters))}
	for _, c := range counters {
		c.send(t)
	}
	wg.Wait()
}
