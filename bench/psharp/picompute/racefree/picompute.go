// Package picompute is a Go port of the PiCompute benchmark of the P# suite
// (originally from the SOTER study), written with protoactor-go: a master
// approximates pi by the midpoint rule for the integral of 4/(1+x²) over
// [0,1], splitting the rectangles into work items for a pool of workers and
// adding up their partial sums. This is the race-free variant.
//
// Machines:
//
//   - Master: spawns the workers; for each *Compute request it builds the
//     work items, hands one to every worker and the next one to each worker
//     that returns a result. When the queue is empty it sends an idle worker
//     a backup copy of a straggling item (the first result wins). Requests
//     that arrive while a job runs are queued. The master switches between
//     an idle and a computing behaviour.
//   - Worker: computes the partial sum of a *WorkItem, stores it in the item
//     and sends the item back to the master, which owns it again.
//   - Run plays the driver: it submits the jobs, checks every answer and
//     stops the master and its workers.
//
// The workers share a *Stats that counts the items and terms they computed.
package picompute

import (
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Compute asks the master for pi using Steps rectangles in Items work items.
type Compute struct {
	Steps int
	Items int
}

// WorkItem is a range of rectangles. The master fills in the range, the
// worker that computes it fills in Sum and Worker.
type WorkItem struct {
	Job    int
	ID     int
	First  int
	Last   int
	Width  float64
	Backup bool

	Sum    float64
	Worker int
}

// PiResult answers a Compute request.
type PiResult struct {
	Job       int
	Steps     int
	Pi        float64
	Partials  []float64 // partial sum of every item, by item id
	Backups   int
	Duplicate int
	PerWorker map[int]int
}

// Stats is shared by the workers.
type Stats struct {
	Items atomic.Int64
	Terms atomic.Int64
}

// Worker computes work items.
type Worker struct {
	id    int
	stats *Stats
}

// Receive handles the events of a worker.
func (w *Worker) Receive(c actor.Context) {
	if item, ok := c.Message().(*WorkItem); ok {
		w.compute(item)
		c.Send(c.Parent(), item)
	}
}

func (w *Worker) compute(item *WorkItem) {
	sum := 0.0
	for i := item.First; i < item.Last; i++ {
		x := (float64(i) + 0.5) * item.Width
		sum += 4 / (1 + x*x)
	}
	item.Sum = sum * item.Width
	item.Worker = w.id
	w.stats.Items.Add(1)
	w.stats.Terms.Add(int64(item.Last - item.First))
}

type request struct {
	compute *Compute
	client  *actor.PID
}

// Master splits jobs into work items and aggregates the results.
type Master struct {
	behavior actor.Behavior
	nworkers int
	stats    *Stats
	workers  []*actor.PID

	jobs      []request // waiting for the current job to finish
	job       int
	current   request
	queue     []*WorkItem
	inFlight  map[int]*WorkItem // by item id, until its first result
	backedUp  map[int]bool
	partial   []float64
	done      []bool
	remaining int
	result    *PiResult
}

// NewMaster returns the props of a master with n workers.
func NewMaster(n int, stats *Stats) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		m := &Master{behavior: actor.NewBehavior(), nworkers: n, stats: stats}
		m.behavior.Become(m.idle)
		return m
	})
}

// Receive delegates to the current behaviour.
func (m *Master) Receive(c actor.Context) { m.behavior.Receive(c) }

func (m *Master) idle(c actor.Context) {
	switch msg := c.Message().(type) {
	case *actor.Started:
		for i := range m.nworkers {
			w := &Worker{id: i, stats: m.stats}
			m.workers = append(m.workers, c.Spawn(actor.PropsFromProducer(
				func() actor.Actor { return w })))
		}
	case *Compute:
		m.start(c, request{compute: msg, client: c.Sender()})
	case *WorkItem:
		// A late backup of a finished job: nothing to do.
	}
}

func (m *Master) computing(c actor.Context) {
	switch msg := c.Message().(type) {
	case *Compute:
		m.jobs = append(m.jobs, request{compute: msg, client: c.Sender()})
	case *WorkItem:
		m.onResult(c, msg)
	}
}

