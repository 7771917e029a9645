package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/chuhe/chuhe/storage"
)

// Inbox keeps an adapter's incoming events durably from the moment the
// platform is told they arrived (Telegram's getUpdates offset, a webhook's 200,
// Discord's interaction acknowledgement) until they are handled, so that an
// event is never lost between the two: after a restart the adapter handles
// what is still in its inbox. Service.Inbox gives each adapter its own, kept in
// the service's store. (Added for issue 13.)
type Inbox interface {
	// Keep stores events in one transaction, with the adapter's mark (a
	// position such as the next Telegram update id; "" keeps the old one). It
	// sets each event's Key to its full key, for Event.Inbound.
	Keep(ctx context.Context, events []Inbound, mark string) error
	// Done removes a handled event. A game change the event caused removes it
	// already, in its own transaction (Event.Inbound).
	Done(ctx context.Context, key string) error
	// Pending lists the events not yet done, in key order, and the mark.
	Pending(ctx context.Context) ([]Inbound, string, error)
}

// Inbound is one queued event: the adapter's raw form and a key that sorts in
// arrival order (zero-padded update ids, for Telegram). Key is the full key, as
// Event.Inbound carries it, once stored.
type Inbound struct {
	Key  string
	Data json.RawMessage
}

// Inbox returns the inbox of one adapter, kept in the service's store.
func (s *Service) Inbox(platform string) Inbox {
	return &storeInbox{st: s.store, prefix: platform + "/"}
}

type storeInbox struct {
	st     storage.Store
	prefix string
}

// markKey sorts after every event key of the platform ("~" > digits and letters).
func (b *storeInbox) markKey() string { return b.prefix + "~mark" }

func (b *storeInbox) Keep(ctx context.Context, events []Inbound, mark string) error {
	vs := make([]storage.Value, 0, len(events)+1)
	for i, e := range events {
		if e.Key == "" || strings.HasPrefix(e.Key, "~") {
			return fmt.Errorf("inbox: bad key %q", e.Key)
		}
		events[i].Key = b.full(e.Key)
		vs = append(vs, storage.Value{Key: events[i].Key, JSON: e.Data})
	}
	if mark != "" {
		raw, _ := json.Marshal(mark)
		vs = append(vs, storage.Value{Key: b.markKey(), JSON: raw})
	}
	if len(vs) == 0 {
		return nil
	}
	return b.st.PutValues(ctx, ownedInbox, vs)
}

func (b *storeInbox) full(key string) string {
	if strings.HasPrefix(key, b.prefix) {
		return key
	}
	return b.prefix + key
}

func (b *storeInbox) Done(ctx context.Context, key string) error {
	// Most events that changed something are gone already (consumed with their
	// change): a read spares them a write and its fsync.
	var raw json.RawMessage
	if err := b.st.GetValue(ctx, ownedInbox, b.full(key), &raw); errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	return b.st.DeleteValue(ctx, ownedInbox, b.full(key))
}

func (b *storeInbox) Pending(ctx context.Context) ([]Inbound, string, error) {
	vs, err := b.st.Values(ctx, ownedInbox, b.prefix)
	if err != nil {
		return nil, "", err
	}
	var out []Inbound
	mark := ""
	for _, v := range vs {
		if v.Key == b.markKey() {
			if err := json.Unmarshal(v.JSON, &mark); err != nil {
				return nil, "", fmt.Errorf("inbox mark: %w", err)
			}
			continue
		}
		out = append(out, Inbound{Key: v.Key, Data: v.JSON})
	}
	return out, mark, nil
}
