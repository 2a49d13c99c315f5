package cluster

import (
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerConfig is the embedded NATS server: where it listens, who may
// connect and where JetStream keeps its streams.
type ServerConfig struct {
	// Listen is HOST:PORT (port 0: any free port).
	Listen string
	// Token is the secret workers give (workers' permissions only: see
	// permissions.go). A server listening off loopback refuses to start
	// without one: anyone who reaches it could otherwise take the games.
	// The coordinator of the process gets a secret of its own, made at
	// start and never written down, unless CoordinatorToken names one (for
	// coordinators of other processes: tests, measurements).
	Token, CoordinatorToken string
	// TLSCert and TLSKey, both or neither, are PEM files: with them the
	// server speaks TLS only.
	TLSCert, TLSKey string
	// StoreDir is JetStream's store (the data directory's cluster/).
	StoreDir string
}

// Server is a running embedded NATS server with JetStream.
type Server struct {
	ns    *server.Server
	leaf  []byte // the TLS certificate (DER), when it speaks TLS
	token string // the coordinator's secret
}

// StartServer starts the embedded server and waits until it takes
// connections.
func StartServer(cfg ServerConfig) (*Server, error) {
	host, portText, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("cluster listen address %q: %v (want HOST:PORT)", cfg.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("cluster listen address %q: port %q is not a number from 0 to 65535", cfg.Listen, portText)
	}
	if !loopback(host) && cfg.Token == "" {
		return nil, fmt.Errorf("cluster listen address %q is reachable from other machines: give a token (--cluster-token), or listen on 127.0.0.1", cfg.Listen)
	}
	if cfg.StoreDir == "" {
		return nil, fmt.Errorf("cluster server: no store directory")
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	auth := roles{coordinator: cfg.CoordinatorToken, worker: cfg.Token}
	if auth.coordinator == "" {
		var secret [32]byte
		rand.Read(secret[:])
		auth.coordinator = hex.EncodeToString(secret[:])
	}
	if auth.coordinator == auth.worker {
		return nil, fmt.Errorf("cluster server: the coordinator's token must not be the workers'")
	}
	opts := &server.Options{
		ServerName: "evochess", Host: host, Port: port, CustomClientAuthentication: auth,
		JetStream: true, StoreDir: cfg.StoreDir, MaxPayload: MaxMessage,
		NoLog: true, NoSigs: true,
	}
	if (cfg.TLSCert == "") != (cfg.TLSKey == "") {
		return nil, fmt.Errorf("cluster TLS needs both a certificate and its key (--cluster-tls-cert and --cluster-tls-key)")
	}
	if cfg.TLSCert != "" {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			return nil, fmt.Errorf("cluster TLS: %w", err)
		}
		opts.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		opts.TLS, opts.TLSTimeout = true, 5
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster server: %w", err)
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		ns.WaitForShutdown()
		return nil, fmt.Errorf("cluster server on %s did not start (address in use, or store %s locked by another process?)", cfg.Listen, cfg.StoreDir)
	}
	s := &Server{ns: ns, token: auth.coordinator}
	if opts.TLSConfig != nil {
		s.leaf = opts.TLSConfig.Certificates[0].Certificate[0]
	}
	return s, nil
}

// URL is the address workers connect to (nats:// or tls://).
func (s *Server) URL() string { return s.ns.ClientURL() }

// loopbackURL is URL with a listen-everywhere host made loopback.
func (s *Server) loopbackURL() string {
	u, err := url.Parse(s.URL())
	if err != nil {
		return s.URL()
	}
	if ip := net.ParseIP(u.Hostname()); ip != nil && ip.IsUnspecified() {
		u.Host = net.JoinHostPort("127.0.0.1", u.Port())
	}
	return u.String()
}

// Close stops the server and waits until it has.
func (s *Server) Close() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// loopback reports whether host is reachable from this machine only.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
