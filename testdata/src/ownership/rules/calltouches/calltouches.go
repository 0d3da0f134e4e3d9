// Package calltouches pins the rule that, by default, passing memory to a
// function after giving it up uses only what the function (by its
// summary) reads or writes of it, as deep below the argument as it goes,
// not all that the argument reaches: a helper that reads a job's own
// fields does not race with a goroutine that counts into the statistics
// the job points to. A helper that reads the statistics still races, and
// so does one that hands the job on. (Depth, not fields, bounds what a
// summary touches: a helper reading the configuration the job points to
// reaches as deep as the statistics, and is still reported.)
package calltouches

type config struct{ name string }

type stats struct{ n int }

type job struct {
	id    int
	cfg   *config
	stats *stats
}

// count writes the job's statistics only.
func count(j *job) {
	j.stats.n++
}

// id reads the job's own fields only.
func id(j *job) int {
	return j.id
}

// total reads the job's statistics.
func total(j *job) int {
	return j.stats.n
}

// ID reads what the goroutine never writes: quiet.
func ID() int {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	return id(j)
}

// Total reads what the goroutine writes.
func Total() int {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	return total(j) // want `j is passed to calltouches.total after it was handed to the goroutine started at line 47; the goroutine may be using it concurrently`
}

var sink = make(chan *job, 1)

// forward hands the job to whoever receives from sink.
func forward(j *job) { sink <- j }

// Forwarded hands the job on after the goroutine got it: a transfer
// shares all that the job reaches, whatever forward touches.
func Forwarded() {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	forward(j) // want `j is passed to calltouches.forward after it was handed to the goroutine started at line 60`
}
