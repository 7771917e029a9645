package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// APIError is a Bot API call that failed for good: Telegram refused it, or it
// kept failing until the attempts ran out. It never holds the token or the
// message's content.
type APIError struct {
	Method string
	// Code is Telegram's error_code, or the HTTP status; 0 for network errors
	// and timeouts.
	Code        int
	Description string // Telegram's description ("Forbidden: bot was blocked by the user")
	RetryAfter  time.Duration
	MigrateTo   int64 // a group upgraded to this supergroup
	Attempts    int
	Err         error // the network error, if that was the cause (token redacted)
}

func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("telegram: ")
	b.WriteString(e.Method)
	if e.Code != 0 {
		fmt.Fprintf(&b, ": %d", e.Code)
	}
	if e.Description != "" {
		b.WriteString(" ")
		b.WriteString(e.Description)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	return b.String()
}

func (e *APIError) Unwrap() error { return e.Err }

// temporary reports whether trying again later may succeed: network errors,
// timeouts, 5xx and 429.
func (e *APIError) temporary() bool {
	return e.Code == 0 || e.Code >= 500 || e.Code == http.StatusTooManyRequests
}

// forbidden reports a 403: the user never started the bot, blocked it, or the
// bot was removed from the group.
func (e *APIError) forbidden() bool { return e.Code == http.StatusForbidden }

func (e *APIError) is(code int, fragment string) bool {
	return e.Code == code && strings.Contains(strings.ToLower(e.Description), fragment)
}

// callClient gives one call a context (the library's calls take none) and
// remembers the HTTP status (the library's upload path drops error_code).
type callClient struct {
	ctx    context.Context
	hc     *http.Client
	status int
}

func (c *callClient) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req.WithContext(c.ctx))
	if resp != nil {
		c.status = resp.StatusCode
	}
	return resp, err
}

// call makes one attempt of one API call, bounded by RequestTimeout (plus
// extra, for long polling).
func (a *Adapter) call(ctx context.Context, method string, c tgbotapi.Chattable, extra time.Duration) (*tgbotapi.APIResponse, error) {
	cctx, cancel := context.WithTimeout(ctx, a.cfg.RequestTimeout+extra)
	defer cancel()
	cl := &callClient{ctx: cctx, hc: a.cfg.HTTPClient}
	b := *a.api // a shallow copy per call, so the client (and its context) is ours alone
	b.Client = cl
	resp, err := b.Request(c)
	if err == nil {
		return resp, nil
	}
	return resp, a.classify(method, cl.status, err)
}

// callRaw is call for methods the library has no config for (setWebhook's
// secret_token came after v5.5.1).
func (a *Adapter) callRaw(ctx context.Context, method string, params tgbotapi.Params) (*tgbotapi.APIResponse, error) {
	cctx, cancel := context.WithTimeout(ctx, a.cfg.RequestTimeout)
	defer cancel()
	cl := &callClient{ctx: cctx, hc: a.cfg.HTTPClient}
	b := *a.api
	b.Client = cl
	resp, err := b.MakeRequest(method, params)
	if err == nil {
		return resp, nil
	}
	return resp, a.classify(method, cl.status, err)
}

var retryAfterRE = regexp.MustCompile(`retry after (\d+)`)

// classify turns whatever the library returned into an *APIError.
func (a *Adapter) classify(method string, status int, err error) error {
	e := &APIError{Method: method, Code: status, Attempts: 1}
	var te *tgbotapi.Error
	if errors.As(err, &te) {
		if te.Code != 0 {
			e.Code = te.Code
		}
		e.Description = te.Message
		e.MigrateTo = te.MigrateToChatID
		if te.RetryAfter > 0 {
			e.RetryAfter = time.Duration(te.RetryAfter) * time.Second
		}
	} else if status/100 == 2 || status == 0 {
		// A network error, a timeout, or an OK status with a body we could not
		// read: worth another try.
		e.Code = 0
		e.Err = a.redact(err)
	} else {
		e.Description = http.StatusText(status) // a proxy's HTML error page
	}
	if e.Code == 0 && e.Description != "" {
		// The library's upload path drops error_code; Telegram's descriptions
		// start with the status text.
		e.Code = codeFromDescription(e.Description)
	}
	if e.Code == http.StatusTooManyRequests && e.RetryAfter == 0 {
		e.RetryAfter = time.Second
		if m := retryAfterRE.FindStringSubmatch(e.Description); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
				e.RetryAfter = time.Duration(n) * time.Second
			}
		}
	}
	return e
}

