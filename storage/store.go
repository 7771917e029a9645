package storage

import (
	"context"
	"io"
	"time"
)

// Store is what the bot needs from a database. Bolt implements it on an embedded
// bbolt file; the interface carries no bbolt types, so that a networked database can
// implement it later.
//
// Every method returns copies: changing a returned record changes nothing stored
// until it is written back. Errors wrap the sentinels of this package.
type Store interface {
	// CreateGame stores a new game. g.ID must be empty: the store assigns a short
	// decimal id ("12") from its own sequence, sets Version to 1 and CreatedAt and
	// UpdatedAt (CreatedAt only if zero), and writes these into g on success.
	CreateGame(ctx context.Context, g *Game) error

	// Game loads one game with its whole move list. ErrNotFound if there is none.
	Game(ctx context.Context, id string) (*Game, error)

	// UpdateGame replaces a stored game with g, move list included (a takeback
	// shortens it), if g.Version is the stored version; otherwise it returns
	// ErrConflict and writes nothing. On success it increments g.Version and sets
	// g.UpdatedAt. The indices by chat and player follow in the same transaction.
	UpdateGame(ctx context.Context, g *Game) error

	// AppendMove adds mv to the game in one transaction, if the stored version is
	// expectVersion (else ErrConflict, nothing written). mutate, if not nil, then
	// sees the game with mv appended and may change anything else (clocks, status,
	// result, draw offer); an error from mutate cancels the write and is returned.
	// mutate may be called more than once for one AppendMove (writes of many
	// goroutines share commits and a batch is retried if another write in it fails),
	// so it must only change the game it is given. The stored game is returned.
	AppendMove(ctx context.Context, id string, expectVersion uint64, mv MoveRecord, mutate func(*Game) error) (*Game, error)

	// GamesInChat lists the games of one chat in creation order; with activeOnly,
	// only the live ones (Open, Setup, Active).
	GamesInChat(ctx context.Context, platform, chatID string, activeOnly bool) ([]*Game, error)

	// GamesOfUser lists the games a user sits at, in creation order; with
	// activeOnly, only the live ones.
	GamesOfUser(ctx context.Context, platform, userID string, activeOnly bool) ([]*Game, error)

	// ActiveGames lists every live game of every chat, for the scheduler to check
	// deadlines and reminders. It does not filter by deadline.
	ActiveGames(ctx context.Context) ([]*Game, error)

	// DueGames lists the live games whose Wake is not after now, earliest
	// first, at most limit of them (limit <= 0: all). It reads an index of wake
	// times, so that its cost follows what is due, not how many games are live.
	// Wake times compare to the microsecond (PostgreSQL's precision).
	DueGames(ctx context.Context, now time.Time, limit int) ([]*Game, error)

	// Chat loads the settings of one chat. ErrNotFound if none were ever stored.
	Chat(ctx context.Context, platform, chatID string) (*Chat, error)
	// PutChat stores c, replacing what was there, and sets c.UpdatedAt.
	PutChat(ctx context.Context, c *Chat) error
	// UpdateChat changes one chat's settings atomically: fn sees the stored chat,
	// or a new one with only Platform and ChatID set, and the result is stored
	// unless fn returns an error. fn may be called more than once.
	UpdateChat(ctx context.Context, platform, chatID string, fn func(*Chat) error) (*Chat, error)
	// Chats lists every chat with stored settings.
	Chats(ctx context.Context) ([]*Chat, error)
	// DueChats lists the chats whose Wake is not after now, earliest first,
	// at most limit (<= 0: all), through an index of wake times: the daily
	// puzzle scheduler reads only the chats whose post is due.
	DueChats(ctx context.Context, now time.Time, limit int) ([]*Chat, error)

	// User loads one user. ErrNotFound if none was stored.
	User(ctx context.Context, platform, userID string) (*User, error)
	// PutUser stores u, replacing what was there, and sets u.UpdatedAt.
	PutUser(ctx context.Context, u *User) error
	// UpdateUser changes one user atomically, as UpdateChat does for chats.
	UpdateUser(ctx context.Context, platform, userID string, fn func(*User) error) (*User, error)

	// PuzzleScore loads one user's puzzle record in one chat. ErrNotFound if none.
	PuzzleScore(ctx context.Context, platform, chatID, userID string) (*PuzzleScore, error)
	// UpdatePuzzleScore changes one puzzle record atomically, as UpdateChat does,
	// so that two solutions racing both count. fn may be called more than once.
	UpdatePuzzleScore(ctx context.Context, platform, chatID, userID string, fn func(*PuzzleScore) error) (*PuzzleScore, error)
	// PuzzleScores lists the records of one chat, ordered by user id; ranking them
	// is the caller's business.
	PuzzleScores(ctx context.Context, platform, chatID string) ([]*PuzzleScore, error)

	// PutValue stores v as JSON under key in a named bucket of small records (for
	// features that need a little state and no schema of their own).
	PutValue(ctx context.Context, bucket, key string, v any) error
	// GetValue decodes the JSON stored under key into v. ErrNotFound if none.
	GetValue(ctx context.Context, bucket, key string, v any) error
	// DeleteValue removes key from a bucket; removing a missing key is no error.
	DeleteValue(ctx context.Context, bucket, key string) error
	// Values lists the entries of a bucket whose keys start with prefix, in key order.
	Values(ctx context.Context, bucket, prefix string) ([]Value, error)

	// ChangeGame writes one game together with the messages the change owes
	// (the outbox) and removes the inbound records it consumed, in one
	// transaction with the version check; AppendMove and UpdateGame are its
	// simple forms. It returns the stored game and entries.
	ChangeGame(ctx context.Context, c GameChange) (*Game, []*OutboxEntry, error)
	// Enqueue stores owed messages that no game write carries, removing
	// consumed records in the same transaction.
	Enqueue(ctx context.Context, entries []*OutboxEntry, consumed ...ValueRef) error
	// ClaimOutbox leases due entries to a sender; FinishOutbox reports the
	// outcome of one. See OutboxEntry for the order and lease rules.
	ClaimOutbox(ctx context.Context, c OutboxClaim) ([]*OutboxEntry, error)
	FinishOutbox(ctx context.Context, holder string, results []OutboxResult) error
	// PendingOutbox lists undelivered entries of a chat or a game.
	PendingOutbox(ctx context.Context, platform, chatID, gameID string) ([]*OutboxEntry, error)
	// OutboxStats counts the entries waiting for delivery (not failed for
	// good) and tells when the oldest of them was created (zero if none), for
	// the metrics of the outbox's depth and age.
	OutboxStats(ctx context.Context) (depth int, oldest time.Time, err error)
	// RecordSent records messages sent without the outbox.
	RecordSent(ctx context.Context, sent []SentMessage) error
	// Sent looks up a delivered message (which game a board was of).
	Sent(ctx context.Context, platform, chatID, msgID string) (*SentMessage, error)
	// PruneSent forgets the records of messages sent before a time, reading
	// only those (they are indexed by time).
	PruneSent(ctx context.Context, before time.Time) (int, error)
	// PutValues stores several values of one bucket atomically.
	PutValues(ctx context.Context, bucket string, vs []Value) error
	// ClaimValues leases to this store the values of a key range that no live
	// lease holds, and returns them in key order (see ValueClaim). Removing a
	// value (DeleteValue, or consumed by a change) ends its lease.
	ClaimValues(ctx context.Context, c ValueClaim) ([]Value, error)
	// TakeLease takes the lease named key for holder until until, unless a
	// live lease of another holder has it, and reports whether it did; the
	// holder of a lease renews it so. A lease is live until its time runs
	// out or the store that granted it closes (its process dies): this is how
	// work that one process at a time should do is claimed (the engine's
	// search of a game). ReleaseLease gives a holder's lease up; another's
	// it leaves.
	TakeLease(ctx context.Context, key, holder string, now, until time.Time) (bool, error)
	ReleaseLease(ctx context.Context, key, holder string) error
	// TrimValues keeps the newest keep values under a key prefix of a bucket
	// (key order) and removes the older ones.
	TrimValues(ctx context.Context, bucket, prefix string, keep int) (int, error)

	// Backup writes a consistent copy of the whole store to w while the store stays
	// in use, and returns the number of bytes written.
	Backup(ctx context.Context, w io.Writer) (int64, error)
	// BackupFile writes a backup to path atomically (a temporary file renamed into
	// place), readable by the owner only.
	BackupFile(ctx context.Context, path string) (int64, error)

	// Close waits for pending writes and closes the store.
	Close() error

	PlayerStore // players' ratings (players.go)
}

var _ Store = (*Bolt)(nil)

// Rates is a store's shared token buckets, for budgets that several
// processes on one database draw on together (Telegram allows a bot about 30
// messages a second, however many processes send them). The PostgreSQL store
// implements it; a bbolt file is used by one process, which keeps its
// budgets in memory.
type Rates interface {
	// TakeToken takes one token from the bucket named key, which refills at
	// perSec up to burst tokens (and starts full), going into debt when it is
	// empty; it returns how long the caller must wait before it acts: zero
	// when a token was there. Times are the callers' clocks; a bucket's time
	// never goes back.
	TakeToken(ctx context.Context, key string, perSec, burst float64, now time.Time) (time.Duration, error)
}
