// Package strict holds the races only P#'s conservative reading reports:
// they rest on what the analysis cannot see (an unknown callee, a budget
// hit). The default reading is quiet on all of them, by design.
package strict

import "unsafe"

type Config struct {
	Name string
	Next *Config
}

// Two pointers passed to an unknown callee may now reach each other:
// writing one after sending the other is reported.
func sendLinked(ch chan *Config, c *Config, link func(a, b *Config)) {
	d := &Config{}
	link(d, c)
	ch <- d
	c.Name = "x" // want `c.Name is written after d, which shares memory with it, was sent on ch`
}

// An unknown callee may write, and so race with, what it is passed.
func passUnknown(ch chan *Config, c *Config, use func(*Config)) {
	ch <- c
	use(c) // want `c is passed to use after it was sent on ch`
}

// Bytes hold no references: the unknown callee links nothing to them,
// even in the strict reading.
func sendBytes(ch chan []byte, c *Config, parse func([]byte, *Config)) {
	buf := make([]byte, 8)
	parse(buf, c)
	ch <- buf
	c.Name = "x"
}

type Node struct {
	Val  int
	Next *Node
}

// A use through another variable than the one given up.
func SendLinked(ch chan *Node, a, b *Node) {
	a.Next = b
	ch <- a
	b.Val = 2 // want `b.Val is written after a, which shares memory with it, was sent on ch`
}

// A Settings value is never written after construction; the strict reading
// still reports keeping it after the send.
type Settings struct{ Name string }

var current *Settings

func Publish(ch chan *Settings) {
	c := &Settings{Name: "a"}
	current = c
	ch <- c // want `c is sent on ch but stays reachable from strict.current`
}

// Event goes to receivers this package does not have.
type Event struct{ Kind int }

// The receiver of out is not seen: the strict reading assumes it writes
// what it receives (the default is quiet, see rules/receiverwrites).
func emitThenRead(out chan<- *Event, e *Event) int {
	out <- e
	return e.Kind // want `e is read after it was sent on out`
}

// Queue keeps items of any type and sends them.
type Queue[E any] struct {
	pending []E
	out     chan E
}

// Nothing shows an item written, but the strict reading assumes it.
func (q *Queue[E]) flush() {
	q.out <- q.pending[0] // want `q.pending\[0\] is sent on q.out but stays reachable from q.pending`
}

// Observed is written by its observers.
type Observed struct{ N int }

func watch(ch chan *Observed) {
	for o := range ch {
		o.N++
	}
}

// notifyAll sends o to the first observer, if there is one.
func notifyAll(obs []chan *Observed, o *Observed) {
	if len(obs) > 0 {
		obs[0] <- o
	}
}

// NotifyThenWrite writes what notifyAll may have sent: the default
// reading needs every call to give it up (rules/everycall), the strict
// reading reports it.
func NotifyThenWrite(obs []chan *Observed, o *Observed) {
	go watch(obs[0])
	notifyAll(obs, o)
	o.N = 0 // want `o is written after it was given up by strict.notifyAll`
}

// HandThenRead reads c after handing it to a goroutine that writes
// through a pointer made from an integer, which may point anywhere:
// reported only under -strict (ownership/unseen is quiet).
func HandThenRead(c *Config, base uintptr) string {
	go func() {
		_ = c.Name
		*(*byte)(unsafe.Pointer(base + 8)) = 0
	}()
	return c.Name // want `c is read after it was handed to the goroutine`
}

// A locker is a user's lock interface: the model takes its Lock and
// Unlock for a lock's (model.LockKindOf).
type locker interface {
	Lock()
	Unlock()
}

type Stats struct{ hits int }

// countLocked counts under mu, which the spawner below does not take.
func countLocked(mu locker, st *Stats, done chan bool) {
	mu.Lock()
	st.hits++
	mu.Unlock()
	done <- true
}

// The goroutine writes under a lock, the spawner reads without it: a
// race. By default a write under a lock is no ownership evidence (the
// lockset pass reports this pair); the strict reading counts it.
func readUnlocked(mu locker, st *Stats, done chan bool) int {
	go countLocked(mu, st, done)
	return st.hits // want `st is read after it was handed to the goroutine started at line \d+`
}

// A Buf's goroutine counts while the spawner resets the data: different
// fields, which the default reading tells apart (the places each side
// touches); the strict reading compares objects.
type Buf struct {
	n    int
	data []byte
}

func countAndReset() {
	b := &Buf{}
	go func() { b.n++ }()
	b.data = nil // want `b is written after it was handed to the goroutine started at line \d+`
}

type Job struct{ id int }

func bump(j *Job) { j.id++ }

// One go statement in a loop hands the same job to each goroutine it
// starts. By default the lockset pass reports the instances' writes (it
// sees their locks); the strict reading reports the transfer here.
func goSameInLoop(n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		go bump(j) // want `j is handed to another goroutine after it was handed to the goroutine started at line \d+ in an earlier iteration`
	}
}

// Table keeps rows that nothing writes after they are built.
type Table struct {
	rows []byte
}

// NewTable builds the rows before the table exists.
func NewTable() *Table {
	rows := make([]byte, 4)
	rows[0] = 1
	return &Table{rows: rows}
}

// SendRows sends rows the table keeps. By default nothing writing them
// through the field is no race; the strict reading needs no write.
func (t *Table) SendRows(ch chan []byte) {
	ch <- t.rows // want `t.rows is sent on ch but stays reachable from t.rows`
}

// scribble writes some other []byte: no evidence about t.rows by default.
func scribble(b []byte) { b[0] = 2 }

// limits is only this package's to write, and it never writes it after
// construction; but the package imports unsafe, whose pointer arithmetic
// the facts do not see, so keeping it is still reported (compare
// ownership/strict/sealed).
type limits struct{ max int }

var currentLimits *limits

func KeepLimits(ch chan *limits) {
	l := &limits{max: 3}
	currentLimits = l
	ch <- l // want `l is sent on ch but stays reachable from strict.currentLimits`
}
