// Package cluster plays a pool's games on worker processes of other
// machines through NATS JetStream: the coordinator side (Coordinator, an
// arena.Remote per run) and the worker side (Serve), on an embedded NATS
// server (StartServer) or any existing one.
//
// A game job goes to a work-queue stream under a deterministic id (its
// content and the run's identity), deduplicated by JetStream; one worker
// pulls it, plays it, stores the result in the results stream under the
// same id and only then acknowledges the job. A worker that dies or stalls
// stops sending in-progress acks and the job is redelivered. The
// coordinator takes each job's first result that checks out and ignores
// the others, and a resumed coordinator finds the results already stored
// instead of replaying their games.
//
// Nothing a worker sends is taken on trust. NATS permissions keep each
// role to its part (permissions.go); workers sign what they publish
// (identity.go); a result's ending must follow from its moves by the
// rules, the job's own adjudication settings and clocks, an engine's
// failure needs a second worker's word, and a result that does not check
// out is refused, counted against its signer and its game played again by
// another worker (verdict.go); what the network makes the coordinator log
// is rate-limited (lograte.go).
package cluster

import (
	"encoding/json"
	"fmt"
	"time"
)

// Version is the protocol version every message carries. A worker and a
// coordinator of different versions refuse each other. (2: genes travel
// apart from the jobs that name them; 3: workers sign their reports and
// results, a result carries its flag time, a copy of a job may name
// workers to avoid; 4: full's set 3 plays EvalTerms2 on, and a job's
// options carry a chromosome's switches where they differ from its
// preset's, which both sides must therefore agree on: a change of a
// preset's switches is a new version; 5: full's layout gained the
// eval_terms3 genes, and genes travel by position in the layout; 6: and
// the eval_terms4 genes; 7: and the eval_terms5 genes; 8: and two more
// of them; 9: and the eval_terms6 genes; 10: and the eval_terms7 genes;
// 11: full's set 10 plays MobilityArea and KingRing on; 12: and the
// eval_terms8 genes.)
const Version = 12

// Streams, consumer and subjects: named for the operator of an existing
// NATS server, who grants them (every subject is under Subjects), and for
// tests that play a worker by hand. A job's subject ends with its run key
// and id, so a run can list its stored results and queued jobs by subject.
const (
	JobStream       = "EVOCHESS_JOBS"
	ResultStream    = "EVOCHESS_RESULTS"
	WorkersConsumer = "workers"
	Subjects        = "evochess.>"
	ResultSubjects  = resultPrefix + ">"
	jobPrefix       = "evochess.job."
	resultPrefix    = "evochess.result."
	presenceSubj    = "evochess.presence"
	controlPrefix   = "evochess.control."
	refusedPrefix   = "evochess.refused."
)

// Limits on what is read from the network: nothing larger is decoded.
const (
	// MaxMessage is the largest message (the embedded server's max
	// payload too): a job's two chromosomes or a long game fit well.
	MaxMessage = 1 << 20
	maxName    = 64  // player, worker and host names
	maxDetail  = 512 // a game's detail text
	maxPlies   = 4000
	maxEngines = 32
	maxArgs    = 32
	// maxOptions: an engine tuned on its options plays with all of them
	// set (OpenBench tunes run to hundreds); two players of 512 options
	// of 2 × maxText each still fit MaxMessage.
	maxOptions = 512
	maxText    = 256 // an engine path, argument or option
	maxHashMB  = 4096
	maxDepth   = 128
	maxSlots   = 1024
	maxTime    = 24 * time.Hour
)

// Timing defaults.
const (
	// DefaultAckWait is how long a job may go without news from its
	// worker before it is given to another: workers send in-progress acks
	// every third of it while a game runs.
	DefaultAckWait = 15 * time.Second
	// DefaultReport is how often a worker reports itself; a worker not
	// heard of for three reports is gone.
	DefaultReport = 2 * time.Second
	// refuseDelay is how long a job a worker refused waits before it is
	// offered again (to any worker).
	refuseDelay = 2 * time.Second
	// keepResults is how long jobs and results stay in the streams: a
	// coordinator resumed within it finds its results.
	keepResults = 7 * 24 * time.Hour
	// dedupWindow is JetStream's duplicate window for job and result ids.
	dedupWindow = 2 * time.Minute
)

func jobSubject(run, id string) string    { return jobPrefix + run + "." + id }
func resultSubject(run, id string) string { return resultPrefix + run + "." + id }

// versionError is the message both sides give when versions differ.
func versionError(theirs int, who string) error {
	return fmt.Errorf("%s speaks evochess cluster protocol v%d, this process v%d: run the same evochess version on the coordinator and its workers", who, theirs, Version)
}

// unmarshal reads a message from the network into v; nothing larger than
// MaxMessage is decoded. what names the message in the error.
func unmarshal(what string, data []byte, v any) error {
	if len(data) > MaxMessage {
		return fmt.Errorf("%s of %d bytes (at most %d)", what, len(data), MaxMessage)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// addressed is a job or a result: a message of a version, with an id and
// a run key, which end up in subjects.
type addressed interface {
	header() (v int, id, run string)
}

// decode reads a job or a result from the network and checks its header:
// this version (who sent it otherwise, for the message) and ids of this
// protocol.
func decode[M addressed](what, who string, data []byte) (M, error) {
	var m M
	if err := unmarshal(what, data, &m); err != nil {
		return m, err
	}
	v, id, run := m.header()
	if v != Version {
		return m, versionError(v, who)
	}
	if !isHex(id, 32) || !isHex(run, 16) {
		return m, fmt.Errorf("%s: id %.40q or run %.40q is not the hex of this protocol", what, id, run)
	}
	return m, nil
}
