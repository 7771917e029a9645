package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/chuhe/chuhe/bot"
)

// allowedUpdates are the update kinds the adapter asks for.
var allowedUpdates = []string{"message", "callback_query"}

// pollState is owned by the polling goroutine (and by shutdown, after it).
type pollState struct {
	polling   bool
	offset    int // next update id wanted
	confirmed int // offset of the last getUpdates Telegram answered
}

// poll is the long-polling loop. Telegram forgets updates below the offset of a
// getUpdates call. With an inbox (UseInbox), the offset moves past an update
// only once it is stored there, with the offset itself, in one transaction; the
// update leaves the inbox when it is handled (or with the game change it
// caused), and a restart handles what is left. Without one, the offset moves
// past an update once it is queued in memory: an update still queued when the
// drain ends is then lost, unless it came in the last batch, which
// confirmUpdates leaves unconfirmed.
func (a *Adapter) poll(ctx context.Context) error {
	a.ps.polling = true
	// getUpdates answers 409 while a webhook is set.
	if err := a.deleteWebhook(ctx); err != nil {
		var ae *APIError
		if errors.As(err, &ae) && ae.Code == http.StatusUnauthorized {
			return fmt.Errorf("telegram: the token was refused: %w", err)
		}
	}
	a.replayInbox(ctx)
	failures := 0
	for ctx.Err() == nil {
		updates, err := a.getUpdates(ctx, a.ps.offset, a.cfg.PollTimeout)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			var ae *APIError
			errors.As(err, &ae)
			if ae != nil && ae.Code == http.StatusUnauthorized {
				return fmt.Errorf("telegram: the token was refused: %w", err)
			}
			if ae != nil && ae.Code == http.StatusConflict {
				_ = a.deleteWebhook(ctx) // someone set a webhook meanwhile
			}
			failures++
			wait := backoff(failures)
			if ae != nil && ae.RetryAfter > 0 {
				wait = ae.RetryAfter
			}
			a.log.Warn("telegram: getUpdates failed; retrying", "err", err, "wait", wait)
			if a.clock.Sleep(ctx, wait) != nil {
				break
			}
			continue
		}
		fresh := updates[:0]
		for _, u := range updates {
			if u.UpdateID >= a.ps.offset {
				fresh = append(fresh, u)
			}
		}
		keys, err := a.keep(ctx, fresh)
		if err != nil {
			// Not stored: the offset stays, so Telegram sends them again.
			failures++
			wait := backoff(failures)
			a.log.Error("telegram: updates could not be stored; not confirming them", "err", err, "wait", wait)
			if a.clock.Sleep(ctx, wait) != nil {
				break
			}
			continue
		}
		failures = 0
		for i, u := range fresh {
			if err := a.dispatch(ctx, u, keys[i]); err != nil && a.inbox == nil {
				break // ctx ended: u stays unconfirmed
			}
			a.ps.offset = u.UpdateID + 1
		}
	}
	return nil
}

// inboxKey sorts updates by id.
func inboxKey(id int) string { return fmt.Sprintf("%012d", id) }

// keep stores updates in the inbox with the offset that follows them, and
// returns their inbox keys ("" for each without an inbox).
func (a *Adapter) keep(ctx context.Context, us []tgbotapi.Update) ([]string, error) {
	keys := make([]string, len(us))
	if a.inbox == nil || len(us) == 0 {
		return keys, nil
	}
	evs := make([]bot.Inbound, len(us))
	for i, u := range us {
		raw, err := json.Marshal(u)
		if err != nil {
			return nil, fmt.Errorf("telegram: encode update %d: %w", u.UpdateID, err)
		}
		evs[i] = bot.Inbound{Key: inboxKey(u.UpdateID), Data: raw}
	}
	// The store's write outlives a shutdown that begins now: an update Telegram
	// has sent is either stored or (the offset unmoved) sent again.
	if err := a.inbox.Keep(context.WithoutCancel(ctx), evs, strconv.Itoa(us[len(us)-1].UpdateID+1)); err != nil {
		return nil, err
	}
	for i := range evs {
		keys[i] = evs[i].Key
	}
	return keys, nil
}

