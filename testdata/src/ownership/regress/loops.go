// Package regress holds cases the analyzer once got wrong; each says
// what is expected and what the analyzer reported before it was fixed.
package regress

type Job struct {
	id   int
	data []byte
}

// FreshFilledAfterAlloc is race-free: j is a new Job on every iteration, so
// j.data is nil when append runs and the append allocates a new array.
//
// Expected: no diagnostic.
// Before the fix: "j is written after it was sent on ch (line N); the receiver may
// be using it concurrently" at the append. The walker treats a load (*j.data)
// as never fresh, even when it loads from an object allocated anew on this
// iteration.
func FreshFilledAfterAlloc(ch chan *Job, inputs [][]byte) {
	for i, in := range inputs {
		j := new(Job)
		j.id = i
		j.data = append(j.data, in...)
		ch <- j
	}
}

// Batches is race-free: after each send the batch variable is reset to nil,
// so the next append allocates a new array.
//
// Expected: no diagnostic.
// Before the fix: "batch is written after it was sent on ch (line N)" at the
// append in the loop and "batch is sent again on ch after it was sent on ch
// (line N)" at the final send. The phi of batch merges the constant nil,
// which the walker does not count as fresh, so the value coming round the
// loop is taken to be the array sent before.
func Batches(ch chan []int, in []int) {
	var batch []int
	for _, v := range in {
		batch = append(batch, v)
		if len(batch) == 8 {
			ch <- batch
			batch = nil
		}
	}
	if len(batch) > 0 {
		ch <- batch
	}
}

type Entry struct {
	Key   string
	Value int
}

type Request struct {
	Add *Entry
	Get chan []*Entry
}

// FreshStructInLoop is race-free: every iteration allocates a new entry and
// sends it inside a new Request value.
//
// Expected: no diagnostic.
// Before the fix: "Request{…} is sent again on reqs after it was sent on reqs
// (line N); the receiver may be using it concurrently" at the send. The
// struct literal is built in a local Alloc and sent as a load (*t) of it;
// loads are never fresh, so the entry stored into it on this iteration is
// mistaken for the one sent on the previous one.
func FreshStructInLoop(reqs chan Request) {
	for i := 0; i < 3; i++ {
		e := &Entry{Key: "k", Value: i}
		reqs <- Request{Add: e}
	}
}
