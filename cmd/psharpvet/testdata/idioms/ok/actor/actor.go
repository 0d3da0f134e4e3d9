package actor

// Account is owned by a single goroutine; all access via requests.
type account struct {
	balance int
	history []int
}

type op struct {
	amount int
	reply  chan result
}

type result struct {
	balance int
	ok      bool
}

type Account struct {
	ops  chan op
	quit chan struct{}
	hist chan chan []int
}

func NewAccount() *Account {
	a := &Account{ops: make(chan op), quit: make(chan struct{}), hist: make(chan chan []int)}
	go a.loop(&account{})
	return a
}

func (a *Account) loop(st *account) {
	for {
		select {
		case o := <-a.ops:
			if st.balance+o.amount < 0 {
				o.reply <- result{st.balance, false}
				continue
			}
			st.balance += o.amount
			st.history = append(st.history, o.amount)
			o.reply <- result{st.balance, true}
		case c := <-a.hist:
			c <- append([]int(nil), st.history...)
		case <-a.quit:
			return
		}
	}
}

func (a *Account) Deposit(n int) (int, bool) {
	r := make(chan result)
	a.ops <- op{amount: n, reply: r}
	res := <-r
	return res.balance, res.ok
}

func (a *Account) History() []int {
	c := make(chan []int)
	a.hist <- c
	return <-c
}

func (a *Account) Close() { close(a.quit) }

// Actor with state in the struct itself, only touched in run.
type Counter struct {
	counts map[string]int
	incs   chan string
	gets   chan getReq
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
