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
	hits++ // want `hits is read in \(\*Registry\).Hit without a lock and written in the goroutine started in Spawn \(line \d+\) via worker without a lock`
}

func init() {
	name = "x" // init runs before any entry point: quiet
}

func (r *Registry) Name() string { return name }

func worker(done chan bool) {
	hits = 0 // reported at Hit's read: one report per location
	done <- true
}

func Spawn() {
	done := make(chan bool)
	go worker(done)
	<-done
}
