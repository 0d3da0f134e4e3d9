// Package closed holds protoactor-go actors whose receiving side is
// closed in the strict reading: the sender holds the PID a spawn of props
// made from a producer of the package returned, in a local it assigns
// once, and every handler of the actor only reads the messages it gets.
// Reading a message after sending it to such an actor is then no race;
// writing it still is.
package closed

import "github.com/asynkron/protoactor-go/actor"

// Job is a message with an exported field, which the strict reading does
// not take as read-only on its own.
type Job struct {
	Items []int
}

// Counter only reads what it gets and writes its own fields.
type Counter struct {
	seen, sum int
}

func (k *Counter) Receive(c actor.Context) {
	if m, ok := c.Message().(*Job); ok {
		k.seen++
		for _, x := range m.Items {
			k.sum += x
		}
	}
}

func counterProps() *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor { return &Counter{} })
}

// ReadAfterSend reads the job after sending it to a counter it spawned,
// which only reads it: quiet.
func ReadAfterSend(system *actor.ActorSystem) int {
	pid := system.Root.Spawn(counterProps())
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return len(job.Items) + job.Items[0]
}

// ReadAfterRequest reads the job after a RequestFuture to a counter whose
// PID a deferred closure also poisons (the framework's own code): quiet.
func ReadAfterRequest(system *actor.ActorSystem) int {
	pid := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return &Counter{} }))
	defer func() { _ = system.Root.PoisonFuture(pid).Wait() }()
	job := &Job{Items: []int{1, 2}}
	f := system.Root.RequestFuture(pid, job, 0)
	_ = job.Items[0]
	_, err := f.Result()
	return len(job.Items) + boolInt(err == nil)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WriteAfterSend writes the job after sending it: a race whoever receives
// it.
func WriteAfterSend(system *actor.ActorSystem) {
	pid := system.Root.Spawn(counterProps())
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	job.Items[0] = 3 // want `job is written after it was sent`
}

// Watcher keeps its handlers in a behaviour: its Receive dispatches to
// what Become installed, and both handlers only read what they get.
type Watcher struct {
	behavior actor.Behavior
	seen     int
}

// NewWatcher returns the props of a watcher.
func NewWatcher() *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		w := &Watcher{behavior: actor.NewBehavior()}
		w.behavior.Become(w.idle)
		return w
	})
}

func (w *Watcher) Receive(c actor.Context) { w.behavior.Receive(c) }

func (w *Watcher) idle(c actor.Context) {
	if m, ok := c.Message().(*Job); ok {
		w.seen += len(m.Items)
		w.behavior.Become(w.busy)
	}
}

func (w *Watcher) busy(c actor.Context) {
	if _, ok := c.Message().(*Job); ok {
		w.seen++
		w.behavior.Become(w.idle)
	}
}

// ReadAfterWatcherSend reads the job after sending it to a watcher, whose
// Become targets only read it: quiet.
func ReadAfterWatcherSend(system *actor.ActorSystem) int {
	watcher := system.Root.Spawn(NewWatcher())
	job := &Job{Items: []int{1, 2}}
	system.Root.Request(watcher, job)
	return job.Items[0]
}

// Scribbler writes the jobs it gets.
type Scribbler struct{}

func (s *Scribbler) Receive(c actor.Context) {
	if m, ok := c.Message().(*Job); ok && len(m.Items) > 0 {
		m.Items[0]++
	}
}

// ReadAfterScribblerSend reads the job after sending it to a scribbler,
// which writes it: reported.
func ReadAfterScribblerSend(system *actor.ActorSystem) int {
	pid := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return &Scribbler{} }))
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// ReadAfterEitherSend reads the job after sending it to a PID that is a
// counter's or a scribbler's: the local is assigned twice, reported.
func ReadAfterEitherSend(system *actor.ActorSystem, scribble bool) int {
	pid := system.Root.Spawn(counterProps())
	if scribble {
		pid = system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return &Scribbler{} }))
	}
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// ReadAfterLeakySend reads the job after sending it to a PID that was
// also handed to code the analysis cannot see: reported.
func ReadAfterLeakySend(system *actor.ActorSystem, publish func(*actor.PID)) int {
	pid := system.Root.Spawn(counterProps())
	publish(pid)
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// scribbling is receiver middleware that writes every job before the
// actor sees it.
func scribbling(next actor.ReceiverFunc) actor.ReceiverFunc {
	return func(c actor.ReceiverContext, env *actor.MessageEnvelope) {
		if m, ok := env.Message.(*Job); ok && len(m.Items) > 0 {
			m.Items[0]++
		}
		next(c, env)
	}
}

// ReadAfterWatchedSend reads the job after sending it to a counter whose
// props wrap it in middleware that writes the message: reported.
func ReadAfterWatchedSend(system *actor.ActorSystem) int {
	props := actor.PropsFromProducer(func() actor.Actor { return &Counter{} },
		actor.WithReceiverMiddleware(scribbling))
	pid := system.Root.Spawn(props)
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// ReadAfterConfiguredSend reads the job after sending it to a watcher
// whose props got the same middleware after they were made: reported.
func ReadAfterConfiguredSend(system *actor.ActorSystem) int {
	props := NewWatcher()
	props.Configure(actor.WithReceiverMiddleware(scribbling))
	pid := system.Root.Spawn(props)
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// Sloppy installs a function literal as its handler, which writes what
// it gets.
type Sloppy struct {
	behavior actor.Behavior
}

func (s *Sloppy) Receive(c actor.Context) { s.behavior.Receive(c) }

func (s *Sloppy) idle(c actor.Context) {
	if _, ok := c.Message().(*Job); ok {
		s.behavior.Become(func(c actor.Context) {
			if m, ok := c.Message().(*Job); ok && len(m.Items) > 0 {
				m.Items[0]++
			}
		})
	}
}

// ReadAfterSloppySend reads the job after sending it to a sloppy actor,
// whose behaviour holds a handler that is not its method: reported.
func ReadAfterSloppySend(system *actor.ActorSystem) int {
	pid := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor {
		s := &Sloppy{behavior: actor.NewBehavior()}
		s.behavior.Become(s.idle)
		return s
	}))
	job := &Job{Items: []int{1, 2}}
	system.Root.Send(pid, job)
	return job.Items[0] // want `job is read after it was sent`
}

// Boss spawns a counter from its handler and sends it jobs.
type Boss struct{}

func (b *Boss) Receive(c actor.Context) {
	switch c.Message().(type) {
	case string:
		b.ReadAfterChildSend(c)
	case int:
		b.WriteAfterChildSend(c)
	}
}

// ReadAfterChildSend reads the job after sending it to a counter the
// context spawned: quiet.
func (b *Boss) ReadAfterChildSend(c actor.Context) {
	pid := c.Spawn(counterProps())
	job := &Job{Items: []int{1, 2}}
	c.Send(pid, job)
	_ = len(job.Items) + job.Items[0]
}

// WriteAfterChildSend writes the job after sending it: reported.
func (b *Boss) WriteAfterChildSend(c actor.Context) {
	pid := c.Spawn(counterProps())
	job := &Job{Items: []int{1, 2}}
	c.Send(pid, job)
	job.Items[0] = 3 // want `job is written after it was sent`
}
