package actor

type Counter struct {
	counts map[string]int
	incs   chan string
	gets   chan getReq
	last   string
}

type getReq struct {
	key   string
	reply chan int
}

func NewCounter() *Counter {
	c := &Counter{counts: map[string]int{}, incs: make(chan string), gets: make(chan getReq)}
	go c.run()
	return c
}

func (c *Counter) run() {
	for {
		select {
		case k := <-c.incs:
			c.counts[k]++
			c.last = k
		case g := <-c.gets:
			g.reply <- c.counts[g.key]
		}
	}
}

func (c *Counter) Inc(k string) { c.incs <- k }

func (c *Counter) Get(k string) int {
	r := make(chan int)
	c.gets <- getReq{k, r}
	return <-r
}

// Peek bypasses the actor loop.
func (c *Counter) Peek(k string) int {
	return c.counts[k] // race:
}

// Last bypasses the loop for a field.
func (c *Counter) Last() string {
	return c.last // race:
}

// Actor whose reply shares internal state.
type Account struct {
	ops     chan chan []int
	deposit chan int
	history []int
}

func NewAccount() *Account {
	a := &Account{ops: make(chan chan []int), deposit: make(chan int), history: make([]int, 0, 16)}
	go a.loop()
	return a
}

func (a *Account) loop() {
	for {
		select {
		case n := <-a.deposit:
			a.history = append(a.history, n)
			a.history[0] += n // race:
		case c := <-a.ops:
			c <- a.history
		}
	}
}

func (a *Account) Deposit(n int) { a.deposit <- n }

func (a *Account) History() []int {
	c := make(chan []int)
	a.ops <- c
	return <-c
}