// replayInbox handles the updates a previous run stored and did not finish,
// and continues after the offset it stored.
func (a *Adapter) replayInbox(ctx context.Context) {
	if a.inbox == nil {
		return
	}
	pending, mark, err := a.inbox.Pending(ctx)
	if err != nil {
		a.log.Error("telegram: the stored updates could not be read", "err", err)
		return
	}
	if n, err := strconv.Atoi(mark); err == nil && n > a.ps.offset {
		a.ps.offset = n
	}
	if len(pending) > 0 {
		a.log.Info("telegram: handling updates stored before the restart", "count", len(pending))
	}
	for _, in := range pending {
		var u tgbotapi.Update
		if err := json.Unmarshal(in.Data, &u); err == nil {
			a.ps.offset = max(a.ps.offset, u.UpdateID+1)
		}
	}
	a.handleStored(ctx, pending)
}

// inboxSweep is how often a webhook process looks for stored updates that no
// live process handles: those of a process that died while this one runs
// (the inbox's claims give them to one survivor).
const inboxSweep = 30 * time.Second

// sweepInbox takes over, every `every` until ctx ends, the stored updates of
// processes that died. Behind a load balancer several processes serve the
// webhook; one that dies leaves what it stored and had not handled. (Real
// time: processes die in it, and a test clock's Sleep returns at once.)
func (a *Adapter) sweepInbox(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		pending, _, err := a.inbox.Pending(ctx)
		if err != nil {
			if ctx.Err() == nil {
				a.log.Warn("telegram: the stored updates could not be read", "err", err)
			}
			continue
		}
		if len(pending) > 0 {
			a.log.Info("telegram: handling updates another process stored and left", "count", len(pending))
		}
		a.handleStored(ctx, pending)
	}
}

// handleStored dispatches updates claimed from the inbox, but none that this
// run has queued or is handling already.
func (a *Adapter) handleStored(ctx context.Context, pending []bot.Inbound) {
	for _, in := range pending {
		var u tgbotapi.Update
		if err := json.Unmarshal(in.Data, &u); err != nil {
			a.log.Error("telegram: a stored update is unreadable; dropping it", "key", in.Key, "err", err)
			_ = a.inbox.Done(ctx, in.Key)
			continue
		}
		a.mu.Lock()
		taken, _ := a.seen.get(u.UpdateID)
		taken = taken || a.pending[u.UpdateID]
		if !taken {
			// Marked, so that a later sweep that lists it again (its lease
			// ran out while it waited) does not take it a second time.
			a.seen.put(u.UpdateID, true)
		}
		a.mu.Unlock()
		if taken {
			// It came by the webhook in this run, which marks it before storing
			// it and dispatches it itself, or an earlier sweep took it: it must
			// not be handled twice.
			continue
		}
		if err := a.dispatch(ctx, u, in.Key); err != nil {
			return // shutting down: it stays stored
		}
	}
}

func (a *Adapter) deleteWebhook(ctx context.Context) error {
	_, err := a.do(ctx, 0, "deleteWebhook", func(int64) tgbotapi.Chattable {
		return tgbotapi.DeleteWebhookConfig{}
	}, retry{attempts: 3, logFailures: true})
	return err
}

func (a *Adapter) getUpdates(ctx context.Context, offset int, wait time.Duration) ([]tgbotapi.Update, error) {
	cfg := tgbotapi.UpdateConfig{Offset: offset, Timeout: int(wait / time.Second), AllowedUpdates: allowedUpdates}
	if wait == 0 {
		cfg.Limit = 1
	}
	resp, err := a.call(ctx, "getUpdates", cfg, wait)
	if err != nil {
		return nil, err
	}
	a.ps.confirmed = offset
	var updates []tgbotapi.Update
	if err := decode(resp, &updates); err != nil {
		return nil, &APIError{Method: "getUpdates", Err: fmt.Errorf("reading updates: %w", err)}
	}
	return updates, nil
}

