package regress

import "reflect"

// Vote is compared by a goroutine and then used by its creator.
type Vote struct {
	Term uint64
	Addr []byte
}

func useVote(v *Vote) int { return len(v.Addr) + int(v.Term) }

func useAddr(v *Vote) int { return len(v.Addr) }

// CompareThenUse hands the vote to a goroutine that only compares it
// (reflect.DeepEqual reads, a model row): quiet.
func CompareThenUse(want Vote) int {
	args := Vote{Term: 1, Addr: []byte("a")}
	go func() {
		_ = reflect.DeepEqual(&want, &args)
	}()
	return useVote(&args)
}

// RenewThenUse hands the vote to a goroutine that writes it.
func RenewThenUse(want Vote) int {
	args := Vote{Term: 1, Addr: []byte("a")}
	go func() {
		if !reflect.DeepEqual(&want, &args) {
			args.Term++
		}
	}()
	return useVote(&args) // want `args is passed to regress.useVote after it was handed to the goroutine`
}

// RenewThenUseAddr hands the vote to a goroutine that writes its term,
// then reads only its address: different fields, quiet.
func RenewThenUseAddr(want Vote) int {
	args := Vote{Term: 1, Addr: []byte("a")}
	go func() {
		if !reflect.DeepEqual(&want, &args) {
			args.Term++
		}
	}()
	return useAddr(&args)
}
