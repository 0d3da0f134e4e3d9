// Package freshperiteration pins the rule that a loop that allocates (or
// receives) a value and sends it each iteration sends fresh memory each
// time, while memory made before the loop is the same every time.
package freshperiteration

type Msg struct {
	Seq  int
	Body []byte
}

// Produce allocates a message per iteration: quiet.
func Produce(out chan<- *Msg, n int) {
	for i := 0; i < n; i++ {
		m := &Msg{Seq: i}
		m.Body = make([]byte, 32)
		m.Body[0] = byte(i)
		out <- m
	}
}

// ProduceBatches allocates a slice per iteration: quiet.
func ProduceBatches(out chan<- []int, n int) {
	for i := 0; i < n; i++ {
		batch := make([]int, 0, 8)
		batch = append(batch, i)
		out <- batch
	}
}

// Forward sends on what it received, each value a new one: quiet.
func Forward(in <-chan *Msg, out chan<- *Msg) {
	for {
		m, ok := <-in
		if !ok {
			return
		}
		m.Seq++
		out <- m
	}
}

// ProduceReused sends the message allocated before the loop every time:
// reported.
func ProduceReused(out chan<- *Msg, n int) {
	m := &Msg{}
	for i := 0; i < n; i++ {
		m.Seq = i // want `m is written after it was sent on out`
		out <- m
	}
}

// ProduceSharedBody wraps one body, made before the loop, in a fresh
// message per iteration: the body is not re-derived, so reported.
func ProduceSharedBody(out chan<- *Msg, n int) {
	body := make([]byte, 32)
	for i := 0; i < n; i++ {
		body[0] = byte(i) // want `is written after .* was sent on out`
		out <- &Msg{Seq: i, Body: body}
	}
}
