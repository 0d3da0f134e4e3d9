package regress

// PartitionArgs is race-free: each goroutine gets its own subslice, and
// data is read only after the four receives on done.
//
// Known false positive (documented in the README): the joins sit in a
// counted loop, and the walker follows the CFG edge that leaves the loop
// before its first iteration, a path on which no receive happens
// (infeasible, since the bound is the constant 4). The want below pins the
// current behaviour, so that a fix shows up as a test to update.
func PartitionArgs(data []int, done chan bool) int {
	n := len(data) / 4
	for i := 0; i < 4; i++ {
		go worker(data[i*n:(i+1)*n], done)
	}
	for i := 0; i < 4; i++ {
		<-done
	}
	return data[0] // want `data\[…\] is read after data\[i \* n:\(i \+ 1\) \* n\], which shares memory with it, was handed to the goroutine started at line 14`
}

func worker(part []int, done chan bool) {
	for j := range part {
		part[j] *= 2
	}
	done <- true
}
