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
// coordinator takes each job's first result and ignores the others, and a
// resumed coordinator finds the results already stored instead of
// replaying their games.
package cluster

import (
	"fmt"
	"time"
)

// Version is the protocol version every message carries. A worker and a
// coordinator of different versions refuse each other.
const Version = 1

// Streams, consumer and subjects. A job's subject ends with its run key
// and id, so a run can list its stored results and queued jobs by subject.
const (
	jobStream      = "EVOCHESS_JOBS"
	resultStream   = "EVOCHESS_RESULTS"
	workersDurable = "workers"
	jobPrefix      = "evochess.job."
	resultPrefix   = "evochess.result."
	presenceSubj   = "evochess.presence"
	controlPrefix  = "evochess.control."
	refusedPrefix  = "evochess.refused."
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
	maxOptions = 64
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
