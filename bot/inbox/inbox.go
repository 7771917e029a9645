package inbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// Bucket is the value bucket of the kept events. A game change that an event
// caused removes the event in its own transaction (Consumed).
const Bucket = "inbound"

// Consumed is the reference a game change consumes to remove the event with
// key (Event.Inbound) in the change's own transaction.
func Consumed(key string) storage.ValueRef { return storage.ValueRef{Bucket: Bucket, Key: key} }

// Store is what an inbox needs of the store (storage.Store has it all).
type Store interface {
	GetValue(ctx context.Context, bucket, key string, v any) error
	DeleteValue(ctx context.Context, bucket, key string) error
	PutValues(ctx context.Context, bucket string, vs []storage.Value) error
	ClaimValues(ctx context.Context, c storage.ValueClaim) ([]storage.Value, error)
	TrimValues(ctx context.Context, bucket, prefix string, keep int) (int, error)
}

// Options are what New needs besides the store.
type Options struct {
	// Platform names the adapter; its events are kept under "PLATFORM/".
	Platform string
	// Holder names this inbox in the leases of the events it keeps and claims:
	// unique per inbox (one made for an adapter restarted in the same process
	// takes over what the stopped one kept).
	Holder string
	// Window is how many kept events Seen remembers; default 4096.
	Window int
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Logger: default slog.Default().
	Logger *slog.Logger
}

// New returns the inbox of one adapter, kept in st.
func New(st Store, o Options) Inbox {
	b := &box{st: st, prefix: o.Platform + "/", window: o.Window, log: o.Logger, now: o.Now, holder: o.Holder}
	if b.window <= 0 {
		b.window = seenWindow
	}
	if b.now == nil {
		b.now = time.Now
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	return b
}

// Inbox keeps an adapter's incoming events durably from the moment the
// platform is told they arrived (Telegram's getUpdates offset, a webhook's 200,
// Discord's interaction acknowledgement) until they are handled, so that an
// event is never lost between the two: after a restart the adapter handles
// what is still in its inbox. bot's Service.Inbox gives each adapter its own, kept in
// the service's store (New). (Added for issue 13.)
type Inbox interface {
	// Keep stores events in one transaction, with the adapter's mark (a
	// position such as the next Telegram update id; "" keeps the old one). It
	// sets each event's Key to its full key, for Event.Inbound.
	Keep(ctx context.Context, events []Item, mark string) error
	// Done removes a handled event. A game change the event caused removes it
	// already, in its own transaction (Event.Inbound).
	Done(ctx context.Context, key string) error
	// Pending claims for this process the events not yet done that no other
	// live process is handling, and lists them in key order, with the mark.
	// Events kept or claimed by a process are its own until it dies (or
	// Lease passes): several processes on one database each handle what
	// they took, and the survivors take over a dead one's.
	Pending(ctx context.Context) ([]Item, string, error)
	// Seen reports whether an event with this key (as given to Keep) was kept
	// before, handled or not, among the last few thousand kept: a platform
	// that sends an event again after a restart (a webhook whose 200 was
	// lost) finds it here, and it is not handled twice.
	Seen(ctx context.Context, key string) (bool, error)
}

// Item is one queued event: the adapter's raw form and a key that sorts in
// arrival order (zero-padded update ids, for Telegram). Key is the full key, as
// Event.Inbound carries it, once stored.
type Item struct {
	Key  string
	Data json.RawMessage
}

// Lease is how long an event kept or claimed is its process's alone when
// that process lives on but cannot be reached (a process that dies loses its
// events at once on PostgreSQL, at the next start on bbolt). It is long: an
// event waits in its chat's queue behind the others, a minute and more under
// load, and one taken over while still queued would be handled twice.
const Lease = 15 * time.Minute

// seenWindow is how many kept events an inbox remembers for Seen. Telegram
// resends an unanswered webhook update for about a day, but one answered 200
// comes again only around a restart: a few thousand is ample.
const seenWindow = 4096

type box struct {
	st     Store
	prefix string
	// window bounds the marks of events seen; they are trimmed after every
	// window/8 events kept (so at most 9/8 window are stored).
	window int
	log    *slog.Logger
	now    func() time.Time
	holder string // the name of this inbox's leases on its events

	mu   sync.Mutex
	kept int // events kept since the last trim
}

// markKey sorts after every event key of the platform ("~" > digits and letters).
func (b *box) markKey() string { return b.prefix + "~mark" }

// seenPrefix is where the marks of events seen are kept: "~" keeps them apart
// from the events, "/" from the mark.
func (b *box) seenPrefix() string { return b.prefix + "~seen/" }

func (b *box) Keep(ctx context.Context, events []Item, mark string) error {
	vs := make([]storage.Value, 0, len(events)+1)
	hold := storage.Lease{Holder: b.holder, Until: b.now().Add(Lease)} // this process handles what it keeps
	for i, e := range events {
		if e.Key == "" || strings.HasPrefix(e.Key, "~") {
			return fmt.Errorf("inbox: bad key %q", e.Key)
		}
		events[i].Key = b.full(e.Key)
		vs = append(vs, storage.Value{Key: events[i].Key, JSON: e.Data, Hold: hold},
			// In the same transaction: an event kept is an event seen.
			storage.Value{Key: b.seenPrefix() + strings.TrimPrefix(events[i].Key, b.prefix), JSON: json.RawMessage("1")})
	}
	if mark != "" {
		raw, _ := json.Marshal(mark)
		vs = append(vs, storage.Value{Key: b.markKey(), JSON: raw})
	}
	if len(vs) == 0 {
		return nil
	}
	if err := b.st.PutValues(ctx, Bucket, vs); err != nil {
		return err
	}
	b.mu.Lock()
	b.kept += len(events)
	trim := b.kept >= max(b.window/8, 1)
	if trim {
		b.kept = 0
	}
	b.mu.Unlock()
	if trim {
		if _, err := b.st.TrimValues(ctx, Bucket, b.seenPrefix(), b.window); err != nil {
			b.log.Warn("inbox: the marks of events seen were not trimmed", "err", err)
		}
	}
	return nil
}

func (b *box) Seen(ctx context.Context, key string) (bool, error) {
	var one json.RawMessage
	err := b.st.GetValue(ctx, Bucket, b.seenPrefix()+strings.TrimPrefix(key, b.prefix), &one)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, storage.ErrNotFound):
		return false, nil
	}
	return false, err
}

