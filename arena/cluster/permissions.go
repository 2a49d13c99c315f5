package cluster

import (
	"crypto/subtle"

	"github.com/nats-io/nats-server/v2/server"
)

// Two roles use the cluster, and NATS itself keeps each to its part: the
// embedded server gives each connection the permissions of its role (an
// operator of an existing server grants the same, README "More
// machines"). A worker's credentials cannot queue jobs, store genes,
// tell workers to stop or drop games, touch the streams or consumers, or
// answer another client's requests.

// WorkerPublish is what a worker may publish: its results, reports and
// refusals, and the JetStream API calls a worker makes (look up the
// workers' consumer and the result and genes streams, pull a job, read a
// stored result or genes) and the acknowledgements of its jobs.
var WorkerPublish = []string{
	resultPrefix + ">", presenceSubj, refusedPrefix + ">",
	"$JS.API.CONSUMER.INFO." + JobStream + "." + WorkersConsumer,
	"$JS.API.CONSUMER.MSG.NEXT." + JobStream + "." + WorkersConsumer,
	"$JS.API.STREAM.INFO." + ResultStream, "$JS.API.STREAM.INFO." + GenesStream,
	"$JS.API.STREAM.MSG.GET." + ResultStream, "$JS.API.STREAM.MSG.GET." + GenesStream,
	"$JS.ACK." + JobStream + "." + WorkersConsumer + ".>",
}

// WorkerSubscribe is what a worker may receive: the coordinators' word to
// workers, cancelled games, and the replies to its own requests (jobs
// pulled, API answers) on its inbox.
var WorkerSubscribe = []string{controlPrefix + ">", cancelPrefix + ">", "_INBOX.>"}

// CoordinatorPublish and CoordinatorSubscribe are a coordinator's: every
// evochess subject and the JetStream API (it makes the streams and the
// consumer, queues jobs, stores genes, deletes jobs nobody wants).
var (
	CoordinatorPublish   = []string{Subjects, "$JS.API.>"}
	CoordinatorSubscribe = []string{Subjects, "_INBOX.>"}
)

func permissions(pub, sub []string) *server.Permissions {
	return &server.Permissions{Publish: &server.SubjectPermission{Allow: pub}, Subscribe: &server.SubjectPermission{Allow: sub}}
}

// roles is the embedded server's authentication: the coordinator's secret
// gets the coordinator's permissions; the workers' token (or, with none
// set, no token: a loopback server) the workers'; anything else nothing.
type roles struct {
	coordinator, worker string
}

func (r roles) Check(c server.ClientAuthentication) bool {
	opts := c.GetOpts()
	if opts == nil {
		return false
	}
	given := opts.Token
	same := func(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
	switch {
	case same(given, r.coordinator):
		c.RegisterUser(&server.User{Username: "evochess-coordinator", Permissions: permissions(CoordinatorPublish, CoordinatorSubscribe)})
		return true
	case same(given, r.worker):
		c.RegisterUser(&server.User{Username: "evochess-worker", Permissions: permissions(WorkerPublish, WorkerSubscribe)})
		return true
	}
	return false
}
