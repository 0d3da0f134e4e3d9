// Package declare declares transfers and handlers with directives, well
// formed and not.
package declare

// Job is work for a queue's workers.
type Job struct{ N int }

// Queue hands jobs to workers the analysis cannot see.
type Queue struct{ jobs []*Job }

// Push queues j for the workers.
//
//psharpvet:send j
func (q *Queue) Push(j *Job) { q.jobs = append(q.jobs, j) } // want Push:"declared\\(send \\[0\\]\\)"

// PushBoth gives up both of its jobs, declared in one directive.
//
//psharpvet:send a b
func PushBoth(q *Queue, a, b *Job) {} // want PushBoth:"declared\\(send \\[1 2\\]\\)"

// Machine is a plain-Go machine whose handlers run one at a time.
type Machine struct{ state int }

// OnJob is a handler of the machine.
//
//psharpvet:handler
func (m *Machine) OnJob(j *Job) { m.state += j.N } // want OnJob:"declared\\(handler\\)"

// Bad names a parameter it does not have.
//
//psharpvet:send x // want `malformed directive: //psharpvet:send names x, which is not a parameter of Bad \(its parameters: a\)`
func Bad(a int) {}

// Empty names no parameter.
//
//psharpvet:send // want `malformed directive: //psharpvet:send needs the name of the parameter a call gives up`
func Empty(j *Job) {}

// NotMethod is not a method, so it cannot be a machine's handler.
//
//psharpvet:handler // want `misplaced directive: //psharpvet:handler must be in the doc comment of a method declaration`
func NotMethod() {}

// Args gives a handler arguments.
//
//psharpvet:handler now // want `malformed directive: //psharpvet:handler takes no arguments`
func (m *Machine) Args() {}

func body(q *Queue) {
	//psharpvet:send j // want `misplaced directive: //psharpvet:send must be in the doc comment of a function declaration`
	q.Push(&Job{})
}