// confirmUpdates tells Telegram, after the drain, which updates were handled:
// everything below the oldest one still pending.
func (a *Adapter) confirmUpdates() {
	if !a.ps.polling {
		return
	}
	offset := a.ps.offset
	a.mu.Lock()
	for id := range a.pending {
		offset = min(offset, id)
	}
	n := len(a.pending)
	a.mu.Unlock()
	if a.inbox != nil {
		// Everything received is stored: confirm it all.
		offset = a.ps.offset
		if n > 0 {
			a.log.Warn("telegram: events left unhandled at shutdown; they are kept in the data file and handled at the next start", "count", n)
		}
	} else if n > 0 {
		a.log.Warn("telegram: events left unhandled at shutdown; those of the last batch come again from Telegram, earlier ones are lost (no inbox)", "count", n)
	}
	if offset <= a.ps.confirmed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), min(a.cfg.RequestTimeout, 5*time.Second))
	defer cancel()
	if _, err := a.getUpdates(ctx, offset, 0); err != nil {
		a.log.Warn("telegram: could not confirm the last updates; some may come again", "err", err)
	}
}

// dispatch queues an update on its chat's event lane; key is its inbox key
// ("" without an inbox), removed once it is handled.
func (a *Adapter) dispatch(ctx context.Context, u tgbotapi.Update, key string) error {
	chat, ok := updateChat(u)
	if !ok {
		a.done(key)
		return nil
	}
	a.mu.Lock()
	a.pending[u.UpdateID] = true
	a.mu.Unlock()
	err := a.in.submit(ctx, chat, func() {
		if a.work.Err() != nil {
			return // the drain is over: leave it pending (stored, or unconfirmed)
		}
		a.handleUpdate(u, key)
		if a.work.Err() == nil {
			a.done(key) // (cut short by the end of the drain, it stays stored)
		}
		a.mu.Lock()
		delete(a.pending, u.UpdateID)
		a.mu.Unlock()
	})
	if err != nil {
		a.mu.Lock()
		delete(a.pending, u.UpdateID)
		a.mu.Unlock()
	}
	return err
}

// done removes a handled update from the inbox.
func (a *Adapter) done(key string) {
	if a.inbox == nil || key == "" {
		return
	}
	if err := a.inbox.Done(context.Background(), key); err != nil {
		a.log.Warn("telegram: a handled update stays stored; it may be handled again after a restart", "key", key, "err", err)
	}
}

func updateChat(u tgbotapi.Update) (int64, bool) {
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		return u.Message.Chat.ID, true
	case u.CallbackQuery != nil && u.CallbackQuery.Message != nil && u.CallbackQuery.Message.Chat != nil:
		return u.CallbackQuery.Message.Chat.ID, true
	case u.CallbackQuery != nil && u.CallbackQuery.From != nil:
		return u.CallbackQuery.From.ID, true
	}
	return 0, false
}

func (a *Adapter) handleUpdate(u tgbotapi.Update, key string) {
	ctx := a.work
	defer func() {
		if p := recover(); p != nil {
			a.log.Error("telegram: handler panicked", "update", u.UpdateID, "panic", fmt.Sprint(p))
		}
	}()
	var ev bot.Event
	var ok bool
	callback := ""
	switch {
	case u.Message != nil:
		if m := u.Message; m.MigrateToChatID != 0 && m.Chat != nil {
			a.migrate(m.Chat.ID, m.MigrateToChatID)
			return
		}
		ev, ok = a.messageEvent(ctx, u.Message)
	case u.CallbackQuery != nil:
		ev, ok = a.callbackEvent(ctx, u.CallbackQuery)
		callback = u.CallbackQuery.ID
	}
	if !ok {
		return
	}
	ev.Inbound = key
	chat, _ := strconv.ParseInt(ev.ChatID, 10, 64)
	r := &replier{a: a, ev: ev, chat: chat, callback: callback}
	a.handler.Handle(ctx, ev, r)
	r.settle(ctx, "", false)
}

// commandRE matches "/cmd", "/cmd@SomeBot" and their arguments. Telegram marks
// only [A-Za-z0-9_] names as commands; the service also has Chinese aliases
// ("/走 炮二平五"), which count as commands here too.
var commandRE = regexp.MustCompile(`(?s)^/([^\s@/]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(\s.*)?$`)
