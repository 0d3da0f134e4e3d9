// Package deepplaces pins the rule that memory too deep below a
// parameter for the heap analysis to name one by one keeps the path of
// the place it hangs from: a goroutine that reads w.db.levels[i].meta.n
// touches what w.db reaches, not w's other fields, so writing w.builder
// after the go statement is no race; writing what it reads still is. A
// summary's "all below c.sub" is what c.sub points to, not c.sub.
package deepplaces

type meta struct{ n int }

type level struct{ meta *meta }

type db struct{ levels []*level }

type builder struct{ buf []byte }

type writer struct {
	db      *db
	lvl     int
	builder *builder
}

func newWriter() *writer {
	return &writer{db: &db{levels: []*level{{meta: &meta{}}}}, builder: &builder{}}
}

// create reads five pointers below w: deeper than the analysis names
// places one by one.
func (w *writer) create(b *builder) int {
	return w.db.levels[w.lvl].meta.n + len(b.buf)
}

// Send hands the current builder to a goroutine, which reads deep below
// w.db, and starts a new builder: the goroutine never reads w.builder.
func (w *writer) Send() {
	go func(b *builder) {
		_ = w.create(b)
	}(w.builder)
	w.builder = &builder{}
}

// Resize writes what the goroutine reads, deep below w.db.
func (w *writer) Resize() {
	go func(b *builder) {
		_ = w.create(b)
	}(w.builder)
	w.db.levels[w.lvl].meta.n = 2 // want `w is written after it was handed to the goroutine started at line 44`
}

// Retarget writes w.db, above what the goroutine reads.
func (w *writer) Retarget() {
	go func(b *builder) {
		_ = w.create(b)
	}(w.builder)
	w.db = &db{} // want `w is written after it was handed to the goroutine started at line 52`
}

func use() {
	w := newWriter()
	w.Send()
	w.Resize()
	w.Retarget()
}

// A call that writes more places below a parameter than its summary
// keeps (24) writes all below the first place of each (c.sub>**): what
// c.sub points to, not c.sub itself. A goroutine that only tests the
// pointer does not meet it.

type settings struct {
	f00 int
	f01 int
	f02 int
	f03 int
	f04 int
	f05 int
	f06 int
	f07 int
	f08 int
	f09 int
	f10 int
	f11 int
	f12 int
	f13 int
	f14 int
	f15 int
	f16 int
	f17 int
	f18 int
	f19 int
	f20 int
	f21 int
	f22 int
	f23 int
	f24 int
	f25 int
	f26 int
	f27 int
	f28 int
	f29 int
}

type config struct {
	name string
	sub  *settings
}

// reset writes thirty fields below c.sub.
func reset(c *config) {
	s := c.sub
	s.f00 = 0
	s.f01 = 1
	s.f02 = 2
	s.f03 = 3
	s.f04 = 4
	s.f05 = 5
	s.f06 = 6
	s.f07 = 7
	s.f08 = 8
	s.f09 = 9
	s.f10 = 10
	s.f11 = 11
	s.f12 = 12
	s.f13 = 13
	s.f14 = 14
	s.f15 = 15
	s.f16 = 16
	s.f17 = 17
	s.f18 = 18
	s.f19 = 19
	s.f20 = 20
	s.f21 = 21
	s.f22 = 22
	s.f23 = 23
	s.f24 = 24
	s.f25 = 25
	s.f26 = 26
	s.f27 = 27
	s.f28 = 28
	s.f29 = 29
}

// TestsPointer hands c to a goroutine that only tests c.sub.
func TestsPointer() {
	c := &config{sub: &settings{}}
	done := make(chan bool)
	go func() {
		done <- c.sub != nil
	}()
	reset(c)
	<-done
}

// ReadsBelow hands c to a goroutine that reads what reset writes.
func ReadsBelow() {
	c := &config{sub: &settings{}}
	done := make(chan int)
	go func() {
		done <- c.sub.f07
	}()
	reset(c) // want `c is passed to deepplaces.reset after it was handed to the goroutine`
	<-done
}
