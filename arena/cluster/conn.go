package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ClientConfig is how a coordinator or a worker reaches a NATS server.
type ClientConfig struct {
	URL   string // nats://HOST:PORT or tls://HOST:PORT
	Token string
	Creds string // a NATS credentials file (instead of a token)
	CA    string // PEM file of the authority that signed a TLS server's certificate
	Name  string // the connection's name, as the server lists it
}

// connect opens a connection that keeps reconnecting for as long as it is
// open: workers and coordinators ride out a restarted server.
func (c ClientConfig) connect(extra ...nats.Option) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name(c.Name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}
	if c.Token != "" {
		opts = append(opts, nats.Token(c.Token))
	}
	if c.Creds != "" {
		opts = append(opts, nats.UserCredentials(c.Creds))
	}
	if c.CA != "" {
		opts = append(opts, nats.RootCAs(c.CA))
	}
	nc, err := nats.Connect(c.URL, append(opts, extra...)...)
	if err != nil {
		return nil, fmt.Errorf("cluster %s: %w", c.URL, err)
	}
	return nc, nil
}

// maxResultBytes bounds the results stream (about 100 000 long games).
const maxResultBytes = 1 << 30

// streams creates (or updates to this version's settings) the job, result
// and genes streams and the workers' consumer, whose ack wait is ackWait.
func streams(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) (jobs, results jetstream.Stream, err error) {
	jobs, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: JobStream, Subjects: []string{jobPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, MaxMsgSize: MaxMessage, Duplicates: dedupWindow, MaxAge: keepResults,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cluster job stream: %w", err)
	}
	results, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: ResultStream, Subjects: []string{resultPrefix + ">"}, Retention: jetstream.LimitsPolicy,
		Storage: jetstream.FileStorage, MaxMsgSize: MaxMessage, Duplicates: dedupWindow, MaxAge: keepResults,
		MaxMsgsPerSubject: 1, // a job's result, once: a replayed game's copy replaces it
		// Workers' credentials can store results under any subject: the
		// stream keeps the newest maxResultBytes, not a flood's worth of disk.
		MaxBytes: maxResultBytes,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cluster result stream: %w", err)
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: GenesStream, Subjects: []string{genesPrefix + ">"}, Retention: jetstream.LimitsPolicy,
		Storage: jetstream.FileStorage, MaxMsgSize: MaxMessage, Duplicates: dedupWindow, MaxAge: keepResults,
		MaxMsgsPerSubject: 1, // genes are their hash's: a copy replaces them
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cluster genes stream: %w", err)
	}
	_, err = jobs.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: WorkersConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		MaxDeliver:    -1, // a job refused or abandoned is never dropped
		MaxAckPending: 100000, MaxWaiting: 100000,
		MaxRequestBatch: 1, // a worker pulls a job at a time: nobody takes the queue in one request
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cluster workers' consumer: %w", err)
	}
	return jobs, results, nil
}