func (m *Master) start(c actor.Context, req request) {
	m.job++
	m.current = req
	n := req.compute.Items
	width := 1 / float64(req.compute.Steps)
	m.queue = make([]*WorkItem, 0, n)
	for id := range n {
		m.queue = append(m.queue, &WorkItem{Job: m.job, ID: id,
			First: id * req.compute.Steps / n, Last: (id + 1) * req.compute.Steps / n,
			Width: width})
	}
	m.inFlight = make(map[int]*WorkItem)
	m.backedUp = make(map[int]bool)
	m.partial = make([]float64, n)
	m.done = make([]bool, n)
	m.remaining = n
	m.result = &PiResult{Job: m.job, Steps: req.compute.Steps, PerWorker: make(map[int]int)}
	m.behavior.Become(m.computing)
	for w := range m.workers {
		m.dispatch(c, w)
	}
}

// dispatch gives worker w the next queued item or, if there is none, a
// backup copy of the oldest straggler.
func (m *Master) dispatch(c actor.Context, w int) {
	if len(m.queue) > 0 {
		item := m.queue[0]
		m.queue = m.queue[1:]
		m.inFlight[item.ID] = item
		c.Send(m.workers[w], item)
		return
	}
	ids := make([]int, 0, len(m.inFlight))
	for id := range m.inFlight {
		if !m.backedUp[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return
	}
	item := m.inFlight[slices.Min(ids)]
	m.backedUp[item.ID] = true
	m.result.Backups++
	// The straggler still owns item; the backup worker gets its own copy.
	backup := &WorkItem{Job: item.Job, ID: item.ID, First: item.First,
		Last: item.Last, Width: item.Width, Backup: true}
	c.Send(m.workers[w], backup)
}

func (m *Master) onResult(c actor.Context, item *WorkItem) {
	if item.Job != m.job {
		return // a late backup of an earlier job
	}
	if m.done[item.ID] {
		m.result.Duplicate++
	} else {
		m.done[item.ID] = true
		delete(m.inFlight, item.ID)
		m.partial[item.ID] = item.Sum
		m.result.PerWorker[item.Worker]++
		m.remaining--
	}
	if m.remaining > 0 {
		m.dispatch(c, item.Worker)
		return
	}
	m.finish(c)
}

func (m *Master) finish(c actor.Context) {
	res := m.result
	for _, s := range m.partial {
		res.Pi += s
	}
	res.Partials = m.partial
	m.partial, m.result = nil, nil
	c.Send(m.current.client, res)
	m.behavior.Become(m.idle)
	if len(m.jobs) > 0 {
		next := m.jobs[0]
		m.jobs = m.jobs[1:]
		m.start(c, next)
	}
}

// Run submits the jobs to a fresh master with the given number of workers,
// checks each answer and stops the master.
func Run(system *actor.ActorSystem, workers int, jobs []Compute) ([]*PiResult, *Stats, error) {
	stats := &Stats{}
	master := system.Root.Spawn(NewMaster(workers, stats))
	defer func() { _ = system.Root.PoisonFuture(master).Wait() }()

	futures := make([]*actor.Future, len(jobs))
	for i := range jobs {
		// The master gets a copy: it may outlive Run (the deferred poison
		// gives up after protoactor's 10 s while a worker computes), and
		// then start a queued job after the caller has its slice back.
		job := jobs[i]
		futures[i] = system.Root.RequestFuture(master, &job, 5*time.Second)
	}
	results := make([]*PiResult, len(jobs))
	for i, f := range futures {
		v, err := f.Result()
		if err != nil {
			return nil, nil, fmt.Errorf("job %d: %w", i+1, err)
		}
		res := v.(*PiResult)
		if err := check(&jobs[i], res); err != nil {
			return nil, nil, err
		}
		results[i] = res
	}
	return results, stats, nil
}

// check verifies one answer: the partial sums must add up to pi, every item
// must have been computed and the error must be that of the midpoint rule.
func check(job *Compute, res *PiResult) error {
	if len(res.Partials) != job.Items {
		return fmt.Errorf("job %d: %d partial sums, want %d", res.Job, len(res.Partials), job.Items)
	}
	total, computed := 0.0, 0
	for id, s := range res.Partials {
		if s <= 0 {
			return fmt.Errorf("job %d: item %d has partial sum %g", res.Job, id, s)
		}
		total += s
	}
	for _, n := range res.PerWorker {
		computed += n
	}
	if computed != job.Items {
		return fmt.Errorf("job %d: workers computed %d items, want %d", res.Job, computed, job.Items)
	}
	if total != res.Pi {
		return fmt.Errorf("job %d: partial sums add up to %v, reported %v", res.Job, total, res.Pi)
	}
	h := 1 / float64(job.Steps)
	if e := math.Abs(res.Pi - math.Pi); e > h*h {
		return fmt.Errorf("job %d: pi = %.15f, error %g too large", res.Job, res.Pi, e)
	}
	return nil
}
