package globals // want package:"lockset summaries"

import "sync"

var (
	mu       sync.Mutex
	registry = map[string]int{}
	hits     int
	name     string
)

// Registry is shared because it holds a mutex; it uses the package lock.
type Registry struct{ mu sync.Mutex }

func (r *Registry) Register(k string, v int) {
	mu.Lock()
	registry[k] = v
	mu.Unlock()
}

func (r *Registry) Lookup(k string) int {
	mu.Lock()
	defer mu.Unlock()
	return registry[k]
}

func (r *Registry) Unsafe(k string) int {
	return registry[k] // want `registry\[\*\] is read in \(\*Registry\).Unsafe without a lock and written in \(\*Registry\).Register holding mu`
}

func (r *Registry) Hit() {
	// Spawn joins its goroutine before it returns, so the goroutine is
	// as concurrent with Hit as Spawn itself, which nothing shows: quiet
	// by default (the write holds no lock), reported under -strict
	// (lockset/strict). A goroutine that outlives its spawner races.
	hits++
}

func init() {
	name = "x" // init runs before any entry point: quiet
}

func (r *Registry) Name() string { return name }

func worker(done chan bool) {
	hits = 0
	done <- true
}

func Spawn() {
	done := make(chan bool)
	go worker(done)
	<-done
}

var visits int

func (r *Registry) Visit() {
	visits++ // want `visits is read in \(\*Registry\).Visit without a lock and written in the goroutine started in Background \(line \d+\) without a lock`
}

// Background's goroutine outlives it: it races with Visit.
func Background() {
	go func() { visits = 0 }()
}
