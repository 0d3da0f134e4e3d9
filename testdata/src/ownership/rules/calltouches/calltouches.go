// Package calltouches pins the rule that, by default, passing memory to a
// function after giving it up uses only what the function (by its
// summary) reads or writes of it, not all that the argument reaches; and
// after a go statement whose function has a summary, an access races only
// with the places the goroutine touches (access paths: fields, and what
// they point to). A helper that reads a job's id or configuration, or a
// write of a field the goroutine never uses, does not race with a
// goroutine that counts into the statistics the job points to. A helper
// that reads the statistics still races, and so do a write of the field
// the goroutine follows and a call that hands the job on.
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

// name reads the configuration the job points to.
func name(j *job) string {
	return j.cfg.name
}

// Named reads a field the goroutine never follows: quiet.
func Named() string {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	return name(j)
}

// Renumbered writes a field the goroutine never reads: quiet.
func Renumbered() *job {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	j.id = 2
	return j
}

// Reset writes the field the goroutine follows.
func Reset() {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	j.stats = nil // want `j is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
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
	return total(j) // want `j is passed to calltouches.total after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}

var sink = make(chan *job, 1)

// forward hands the job to whoever receives from sink.
func forward(j *job) { sink <- j }

// Forwarded hands the job on after the goroutine got it: a transfer
// shares all that the job reaches, whatever forward touches.
func Forwarded() {
	j := &job{cfg: &config{name: "j"}, stats: &stats{}}
	go count(j)
	forward(j) // want `j is passed to calltouches.forward after it was handed to the goroutine started at line \d+`
}
