package telegram

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/chuhe/chuhe/bot"
)

// DefaultAPIEndpoint is Telegram's cloud Bot API in the library's format: the
// first %s is the token, the second the method.
const DefaultAPIEndpoint = "https://api.telegram.org/bot%s/%s"

// Config says how the adapter reaches Telegram. Only Token is required; every
// zero field gets the default named in its comment. The yaml names are the ones
// suggested under `telegram:` in config.yaml.
type Config struct {
	// Token is the bot token from @BotFather ("123456:ABC-DEF..."). It is a
	// secret: it never appears in logs or errors (the adapter redacts it).
	Token string `yaml:"token"`
	// APIEndpoint is the Bot API server. Either a base URL
	// ("http://localhost:8081" for a self-hosted telegram-bot-api server) or the
	// library's format with two %s ("https://api.telegram.org/bot%s/%s").
	// Default: DefaultAPIEndpoint.
	APIEndpoint string `yaml:"api_endpoint"`
	// LinkBase is where deep links point; default "https://t.me/".
	LinkBase string `yaml:"link_base"`
	// Webhook, when its URL is set, replaces long polling.
	Webhook Webhook `yaml:"webhook"`
	// PollTimeout is the long-polling timeout of getUpdates; default 50s.
	PollTimeout time.Duration `yaml:"poll_timeout"`
	// RequestTimeout bounds one HTTP request (getUpdates gets PollTimeout on
	// top); default 30s. A request that times out is retried.
	RequestTimeout time.Duration `yaml:"request_timeout"`
	// MaxAttempts bounds the tries of one API call on 5xx and network errors;
	// default 8 (about a minute of backoff). 429 answers are obeyed up to
	// MaxRateLimited times on top.
	MaxAttempts int `yaml:"max_attempts"`
	// MaxRateLimited bounds how often one call waits out a 429; default 20.
	MaxRateLimited int `yaml:"max_rate_limited"`
	// QueueSize is the number of sends (and of incoming events) that may wait
	// per chat before callers block; default 64.
	QueueSize int `yaml:"queue_size"`
	// GlobalRate is the messages per second over all chats; default 30.
	GlobalRate float64 `yaml:"global_rate"`
	// GroupPerMinute is the messages per minute in one group; default 20.
	GroupPerMinute float64 `yaml:"group_per_minute"`
	// PrivatePerSecond is the messages per second in one private chat; default 1.
	PrivatePerSecond float64 `yaml:"private_per_second"`
	// AdminCacheTTL is how long an answer of getChatMember is trusted;
	// default 2m.
	AdminCacheTTL time.Duration `yaml:"admin_cache_ttl"`
	// DrainTimeout is how long Run waits, after its context ends, for queued
	// events and sends; default 5s.
	DrainTimeout time.Duration `yaml:"drain_timeout"`
	// StoreSize bounds the server-side maps: long button data, deep-link
	// payloads, known usernames, sent-message kinds; default 4096 entries each.
	StoreSize int `yaml:"store_size"`
	// Commands is the command menu registered with setMyCommands when Run
	// starts. Empty: the service's visible commands (bot.Commands) with their
	// help texts.
	Commands []Command `yaml:"-"`
	// MenuChinese is the catalog language of the "zh" menu, "zh-Hans" (default)
	// or "zh-Hant": Telegram keeps one list per two-letter language code.
	MenuChinese string `yaml:"menu_chinese"`
	// AdminCommands are the commands (and button actions) for which the adapter
	// asks Telegram whether the user is a chat admin (getChatMember, cached
	// AdminCacheTTL); their aliases count too. Default: abort, settings, puzzle
	// (/puzzle subscribe is for admins). Other group events carry Admin=false.
	AdminCommands []string `yaml:"admin_commands"`

	// HTTPClient makes the requests; default a plain &http.Client{} (timeouts
	// come from contexts). Tests may set it.
	HTTPClient *http.Client `yaml:"-"`
	// Clock is the adapter's time: event times, rate limits, retry backoff.
	// Default: the real clock. Tests inject a fake one so nothing really sleeps.
	Clock Clock `yaml:"-"`
}

// Webhook configures webhook mode. Telegram then POSTs every update to URL, with
// SecretToken in the X-Telegram-Bot-Api-Secret-Token header.
type Webhook struct {
	// URL is the public HTTPS address Telegram posts to
	// ("https://chuhe.example.org/telegram/hook"). Empty: long polling.
	URL string `yaml:"url"`
	// Listen is the local address the adapter serves the hook on (":8443").
	// Empty: Run serves nothing; mount Adapter.WebhookHandler yourself (behind
	// a reverse proxy that terminates TLS, for instance).
	Listen string `yaml:"listen"`
	// SecretToken is checked on every request: 1-256 of A-Z a-z 0-9 _ -.
	// Empty: a random one is made at start.
	SecretToken string `yaml:"secret_token"`
}

