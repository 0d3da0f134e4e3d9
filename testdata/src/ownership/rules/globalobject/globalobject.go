// Package globalobject pins the rule that memory callee summaries link to
// "some package-level variable" counts for condition 1 only through a
// variable the function names itself.
package globalobject

type Event struct {
	Kind string
	Tags []string
}

// Tag adds a tag: events are written after construction, so keeping one
// reachable after sending it may race.
func (e *Event) Tag(t string) { e.Tags = append(e.Tags, t) }

type Sink interface {
	Record(e *Event)
}

// sink is a package-level observer; what it does with an event is
// unknown, so a call on it links the event with package-level memory.
var sink Sink

// lastSent is a package-level variable this package names directly.
var lastSent *Event

// observe hands the event to the package-level sink.
func observe(e *Event) {
	if sink != nil {
		sink.Record(e)
	}
}

// Publish observes the event, then sends it. The summary of observe links
// the event to some package-level memory, which this function does not
// name: quiet.
func Publish(ch chan *Event, kind string) {
	e := &Event{Kind: kind}
	observe(e)
	ch <- e
}

// PublishRemember stores the event in a package-level variable it names,
// then sends it: reported.
func PublishRemember(ch chan *Event, kind string) {
	e := &Event{Kind: kind}
	lastSent = e
	ch <- e // want `e is sent on ch but stays reachable from globalobject.lastSent \(stored at line \d+\)`
}
