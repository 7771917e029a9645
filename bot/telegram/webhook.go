package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Receiving updates by webhook (Config.Webhook), and the bot's command menu.

// runWebhook registers the webhook and, with Listen set, serves it until ctx ends.
func (a *Adapter) runWebhook(ctx context.Context) error {
	allowed, _ := json.Marshal(allowedUpdates)
	params := tgbotapi.Params{
		"url":             a.cfg.Webhook.URL,
		"secret_token":    a.secret,
		"allowed_updates": string(allowed),
	}
	_, err := a.doFunc(ctx, 0, "setWebhook", func(ctx context.Context, _ int64) (*tgbotapi.APIResponse, error) {
		return a.callRaw(ctx, "setWebhook", params)
	}, retry{logFailures: true})
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("telegram: setWebhook: %w", err)
	}
	a.replayInbox(ctx)
	if a.inbox != nil {
		go a.sweepInbox(ctx, a.inboxSweep)
	}
	if a.cfg.Webhook.Listen == "" {
		<-ctx.Done()
		return nil
	}
	path := "/"
	if u, err := url.Parse(a.cfg.Webhook.URL); err == nil && u.Path != "" {
		path = u.Path
	}
	mux := http.NewServeMux()
	mux.Handle(path, a.WebhookHandler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ln, err := net.Listen("tcp", a.cfg.Webhook.Listen)
	if err != nil {
		return fmt.Errorf("telegram: webhook listen: %w", err)
	}
	a.log.Info("telegram: serving the webhook", "listen", ln.Addr().String(), "path", path)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("telegram: webhook server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.DrainTimeout)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}

const secretHeader = "X-Telegram-Bot-Api-Secret-Token"

func (a *Adapter) serveWebhook(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	if a.secret == "" || subtle.ConstantTimeCompare([]byte(r.Header.Get(secretHeader)), []byte(a.secret)) != 1 {
		a.log.Warn("telegram: webhook request without the right secret token", "remote", r.RemoteAddr)
		http.Error(w, "forbidden", http.StatusUnauthorized)
		return
	}
	var u tgbotapi.Update
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&u); err != nil {
		http.Error(w, "bad update", http.StatusBadRequest)
		return
	}
	a.mu.Lock()
	dup, _ := a.seen.get(u.UpdateID) // false after a failed dispatch: take it again
	a.seen.put(u.UpdateID, true)
	a.mu.Unlock()
	if dup {
		w.WriteHeader(http.StatusOK) // Telegram delivered it again; it is handled already
		return
	}
	if a.inbox != nil {
		// Kept by an earlier run (whose 200 Telegram did not get before the
		// restart): handled, or handled from the inbox at the start.
		if old, err := a.inbox.Seen(r.Context(), inboxKey(u.UpdateID)); err != nil {
			a.log.Warn("telegram: could not tell whether a webhook update came before; taking it", "update", u.UpdateID, "err", err)
		} else if old {
			// Not this run's to mark: if it is still stored (its process died
			// before handling it), a sweep takes it, and must not pass it over.
			a.mu.Lock()
			a.seen.put(u.UpdateID, false)
			a.mu.Unlock()
			a.log.Info("telegram: a webhook update came again after a restart; it was taken before", "update", u.UpdateID)
			w.WriteHeader(http.StatusOK)
			return
		}
		// Stored first, then 200: Telegram retries what we did not store.
		keys, err := a.keep(r.Context(), []tgbotapi.Update{u})
		if err != nil {
			a.mu.Lock()
			a.seen.put(u.UpdateID, false)
			a.mu.Unlock()
			a.log.Error("telegram: a webhook update could not be stored; Telegram will send it again", "err", err)
			http.Error(w, "try again", http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
		go func() { _ = a.dispatch(a.work, u, keys[0]) }() // stored: a restart handles it if this cannot
		return
	}
	if err := a.dispatch(r.Context(), u, ""); err != nil {
		a.mu.Lock()
		a.seen.put(u.UpdateID, false)
		a.mu.Unlock()
		// Telegram retries a failed delivery later.
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// registerCommands sets the command menu, per language. Failures are logged:
// the bot works without a menu.
func (a *Adapter) registerCommands(ctx context.Context) {
	cmds := a.cfg.Commands
	if len(cmds) == 0 {
		return
	}
	langs := map[string]bool{}
	for _, c := range cmds {
		for l := range c.Help {
			if l != "" {
				langs[l] = true
			}
		}
	}
	order := []string{""}
	for l := range langs {
		order = append(order, l)
	}
	slices.Sort(order[1:])
	for _, lang := range order {
		list := commandList(cmds, lang)
		if len(list) == 0 {
			continue
		}
		_, err := a.do(ctx, 0, "setMyCommands", func(int64) tgbotapi.Chattable {
			return tgbotapi.SetMyCommandsConfig{Commands: list, LanguageCode: lang}
		}, retry{attempts: 3, logFailures: true})
		if err != nil && ctx.Err() == nil {
			a.log.Warn("telegram: the command menu was not registered", "language", lang, "err", err)
		}
	}
}

// commandList is the menu in one language ("" is the default: English, or
// whatever a command has).
func commandList(cmds []Command, lang string) []tgbotapi.BotCommand {
	var out []tgbotapi.BotCommand
	for _, c := range cmds {
		if !commandNameRE.MatchString(c.Name) {
			continue
		}
		help, ok := c.Help[lang]
		if !ok {
			help, ok = c.Help["en"]
		}
		if !ok {
			help, ok = c.Help[""]
		}
		if !ok {
			for _, h := range c.Help {
				help = h
				break
			}
		}
		help = strings.TrimSpace(help)
		if utf16Len(help) < 3 {
			help = "/" + c.Name + " " + help
		}
		help, _ = cut(help, 256)
		out = append(out, tgbotapi.BotCommand{Command: c.Name, Description: help})
	}
	return out
}
