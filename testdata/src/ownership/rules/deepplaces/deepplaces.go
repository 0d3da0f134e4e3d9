// Package deepplaces pins the rule that memory too deep below a
// parameter for the heap analysis to name one by one keeps the path of
// the place it hangs from: a goroutine that reads w.db.levels[i].meta.n
// touches what w.db reaches, not w's other fields, so writing w.builder
// after the go statement is no race; writing what it reads still is.
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
	w.db.levels[w.lvl].meta.n = 2 // want `w is written after it was handed to the goroutine started at line 43`
}

// Retarget writes w.db, above what the goroutine reads.
func (w *writer) Retarget() {
	go func(b *builder) {
		_ = w.create(b)
	}(w.builder)
	w.db = &db{} // want `w is written after it was handed to the goroutine started at line 51`
}

func use() {
	w := newWriter()
	w.Send()
	w.Resize()
	w.Retarget()
}
