// Package loops checks sends in loops: a fresh object per iteration is a
// new transfer each time; the same object sent twice is a race.
package loops

type Job struct {
	id   int
	data []byte
}

// Fresh allocates a job per iteration.
func Fresh(ch chan *Job, n int) {
	for i := 0; i < n; i++ {
		j := &Job{id: i}
		j.data = make([]byte, 16)
		ch <- j
	}
}

// Reused sends the same job on every iteration.
func Reused(ch chan *Job, n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		ch <- j // want `j is sent again on ch after it was sent on ch`
	}
}

// ReusedWritten mutates the job it sent on the previous iteration.
func ReusedWritten(ch chan *Job, n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		j.id = i // want `j is written after it was sent on ch`
		ch <- j
	}
}

// ReusedBuffer sends the same buffer in every job.
func ReusedBuffer(ch chan *Job, n int) {
	buf := make([]byte, 64)
	for i := 0; i < n; i++ {
		buf[0] = byte(i) // want `is written after it was sent on ch`
		ch <- &Job{id: i, data: buf}
	}
}

// FreshSlices sends a fresh slice per iteration.
func FreshSlices(ch chan []int, n int) {
	for i := 0; i < n; i++ {
		s := make([]int, n)
		s[i] = i
		ch <- s
	}
}

// Received forwards what it receives: the receiver owns each value.
func Received(in, out chan *Job) {
	for j := range in {
		j.id++
		out <- j
	}
}

// Drain clears the first byte of each job's buffer: the receiving side
// that writes the buffers the jobs share.
func Drain(in chan *Job) {
	for j := range in {
		if len(j.data) > 0 {
			j.data[0] = 0
		}
	}
}

// Partition hands the same slice to several goroutines, each working on
// its own elements, and joins them through the done channel they capture.
func Partition(data []int, done chan bool) {
	for i := 0; i < 4; i++ {
		go func(lo int) {
			for j := lo; j < len(data); j += 4 {
				data[j]++
			}
			done <- true
		}(i)
	}
	for i := 0; i < 4; i++ {
		<-done
	}
}

// PartitionEarlyRead reads the slice while the goroutines run.
func PartitionEarlyRead(data []int, done chan bool) int {
	for i := 0; i < 4; i++ {
		go func(lo int) {
			data[lo]++
			done <- true
		}(i)
	}
	first := data[0] // want `data is read after it was handed to the goroutine started at line \d+`
	for i := 0; i < 4; i++ {
		<-done
	}
	return first
}

// ReceiveIsNoJoin receives on the channel it sent on: what comes back may
// be another value, so the one sent is still given up.
func ReceiveIsNoJoin(ch chan *Job) int {
	j := &Job{}
	ch <- j
	k := <-ch
	return k.id + j.id // want `j is read after it was sent on ch`
}

// SelectFresh sends a fresh job per iteration in a select.
func SelectFresh(ch chan *Job, quit chan bool) {
	for i := 0; ; i++ {
		j := &Job{id: i}
		select {
		case ch <- j:
		case <-quit:
			return
		}
	}
}

func bump(j *Job, done chan bool) {
	j.id++
	done <- true
}

// GoSameArgInLoop hands the same job to every goroutine as an argument.
// The goroutines of one go statement race with each other: by default the
// lockset pass reports them (the two instances write j.id), since it sees
// the locks they might hold; the strict reading reports it here too
// (ownership/strict).
func GoSameArgInLoop(n int, done chan bool) {
	j := &Job{}
	for i := 0; i < n; i++ {
		go bump(j, done)
	}
}

// GoFreshArgInLoop hands each goroutine its own job.
func GoFreshArgInLoop(n int, done chan bool) {
	for i := 0; i < n; i++ {
		go bump(&Job{id: i}, done)
	}
}

// GoSameObjectInLoop hands the same job to every goroutine through the
// literal's capture: the partition exemption covers slices only.
func GoSameObjectInLoop(n int, done chan bool) {
	j := &Job{}
	for i := 0; i < n; i++ {
		go func() { // the lockset pass reports the instances' j.id
			j.id++
			done <- true
		}()
	}
}

type counter struct{ n int }

// Each goroutine reads the limit and writes the shared counter: the
// lockset pass reports the instances' c.n.
func countUpTo(total int, c *counter) {
	limit := &total
	for i := 0; i < 3; i++ {
		go func() {
			for j := 0; j < *limit; j++ {
				c.n++
			}
		}()
	}
}

// defaultData is shared by every job that has no data of its own; what
// is reachable from package-level variables is the lockset pass's.
var defaultData = []byte("none")

func newDefaultJob(id int) *Job { return &Job{id: id, data: defaultData} }

// FreshFromConstructor sends a job its constructor makes anew on each
// call, though it holds package-level memory.
func FreshFromConstructor(ch chan *Job, n int) {
	for i := 0; i < n; i++ {
		ch <- newDefaultJob(i)
	}
}

// reuse returns its job, or a new one when it has none.
func reuse(j *Job) *Job {
	if j == nil {
		return newDefaultJob(0)
	}
	return j
}

// ReusedThroughCall sends the same job every iteration through a call
// that may return its argument: not new memory.
func ReusedThroughCall(ch chan *Job, n int) {
	j := &Job{}
	for i := 0; i < n; i++ {
		ch <- reuse(j) // want `reuse\(j\) is sent again on ch after it was sent on ch \(line \d+\) in an earlier iteration`
	}
}

func withData(id int, data []byte) *Job { return &Job{id: id, data: data} }

// SharedBufferThroughConstructor sends a new job per iteration, each over
// the same buffer, which the receivers may write.
func SharedBufferThroughConstructor(ch chan *Job, n int) {
	buf := make([]byte, 64)
	for i := 0; i < n; i++ {
		ch <- withData(i, buf) // want `withData\(i, buf\) is sent again on ch after it was sent on ch \(line \d+\) in an earlier iteration`
	}
}
