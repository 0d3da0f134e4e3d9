package regress

// PartitionArgs is race-free: each goroutine gets its own subslice, and
// data is read only after the four receives on done. The joins sit in a
// counted loop; the edge that leaves it before its first iteration is a
// path on which no receive happens, infeasible since the bound is the
// constant 4, and the walker does not take it.
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
