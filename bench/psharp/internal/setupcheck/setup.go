// Package setupcheck only makes the module's requirements resolvable.
package setupcheck

import (
	hollywood "github.com/anthdm/hollywood/actor"
	protoactor "github.com/asynkron/protoactor-go/actor"
)

var (
	_ *hollywood.Engine
	_ *protoactor.ActorSystem
)