func (b *box) full(key string) string {
	if strings.HasPrefix(key, b.prefix) {
		return key
	}
	return b.prefix + key
}

func (b *box) Done(ctx context.Context, key string) error {
	// Most events that changed something are gone already (consumed with their
	// change): a read spares them a write and its fsync.
	var raw json.RawMessage
	if err := b.st.GetValue(ctx, Bucket, b.full(key), &raw); errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	return b.st.DeleteValue(ctx, Bucket, b.full(key))
}

func (b *box) Pending(ctx context.Context) ([]Item, string, error) {
	mark := ""
	var raw json.RawMessage
	switch err := b.st.GetValue(ctx, Bucket, b.markKey(), &raw); {
	case err == nil:
		if err := json.Unmarshal(raw, &mark); err != nil {
			return nil, "", fmt.Errorf("inbox mark: %w", err)
		}
	case !errors.Is(err, storage.ErrNotFound):
		return nil, "", err
	}
	// The events sort below "~", the mark and the marks of events seen from it.
	vs, err := b.st.ClaimValues(ctx, storage.ValueClaim{Bucket: Bucket, From: b.prefix, To: b.prefix + "~",
		Holder: b.holder, Now: b.now(), Lease: Lease})
	if err != nil {
		return nil, "", err
	}
	out := make([]Item, 0, len(vs))
	for _, v := range vs {
		out = append(out, Item{Key: v.Key, Data: v.JSON})
	}
	return out, mark, nil
}
