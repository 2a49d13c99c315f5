package cluster

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"

	"github.com/nats-io/nats.go"
)

// Every worker shares the cluster's credentials, so NATS cannot tell one
// worker from another: a worker proves who it is by signing what it
// publishes. Each Serve makes an Ed25519 key; the worker's id is the hash
// of its public key; its reports and results carry the key and a signature
// of subject and body in two headers. A coordinator counts a result
// against the key that signed it and refuses a worker by that id only on
// that key's word, so nobody holding the token can have another worker's
// results refused, or another worker told to stop, by naming its id.
// (Anyone can make new keys: a signature says that two messages come from
// the same worker, not that the worker is honest.)

// Headers of a signed message.
const (
	keyHeader = "Evochess-Key" // the signer's public key, base64
	sigHeader = "Evochess-Sig" // Ed25519 of subject, NUL, body; base64
)

// workerKey is a worker's signing key.
type workerKey struct {
	priv ed25519.PrivateKey
	id   string
}

func newWorkerKey() workerKey {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err) // crypto/rand does not fail
	}
	return workerKey{priv: priv, id: keyID(pub)}
}

// keyID is the worker id of a public key: 32 hex digits.
func keyID(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return hex.EncodeToString(h[:16])
}

func signedText(subject string, data []byte) []byte {
	return append(append([]byte(subject), 0), data...)
}

// signed is data to publish on subject, signed.
func (k workerKey) signed(subject string, data []byte) *nats.Msg {
	m := nats.NewMsg(subject)
	m.Data = data
	m.Header.Set(keyHeader, base64.StdEncoding.EncodeToString(k.priv.Public().(ed25519.PublicKey)))
	m.Header.Set(sigHeader, base64.StdEncoding.EncodeToString(ed25519.Sign(k.priv, signedText(subject, data))))
	return m
}

var errUnsigned = errors.New("not signed by a worker key")

// signer checks a message's signature and returns the id of the worker
// that signed it.
func signer(subject string, data []byte, h nats.Header) (string, error) {
	if h == nil {
		return "", errUnsigned
	}
	pub, err1 := base64.StdEncoding.DecodeString(h.Get(keyHeader))
	sig, err2 := base64.StdEncoding.DecodeString(h.Get(sigHeader))
	if err1 != nil || err2 != nil || len(pub) != ed25519.PublicKeySize || len(sig) != ed25519.SignatureSize ||
		!ed25519.Verify(pub, signedText(subject, data), sig) {
		return "", errUnsigned
	}
	return keyID(pub), nil
}
