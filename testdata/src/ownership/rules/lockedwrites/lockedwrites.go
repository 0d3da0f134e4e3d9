// Package lockedwrites pins the rule that, by default, a write the other
// side makes while it holds a lock is no evidence of an ownership race:
// whether every access takes that lock is the lockset pass's question.
// Unlocked writes, and writes after the lock is released, stay evidence.
// (A type that holds its own lock is shareable, never transferred: these
// Stats hold none, the Server that writes them does.)
package lockedwrites

import "sync"

// Stats are counted by a server, under the server's lock.
type Stats struct {
	hits  int
	paths []string
}

// A Server guards the stats it is handed with its mutex.
type Server struct {
	mu sync.Mutex
}

// hit counts path in st under the server's lock.
func (s *Server) hit(st *Stats, path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st.hits++
	st.paths = append(st.paths, path)
}

// hits reads st under the server's lock.
func (s *Server) hits(st *Stats) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return st.hits
}

// Serve hands the stats to a goroutine per path, each counting under the
// server's lock, and reads them under it: quiet.
func Serve(s *Server, paths []string) int {
	st := new(Stats)
	var wg sync.WaitGroup
	for _, p := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.hit(st, p)
		}()
	}
	n := s.hits(st)
	wg.Wait()
	return n
}

// Report sends the stats to a reporter that counts under the server's
// lock, and reads them under it after the send: quiet.
func Report(s *Server, out chan *Stats, st *Stats) int {
	out <- st
	return s.hits(st)
}

// Reporter counts what it receives, under the server's lock.
func Reporter(s *Server, in chan *Stats) {
	for st := range in {
		s.hit(st, "/report")
	}
}

// hitUnlocked counts path in st after releasing the lock.
func (s *Server) hitUnlocked(st *Stats, path string) {
	s.mu.Lock()
	st.paths = append(st.paths, path)
	s.mu.Unlock()
	st.hits++
}

// ServeUnlocked hands the stats to goroutines that each count after
// unlocking: a race between instances of one goroutine, which the lockset
// pass reports (st.hits).
func ServeUnlocked(s *Server, paths []string) {
	st := new(Stats)
	for _, p := range paths {
		go s.hitUnlocked(st, p)
	}
}

// A Tally is counted without a lock by whoever receives it.
type Tally struct{ hits int }

// ReportUnlocked sends a tally to a reporter that counts it without a
// lock, and reads it after the send: reported.
func ReportUnlocked(out chan *Tally, t *Tally) int {
	out <- t
	return t.hits // want `t is read after it was sent on out`
}

// UnlockedReporter counts what it receives without a lock.
func UnlockedReporter(in chan *Tally) {
	for t := range in {
		t.hits++
	}
}

// count counts path in st; its doc comment puts the lock on its callers.
//
// s.mu must be held.
func (s *Server) count(st *Stats, path string) {
	st.hits++
}

// ServeDocumented hands the stats to goroutines that count them in a
// method documented to run under the server's lock, after taking it:
// quiet.
func ServeDocumented(s *Server, paths []string) {
	st := new(Stats)
	for _, p := range paths {
		go func() {
			s.mu.Lock()
			s.count(st, p)
			s.mu.Unlock()
		}()
	}
}

// ServeDocumentedOnly calls the documented method without taking the
// lock. The method's own writes count as guarded, by its comment, so the
// ownership pass is quiet; lockset reports the unlocked caller.
func ServeDocumentedOnly(s *Server, paths []string) {
	st := new(Stats)
	for _, p := range paths {
		go s.count(st, p)
	}
}

// flush reads the count, and clears it under the server's lock.
func (s *Server) flush(st *Stats) {
	if st.hits == 0 {
		return
	}
	s.mu.Lock()
	st.hits = 0
	s.mu.Unlock()
}

// Publish starts the flusher while it holds the server's lock, and counts
// under it after the go statement: whether the flusher takes the lock is
// the lockset pass's question. Quiet here; the lockset pass reports that
// flush tests the count without the lock.
func (s *Server) Publish(st *Stats) {
	s.mu.Lock()
	go s.flush(st)
	st.hits++
	s.mu.Unlock()
}

// PublishLate counts after it released the lock: reported.
func (s *Server) PublishLate(st *Stats) {
	s.mu.Lock()
	go s.flush(st)
	s.mu.Unlock()
	st.hits++ // want `st is written after it was handed to the goroutine started at line \d+; the goroutine may be using it concurrently`
}
