package telegram

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/chuhe/chuhe/bot"
)

// Adapter connects one Telegram bot to a bot.Handler. It implements
// bot.Platform and bot.DeepLinker. Make it with New and start it with Run.
type Adapter struct {
	cfg     Config
	api     *tgbotapi.BotAPI // never used directly: call copies it with a per-call client
	self    tgbotapi.User
	handler bot.Handler
	log     *slog.Logger
	clock   Clock
	limit   *limiter

	in  *lanes // incoming events, per chat
	out *lanes // outgoing calls, per chat

	// work is the context of handlers and senders. It outlives Run's context by
	// the drain and is cancelled when the drain time is up.
	work       context.Context
	stopWork   context.CancelFunc
	running    atomic.Bool
	buttons    *keyStore // long callback data
	payloads   *keyStore // deep-link payloads t.me does not allow as they are
	admins     *adminCache
	mu         sync.Mutex
	users      *fifo[string, bot.User] // lower-case username -> user, for @mentions
	sent       *fifo[msgKey, sentInfo] // what the bot sent, for edits and deletes
	migrations *fifo[int64, int64]     // group -> the supergroup it became
	pending    map[int]bool            // update ids dispatched but not yet handled
	seen       *fifo[int, bool]        // webhook update ids, against redelivery
	secret     string                  // webhook secret token
	ps         pollState
	adminCmds  map[string]bool // command names and aliases that need Event.Admin
	// inbox keeps updates from their acknowledgement to Telegram until they are
	// handled (nil: only in memory, as before issue 13).
	inbox bot.Inbox
	// inboxSweep is how often a webhook process takes over the stored updates
	// of processes that died (updates.go).
	inboxSweep time.Duration
}

// UseInbox makes the adapter keep every update in ib before Telegram is told it
// arrived (the getUpdates offset moves past it, or the webhook answers 200), and
// handle what ib still holds when Run starts: no update is lost to a restart or
// a crash. Call it before Run.
func (a *Adapter) UseInbox(ib bot.Inbox) { a.inbox = ib }

// UseSharedRate makes the adapter draw on one budget of Config.GlobalRate
// messages a second with every other process of the bot that uses r (one
// database): Telegram's limit is the bot's. The bucket is named by a hash of
// the token. Call it before Run. Without it each process keeps its own.
func (a *Adapter) UseSharedRate(r SharedRate) {
	sum := sha256.Sum256([]byte(a.cfg.Token))
	a.limit.shared = r
	a.limit.sharedKey = "telegram/" + hex.EncodeToString(sum[:8])
	var (
		mu   sync.Mutex
		last time.Time
	)
	a.limit.onFailure = func(err error) {
		mu.Lock()
		now := a.clock.Now()
		quiet := now.Sub(last) < time.Minute // once a minute is enough to say it
		if !quiet {
			last = now
		}
		mu.Unlock()
		if !quiet {
			a.log.Warn("telegram: the shared rate limit is unavailable; limiting this process alone", "err", err)
		}
	}
}

type msgKey struct {
	chat int64
	id   int
}

type sentInfo struct {
	photo     bool
	companion int // with a caption too long for a photo, the text message that carries it
}

