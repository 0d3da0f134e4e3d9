package directives // want package:"lockset summaries"

// Plain functions are not entry points unless declared so.

var (
	counter int
	config  string
	netdev  int
)

//psharpvet:entrypoint
func Tick() {
	counter++ // want `counter is read in Tick without a lock and written in another call of Tick without a lock`
}

// notEntry touches the same variable but is not an entry point, and no
// entry point calls it: quiet.
func notEntry() { config = "x" }

// Open and Close are serialised by their framework, like RTNL-protected
// network driver callbacks: quiet with each other and with themselves.
//
//psharpvet:serialized rtnl
func Open() {
	netdev = 1 // want `netdev is written in Open without a lock and read in Stats without a lock`
}

//psharpvet:serialized rtnl
func Close() {
	netdev = 0 // want `netdev is written in Close without a lock and read in Stats without a lock`
}

// Stats is not serialised with them: it races with both.
//
//psharpvet:entrypoint
func Stats() int {
	return netdev
}

//psharpvet:serialized // want `malformed directive: //psharpvet:serialized needs exactly one group name`
func missingGroup() {}

//psharpvet:entrypointt // want `unknown directive //psharpvet:entrypointt \(want entrypoint, serialized, shared, send, handler or ignore\)`
func typo() {}

//psharpvet:entrypoint now // want `malformed directive: //psharpvet:entrypoint takes no arguments`
func extraArg() {}

//psharpvet: // want `malformed directive: missing verb after //psharpvet:`
func noVerb() {}

var _ = 1 //psharpvet:entrypoint // want `misplaced directive: //psharpvet:entrypoint must be in the doc comment of a function declaration`
