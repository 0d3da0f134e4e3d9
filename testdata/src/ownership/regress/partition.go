package pending

// PartitionArgs is race-free: each goroutine gets its own subslice, and
// data is read only after the four receives on done.
//
// Expected: no diagnostic.
// Actual: "data[…] is read after it was handed to the
// goroutine started at line N; the goroutine may be using it concurrently"
// at return data[0]. The joins sit in a counted loop; the walker follows
// the CFG edge that leaves the loop before its first iteration, a path on
// which no receive happens (infeasible, since the bound is the constant 4).
func PartitionArgs(data []int, done chan bool) int {
	n := len(data) / 4
	for i := 0; i < 4; i++ {
		go worker(data[i*n:(i+1)*n], done)
	}
	for i := 0; i < 4; i++ {
		<-done
	}
	return data[0]
}

func worker(part []int, done chan bool) {
	for j := range part {
		part[j] *= 2
	}
	done <- true
}
