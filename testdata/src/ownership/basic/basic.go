// Package basic holds the simplest transfers: a channel send followed by a
// use of what was sent.
package basic

type T struct {
	x    int
	next *T
}

func use(p *T) int { return p.x }

// UseAfterSend writes a field of a pointer it has sent.
func UseAfterSend(ch chan *T) {
	m := &T{}
	ch <- m
	m.x = 1 // want `m is written after it was sent on ch \(line \d+\); the receiver may be using it concurrently`
}

// ReadAfterSend reads a field of a pointer it has sent.
func ReadAfterSend(ch chan *T) int {
	m := &T{x: 1}
	ch <- m
	return m.x // want `m is read after it was sent on ch`
}

// PassAfterSend passes a sent pointer to another function.
func PassAfterSend(ch chan *T) int {
	m := &T{}
	ch <- m
	return use(m) // want `m is passed to basic.use after it was sent on ch`
}

// AliasAfterSend uses an alias of the sent pointer.
func AliasAfterSend(ch chan *T) {
	m := &T{}
	alias := m
	ch <- m
	alias.x = 2 // want `m is written after it was sent on ch`
}

// ReachableAfterSend writes memory reachable from what was sent.
func ReachableAfterSend(ch chan *T) {
	inner := &T{}
	outer := &T{next: inner}
	ch <- outer
	inner.x = 3 // want `outer is written after it was sent on ch`
}

// ParamAfterSend sends its parameter and keeps using it.
func ParamAfterSend(ch chan *T, p *T) {
	ch <- p
	p.x++ // want `p is (read|written) after it was sent on ch`
}

// Msg carries a pointer by value.
type Msg struct {
	id int
	p  *T
}

// StructByValue sends a struct holding the pointer; the pointee goes too.
func StructByValue(ch chan Msg) {
	p := &T{}
	ch <- Msg{id: 1, p: p}
	p.x = 1 // want `is written after it was sent on ch`
}

// SliceElement sends a slice and writes one of its elements.
func SliceElement(ch chan []int) {
	s := make([]int, 4)
	ch <- s
	s[0] = 1 // want `s is written after it was sent on ch`
}

// SliceAppend sends a slice and appends to it.
func SliceAppend(ch chan []int) []int {
	s := make([]int, 0, 8)
	ch <- s
	return append(s, 1) // want `s is written after it was sent on ch`
}

// MapWrite sends a map and writes it.
func MapWrite(ch chan map[string]int) {
	m := map[string]int{}
	ch <- m
	m["a"] = 1 // want `m is written after it was sent on ch`
}

// MapRead sends a map and reads it.
func MapRead(ch chan map[string]int) int {
	m := map[string]int{}
	ch <- m
	return m["a"] // want `m is read after it was sent on ch`
}

// SelectSend sends in a select case and then writes.
func SelectSend(ch chan *T, quit chan struct{}) {
	m := &T{}
	select {
	case ch <- m:
	case <-quit:
	}
	m.x = 1 // want `m is written after it was sent on ch`
}

// SentAgain sends the same pointer on two channels.
func SentAgain(a, b chan *T) {
	m := &T{}
	a <- m
	b <- m // want `m is sent again on b after it was sent on a`
}

// StoredAfterSend stores the sent pointer into a live structure.
func StoredAfterSend(ch chan *T, keep *T) {
	m := &T{}
	ch <- m
	keep.next = m // want `m is stored into keep.next after it was sent on ch`
}

// OneBranch uses the pointer after sending it on one path only.
func OneBranch(ch chan *T, cond bool) {
	m := &T{}
	if cond {
		ch <- m
	}
	m.x = 1 // want `m is written after it was sent on ch`
}

// UseBeforeSend finishes with the pointer before sending it.
func UseBeforeSend(ch chan *T) {
	m := &T{}
	m.x = 1
	m.next = &T{}
	ch <- m
}

// OtherObject uses a different object after the send.
func OtherObject(ch chan *T) {
	m := &T{}
	other := &T{}
	ch <- m
	other.x = 1
}

// ReturnGiven hands the pointer back to the caller: returning is not a use.
func ReturnGiven(ch chan *T) *T {
	m := &T{}
	ch <- m
	return m
}

// Reassigned sends one object and then works on a new one in the same
// variable.
func Reassigned(ch chan *T) {
	m := &T{}
	ch <- m
	m = &T{}
	m.x = 1
}

// SendCopy sends a copy of a struct with no references.
func SendCopy(ch chan T2) {
	v := T2{a: 1}
	ch <- v
	v.a = 2
}

type T2 struct{ a, b int }

func work(p *T) { p.x++ }

// GoAfterSend hands the sent pointer to a goroutine as well.
func GoAfterSend(ch chan *T) {
	p := &T{}
	ch <- p
	go work(p) // want `p is handed to another goroutine after it was sent on ch`
}

// MapStoreAfterSend keeps the sent pointer in a map.
func MapStoreAfterSend(ch chan *T, index map[string]*T) {
	p := &T{}
	ch <- p
	index["p"] = p // want `p is stored into a map after it was sent on ch`
}

// Pair holds two independent pointers.
type Pair struct {
	a, b *T
}

// SplitFields sends the two halves of a pair on two channels.
func SplitFields(c1, c2 chan *T) {
	m := &Pair{a: &T{}, b: &T{}}
	c1 <- m.a
	c2 <- m.b
}

// CompareAfterSend only compares the pointer, which reads no shared
// memory.
func CompareAfterSend(ch chan *T, q *T) bool {
	p := &T{}
	ch <- p
	return p == q
}

// SliceLenAfterSend reads the length kept in its own slice header.
func SliceLenAfterSend(ch chan []int) int {
	s := make([]int, 3)
	ch <- s
	return len(s)
}

// MapLenAfterSend reads the length of a map, which lives in the map.
func MapLenAfterSend(ch chan map[int]int) int {
	m := map[int]int{1: 1}
	ch <- m
	return len(m) // want `m is read after it was sent on ch`
}

// The receivers of the package: each writes what it receives, which is the
// evidence that reading a sent value races (a receiver the analysis does
// not see is none, see ../../rules/receiverwrites).

// Consume counts in what it receives.
func Consume(ch chan *T) {
	for m := range ch {
		m.x++
	}
}

// ConsumeMaps marks the maps it receives.
func ConsumeMaps(ch chan map[string]int, counts chan map[int]int) {
	for {
		select {
		case m := <-ch:
			m["seen"]++
		case m := <-counts:
			delete(m, 0)
		}
	}
}
