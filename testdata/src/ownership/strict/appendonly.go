package strict

// Errs is what an errorLog sends when it is done.
type Errs struct {
	List []string
}

// errorLog only ever appends to its errors. By default the appends write
// past the length sent, no evidence of a race
// (ownership/rules/appendonly); the strict reading asks only whether
// anything may write the array, and a header resliced past its length
// reaches what the appends write.
type errorLog struct {
	errs []string
	done chan *Errs
}

func (l *errorLog) note(msg string) {
	l.errs = append(l.errs, msg)
}

func (l *errorLog) finish() {
	l.done <- &Errs{List: l.errs} // want `&Errs{…} is sent on l.done but stays reachable from l.errs`
}
