package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/chuhe/chuhe/bot"
)

// PlatformName is the name of the platform in events and storage.
const PlatformName = "discord"

// Errors.
var (
	// ErrRunning is returned by Run when the adapter already runs or ran.
	ErrRunning = errors.New("discord: adapter already running")

	errStopped = errors.New("discord: adapter stopped")
)

// privateHint tells a user whose DMs are closed how to see private boards. The
// service puts it after its own sentence, which may offer a private-chat button
// or /start (Telegram's deep link); Discord has neither, so the hint says so and
// gives the way that works: "My pieces" or /peek, answered ephemerally (during a
// secret setup /peek repeats the question, and /setup answers it ephemerally).
// It reads well on its own too.
const privateHint = "Your privacy settings " +
	"block direct messages from this server's members, so I can't DM you. Instead press “My pieces” under the board " +
	"or use /peek right here, and I'll show you your pieces where only you can see them. " +
	"(Or allow direct messages in this server's Privacy Settings.)"

// adminPerms are the permissions that make a member an admin for the service.
const adminPerms = discordgo.PermissionAdministrator | discordgo.PermissionManageGuild | discordgo.PermissionManageMessages

// webhookTTL is how long an interaction token can edit its messages (Discord:
// 15 minutes), with a margin.
const webhookTTL = 14 * time.Minute

// MoveSuggester offers legal moves for /move autocomplete: the moves of userID
// in the game of chatID that start with prefix, in the chat's notation, at
// most max. The service implements it; it must answer fast (Discord allows
// 3 seconds) and never return moves of a game the user does not play.
type MoveSuggester interface {
	SuggestMoves(ctx context.Context, platform, chatID, userID, prefix string, max int) []string
}

// Option configures an Adapter.
type Option func(*options)

type options struct {
	client      *http.Client
	dialer      *websocket.Dialer
	commands    []Command
	ownCommands bool // WithCommands
	suggester   MoveSuggester
	now         func() time.Time
	botName     string
}

// WithHTTPClient sets the client for the REST API (Session.Client): tests give
// one whose transport reaches a fake Discord.
func WithHTTPClient(c *http.Client) Option { return func(o *options) { o.client = c } }

// WithDialer sets the websocket dialer for the gateway (Session.Dialer).
func WithDialer(d *websocket.Dialer) Option { return func(o *options) { o.dialer = d } }

// WithCommands replaces DefaultCommands.
func WithCommands(cmds []Command) Option {
	return func(o *options) { o.commands, o.ownCommands = cmds, true }
}

// WithMoveSuggester sets the source of /move autocomplete. Without it the
// handler is used when it implements MoveSuggester.
func WithMoveSuggester(s MoveSuggester) Option { return func(o *options) { o.suggester = s } }

// WithBotName sets how a mention of the bot appears in Event.Text ("@Chuhe
// h2e2"); give the service's bot name. Default: the bot's name on Discord.
func WithBotName(name string) Option { return func(o *options) { o.botName = name } }

// WithClock sets the clock for Event.At.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// Adapter connects the service to Discord. It implements bot.Platform.
type Adapter struct {
	cfg     Config
	h       bot.Handler
	log     *slog.Logger
	s       *discordgo.Session
	cmds    []Command
	byName  map[string]*Command
	suggest MoveSuggester
	now     func() time.Time

	mu       sync.Mutex
	base     context.Context // Run's context; handlers run under it
	running  bool
	stopping bool
	inflight sync.WaitGroup
	appID    string
	botID    string
	botName  string
	hooks    map[string]hookRef // message id -> the interaction that made it
	nameSet  string             // WithBotName
	// inbox keeps interactions from their acknowledgement until they are
	// handled (nil: none, as before issue 13).
	inbox bot.Inbox
}

// UseInbox makes the adapter store every slash command and button press in ib
// before it acknowledges it to Discord, and handle what ib still holds when Run
// starts (within the interaction token's 15 minutes the answer still goes to
// the interaction; later the service's outbox posts in the channel). Call it
// before Run.
func (a *Adapter) UseInbox(ib bot.Inbox) { a.inbox = ib }