// Command is one entry of the menu Telegram shows when a user types "/".
type Command struct {
	// Name without the slash: 1-32 of a-z 0-9 _ ("move").
	Name string
	// Help maps a language code to the description (3-256 characters). The "en"
	// text (or, without one, any) is also registered without a language, as the
	// default for everyone else.
	Help map[string]string
}

var (
	secretTokenRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)
	commandNameRE = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)
)

// withDefaults returns c with every zero field filled and checks what can be
// checked without the network.
func (c Config) withDefaults() (Config, error) {
	if strings.TrimSpace(c.Token) == "" {
		return c, errors.New("telegram: no token (config telegram.token or CHUHE_TELEGRAM_TOKEN)")
	}
	ep, err := normalizeEndpoint(c.APIEndpoint)
	if err != nil {
		return c, err
	}
	c.APIEndpoint = ep
	if c.LinkBase == "" {
		c.LinkBase = "https://t.me/"
	}
	if !strings.HasSuffix(c.LinkBase, "/") {
		c.LinkBase += "/"
	}
	if c.Webhook.URL != "" {
		u, err := url.Parse(c.Webhook.URL)
		if err != nil || u.Scheme == "" || u.Host == "" {
			return c, fmt.Errorf("telegram: webhook url %q is not an absolute URL", c.Webhook.URL)
		}
		if c.Webhook.SecretToken == "" {
			c.Webhook.SecretToken = randomToken(32)
		}
		if !secretTokenRE.MatchString(c.Webhook.SecretToken) {
			return c, errors.New("telegram: webhook secret_token must be 1-256 of A-Z a-z 0-9 _ -")
		}
	}
	setDur := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	setDur(&c.PollTimeout, 50*time.Second)
	setDur(&c.RequestTimeout, 30*time.Second)
	setDur(&c.AdminCacheTTL, 2*time.Minute)
	setDur(&c.DrainTimeout, 5*time.Second)
	setInt := func(n *int, def int) {
		if *n <= 0 {
			*n = def
		}
	}
	setInt(&c.MaxAttempts, 8)
	setInt(&c.MaxRateLimited, 20)
	setInt(&c.QueueSize, 64)
	setInt(&c.StoreSize, 4096)
	setRate := func(r *float64, def float64) {
		if *r <= 0 {
			*r = def
		}
	}
	setRate(&c.GlobalRate, 30)
	setRate(&c.GroupPerMinute, 20)
	setRate(&c.PrivatePerSecond, 1)
	if len(c.AdminCommands) == 0 {
		c.AdminCommands = []string{"abort", "settings", "puzzle"}
	}
	if len(c.Commands) == 0 {
		c.Commands = serviceCommands(bot.ParseLang(c.MenuChinese))
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	if c.Clock == nil {
		c.Clock = realClock{}
	}
	return c, nil
}

// normalizeEndpoint turns a base URL into the library's "…/bot%s/%s" format.
func normalizeEndpoint(ep string) (string, error) {
	if ep == "" {
		return DefaultAPIEndpoint, nil
	}
	switch strings.Count(ep, "%s") {
	case 2:
		return ep, nil
	case 0:
		u, err := url.Parse(ep)
		if err != nil || u.Scheme == "" || u.Host == "" {
			return "", fmt.Errorf("telegram: api_endpoint %q is not an absolute URL", ep)
		}
		return strings.TrimRight(ep, "/") + "/bot%s/%s", nil
	default:
		return "", fmt.Errorf("telegram: api_endpoint %q: want a base URL or a format with two %%s", ep)
	}
}

// randomToken returns n characters of [A-Z2-7] from crypto/rand. It is not
// game randomness (which comes in as an argument); it only has to be unguessable.
func randomToken(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(rand.Text())
	}
	return b.String()[:n]
}

// serviceCommands is the service's command list as a menu: English for the
// default and "en" lists, zh (simplified unless told otherwise) for "zh".
func serviceCommands(zh bot.Lang) []Command {
	if zh != bot.ZhHant {
		zh = bot.ZhHans
	}
	var out []Command
	for _, c := range bot.Commands() {
		out = append(out, Command{Name: c.Name, Help: map[string]string{"en": c.Help[bot.En], "zh": c.Help[zh]}})
	}
	return out
}

// adminNames is the set of command names and aliases, lower-case, that need
// the Admin flag.
func adminNames(names []string) map[string]bool {
	set := map[string]bool{}
	for _, n := range names {
		set[strings.ToLower(n)] = true
	}
	for _, c := range bot.Commands() {
		if set[c.Name] {
			for _, a := range c.Aliases {
				set[strings.ToLower(a)] = true
			}
		}
	}
	return set
}
