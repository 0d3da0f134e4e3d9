package hidden

import (
	"io"
	"sync"
)

// Each of these types reaches code outside the package, which may call
// its methods concurrently: they stay entry points, and a write without
// the lock that another method holds over the same field is reported.

// counter is exposed by an exported function's result.
type counter struct {
	mu sync.Mutex
	n  int
}

func NewCounter() *counter { return &counter{} }

func (c *counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *counter) Reset() {
	c.n = 0 // want `c.n is written in \(\*counter\).Reset without a lock and read in \(\*counter\).Inc holding c.mu`
}

// sink is exposed by a conversion to an interface.
type sink struct {
	mu sync.Mutex
	n  int
}

func NewWriter() io.Writer { return &sink{} }

func (s *sink) Write(b []byte) (int, error) {
	s.mu.Lock()
	s.n += len(b)
	s.mu.Unlock()
	return len(b), nil
}

func (s *sink) Close() error {
	s.n = 0 // want `s.n is written in \(\*sink\).Close without a lock and read in \(\*sink\).Write holding s.mu`
	return nil
}

// registry is reached through a package-level variable.
type registry struct {
	mu    sync.Mutex
	names map[string]int
}

var defaultRegistry = &registry{names: map[string]int{}}

func Register(name string) { defaultRegistry.Add(name) }

func (r *registry) Add(name string) {
	r.mu.Lock()
	r.names[name]++
	r.mu.Unlock()
}

func (r *registry) Clear() {
	r.names = map[string]int{} // want `r.names is written in \(\*registry\).Clear without a lock and read in \(\*registry\).Add holding r.mu`
}

// table is reached through method values that an exported function
// returns: whoever holds them may call Append and Reset concurrently.
// Its other methods only the package can call.
type table struct {
	mu   sync.Mutex
	rows []int
}

func Hooks() (add func(int), reset func()) {
	t := &table{}
	return t.Append, t.Reset
}

func (t *table) Append(v int) {
	t.mu.Lock()
	t.rows = append(t.rows, v)
	t.mu.Unlock()
}

func (t *table) Reset() {
	t.rows = nil // want `t.rows is written in \(\*table\).Reset without a lock and written in \(\*table\).Append holding t.mu`
}

// Truncate is not reachable through the method values, and nothing in
// the package calls it: not an entry point. Quiet.
func (t *table) Truncate() {
	t.rows = nil
}

// A generic function may call its type argument's methods through the
// constraint: gauge is exposed by the instantiation.
type gauge struct {
	mu sync.Mutex
	v  int
}

type setter interface{ Set(int) }

func apply[T setter](x T) { x.Set(1) }

func Apply() { apply(&gauge{}) }

func (g *gauge) Set(v int) {
	g.mu.Lock()
	g.v = v
	g.mu.Unlock()
}

func (g *gauge) Zero() {
	g.v = 0 // want `g.v is written in \(\*gauge\).Zero without a lock and written in \(\*gauge\).Set holding g.mu`
}

// meter is converted only to the package's own interface reader, but a
// reader is converted on to any and handed out: exposed.
type meter struct {
	mu sync.Mutex
	n  int
}

type reader interface{ Read() int }

func (m *meter) Read() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n
}

func (m *meter) Reset() {
	m.n = 0 // want `m.n is written in \(\*meter\).Reset without a lock and read in \(\*meter\).Read holding m.mu`
}

func Meter() any {
	var r reader = &meter{}
	return r
}
