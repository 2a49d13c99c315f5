package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/evochess/evochess/arena"
	"github.com/evochess/evochess/arena/cluster"
	"github.com/evochess/evochess/tui/common"
)

// clusterFlags are the flags of every command that plays games: remote
// workers (evochess worker) play them too, through an existing NATS server
// (--cluster) or the embedded one (--cluster-listen).
type clusterFlags struct {
	url, listen, token, creds, ca, cert, key string
	ackWait                                  time.Duration
}

// addClusterFlags defines the cluster flags on fs.
func addClusterFlags(fs *pflag.FlagSet) *clusterFlags {
	f := &clusterFlags{}
	fs.StringVar(&f.url, "cluster", "", "also play games on remote workers (evochess worker) through the NATS server at `nats://HOST:PORT`")
	fs.StringVar(&f.listen, "cluster-listen", "", "also play games on remote workers, starting the embedded NATS server on `HOST:PORT` (its store in the data directory's cluster/)")
	fs.StringVar(&f.token, "cluster-token", "", "--cluster-listen: the token workers give (required to listen off loopback; the coordinator has a secret of its own); --cluster: this coordinator's token on that server")
	fs.StringVar(&f.creds, "cluster-creds", "", "--cluster: a NATS credentials `FILE` instead of a token")
	fs.StringVar(&f.ca, "cluster-ca", "", "--cluster: PEM `FILE` of the authority that signed the server's TLS certificate")
	fs.StringVar(&f.cert, "cluster-tls-cert", "", "--cluster-listen: speak TLS with this PEM certificate `FILE`")
	fs.StringVar(&f.key, "cluster-tls-key", "", "--cluster-listen: the certificate's PEM key `FILE`")
	fs.DurationVar(&f.ackWait, "cluster-ack-wait", cluster.DefaultAckWait, "how long a remote game may go unheard of before another worker gets it")
	return f
}

// enabled reports whether remote workers are wanted.
func (f *clusterFlags) enabled() bool { return f.url != "" || f.listen != "" }

// check refuses contradictory cluster flags.
func (f *clusterFlags) check() error {
	switch {
	case f.url != "" && f.listen != "":
		return fmt.Errorf("give --cluster (an existing server) or --cluster-listen (the embedded one), not both")
	case !f.enabled() && (f.token != "" || f.creds != "" || f.ca != "" || f.cert != "" || f.key != ""):
		return fmt.Errorf("--cluster-token, --cluster-creds, --cluster-ca and --cluster-tls-* need --cluster or --cluster-listen")
	case f.listen != "" && (f.creds != "" || f.ca != ""):
		return fmt.Errorf("--cluster-creds and --cluster-ca are for --cluster (an existing server)")
	case f.url != "" && (f.cert != "" || f.key != ""):
		return fmt.Errorf("--cluster-tls-cert and --cluster-tls-key are for --cluster-listen")
	case f.ackWait < time.Second:
		return fmt.Errorf("--cluster-ack-wait must be at least 1s")
	}
	return nil
}

// checkWorkers checks a local worker count: 0 only with a cluster.
func (f *clusterFlags) checkWorkers(flag string, n int) error {
	if n < 0 || n == 0 && !f.enabled() {
		return fmt.Errorf("%s must be at least 1 (0, remote workers only, needs --cluster or --cluster-listen)", flag)
	}
	return nil
}

// clusterConn is a started cluster: the embedded server if any and the
// coordinator.
type clusterConn struct {
	srv   *cluster.Server
	coord *cluster.Coordinator
	url   string // where workers connect
}

// start starts the embedded server (with --cluster-listen) and the
// coordinator; log receives the coordinator's lines about workers. It
// returns nil, nil without cluster flags.
func (f *clusterFlags) start(ctx context.Context, data *dataFlag, log io.Writer) (*clusterConn, error) {
	if !f.enabled() {
		return nil, nil
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	c := &clusterConn{url: f.url}
	cfg := cluster.Config{AckWait: f.ackWait, Log: log,
		Client: cluster.ClientConfig{URL: f.url, Token: f.token, Creds: f.creds, CA: f.ca}}
	if f.listen != "" {
		d, err := data.open()
		if err != nil {
			return nil, err
		}
		c.srv, err = cluster.StartServer(cluster.ServerConfig{Listen: f.listen, Token: f.token, TLSCert: f.cert, TLSKey: f.key,
			StoreDir: filepath.Join(d.Root, "cluster")})
		if err != nil {
			return nil, err
		}
		cfg.Server, c.url = c.srv, c.srv.URL()
	}
	var err error
	if c.coord, err = cluster.NewCoordinator(ctx, cfg); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// close stops the coordinator, then the server.
func (c *clusterConn) close() {
	if c == nil {
		return
	}
	if c.coord != nil {
		c.coord.Close()
	}
	if c.srv != nil {
		c.srv.Close()
	}
}

// run starts one run's remote; identity is what a resumed run gives again
// ("" for a run that cannot resume: a fresh one each time).
func (c *clusterConn) run(ctx context.Context, identity string) (*cluster.RunRemote, error) {
	if identity == "" {
		var b [16]byte
		rand.Read(b[:])
		identity = "once/" + hex.EncodeToString(b[:])
	}
	r, err := c.coord.Run(ctx, identity)
	if err != nil {
		return nil, err
	}
	if stored, queued := r.Resumed(); stored+queued > 0 {
		c.coord.Log(fmt.Sprintf("cluster: the run has %d results stored and %d games queued already: they are not played again", stored, queued))
	}
	return r, nil
}

// The terminal arena's tabs send their games through the cluster too.
var _ common.Cluster = (*clusterConn)(nil)

// Remote starts a run's remote side, closed when ctx ends.
func (c *clusterConn) Remote(ctx context.Context, identity string) (arena.Remote, error) {
	r, err := c.run(ctx, identity)
	if err != nil {
		return nil, err
	}
	context.AfterFunc(ctx, r.Close)
	return r, nil
}

// Workers are the workers heard of lately.
func (c *clusterConn) Workers() []arena.RemoteWorker { return c.coord.Workers() }

// announce says where workers connect.
func (c *clusterConn) announce(w io.Writer, local int) {
	if c == nil {
		return
	}
	how := fmt.Sprintf("and %d local workers", local)
	if local == 0 {
		how = "only"
	}
	fmt.Fprintf(w, "cluster: remote workers %s; start them with: evochess worker --cluster %s\n", how, c.url)
}

// rates is the progress line's part about who played: local and remote
// games per second since start, and the workers.
func rates(total int, remote arena.Remote, games func() int, since time.Time) string {
	if remote == nil {
		return ""
	}
	secs := max(time.Since(since).Seconds(), 1e-3)
	r := games()
	ws := remote.Workers()
	inFlight := 0
	for _, w := range ws {
		inFlight += w.InFlight
	}
	return fmt.Sprintf("  local %.2f/s  remote %.2f/s (%d workers, %d playing)", float64(total-r)/secs, float64(r)/secs, len(ws), inFlight)
}
