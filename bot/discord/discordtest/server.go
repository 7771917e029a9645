package discordtest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Host names the fake answers for. Everything dials 127.0.0.1 whatever the host,
// so a request that escapes the fake's routes fails instead of reaching Discord.
const (
	APIHost     = "discord.com"
	GatewayHost = "gateway.discord.gg"
)

// InteractionDeadline is how long Discord waits for the first response to an
// interaction before it shows "This interaction failed".
const InteractionDeadline = 3 * time.Second

// User is a person in the fake guild.
type User struct {
	ID       string
	Username string // lower-case handle
	Name     string // global display name
	// Admin gives the user a role with the ADMINISTRATOR permission.
	Admin bool
}

// Config sets up a Server. Zero fields get the defaults shown.
type Config struct {
	Token     string // "Bot test-token"
	AppID     string // "900000000000000001"
	BotID     string // AppID
	BotName   string // "Chuhe"
	GuildID   string // "800000000000000001"
	ChannelID string // "700000000000000001", the guild's one text channel
	// HeartbeatInterval is sent in HELLO; 0 means 41.25 s as Discord does.
	HeartbeatInterval time.Duration
}

// Server is a fake Discord: the REST API under https://discord.com/api/v9/ and
// the gateway at wss://gateway.discord.gg/, both served on 127.0.0.1 with a
// self-signed certificate. Point discordgo at it with HTTPClient and Dialer.
type Server struct {
	cfg  Config
	srv  *httptest.Server
	pool *x509.CertPool

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every state change
	nextID  int64
	users   map[string]User
	order   []string // user ids in the order added
	msgs    []*Message
	msgByID map[string]*Message
	inters  map[string]*Interaction
	byToken map[string]*Interaction
	dms     map[string]string // user id -> DM channel id
	dmUser  map[string]string // DM channel id -> user id
	closed  map[string]bool   // user ids whose DMs are closed
	noFiles bool              // the bot lacks Attach Files in the guild channel
	calls   []Call
	cmds    map[string][]Command // "" for global, guild id otherwise
	log     []Entry              // user actions and bot messages, in order
	limited []rateLimit
	gw      gateway
}

type rateLimit struct {
	method, prefix string
}

// New starts a fake Discord. Close it when done.
func New(cfg Config) (*Server, error) {
	if cfg.Token == "" {
		cfg.Token = "Bot test-token"
	}
	if cfg.AppID == "" {
		cfg.AppID = "900000000000000001"
	}
	if cfg.BotID == "" {
		cfg.BotID = cfg.AppID
	}
	if cfg.BotName == "" {
		cfg.BotName = "Chuhe"
	}
	if cfg.GuildID == "" {
		cfg.GuildID = "800000000000000001"
	}
	if cfg.ChannelID == "" {
		cfg.ChannelID = "700000000000000001"
	}
	if cfg.HeartbeatInterval == 0 {
		cfg.HeartbeatInterval = 41250 * time.Millisecond
	}
	cert, pool, err := selfSigned()
	if err != nil {
		return nil, fmt.Errorf("discordtest: certificate: %w", err)
	}
	s := &Server{
		cfg:     cfg,
		pool:    pool,
		changed: make(chan struct{}),
		nextID:  1000,
		users:   map[string]User{},
		msgByID: map[string]*Message{},
		inters:  map[string]*Interaction{},
		byToken: map[string]*Interaction{},
		dms:     map[string]string{},
		dmUser:  map[string]string{},
		closed:  map[string]bool{},
		cmds:    map[string][]Command{},
	}
	s.gw.sessions = map[string]*gwSession{}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serveHTTP))
	s.srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	s.srv.StartTLS()
	return s, nil
}

// Close drops the gateway connection and stops the server.
func (s *Server) Close() {
	s.closeAll()
	s.srv.Close()
}

// Config returns the server's configuration with defaults filled in.
func (s *Server) Config() Config { return s.cfg }

func (s *Server) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "tcp", s.srv.Listener.Addr().String())
}

// HTTPClient returns a client whose transport sends every request, whatever its
// host, to the fake over TLS. Give it to the adapter as Session.Client.
func (s *Server) HTTPClient() *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			DialContext:     s.dial,
			TLSClientConfig: &tls.Config{RootCAs: s.pool},
		},
	}
}

// Dialer returns a websocket dialer that reaches the fake gateway whatever host
// the URL names. Give it to the adapter as Session.Dialer.
func (s *Server) Dialer() *websocket.Dialer {
	return &websocket.Dialer{
		NetDialContext:   s.dial,
		TLSClientConfig:  &tls.Config{RootCAs: s.pool},
		HandshakeTimeout: 5 * time.Second,
	}
}

// AddUser adds a member to the guild.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.Username == "" {
		u.Username = u.ID
	}
	if u.Name == "" {
		u.Name = u.Username
	}
	if _, ok := s.users[u.ID]; !ok {
		s.order = append(s.order, u.ID)
	}
	s.users[u.ID] = u
}

// CloseDMs makes messages to the user's DM channel fail with error 50007, as
// when a member turned off "Direct messages from server members".
func (s *Server) CloseDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed[userID] = true
}

// DenyAttachments takes Attach Files from the bot in the guild channel: channel
// messages with files fail with 50013 (interaction responses, which are
// webhooks, still may carry files).
func (s *Server) DenyAttachments() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noFiles = true
}

// RateLimitNext makes the next request with this method whose path starts with
// prefix (after /api/v9) answer 429 with a short retry_after.
func (s *Server) RateLimitNext(method, prefix string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limited = append(s.limited, rateLimit{method, prefix})
}

// Wait blocks until cond, called under the server's lock, returns true, or
// until ctx ends. It does not poll: it wakes on every change of state.
func (s *Server) Wait(ctx context.Context, cond func(v *View) bool) error {
	for {
		s.mu.Lock()
		ok := cond(&View{s: s})
		ch := s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: waiting: %w", ctx.Err())
		}
	}
}

// Read calls fn under the server's lock with a view of the state.
func (s *Server) Read(fn func(v *View)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(&View{s: s})
}

// notify wakes waiters; callers hold s.mu.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// id returns a fresh snowflake-like id; callers hold s.mu.
func (s *Server) id() string {
	s.nextID++
	return strconv.FormatInt(1_100_000_000_000_000_000+s.nextID, 10)
}

func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "fake discord"},
		DNSNames:              []string{APIHost, GatewayHost, "cdn.discordapp.com"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	switch host {
	case GatewayHost:
		s.serveGateway(w, r)
	case APIHost:
		s.serveREST(w, r)
	default:
		s.mu.Lock()
		s.calls = append(s.calls, Call{Method: r.Method, Path: r.Host + r.URL.Path, Status: http.StatusNotFound, Unexpected: true})
		s.notify()
		s.mu.Unlock()
		http.Error(w, "unknown host", http.StatusNotFound)
	}
}
