package syncmapval

import "sync"

type Session struct{ Hits int }

var sessions sync.Map

func Touch(id string) {
	if v, ok := sessions.Load(id); ok {
		v.(*Session).Hits++ // race:
	}
}

func Run() {
	sessions.Store("a", &Session{})
	go Touch("a")
	Touch("a")
}
