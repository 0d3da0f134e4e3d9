package goroutines

// fanOut starts one goroutine per element, each writing its own element
// of a shared slice: the instances are assumed to partition it. Quiet.
func fanOut(in []int, done chan bool) []int {
	out := make([]int, len(in))
	for i, v := range in {
		go func() {
			out[i] = v * v
			done <- true
		}()
	}
	for range in {
		<-done
	}
	return out
}

// fanOutMap writes a shared map from every instance: maps are not
// partitioned, so this is reported.
func fanOutMap(in []int, done chan bool) map[int]int {
	out := make(map[int]int)
	for i, v := range in {
		go func() {
			out[i] = v * v // want `out\[\*\] is written in the goroutine started in fanOutMap .* and written in another instance`
			done <- true
		}()
	}
	for range in {
		<-done
	}
	return out
}
