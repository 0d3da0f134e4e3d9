package handlers

// For the lockset pass: protoactor-go delivers *actor.Started to each new
// actor before any other message.

import "github.com/asynkron/protoactor-go/actor"

type job struct{}

// Worker sets its name on Started and starts a goroutine per job: quiet.
type Worker struct {
	name string
}

func (w *Worker) Receive(ctx actor.Context) {
	switch ctx.Message().(type) {
	case *actor.Started:
		w.name = ctx.Self().Id
	case *job:
		go w.run()
	}
}

func (w *Worker) run() {
	_ = w.name
}

// Renamer renames itself on every job, while the goroutines earlier jobs
// started read the name: reported.
type Renamer struct {
	name string
}

func (r *Renamer) Receive(ctx actor.Context) {
	switch ctx.Message().(type) {
	case *job:
		r.name = "busy" // want `r.name is written in \(\*Renamer\).Receive without a lock and read in the goroutine started in \(\*Renamer\).Receive \(line \d+\) via \(\*Renamer\).run without a lock`
		go r.run()
	}
}

func (r *Renamer) run() {
	_ = r.name
}
