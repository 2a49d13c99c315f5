package sshserve

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/lobby"
	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/evochess/evochess/tui/common"
)

// Who a session is, by what it offered and the server's mode.
func TestSSHIdentity(t *testing.T) {
	alice, aliceLine := newKey(t, "alice@laptop")
	phone, phoneLine := newKey(t, "alice@phone")
	stranger, _ := newKey(t, "")
	file := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(file, []byte(aliceLine+phoneLine), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadAuthorizedKeys(file)
	if err != nil {
		t.Fatal(err)
	}
	aliceID := lobby.UserID("key:" + gossh.FingerprintSHA256(alice.PublicKey()))
	strangerID := lobby.UserID("key:" + gossh.FingerprintSHA256(stranger.PublicKey()))
	cases := []struct {
		name string
		user string
		key  gossh.PublicKey
		keys *AuthorizedKeys
		want lobby.User
		ok   bool
	}{
		{"open, a key: the key, the name given", "alice", alice.PublicKey(), nil, lobby.User{ID: aliceID, Name: "alice", Kind: lobby.Human}, true},
		{"open, the same key under another name: the same player", "al", alice.PublicKey(), nil, lobby.User{ID: aliceID, Name: "al", Kind: lobby.Human}, true},
		{"open, a hostile name: cleaned and bounded", "\x1b]2;pwned\x07mallory\n" + strings.Repeat("x", 100), stranger.PublicKey(), nil,
			lobby.User{ID: strangerID, Name: "mallory " + strings.Repeat("x", common.MaxPlayerName-9) + "…", Kind: lobby.Human}, true},
		{"open, a key and no name: named by the key", "", stranger.PublicKey(), nil,
			lobby.User{ID: strangerID, Name: "key-" + strings.TrimPrefix(gossh.FingerprintSHA256(stranger.PublicKey()), "SHA256:")[:8], Kind: lobby.Human}, true},
		{"open, no key: a guest of one session (the screens say so)", "bob", nil, nil, lobby.User{ID: "anon:1", Name: "bob", Kind: lobby.Anonymous}, true},
		{"open, no key, no name: a numbered guest", " \x07 ", nil, nil, lobby.User{ID: "anon:2", Name: "guest-2", Kind: lobby.Anonymous}, true},
		{"keys: the file's name, not the one given", "root", alice.PublicKey(), keys, lobby.User{ID: lobby.AccountID("alice"), Name: "alice", Kind: lobby.Human}, true},
		{"keys: another key of the same name is the same user", "alice", phone.PublicKey(), keys, lobby.User{ID: lobby.AccountID("alice"), Name: "alice", Kind: lobby.Human}, true},
		{"keys: another key is no one", "alice", stranger.PublicKey(), keys, lobby.User{}, false},
		{"keys: no key is no one", "alice", nil, keys, lobby.User{}, false},
	}
	var guests atomic.Int64
	for _, c := range cases {
		got, ok := sshIdentity(c.user, c.key, c.keys, &guests)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// Over SSH: a client offering a key is that key's player under the name
// it gave; one without a key gets in as a guest; each sees the other.
func TestSSHLobbyIdentity(t *testing.T) {
	logs := &syncbuf.Buffer{}
	addr, _, _ := startSSHWith(t, func(c *Config) { c.Log = logs })
	alice, _ := newKey(t, "")
	ca, err := dialKey(addr, "alice", alice)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close()
	cb := dialAs(t, addr, "bob")
	defer cb.Close()
	sa, sb := session(t, ca), session(t, cb)
	sa.in.Write([]byte("L"))
	sb.in.Write([]byte("L"))
	sa.waitFor(t, "you are alice")
	sb.waitFor(t, "you are bob (guest)")
	sa.waitFor(t, "bob (guest)")
	sb.waitFor(t, "Online (2)")
	if strings.Contains(sa.out.String(), "alice (guest)") || strings.Contains(sb.out.String(), "alice (guest)") {
		t.Error("a client that offered its key was let in as a guest")
	}
	// A guest is said to be one once, not "bob (guest) (guest)".
	if strings.Contains(sa.out.String(), "(guest) (guest)") || strings.Contains(sb.out.String(), "(guest) (guest)") {
		t.Error(`a guest's name shows "(guest)" twice`)
	}
	// The log names the key a player is known by, and says a guest has none.
	fp := gossh.FingerprintSHA256(alice.PublicKey())
	if l := logs.String(); !strings.Contains(l, "key "+fp+" client") || !strings.Contains(l, "key none client") {
		t.Errorf("the log does not name alice's key %s and bob's lack of one:\n%s", fp, l)
	}
}

// The lag given to the lobby is a running mean of round trips, bounded.
func TestLagMeter(t *testing.T) {
	var m lagMeter
	ms := time.Millisecond
	for _, c := range []struct{ sample, want time.Duration }{
		{100 * ms, 100 * ms},
		{300 * ms, 200 * ms},
		{-5 * ms, 400 * ms / 3}, // a clock step back counts as nothing
		{time.Hour, (400*ms + maxLag) / 4},
		{0, (300*ms + maxLag) / 4}, // the first sample has gone
	} {
		if got := m.add(c.sample); got != c.want {
			t.Errorf("after %v: %v, want %v", c.sample, got, c.want)
		}
	}
}

// measureLag times real keepalive requests on a connection and stops
// with its context.
func TestMeasureLag(t *testing.T) {
	conn := &slowConn{delay: 20 * time.Millisecond}
	got := make(chan time.Duration, 10)
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer close(done)
		measureLag(ctx, conn, 5*time.Millisecond, func(d time.Duration) { got <- d })
	}()
	for i := 0; i < 3; i++ {
		if d := <-got; d < 20*time.Millisecond || d > time.Second {
			t.Errorf("lag %v for a 20ms reply", d)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("measureLag did not stop with its context")
	}
	if conn.name.Load() != "keepalive@openssh.com" {
		t.Errorf("sent %q", conn.name.Load())
	}
}

// slowConn answers every request after a delay.
type slowConn struct {
	gossh.Conn
	delay time.Duration
	name  atomic.Value
}

func (c *slowConn) SendRequest(name string, wantReply bool, _ []byte) (bool, []byte, error) {
	c.name.Store(name)
	time.Sleep(c.delay)
	return false, nil, nil
}

// With --authorized-keys the keys of one name are one person: alice on
// her laptop and on her phone is one line of the lobby, shown as alice
// (no tag telling two alices apart), and her keys' ladder standings of
// before are hers (LobbyConfig.Accounts).
func TestSSHKeysOfOneUserAreOneLobbyUser(t *testing.T) {
	laptop, laptopLine := newKey(t, "alice@laptop")
	phone, phoneLine := newKey(t, "alice@phone")
	bob, bobLine := newKey(t, "bob")
	file := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(file, []byte(laptopLine+phoneLine+bobLine), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadAuthorizedKeys(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[lobby.UserID]lobby.UserID{keyID(laptop.PublicKey()): "user:alice", keyID(phone.PublicKey()): "user:alice", keyID(bob.PublicKey()): "user:bob"}
	if got := keys.accounts(); !maps.Equal(got, want) {
		t.Errorf("accounts %v, want %v", got, want)
	}
	addr, _, _ := startSSHWith(t, func(c *Config) { c.Keys = keys })
	var alices []*sshTerm
	for _, k := range []gossh.Signer{laptop, phone} {
		c, err := dialKey(addr, "alice", k)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		s := session(t, c)
		s.in.Write([]byte("L"))
		s.waitFor(t, "you are alice")
		alices = append(alices, s)
	}
	c, err := dialKey(addr, "bob", bob)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	b := session(t, c)
	b.in.Write([]byte("L"))
	b.waitFor(t, "Online (2)")
	for _, s := range append(alices, b) {
		if out := s.out.String(); strings.Contains(out, "alice#") || strings.Contains(out, "Online (3)") {
			t.Fatalf("alice's two keys are two lobby users:\n%s", out)
		}
	}
}
