// Package actor is a stand-in for github.com/vladopajic/go-actor/actor,
// which the module proxy does not serve: the declarations the actor rules
// name, with the framework's signatures and bodies of our own.
package actor

import "context"

// Context is the context a worker's DoWork gets.
type Context = context.Context

// Actor runs a Worker on its own goroutine.
type Actor interface {
	Start()
	Stop()
}

type WorkerStatus int8

const (
	WorkerContinue WorkerStatus = 1
	WorkerEnd      WorkerStatus = 2
)

// Worker's DoWork runs over and over on the actor's goroutine.
type Worker interface {
	DoWork(ctx Context) WorkerStatus
}

type WorkerFunc = func(ctx Context) WorkerStatus

type Option func()

type MailboxOption func()

type funcWorker struct{ fn WorkerFunc }

func (w *funcWorker) DoWork(ctx Context) WorkerStatus { return w.fn(ctx) }

func NewWorker(fn WorkerFunc) Worker { return &funcWorker{fn} }

type actor struct {
	w    Worker
	stop chan struct{}
}

func New(w Worker, opt ...Option) Actor { return &actor{w: w, stop: make(chan struct{})} }

func (a *actor) Start() {
	go func() {
		for a.w.DoWork(context.Background()) == WorkerContinue {
		}
	}()
}

func (a *actor) Stop() { close(a.stop) }

// Mailbox carries messages between actors.
type Mailbox[T any] interface {
	Actor
	MailboxSender[T]
	MailboxReceiver[T]
}

type MailboxSender[T any] interface {
	Send(ctx Context, msg T) error
}

type MailboxReceiver[T any] interface {
	ReceiveC() <-chan T
}

type mailbox[T any] struct {
	c chan T
}

func NewMailbox[T any](opt ...MailboxOption) Mailbox[T] { return &mailbox[T]{c: make(chan T, 64)} }

func (m *mailbox[T]) Start() {}

func (m *mailbox[T]) Stop() {}

func (m *mailbox[T]) Send(ctx Context, msg T) error {
	select {
	case m.c <- msg:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (m *mailbox[T]) ReceiveC() <-chan T { return m.c }