// hookRef lets a message made by an interaction be edited through the
// interaction's webhook, the only way for ephemeral messages.
type hookRef struct {
	appID, token string
	expires      time.Time
}

var _ bot.Platform = (*Adapter)(nil)

// New makes an adapter; Run connects it. It does not talk to Discord.
func New(cfg Config, h bot.Handler, logger *slog.Logger, opts ...Option) (*Adapter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if h == nil {
		return nil, errors.New("discord: nil handler")
	}
	defaults, gaps := defaultCommands()
	o := options{commands: defaults, now: time.Now}
	for _, opt := range opts {
		opt(&o)
	}
	if err := validateCommands(o.commands); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if !o.ownCommands {
		for _, g := range gaps {
			// A service command newer than the adapter's table: it works, but
			// knownCommands should learn its arguments and Chinese names.
			logger.Info("discord: slash command incomplete", "gap", g)
		}
	}
	s, err := discordgo.New(cfg.authToken())
	if err != nil {
		return nil, fmt.Errorf("discord: new session: %w", err)
	}
	if o.client != nil {
		s.Client = o.client
	}
	if o.dialer != nil {
		s.Dialer = o.dialer
	}
	if cfg.ShardCount > 1 {
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	}
	// Guilds for the channel and role cache (admin checks on messages),
	// messages for @mentions, DMs for the private route. Message content is
	// privileged and asked for only when configured.
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if cfg.MessageContent {
		s.Identify.Intents |= discordgo.IntentMessageContent
	}
	a := &Adapter{
		cfg:     cfg,
		h:       h,
		log:     logger.With("platform", PlatformName),
		s:       s,
		cmds:    o.commands,
		byName:  map[string]*Command{},
		suggest: o.suggester,
		now:     o.now,
		hooks:   map[string]hookRef{},
		nameSet: o.botName,
	}
	if a.suggest == nil {
		a.suggest, _ = h.(MoveSuggester)
	}
	for i := range a.cmds {
		a.byName[a.cmds[i].Name] = &a.cmds[i]
	}
	s.AddHandler(a.onInteraction)
	s.AddHandler(a.onMessage)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Resumed) { a.log.Info("gateway resumed") })
	s.AddHandler(func(_ *discordgo.Session, d *discordgo.Disconnect) { a.log.Info("gateway disconnected") })
	return a, nil
}

// Name is "discord".
func (a *Adapter) Name() string { return PlatformName }

// Run connects to the gateway, registers the slash commands (shard 0, unless
// skipped) and serves events until ctx ends; then it disconnects, waits for
// the events being handled and returns nil. It returns an error when the first
// connection or the registration fails; later disconnects are resumed by
// discordgo. Run can be called once.
func (a *Adapter) Run(ctx context.Context) error {
	a.mu.Lock()
	if a.running {
		a.mu.Unlock()
		return ErrRunning
	}
	a.running = true
	a.base = ctx
	a.mu.Unlock()

	if err := a.s.Open(); err != nil {
		return fmt.Errorf("discord: connect to the gateway: %w", err)
	}
	a.learnIdentity()
	a.log.Info("connected", "bot", a.botID, "shard", a.cfg.ShardID)
	a.replayInbox()
	if !a.cfg.SkipCommandRegistration && a.cfg.ShardID == 0 {
		if err := a.registerCommands(ctx); err != nil {
			a.shutdown()
			if ctx.Err() != nil {
				return nil // stopped while registering
			}
			return err
		}
	}
	<-ctx.Done()
	a.shutdown()
	return nil
}

