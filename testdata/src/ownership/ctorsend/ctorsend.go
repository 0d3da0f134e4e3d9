// Package ctorsend calls, through an interface, the methods of values
// that another package's constructors return: the constructor's facts say
// what the concrete type's methods give up.
package ctorsend

import "ownership/ctorsend/queue"

// SendThenWrite writes an item after the constructor's sender sent it.
func SendThenWrite(ch chan *queue.Item) {
	s := queue.NewSender(ch)
	it := &queue.Item{}
	s.Send(it)
	it.N = 1 // want `it is written after it was given up by \(\*queue.chanSender\).Send \(line \d+\), which sends it on a channel at queue.go:\d+`
}

// CheckedSendThenWrite does the same with a constructor that may fail.
func CheckedSendThenWrite(ch chan *queue.Item) error {
	s, err := queue.NewCheckedSender(ch)
	if err != nil {
		return err
	}
	it := &queue.Item{}
	s.Send(it)
	it.N = 1 // want `it is written after it was given up by \(\*queue.chanSender\).Send`
	return nil
}

// GenericSendThenWrite writes a value after a generic sender sent it.
func GenericSendThenWrite(ch chan *queue.Item) {
	s := queue.NewTyped(ch)
	it := &queue.Item{}
	s.Send(it)
	it.N = 1 // want `it is written after it was given up by`
}

// SendDone hands the item over and forgets it.
func SendDone(ch chan *queue.Item) {
	s := queue.NewSender(ch)
	s.Send(&queue.Item{N: 1})
}

// CountThenWrite keeps its item: the counter only reads it.
func CountThenWrite() int {
	s := queue.NewCounter()
	it := &queue.Item{N: 1}
	s.Send(it)
	it.N = 2
	return it.N
}

// EitherThenWrite cannot tell which sender it got: by default the call is
// unseen, and what the analysis cannot see makes no report.
func EitherThenWrite(ch chan *queue.Item) {
	s := queue.NewEither(ch)
	it := &queue.Item{}
	s.Send(it)
	it.N = 1
}

// ParamThenWrite gets its sender from its caller: unseen as well.
func ParamThenWrite(s queue.Sender) {
	it := &queue.Item{}
	s.Send(it)
	it.N = 1
}

// StartTwice starts a starter, then uses it again: a method's receiver is
// checked inside the method, not given up at the call.
func StartTwice() queue.Starter {
	s := queue.NewStarter()
	s.Start()
	return s
}
