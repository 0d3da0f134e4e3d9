// Package comments holds ignore comments the ignores pass reports.
package comments

type Msg struct{ n int }

// NoReason silences a report without saying why.
func NoReason(ch chan *Msg) {
	m := &Msg{}
	ch <- m
	m.n++ //psharpvet:ignore // want `//psharpvet:ignore needs a reason`
}

// Unused keeps an ignore comment where nothing is reported any more.
func Unused(ch chan *Msg) {
	m := &Msg{}
	m.n++ //psharpvet:ignore the receiver only counts messages // want `//psharpvet:ignore silences no report on this line or the next; remove it`
	ch <- m
}

// Used silences a report: quiet.
func Used(ch chan *Msg) {
	m := &Msg{}
	ch <- m
	//psharpvet:ignore the receiver only counts messages
	m.n++
}