// New connects to the Bot API (it calls getMe, which checks the token) and
// returns an adapter that passes every event to handler. It does not receive
// updates until Run. logger may be nil.
func New(cfg Config, handler bot.Handler, logger *slog.Logger) (*Adapter, error) {
	if handler == nil {
		return nil, errors.New("telegram: nil handler")
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	a := &Adapter{
		cfg:        cfg,
		handler:    handler,
		log:        logger.With("platform", "telegram"),
		clock:      cfg.Clock,
		limit:      newLimiter(cfg),
		in:         newLanes(cfg.QueueSize),
		out:        newLanes(cfg.QueueSize),
		admins:     newAdminCache(cfg.AdminCacheTTL, cfg.StoreSize),
		users:      newFIFO[string, bot.User](cfg.StoreSize),
		sent:       newFIFO[msgKey, sentInfo](cfg.StoreSize),
		migrations: newFIFO[int64, int64](cfg.StoreSize),
		pending:    map[int]bool{},
		inboxSweep: inboxSweep,
		seen:       newFIFO[int, bool](cfg.StoreSize),
		secret:     cfg.Webhook.SecretToken,
		adminCmds:  adminNames(cfg.AdminCommands),
	}
	epoch := randomToken(4)
	a.buttons = newKeyStore("~", epoch, cfg.StoreSize)
	a.payloads = newKeyStore("k", epoch, cfg.StoreSize)
	a.work, a.stopWork = context.WithCancel(context.Background())

	ctx, cancel := context.WithTimeout(context.Background(), cfg.RequestTimeout)
	defer cancel()
	cl := &callClient{ctx: ctx, hc: cfg.HTTPClient}
	api, err := tgbotapi.NewBotAPIWithClient(cfg.Token, cfg.APIEndpoint, cl)
	if err != nil {
		return nil, fmt.Errorf("telegram: connect (getMe): %w", a.classify("getMe", cl.status, err))
	}
	api.Client = nil // every call brings its own (see call)
	a.api = api
	a.self = api.Self
	if a.self.UserName == "" {
		return nil, errors.New("telegram: getMe returned a bot without a username")
	}
	return a, nil
}

// Name is "telegram".
func (a *Adapter) Name() string { return "telegram" }

// Username is the bot's @name without the @, from getMe.
func (a *Adapter) Username() string { return a.self.UserName }

// BotUser is the bot itself (getMe): the seat it takes in a game against it.
func (a *Adapter) BotUser() bot.User {
	return bot.User{ID: strconv.FormatInt(a.self.ID, 10), Name: "@" + a.self.UserName, Username: a.self.UserName}
}

// PrivacyMode reports whether group privacy mode is on (getMe's
// can_read_all_group_messages is false): the bot then sees only commands and
// replies to its messages in groups.
func (a *Adapter) PrivacyMode() bool { return !a.self.CanReadAllGroupMessages }

var payloadRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// DeepLink returns https://t.me/<bot>?start=<payload>. Following it opens the
// private chat; pressing Start there delivers a private Event with Text
// "/start <payload>". A payload t.me does not allow (more than 64 characters,
// or others than A-Z a-z 0-9 _ -) is kept here under a short key and restored
// when the /start arrives. An empty payload gives the plain link to the chat.
func (a *Adapter) DeepLink(payload string) string {
	link := a.cfg.LinkBase + a.self.UserName
	if payload == "" {
		return link
	}
	if !payloadRE.MatchString(payload) || payload[0] == 'k' {
		payload = a.payloads.key(payload)
	}
	return link + "?start=" + payload
}

// Run receives updates (long polling, or the webhook when configured) and
// passes them to the handler until ctx ends. It registers the command menu
// first. When ctx ends it stops receiving, lets queued events and sends finish
// for up to DrainTimeout, and returns nil; it returns an error when Telegram
// refuses the token or the webhook. Run may be called once.
func (a *Adapter) Run(ctx context.Context) error {
	if !a.running.CompareAndSwap(false, true) {
		return errors.New("telegram: Run called twice")
	}
	a.log.Info("telegram: starting", "bot", a.self.UserName, "privacy_mode", a.PrivacyMode(), "webhook", a.cfg.Webhook.URL != "")
	if a.PrivacyMode() {
		a.log.Info("telegram: group privacy mode is on: in groups the bot sees commands (/m h2e2) and replies to its messages, not plain moves")
	}
	a.registerCommands(ctx)
	var err error
	if a.cfg.Webhook.URL != "" {
		err = a.runWebhook(ctx)
	} else {
		err = a.poll(ctx)
	}
	a.shutdown()
	return err
}

// shutdown drains: first the events (whose handlers still send), then the sends.
func (a *Adapter) shutdown() {
	dctx, cancel := context.WithTimeout(context.Background(), a.cfg.DrainTimeout)
	defer cancel()
	a.in.close()
	errIn := a.in.wait(dctx)
	a.out.close()
	errOut := a.out.wait(dctx)
	if errIn != nil || errOut != nil {
		a.log.Warn("telegram: drain timed out; cancelling what is left (each unsent message fails back to its sender, which keeps it)")
	}
	a.stopWork()
	// Wait for the cancelled work to notice; it no longer talks to the network.
	wctx, wcancel := context.WithTimeout(context.Background(), time.Second)
	defer wcancel()
	_ = a.in.wait(wctx)
	_ = a.out.wait(wctx)
	a.confirmUpdates()
}

// migrate remembers that a group became a supergroup.
func (a *Adapter) migrate(from, to int64) {
	a.mu.Lock()
	a.migrations.put(from, to)
	a.mu.Unlock()
	a.log.Info("telegram: group upgraded to a supergroup; sending there", "from", from, "to", to)
}

func (a *Adapter) chatFor(id int64) int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	for range 3 {
		to, ok := a.migrations.get(id)
		if !ok {
			break
		}
		id = to
	}
	return id
}

func parseChatID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("telegram: bad chat id %q", s)
	}
	return id, nil
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }

// WebhookHandler serves Telegram's webhook POSTs: it checks the secret token
// header, queues the update and answers 200 at once. Run serves it on
// Webhook.Listen; mount it yourself when Listen is empty.
func (a *Adapter) WebhookHandler() http.Handler { return http.HandlerFunc(a.serveWebhook) }

// SecretToken is the webhook secret in force (generated when the config had none).
func (a *Adapter) SecretToken() string { return a.secret }
