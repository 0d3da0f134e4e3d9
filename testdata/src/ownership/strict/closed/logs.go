package closed

import "slices"

// This file checks what the receiving machine's summaries say it keeps:
// a helper that appends the entries it gets to its machine's log
// (l.log = append(l.log, e)) keeps them at the log's elements, not
// anywhere in the machine, so the machine's other helpers, writing other
// fields, do not write them; and a machine that writes the copy
// slices.Clone made of what it got writes its own memory, as it would an
// allocation.

// Entry is a log entry with exported fields.
type Entry struct {
	Term, Index int
}

// Batch carries entries to append.
type Batch struct {
	Entries []*Entry
}

// Tick makes a logger mark its log.
type Tick struct{}

// logger is a machine that keeps the entries it gets in its log.
type logger struct {
	inbox chan any
	log   []*Entry
	marks []int
}

func newLogger() *logger {
	l := &logger{inbox: make(chan any, 8), marks: make([]int, 4)}
	go l.run()
	return l
}

func (l *logger) run() {
	for ev := range l.inbox {
		switch e := ev.(type) {
		case *Batch:
			l.take(e)
		case *Tick:
			l.tick()
		}
	}
}

// take appends the entries to the log: the new array it stores there
// holds them, at the place log>[] of the machine.
func (l *logger) take(b *Batch) {
	for _, e := range b.Entries {
		l.log = append(l.log, e)
	}
}

// tick writes the elements of another field.
func (l *logger) tick() {
	for i := range l.marks {
		l.marks[i] = len(l.log)
	}
}

// ReadAfterBatchSend reads the entries it sent to loggers that keep
// them and write only their own fields: quiet.
func ReadAfterBatchSend() int {
	b := &Batch{Entries: []*Entry{{Term: 1}}}
	for range 2 {
		l := newLogger()
		l.inbox <- b
		l.inbox <- &Tick{}
	}
	return b.Entries[0].Term
}

// WriteAfterBatchSend writes an entry it sent: reported.
func WriteAfterBatchSend() {
	l := newLogger()
	b := &Batch{Entries: []*Entry{{Term: 1}}}
	l.inbox <- b
	b.Entries[0].Term = 2 // want `b is written after it was sent on l.inbox`
}

// scribbler keeps the entries it gets and later rewrites the last.
type scribbler struct {
	inbox chan any
	log   []*Entry
}

func newScribbler() *scribbler {
	s := &scribbler{inbox: make(chan any, 8)}
	go s.run()
	return s
}

func (s *scribbler) run() {
	for ev := range s.inbox {
		switch e := ev.(type) {
		case *Batch:
			s.take(e)
		case *Tick:
			s.retag()
		}
	}
}

func (s *scribbler) take(b *Batch) {
	for _, e := range b.Entries {
		s.log = append(s.log, e)
	}
}

// retag writes the kept entries.
func (s *scribbler) retag() {
	for _, e := range s.log {
		e.Index = 0
	}
}

// ReadAfterScribblerSend reads an entry a receiver keeps and writes:
// reported.
func ReadAfterScribblerSend() int {
	s := newScribbler()
	b := &Batch{Entries: []*Entry{{Term: 1}}}
	s.inbox <- b
	return b.Entries[0].Index // want `b is read after it was sent on s.inbox`
}

// exporter keeps the entries it gets and hands its log to a function
// the analysis cannot see, which may write them.
type exporter struct {
	inbox chan any
	log   []*Entry
	sink  func([]*Entry)
}

func newExporter(sink func([]*Entry)) *exporter {
	x := &exporter{inbox: make(chan any, 8), sink: sink}
	go x.run()
	return x
}

func (x *exporter) run() {
	for ev := range x.inbox {
		switch e := ev.(type) {
		case *Batch:
			x.take(e)
		case *Tick:
			x.sink(x.log)
		}
	}
}

func (x *exporter) take(b *Batch) {
	for _, e := range b.Entries {
		x.log = append(x.log, e)
	}
}

// ReadAfterExporterSend reads an entry a receiver hands to unseen code:
// reported.
func ReadAfterExporterSend(sink func([]*Entry)) int {
	x := newExporter(sink)
	b := &Batch{Entries: []*Entry{{Term: 1}}}
	x.inbox <- b
	return b.Entries[0].Term // want `b is read after it was sent on x.inbox`
}

// Snapshot is a state to boot from.
type Snapshot struct {
	State []int
}

// booter is a machine that boots from a copy of the snapshot it gets
// and then writes its copy.
type booter struct {
	inbox chan *Snapshot
	state []int
}

func newBooter() *booter {
	b := &booter{inbox: make(chan *Snapshot, 1)}
	go b.run()
	return b
}

func (b *booter) run() {
	for s := range b.inbox {
		b.state = slices.Clone(s.State)
		b.state[0]++
	}
}

// ReadAfterBoot sends one snapshot to several booters, which write only
// their copies, and reads it: quiet.
func ReadAfterBoot() int {
	s := &Snapshot{State: make([]int, 4)}
	for range 3 {
		b := newBooter()
		b.inbox <- s
	}
	return s.State[0]
}

// inPlaceBooter writes the snapshot it gets itself.
type inPlaceBooter struct {
	inbox chan *Snapshot
	state []int
}

func newInPlaceBooter() *inPlaceBooter {
	b := &inPlaceBooter{inbox: make(chan *Snapshot, 1)}
	go b.run()
	return b
}

func (b *inPlaceBooter) run() {
	for s := range b.inbox {
		b.state = s.State
		b.state[0]++
	}
}

// ReadAfterInPlaceBoot reads a snapshot a receiver writes: reported.
func ReadAfterInPlaceBoot() int {
	b := newInPlaceBooter()
	s := &Snapshot{State: make([]int, 4)}
	b.inbox <- s
	return s.State[0] // want `s is read after it was sent on b.inbox`
}
