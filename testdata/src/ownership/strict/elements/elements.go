// Package elements holds, for the strict reading, the rule that a counted
// loop sending &jobs[i] sends another element each iteration when the
// elements hold no pointers (ownership/rules/elementsperiteration): jobs
// sent to a goroutine that writes them are quiet; tasks that point to
// results two tasks may share, sent to two runners that write the
// results, are reported.
package elements

// Job holds no pointers.
type Job struct {
	N, Done int
}

func worker(ch chan *Job, done chan struct{}) {
	for j := range ch {
		j.Done = j.N * 2
	}
	close(done)
}

// SendEach sends each job once: quiet.
func SendEach(jobs []Job) {
	ch, done := make(chan *Job), make(chan struct{})
	go worker(ch, done)
	for i := range jobs {
		ch <- &jobs[i]
	}
	close(ch)
	<-done
}

// Task points to its result, which tasks may share.
type Task struct {
	N   int
	Out *Result
}

// Result is written by whoever runs a task.
type Result struct{ Sum int }

func runner(ch chan *Task, done chan struct{}) {
	for t := range ch {
		t.Out.Sum += t.N
	}
	done <- struct{}{}
}

// SendTasks sends each task once to two runners, but two tasks may share
// a result, which the runners then write at the same time: reported.
func SendTasks(tasks []Task) {
	ch, done := make(chan *Task), make(chan struct{})
	go runner(ch, done)
	go runner(ch, done)
	for i := range tasks {
		ch <- &tasks[i] // want `&tasks\[i\] is sent again on ch after it was sent on ch`
	}
	close(ch)
	<-done
	<-done
}