func codeFromDescription(d string) int {
	for _, c := range []struct {
		prefix string
		code   int
	}{
		{"Bad Request", 400}, {"Unauthorized", 401}, {"Forbidden", 403}, {"Not Found", 404},
		{"Conflict", 409}, {"Too Many Requests", 429}, {"Internal Server Error", 500},
		{"Bad Gateway", 502}, {"Service Unavailable", 503}, {"Gateway Timeout", 504},
	} {
		if strings.HasPrefix(d, c.prefix) {
			return c.code
		}
	}
	return 0
}

// redact removes the token from an error: net/http puts the request URL, which
// holds the token, into its errors.
func (a *Adapter) redact(err error) error {
	if err == nil {
		return nil
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		c := *ue
		c.URL = strings.ReplaceAll(c.URL, a.cfg.Token, "<token>")
		return &c
	}
	if s := err.Error(); strings.Contains(s, a.cfg.Token) {
		return errors.New(strings.ReplaceAll(s, a.cfg.Token, "<token>"))
	}
	return err
}

// backoff is the wait before try n+1 after n temporary failures: 500ms,
// doubling, at most 30s.
func backoff(n int) time.Duration {
	d := 500 * time.Millisecond
	for i := 1; i < n && d < 30*time.Second; i++ {
		d *= 2
	}
	return min(d, 30*time.Second)
}

// retry says how persistently do tries.
type retry struct {
	attempts    int  // temporary failures allowed; 0: Config.MaxAttempts
	limit       bool // take rate-limit tokens for the chat
	logFailures bool
}

// do makes an API call for a chat with retries: it waits out 429s (retry_after),
// backs off on 5xx, timeouts and network errors up to the attempt limit, follows
// a group's migration to a supergroup, and logs a call that fails for good
// (without its content). build makes the request for a chat id, so a migration
// can rebuild it.
func (a *Adapter) do(ctx context.Context, chat int64, method string, build func(chat int64) tgbotapi.Chattable, r retry) (*tgbotapi.APIResponse, error) {
	return a.doFunc(ctx, chat, method, func(ctx context.Context, chat int64) (*tgbotapi.APIResponse, error) {
		return a.call(ctx, method, build(chat), 0)
	}, r)
}

// doFunc is do for any one-attempt function.
func (a *Adapter) doFunc(ctx context.Context, chat int64, method string, attempt func(ctx context.Context, chat int64) (*tgbotapi.APIResponse, error), r retry) (*tgbotapi.APIResponse, error) {
	maxTemp := r.attempts
	if maxTemp <= 0 {
		maxTemp = a.cfg.MaxAttempts
	}
	var temp, limited, tries int
	migrated := false
	for {
		if r.limit {
			if err := a.limit.wait(ctx, chat); err != nil {
				return nil, a.fail(r, chat, &APIError{Method: method, Attempts: tries, Err: err})
			}
		}
		tries++
		resp, err := attempt(ctx, chat)
		if err == nil {
			return resp, nil
		}
		ae := err.(*APIError)
		ae.Attempts = tries
		if ctx.Err() != nil {
			ae.Err = ctx.Err()
			return nil, a.fail(r, chat, ae)
		}
		var wait time.Duration
		switch {
		case ae.MigrateTo != 0 && !migrated:
			migrated = true
			a.migrate(chat, ae.MigrateTo)
			chat = ae.MigrateTo
			continue
		case ae.Code == http.StatusTooManyRequests:
			limited++
			if limited > a.cfg.MaxRateLimited {
				return nil, a.fail(r, chat, ae)
			}
			wait = ae.RetryAfter
		case ae.temporary():
			temp++
			if temp >= maxTemp {
				return nil, a.fail(r, chat, ae)
			}
			wait = backoff(temp)
		default:
			return nil, a.fail(r, chat, ae)
		}
		a.log.Debug("telegram: retrying", "method", method, "chat", chat, "attempt", tries, "wait", wait, "err", ae)
		if err := a.clock.Sleep(ctx, wait); err != nil {
			ae.Err = err
			return nil, a.fail(r, chat, ae)
		}
	}
}

func (a *Adapter) fail(r retry, chat int64, e *APIError) *APIError {
	if r.logFailures {
		level := "warn"
		if e.forbidden() && chat > 0 {
			level = "info" // a user who never started the bot: expected, handled by a deep link
		}
		args := []any{"method", e.Method, "chat", chat, "code", e.Code, "attempts", e.Attempts, "err", e.Error()}
		if level == "info" {
			a.log.Info("telegram: user cannot be reached privately", args...)
		} else {
			a.log.Warn("telegram: call failed", args...)
		}
	}
	return e
}

// decode reads a call's result into v.
func decode(resp *tgbotapi.APIResponse, v any) error {
	if resp == nil || len(resp.Result) == 0 {
		return errors.New("telegram: empty result")
	}
	return json.Unmarshal(resp.Result, v)
}
