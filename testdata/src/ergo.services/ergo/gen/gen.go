// Package gen is a stand-in for ergo.services/ergo/gen (v3), which the
// module proxy does not serve: the declarations the actor rules name, with
// the framework's signatures and bodies of our own.
package gen

import "time"

type Atom string

type PID struct {
	Node     Atom
	ID       uint64
	Creation int64
}

type ProcessID struct{ Name, Node Atom }

type Alias struct {
	Node Atom
	ID   [3]uint64
}

type Ref struct {
	Node Atom
	ID   [3]uint64
}

type Event struct{ Name, Node Atom }

type MessageEvent struct {
	Event     Event
	Timestamp int64
	Message   any
}

type MessagePriority int

type CancelFunc func() bool

type ProcessOptions struct {
	MailboxSize int64
	LinkParent  bool
}

type ProcessBehavior interface {
	ProcessInit(process Process, args ...any) error
	ProcessRun() error
	ProcessTerminate(reason error)
}

type ProcessFactory func() ProcessBehavior

type Log interface {
	Info(format string, args ...any)
	Warning(format string, args ...any)
}

type Node interface {
	Name() Atom
}

// Process is the running process an actor embeds, through act.Actor.
type Process interface {
	Node() Node
	Name() Atom
	PID() PID
	Parent() PID
	Log() Log

	Spawn(factory ProcessFactory, options ProcessOptions, args ...any) (PID, error)
	SpawnRegister(register Atom, factory ProcessFactory, options ProcessOptions, args ...any) (PID, error)

	Send(to any, message any) error
	SendPID(to PID, message any) error
	SendProcessID(to ProcessID, message any) error
	SendAlias(to Alias, message any) error
	SendWithPriority(to any, message any, priority MessagePriority) error
	SendImportant(to any, message any) error
	SendAfter(to any, message any, after time.Duration) (CancelFunc, error)
	SendEvent(name Atom, token Ref, message any) error
	SendResponse(to PID, ref Ref, message any) error

	Call(to any, message any) (any, error)
	CallWithTimeout(to any, message any, timeout int) (any, error)
	CallPID(to PID, message any, timeout int) (any, error)
}
