package cluster

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestListenOffLoopbackNeedsAToken(t *testing.T) {
	for _, tt := range []struct {
		listen, token string
		refused       bool
	}{
		{"127.0.0.1:0", "", false},
		{"localhost:0", "", false},
		{"[::1]:0", "", false},
		{"0.0.0.0:0", "", true},
		{":0", "", true},
		{"example.org:0", "", true},
		{"0.0.0.0:0", "s3cret", false},
	} {
		t.Run(tt.listen+" "+tt.token, func(t *testing.T) {
			if tt.listen == "[::1]:0" {
				if l, err := net.Listen("tcp", "[::1]:0"); err != nil {
					t.Skip("no IPv6 loopback here")
				} else {
					l.Close()
				}
			}
			if !tt.refused && strings.HasPrefix(tt.listen, "example") {
				t.Fatal("bad case")
			}
			srv, err := StartServer(ServerConfig{Listen: tt.listen, Token: tt.token, StoreDir: t.TempDir()})
			if tt.refused {
				if err == nil || !strings.Contains(err.Error(), "--cluster-token") {
					srv.Close()
					t.Fatalf("started without a token: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			srv.Close()
		})
	}
}

func TestTokenIsRequired(t *testing.T) {
	srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", Token: "right", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tt := range []struct {
		token string
		ok    bool
	}{{"", false}, {"wrong", false}, {"right", true}} {
		nc, err := ClientConfig{URL: srv.URL(), Token: tt.token}.connect()
		if (err == nil) != tt.ok {
			t.Errorf("token %q: connect error %v", tt.token, err)
		}
		if nc != nil {
			nc.Close()
		}
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "evochess test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	return cert, key
}

func TestTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	srv, err := StartServer(ServerConfig{Listen: "127.0.0.1:0", Token: "tok", TLSCert: cert, TLSKey: key, StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if !strings.HasPrefix(srv.URL(), "tls://") {
		t.Fatalf("URL %s", srv.URL())
	}
	if nc, err := (ClientConfig{URL: srv.URL(), Token: "tok"}).connect(); err == nil {
		nc.Close()
		t.Fatal("connected without trusting the server's certificate")
	}
	coord, err := NewCoordinator(context.Background(), Config{Server: srv, AckWait: testAckWait, Report: testReport})
	if err != nil {
		t.Fatal(err)
	}
	defer coord.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, WorkerConfig{Client: ClientConfig{URL: srv.URL(), Token: "tok", CA: cert}, Slots: 1, Report: testReport})
	}()
	defer func() {
		cancel()
		<-done
	}()
	run, err := coord.Run(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	rep := tournament(t, 0, run)
	if run.Games() != len(rep.Results) {
		t.Fatalf("%d of %d games remote over TLS", run.Games(), len(rep.Results))
	}
}

func TestServerStartErrorsNameTheProblem(t *testing.T) {
	for _, tt := range []struct {
		cfg  ServerConfig
		want string
	}{
		{ServerConfig{Listen: "127.0.0.1", StoreDir: "x"}, "want HOST:PORT"},
		{ServerConfig{Listen: "127.0.0.1:http", StoreDir: "x"}, "is not a number"},
		{ServerConfig{Listen: "127.0.0.1:0"}, "no store directory"},
		{ServerConfig{Listen: "127.0.0.1:0", StoreDir: "x", TLSCert: "c.pem"}, "both a certificate and its key"},
		{ServerConfig{Listen: "127.0.0.1:0", StoreDir: "x", TLSCert: "/nowhere/c.pem", TLSKey: "/nowhere/k.pem"}, "cluster TLS"},
	} {
		srv, err := StartServer(tt.cfg)
		if err == nil {
			srv.Close()
			t.Errorf("%+v started", tt.cfg)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.cfg, err, tt.want)
		}
	}
}
