package sshserve

import (
	"crypto/ed25519"
	"crypto/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/evochess/evochess/arena/syncbuf"
	"github.com/evochess/evochess/saves"
	"github.com/evochess/evochess/tui/common"
	"github.com/evochess/evochess/tui/internal/tuitest"
)

// newKey is a fresh ed25519 key: its signer, and its authorized_keys line
// with comment.
func newKey(t *testing.T, comment string) (gossh.Signer, string) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pk, _ := gossh.NewPublicKey(pub)
	return signer, strings.TrimSpace(strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pk)))+" "+comment) + "\n"
}

// dialKey connects as user with a key (none: no authentication at all).
func dialKey(addr, user string, keys ...gossh.Signer) (*gossh.Client, error) {
	var auth []gossh.AuthMethod
	if len(keys) > 0 {
		auth = append(auth, gossh.PublicKeys(keys...))
	}
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
}

// With --authorized-keys only those keys get in; each key's user saves in
// users/NAME and reads the server's data directory as a shared library,
// and never sees another user's saves.
func TestSSHAuthorizedKeys(t *testing.T) {
	alice, aliceLine := newKey(t, "alice@laptop")
	bob, bobLine := newKey(t, "")
	mallory, _ := newKey(t, "mallory")
	file := filepath.Join(t.TempDir(), "authorized_keys")
	if err := os.WriteFile(file, []byte("# the players\n"+aliceLine+"\n"+bobLine), 0o600); err != nil {
		t.Fatal(err)
	}
	keys, err := LoadAuthorizedKeys(file)
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncbuf.Buffer{}
	addr, root, _ := startSSHWith(t, func(c *Config) { c.Keys, c.Log = keys, logs })
	tuitest.SavePlayer(t, root, "libchamp") // the shared library's

	for name, signers := range map[string][]gossh.Signer{"an unknown key": {mallory}, "no key": nil} {
		if c, err := dialKey(addr, "alice", signers...); err == nil {
			c.Close()
			t.Errorf("%s got in", name)
		}
	}

	aliceDir, err := common.UserData(root, "alice")
	if err != nil {
		t.Fatal(err)
	}
	tuitest.SavePlayer(t, aliceDir, "secret") // alice's own
	c, err := dialKey(addr, "whoever", alice)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a := session(t, c)
	defer a.Close()
	a.in.Write([]byte("w"))
	a.waitFor(t, "saved as games/game-")
	if own, shared := aliceDir.Names(saves.Games), root.Names(saves.Games); len(own) != 1 || len(shared) != 0 {
		t.Errorf("alice's game went to her directory %v and the shared one %v", own, shared)
	}
	a.in.Write([]byte("2"))
	a.waitFor(t, "player libchamp")
	a.waitFor(t, "player secret")
	if !strings.Contains(logs.String(), "key alice client") {
		t.Errorf("the log does not name alice's key: %q", logs.String())
	}

	c2, err := dialKey(addr, "alice", bob) // bob, whatever name he gives
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	b := session(t, c2)
	defer b.Close()
	b.in.Write([]byte("2"))
	b.waitFor(t, "player libchamp")
	if strings.Contains(b.out.String(), "player secret") {
		t.Error("bob sees alice's player")
	}
	b.in.Write([]byte("1w"))
	b.waitFor(t, "saved as games/game-")
	users, _ := os.ReadDir(filepath.Join(root.Root, common.UsersDir))
	var names []string
	for _, u := range users {
		names = append(names, u.Name())
	}
	if len(names) != 2 || !slices.Contains(names, "alice") || !strings.HasPrefix(names[0], "SHA256-") {
		t.Errorf("user directories %v, want alice and bob's fingerprint", names)
	}
}

// authorized_keys lines with options, or that are not keys, are refused
// with their line; users are named by the comment or the fingerprint.
func TestLoadAuthorizedKeys(t *testing.T) {
	_, line := newKey(t, "carol@host")
	dir := t.TempDir()
	for name, text := range map[string]string{
		"options": `from="10.0.0.0/8" ` + line,
		"garbage": line + "ssh-ed25519 not-base64\n",
		"empty":   "# nobody\n",
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o600)
		if _, err := LoadAuthorizedKeys(path); err == nil {
			t.Errorf("%s: loaded", name)
		} else if name != "empty" && !strings.Contains(err.Error(), path+":") {
			t.Errorf("%s: %v does not say where", name, err)
		}
	}
	path := filepath.Join(dir, "ok")
	os.WriteFile(path, []byte(line), 0o600)
	k, err := LoadAuthorizedKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range k.users {
		if u != "carol" {
			t.Errorf("user %q, want carol", u)
		}
	}
}
