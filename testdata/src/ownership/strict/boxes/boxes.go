// Package boxes holds what the strict reading proves from an interface
// field that only ever holds boxed pointer-free values (fieldwrites'
// HoldsImmutable): a timer that delivers the same tick on every period
// shares nothing anyone can write, whether it sends the field's value or
// a copy a method returns. A tick that is a pointer, one that an exported
// function lets an importer choose, or a field the package also fills
// with a pointer is still reported.
package boxes

type syncTick struct{}

type repairTick struct{ round int }

// timer delivers tick to target forever.
type timer struct {
	target chan<- any
	tick   any
}

func startTimer(target chan<- any, tick any) *timer {
	t := &timer{target: target, tick: tick}
	go t.run()
	return t
}

func (t *timer) run() {
	for {
		t.target <- t.tick // quiet: every tick is a boxed struct without pointers
	}
}

func startTimers(inbox chan any) {
	startTimer(inbox, syncTick{})
	startTimer(inbox, repairTick{round: 1})
	startTimer(inbox, nil)
}

// current returns the tick: what the caller sends is still the box.
func (t *timer) current() any { return t.tick }

func (t *timer) again() {
	t.target <- t.current() // quiet: the box is immutable
}

// counter is a tick a receiver may write.
type counter struct{ n int }

// ptrTimer is timer, but one of its ticks is a pointer.
type ptrTimer struct {
	target chan<- any
	tick   any
}

func startPtrTimer(target chan<- any, tick any) *ptrTimer {
	t := &ptrTimer{target: target, tick: tick}
	go t.run()
	return t
}

func (t *ptrTimer) run() {
	for {
		t.target <- t.tick // want `t.tick is sent on t.target but stays reachable from t.tick`
	}
}

func startPtrTimers(inbox chan any) {
	startPtrTimer(inbox, syncTick{})
	startPtrTimer(inbox, &counter{})
}

// openTimer is timer, but an exported function lets an importer choose
// the tick.
type openTimer struct {
	target chan<- any
	tick   any
}

// StartOpenTimer starts a timer delivering tick to target.
func StartOpenTimer(target chan<- any, tick any) {
	t := &openTimer{target: target, tick: tick}
	go t.run()
}

func (t *openTimer) run() {
	for {
		t.target <- t.tick // want `t.tick is sent on t.target but stays reachable from t.tick`
	}
}

// sliceTimer is timer, but its tick is a boxed slice, whose array a
// receiver may write.
type sliceTimer struct {
	target chan<- any
	tick   any
}

func (t *sliceTimer) run() {
	for {
		t.target <- t.tick // want `t.tick is sent on t.target but stays reachable from t.tick`
	}
}

func (t *sliceTimer) current() any { return t.tick }

func (t *sliceTimer) again() {
	t.target <- t.current() // want `t.current\(\) is sent on t.target but stays reachable from t.tick`
}

func startSliceTimer(target chan<- any) {
	t := &sliceTimer{target: target, tick: []int{1}}
	go t.run()
	go t.again()
}