func (a *Adapter) shutdown() {
	// discordgo starts the heartbeat after Open returns; a heartbeat that finds
	// the connection already closing makes discordgo reconnect. So wait for the
	// first heartbeat, which sets DataReady, briefly.
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		a.s.RLock()
		ready := a.s.DataReady
		a.s.RUnlock()
		if ready {
			break
		}
	}
	// From now on any reconnect attempt (a resume in progress) fails at the dial
	// instead of connecting again. Open reads the dialer under the same lock.
	a.s.Lock()
	a.s.Dialer = &websocket.Dialer{NetDialContext: func(context.Context, string, string) (net.Conn, error) {
		return nil, errStopped
	}}
	a.s.Unlock()
	if err := a.s.Close(); err != nil {
		a.log.Warn("close gateway", "err", err)
	}
	a.mu.Lock()
	a.stopping = true
	a.mu.Unlock()
	a.inflight.Wait()
}

// learnIdentity reads the bot's user and application from READY.
func (a *Adapter) learnIdentity() {
	st := a.s.State
	st.RLock()
	var botID, botName, appID string
	if st.User != nil {
		botID, botName = st.User.ID, st.User.DisplayName()
	}
	if st.Application != nil {
		appID = st.Application.ID
	}
	st.RUnlock()
	if a.cfg.ApplicationID != "" {
		appID = a.cfg.ApplicationID
	}
	if a.nameSet != "" {
		botName = a.nameSet
	}
	if appID == "" {
		appID = botID
	}
	a.mu.Lock()
	a.botID, a.botName, a.appID = botID, botName, appID
	a.mu.Unlock()
}

// BotUser is the bot itself (READY): the seat it takes in a game against it.
func (a *Adapter) BotUser() bot.User {
	id, name, _ := a.identity()
	return bot.User{ID: id, Name: name, Username: name}
}

func (a *Adapter) identity() (botID, botName, appID string) {
	a.mu.Lock()
	botID, botName, appID = a.botID, a.botName, a.appID
	a.mu.Unlock()
	if botID != "" {
		return botID, botName, appID
	}
	// Events can arrive before Run has read READY; the state has it.
	a.learnIdentity()
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.botID, a.botName, a.appID
}

func (a *Adapter) registerCommands(ctx context.Context) error {
	_, _, appID := a.identity()
	if appID == "" {
		return errors.New("discord: register commands: no application id")
	}
	cmds := applicationCommands(a.cmds)
	if _, err := a.s.ApplicationCommandBulkOverwrite(appID, a.cfg.GuildID, cmds, discordgo.WithContext(ctx)); err != nil {
		where := "globally"
		if a.cfg.GuildID != "" {
			where = "in guild " + a.cfg.GuildID
		}
		return fmt.Errorf("discord: register %d commands %s: %w", len(cmds), where, err)
	}
	a.log.Info("registered commands", "count", len(cmds), "guild", a.cfg.GuildID)
	return nil
}

// begin counts an event being handled and returns its context; ok is false
// once the adapter is shutting down.
func (a *Adapter) begin() (ctx context.Context, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopping || a.base == nil {
		return nil, false
	}
	a.inflight.Add(1)
	return a.base, true
}

func (a *Adapter) end() { a.inflight.Done() }

// remember notes that a message was made by an interaction, for Edit and
// Delete within the token's lifetime.
func (a *Adapter) remember(msgID string, i *discordgo.Interaction) {
	now := a.now()
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.hooks) >= 1024 {
		for id, h := range a.hooks {
			if now.After(h.expires) {
				delete(a.hooks, id)
			}
		}
	}
	a.hooks[msgID] = hookRef{appID: i.AppID, token: i.Token, expires: now.Add(webhookTTL)}
}

func (a *Adapter) hook(msgID string) (hookRef, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	h, ok := a.hooks[msgID]
	if !ok || a.now().After(h.expires) {
		return hookRef{}, false
	}
	return h, true
}

