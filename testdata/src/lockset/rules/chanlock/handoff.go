package chanlock

// A local token its maker takes and hands to the goroutine it starts,
// which gives it back when done, lets one batch be written at a time:
// the maker's own batch, written after taking the token, and the
// goroutines' batches exclude each other (concur's handedOff; the
// lockset pass names the token by the variable in every frame).

type Store struct {
	writeCh chan []int
	count   int
	log     []int
}

func (s *Store) write(batch []int) {
	s.count += len(batch)
	s.log = append(s.log, batch...)
}

// OpenStore starts the writer: quiet.
func OpenStore() *Store {
	s := &Store{writeCh: make(chan []int)}
	go s.run()
	return s
}

func (s *Store) run() {
	pending := make(chan struct{}, 1)
	writeBatch := func(batch []int) {
		s.write(batch)
		<-pending
	}
	for {
		batch, ok := <-s.writeCh
		if !ok {
			pending <- struct{}{}
			writeBatch(batch)
			return
		}
		pending <- struct{}{}
		go writeBatch(batch)
	}
}

type Journal struct {
	writeCh chan []int
	count   int
}

func (j *Journal) write(batch []int) {
	j.count += len(batch) // want `j.count is read in the goroutine started in OpenJournal \(line \d+\) via \(\*Journal\).write without a lock and written in the goroutine started in \(\*Journal\).run \(line \d+\) via \(\*Journal\).write holding pending`
}

// OpenJournal's last batch is written without the token: racy.
func OpenJournal() *Journal {
	j := &Journal{writeCh: make(chan []int)}
	go j.run()
	return j
}

func (j *Journal) run() {
	pending := make(chan struct{}, 1)
	writeBatch := func(batch []int) {
		j.write(batch)
		<-pending
	}
	for {
		batch, ok := <-j.writeCh
		if !ok {
			j.write(batch)
			return
		}
		pending <- struct{}{}
		go writeBatch(batch)
	}
}