// Send posts m in a channel (ChannelMessageSendComplex).
func (a *Adapter) Send(ctx context.Context, chatID string, m bot.Message) (bot.MessageRef, error) {
	out, err := convert(m)
	if err != nil {
		return bot.MessageRef{}, err
	}
	msg, err := a.s.ChannelMessageSendComplex(chatID, out.send(m.ReplyTo), discordgo.WithContext(ctx))
	if err != nil && len(m.Image) > 0 && imageRefused(err) {
		// The bot may lack Attach Files in this channel: the text board will do.
		a.log.Warn("image refused; sending the text board", "channel", chatID, "err", err)
		return a.Send(ctx, chatID, textOnly(m))
	}
	if err != nil {
		return bot.MessageRef{}, fmt.Errorf("discord: send to channel %s: %w", chatID, err)
	}
	return bot.MessageRef{ChatID: chatID, ID: msg.ID}, nil
}

// imageRefused reports the errors of a message refused for its attachment:
// missing permission (Attach Files) or too large.
func imageRefused(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		return false
	}
	switch re.Message.Code {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeRequestEntityTooLarge, discordgo.ErrCodeFileUploadedExceedsTheMaximumSize:
		return true
	}
	return false
}

// textOnly is m without its image, with the text board (Alt) in a code block
// when it fits.
func textOnly(m bot.Message) bot.Message {
	m.Image, m.ImageName = nil, ""
	if m.Alt != "" {
		withAlt := strings.TrimRight(m.Text, "\n") + "\n```\n" + m.Alt + "\n```"
		if utf8.RuneCountInString(withAlt) <= maxContent {
			m.Text = withAlt
		}
	}
	return m
}

// SendPrivate sends m as a DM. When the user does not accept DMs from the
// server (Discord error 50007) it returns a *bot.PrivateUnavailableError whose
// hint points to the ephemeral route: "My pieces" or /peek.
func (a *Adapter) SendPrivate(ctx context.Context, user bot.User, m bot.Message) (bot.MessageRef, error) {
	out, err := convert(m)
	if err != nil {
		return bot.MessageRef{}, err
	}
	ch, err := a.s.UserChannelCreate(user.ID, discordgo.WithContext(ctx))
	if err != nil {
		if cannotDM(err) {
			return bot.MessageRef{}, &bot.PrivateUnavailableError{User: user, Hint: privateHint}
		}
		return bot.MessageRef{}, fmt.Errorf("discord: open DM with %s: %w", user.ID, err)
	}
	msg, err := a.s.ChannelMessageSendComplex(ch.ID, out.send(""), discordgo.WithContext(ctx))
	if err != nil {
		if cannotDM(err) {
			return bot.MessageRef{}, &bot.PrivateUnavailableError{User: user, Hint: privateHint}
		}
		return bot.MessageRef{}, fmt.Errorf("discord: DM %s: %w", user.ID, err)
	}
	return bot.MessageRef{ChatID: ch.ID, ID: msg.ID}, nil
}

func cannotDM(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}

// Edit replaces a message's text and buttons, and its image when m has one.
// Messages made by an interaction in the last 14 minutes (ephemeral ones too)
// are edited through its webhook, others through the channel.
func (a *Adapter) Edit(ctx context.Context, ref bot.MessageRef, m bot.Message) error {
	out, err := convert(m)
	if err != nil {
		return err
	}
	if h, ok := a.hook(ref.ID); ok {
		_, err = a.s.WebhookMessageEdit(h.appID, h.token, ref.ID, out.webhookEdit(true), discordgo.WithContext(ctx))
	} else {
		_, err = a.s.ChannelMessageEditComplex(out.messageEdit(ref.ChatID, ref.ID), discordgo.WithContext(ctx))
	}
	if err != nil {
		return fmt.Errorf("discord: edit message %s: %w", ref.ID, err)
	}
	return nil
}

// Delete removes a message the bot sent.
func (a *Adapter) Delete(ctx context.Context, ref bot.MessageRef) error {
	var err error
	if h, ok := a.hook(ref.ID); ok {
		err = a.s.WebhookMessageDelete(h.appID, h.token, ref.ID, discordgo.WithContext(ctx))
	} else {
		err = a.s.ChannelMessageDelete(ref.ChatID, ref.ID, discordgo.WithContext(ctx))
	}
	if err != nil {
		return fmt.Errorf("discord: delete message %s: %w", ref.ID, err)
	}
	return nil
}
