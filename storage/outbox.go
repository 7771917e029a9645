package storage

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The outbox: messages a state change owes (the board after a move, an
// announcement, a private board, a reminder), written in the same transaction as
// the change and delivered afterwards by a sender that retries. Storage keeps
// them as bytes in order; what a payload means is the bot's business.
//
// Entries are delivered one destination (a chat, or a user privately) at a time,
// in id order. A sender claims entries with a lease; a lease that runs out (the
// sender died) makes them claimable again. In a bbolt file, which one process
// owns at a time, a lease taken before the file was opened is void at once:
// that process is gone. A networked store would rely on the time alone and on
// row locks (SELECT … FOR UPDATE SKIP LOCKED), so that several processes drain
// one outbox and each entry is sent by exactly one of them.

// OutboxEntry is one owed message.
type OutboxEntry struct {
	// ID is assigned by the store, increasing: the delivery order.
	ID       uint64 `json:"id"`
	Platform string `json:"platform"`
	// ChatID is the chat of a public message; UserID (with ChatID empty) the
	// user of a private one.
	ChatID string `json:"chat,omitempty"`
	UserID string `json:"user,omitempty"`
	// GameID and Kind let a sender supersede an undelivered board with a newer
	// one of the same game ("board", "private" or anything else).
	GameID string `json:"game,omitempty"`
	Kind   string `json:"kind,omitempty"`
	// Payload is the message as the bot encodes it.
	Payload   json.RawMessage `json:"payload"`
	CreatedAt time.Time       `json:"created"`

	// Delivery state, kept by the store.
	Attempts  int       `json:"attempts,omitempty"`
	NextAt    time.Time `json:"next_at,omitempty"`    // not before this
	FirstFail time.Time `json:"first_fail,omitempty"` // when the failures began
	LastError string    `json:"last_error,omitempty"` // never a secret: the adapter's error text
	// Failed marks an entry given up on (the platform refused it for good); it
	// stays for /board to report until a newer board of its game is delivered.
	Failed bool  `json:"failed,omitempty"`
	Lease  Lease `json:"lease,omitzero"`
	// Replaces counts the older entries this one superseded (for its text).
	Replaces int `json:"replaces,omitempty"`
}

// Lease says who is delivering an entry, until when.
type Lease struct {
	Holder string    `json:"holder,omitempty"`
	Until  time.Time `json:"until,omitzero"`
	// Session is the Open of the bbolt file the lease was taken in.
	Session string `json:"session,omitempty"`
}

// Dest is the destination key of an entry: entries with one Dest are delivered in
// order, one at a time.
func (e *OutboxEntry) Dest() string {
	if e.ChatID != "" {
		return e.Platform + "\x00c" + e.ChatID
	}
	return e.Platform + "\x00u" + e.UserID
}

func (e *OutboxEntry) validate() error {
	if e.Platform == "" || (e.ChatID == "") == (e.UserID == "") {
		return fmt.Errorf("outbox entry needs a platform and exactly one of chat and user: %w", ErrInvalid)
	}
	if len(e.Payload) == 0 {
		return fmt.Errorf("outbox entry without payload: %w", ErrInvalid)
	}
	return nil
}

// ValueRef names a PutValue record (a durably queued inbound event) that a write
// removes in its own transaction, so that the event and the change it caused land
// together: a restart never handles that event again.
type ValueRef struct{ Bucket, Key string }

// SentMessage is a message a sender delivered: the map from platform message to
// game that replies to a board need.
type SentMessage struct {
	Platform string `json:"platform"`
	ChatID   string `json:"chat"`
	ID       string `json:"id"`
	// About is what replies to it concern: a game id, or the bot's own ref
	// (a daily puzzle).
	About string    `json:"about,omitempty"`
	At    time.Time `json:"at"`
}

// GameChange is one write of a game together with what it owes. With ID
// empty it creates the game Replace (as CreateGame: the store assigns the id,
// version 1 and the stamps), and Outbox sees it with them.
type GameChange struct {
	ID            string
	ExpectVersion uint64
	// Replace, if set, is the whole new game (as UpdateGame); otherwise Append
	// (if set) is added to the move list and Mutate (if set) changes the rest.
	Replace *Game
	Append  *MoveRecord
	Mutate  func(*Game) error
	// Outbox makes the messages the change owes from the game as it will be
	// stored (new version, stamps). Like Mutate it may run more than once and
	// must be quick. Entries with a Lease are leased to its holder at once (for
	// a handler that delivers them itself), unless their destination has older
	// undelivered entries: order comes first, and the sender delivers those.
	Outbox func(*Game) ([]*OutboxEntry, error)
	// Consume is removed in the same transaction.
	Consume []ValueRef
	// Rate, if set, changes players' ratings in the same transaction, before
	// Outbox runs (players.go).
	Rate *RatingChange
}

// OutboxClaim asks for entries to deliver.
type OutboxClaim struct {
	Holder string
	Now    time.Time
	Lease  time.Duration // default 1 minute
	// MaxDests bounds the destinations claimed, PerDest the entries of each
	// (oldest first, without gaps). Defaults 64 and 32.
	MaxDests, PerDest int
}

// OutboxResult is what a sender reports for one claimed entry.
type OutboxResult struct {
	ID uint64
	// Release gives the entry back untouched (it was not tried: an earlier
	// entry of its destination failed).
	Release bool
	// Sent lists the platform messages delivered (recorded for replies); empty
	// with Superseded or Err.
	Sent []SentMessage
	// Err is a failed attempt; Retry says when to try again. Without Retry the
	// entry is marked Failed and not tried again.
	Err   string
	Retry time.Time
	// Superseded drops an entry whose message a newer one replaces; with
	// SupersededBy, that newer entry counts it in Replaces.
	Superseded   bool
	SupersededBy uint64
}

var (
	bucketOutbox     = []byte("outbox")
	bucketOutboxDest = []byte("outbox_by_dest")
	bucketSent       = []byte("sent_messages")
	// bucketSentByTime indexes sent_messages by when they were sent (sentTimeKey),
	// so that PruneSent reads only what it removes.
	bucketSentByTime = []byte("sent_by_time")
)

func outboxKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

func destKey(dest string, id uint64) []byte {
	k := append([]byte(dest), 0)
	return binary.BigEndian.AppendUint64(k, id)
}

func sentKey(platform, chat, id string) []byte {
	return append(pairKey(platform, chat), append([]byte{0}, id...)...)
}

// sentTimeKey is the index key of a sent-message record: its time (Unix
// nanoseconds, big-endian, so that keys sort by time) and its key.
func sentTimeKey(at time.Time, key []byte) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(at.UnixNano())), key...)
}

// putSent records m with its time index, replacing an earlier record of the
// same message (and its index key).
func putSent(tx *bolt.Tx, m SentMessage) error {
	k := sentKey(m.Platform, m.ChatID, m.ID)
	var old SentMessage
	if err := getJSON(tx, bucketSent, k, &old); err == nil {
		if err := tx.Bucket(bucketSentByTime).Delete(sentTimeKey(old.At, k)); err != nil {
			return err
		}
	}
	if err := putJSON(tx, bucketSent, k, m); err != nil {
		return err
	}
	return tx.Bucket(bucketSentByTime).Put(sentTimeKey(m.At, k), nil)
}

func newSession() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// leaseLive reports whether l still holds its entry at now.
func (s *Bolt) leaseLive(l Lease, now time.Time) bool {
	return l.Holder != "" && l.Session == s.session && now.Before(l.Until)
}

// addOutbox stores entries in tx, assigning ids and keeping or refusing leases.
func (s *Bolt) addOutbox(tx *bolt.Tx, entries []*OutboxEntry) error {
	ob, byDest := tx.Bucket(bucketOutbox), tx.Bucket(bucketOutboxDest)
	for _, e := range entries {
		if err := e.validate(); err != nil {
			// Not clean: what this write put before must be rolled back with it.
			return err
		}
		id, err := ob.NextSequence()
		if err != nil {
			return err
		}
		e.ID = id
		if e.CreatedAt.IsZero() {
			e.CreatedAt = s.stamp()
		}
		if e.Lease.Holder != "" {
			prefix := append([]byte(e.Dest()), 0)
			if k, _ := byDest.Cursor().Seek(prefix); k != nil && bytes.HasPrefix(k, prefix) {
				e.Lease = Lease{} // older entries wait: they go first
			} else {
				e.Lease.Session = s.session
			}
		}
		if err := putJSON(tx, bucketOutbox, outboxKey(id), e); err != nil {
			return err
		}
		if err := byDest.Put(destKey(e.Dest(), id), nil); err != nil {
			return err
		}
	}
	return nil
}

func consume(tx *bolt.Tx, refs []ValueRef) error {
	for _, r := range refs {
		if b := tx.Bucket(bucketValues).Bucket([]byte(r.Bucket)); b != nil && r.Key != "" {
			if err := b.Delete([]byte(r.Key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// ChangeGame writes one game with the messages it owes, in one transaction with
// the version check. It returns the stored game and the stored entries (ids,
// leases as granted).
func (s *Bolt) ChangeGame(ctx context.Context, c GameChange) (*Game, []*OutboxEntry, error) {
	if c.Replace != nil {
		if err := c.Replace.validate(); err != nil {
			return nil, nil, fmt.Errorf("update game %s: %w", c.ID, err)
		}
	}
	var entries []*OutboxEntry
	owe := func(tx *bolt.Tx, g *Game) error {
		entries = nil
		if c.Rate != nil {
			if err := CheckRatingKeys(c.Rate.Keys); err != nil {
				return fmt.Errorf("game %s: ratings: %w", g.ID, err)
			}
			if _, err := s.rateTx(tx, c.Rate.Keys, func(rs []*Rating) error { return c.Rate.Apply(g.Clone(), rs) }); err != nil {
				return fmt.Errorf("game %s: ratings: %w", g.ID, err)
			}
		}
		if c.Outbox != nil {
			es, err := c.Outbox(g.Clone())
			if err != nil {
				// Not clean: the game is written already in this transaction, and
				// must be rolled back with it.
				return fmt.Errorf("game %s: outbox: %w", g.ID, err)
			}
			entries = es
		}
		if err := s.addOutbox(tx, entries); err != nil {
			return err
		}
		return consume(tx, c.Consume)
	}
	if c.ID == "" {
		if c.Replace == nil || c.Replace.ID != "" {
			return nil, nil, fmt.Errorf("create game: a new game without id is needed: %w", ErrInvalid)
		}
		g, err := s.createGameTx(ctx, c.Replace, owe)
		if err != nil {
			return nil, nil, err
		}
		s.holds.release(c.Consume)
		return g, entries, nil
	}
	g, err := s.modifyGameTx(ctx, c.ID, c.ExpectVersion, func(g *Game) (*Game, error) {
		if c.Replace != nil {
			return c.Replace.Clone(), nil
		}
		if c.Append != nil {
			g.Moves = append(g.Moves, *c.Append)
		}
		if c.Mutate != nil {
			if err := c.Mutate(g); err != nil {
				return nil, err
			}
		}
		return g, nil
	}, owe)
	if err != nil {
		return nil, nil, fmt.Errorf("change %w", err)
	}
	s.holds.release(c.Consume)
	return g, entries, nil
}

// Enqueue stores messages owed by something that is not a game write (a puzzle
// post), in one transaction, removing consume with them.
func (s *Bolt) Enqueue(ctx context.Context, entries []*OutboxEntry, consumed ...ValueRef) error {
	err := s.write(ctx, func(tx *bolt.Tx) error {
		if err := s.addOutbox(tx, entries); err != nil {
			return err
		}
		return consume(tx, consumed)
	})
	if err != nil {
		return fmt.Errorf("enqueue: %w", err)
	}
	s.holds.release(consumed)
	return nil
}

// ClaimOutbox leases the entries due at c.Now: for each destination whose oldest
// entry is due and not leased by a live holder, its oldest entries in order
// (stopping at one that is not due, leased elsewhere or failed for good).
func (s *Bolt) ClaimOutbox(ctx context.Context, c OutboxClaim) ([]*OutboxEntry, error) {
	if c.Holder == "" {
		return nil, fmt.Errorf("claim outbox: no holder: %w", ErrInvalid)
	}
	if c.Lease <= 0 {
		c.Lease = time.Minute
	}
	if c.MaxDests <= 0 {
		c.MaxDests = 64
	}
	if c.PerDest <= 0 {
		c.PerDest = 32
	}
	// A read first: an outbox with nothing due costs no write and no fsync.
	var due bool
	if err := s.view(ctx, func(tx *bolt.Tx) error {
		return s.scanDue(tx, c, func(*OutboxEntry) error { due = true; return nil })
	}); err != nil || !due {
		return nil, err
	}
	var out []*OutboxEntry
	err := s.write(ctx, func(tx *bolt.Tx) error {
		out = out[:0]
		return s.scanDue(tx, c, func(e *OutboxEntry) error {
			e.Lease = Lease{Holder: c.Holder, Until: c.Now.Add(c.Lease), Session: s.session}
			out = append(out, e)
			return putJSON(tx, bucketOutbox, outboxKey(e.ID), e)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("claim outbox: %w", err)
	}
	return out, nil
}

// scanDue calls take for the entries ClaimOutbox would lease, in order.
func (s *Bolt) scanDue(tx *bolt.Tx, c OutboxClaim, take func(*OutboxEntry) error) error {
	cur := tx.Bucket(bucketOutboxDest).Cursor()
	dests := 0
	k, _ := cur.First()
	for k != nil && dests < c.MaxDests {
		dest := bytes.Clone(k[:len(k)-9])
		taking, n := true, 0
		for ; k != nil && bytes.Equal(k[:len(k)-9], dest); k, _ = cur.Next() {
			if !taking {
				continue
			}
			e := new(OutboxEntry)
			if err := getJSON(tx, bucketOutbox, outboxKey(binary.BigEndian.Uint64(k[len(k)-8:])), e); err != nil {
				return fmt.Errorf("outbox entry: %w", err)
			}
			switch {
			case e.Failed:
				continue // given up on: it does not hold up the rest
			case n == c.PerDest, s.leaseLive(e.Lease, c.Now), e.NextAt.After(c.Now):
				taking = false // enough, or the destination is busy or waiting
				continue
			}
			if err := take(e); err != nil {
				return err
			}
			n++
		}
		if n > 0 {
			dests++
		}
	}
	return nil
}

// ErrLeaseLost is returned to a sender whose lease on an entry ran out and was
// taken by another (or whose entry is gone).
var ErrLeaseLost = errors.New("storage: outbox lease lost")

// FinishOutbox records the outcomes of delivering claimed entries, in one
// transaction: delivered (or superseded) entries are removed and their messages
// recorded; a failed attempt is kept for a retry at Retry, or marked Failed
// without one; a released entry is only let go. An entry whose lease this holder
// lost is skipped and reported (ErrLeaseLost); the others are recorded.
func (s *Bolt) FinishOutbox(ctx context.Context, holder string, results []OutboxResult) error {
	var lost []error
	err := s.write(ctx, func(tx *bolt.Tx) error {
		lost = lost[:0]
		for _, r := range results {
			if err := s.finishOne(tx, holder, r); err != nil {
				if errors.Is(err, ErrLeaseLost) {
					lost = append(lost, err)
					continue
				}
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("finish outbox entries: %w", err)
	}
	return errors.Join(lost...)
}

func (s *Bolt) finishOne(tx *bolt.Tx, holder string, r OutboxResult) error {
	id := r.ID
	e := new(OutboxEntry)
	if err := getJSON(tx, bucketOutbox, outboxKey(id), e); err != nil {
		if errors.Is(err, ErrNotFound) {
			return fmt.Errorf("outbox entry %d is gone: %w", id, ErrLeaseLost)
		}
		return err
	}
	if e.Lease.Holder != holder || e.Lease.Session != s.session {
		return fmt.Errorf("outbox entry %d is held by another sender: %w", id, ErrLeaseLost)
	}
	switch {
	case r.Release:
		e.Lease = Lease{}
		return putJSON(tx, bucketOutbox, outboxKey(id), e)
	case r.Err != "":
		e.Attempts++
		e.LastError = r.Err
		if e.FirstFail.IsZero() {
			e.FirstFail = s.stamp()
		}
		e.NextAt = r.Retry
		e.Failed = r.Retry.IsZero()
		e.Lease = Lease{}
		return putJSON(tx, bucketOutbox, outboxKey(id), e)
	}
	if err := tx.Bucket(bucketOutbox).Delete(outboxKey(id)); err != nil {
		return err
	}
	if err := tx.Bucket(bucketOutboxDest).Delete(destKey(e.Dest(), id)); err != nil {
		return err
	}
	if r.Superseded && r.SupersededBy != 0 {
		by := new(OutboxEntry)
		if err := getJSON(tx, bucketOutbox, outboxKey(r.SupersededBy), by); err == nil {
			by.Replaces += 1 + e.Replaces
			if err := putJSON(tx, bucketOutbox, outboxKey(by.ID), by); err != nil {
				return err
			}
		}
	}
	for _, m := range r.Sent {
		if m.ID == "" {
			continue
		}
		if m.At.IsZero() {
			m.At = s.stamp()
		}
		if err := putSent(tx, m); err != nil {
			return err
		}
	}
	if !r.Superseded && e.GameID != "" && e.Kind != "" {
		return dropFailed(tx, e)
	}
	return nil
}

// dropFailed removes the entries of e's destination, game and kind that failed
// for good before it: a newer board was delivered, so they no longer matter.
func dropFailed(tx *bolt.Tx, e *OutboxEntry) error {
	prefix := append([]byte(e.Dest()), 0)
	cur := tx.Bucket(bucketOutboxDest).Cursor()
	var gone [][]byte
	for k, _ := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = cur.Next() {
		id := binary.BigEndian.Uint64(k[len(k)-8:])
		if id > e.ID {
			break
		}
		old := new(OutboxEntry)
		if err := getJSON(tx, bucketOutbox, outboxKey(id), old); err != nil {
			return err
		}
		if old.Failed && old.GameID == e.GameID && old.Kind == e.Kind {
			gone = append(gone, bytes.Clone(k))
		}
	}
	for _, k := range gone {
		if err := tx.Bucket(bucketOutbox).Delete(k[len(k)-8:]); err != nil {
			return err
		}
		if err := tx.Bucket(bucketOutboxDest).Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// PendingOutbox lists the undelivered entries of one platform whose chat is
// chatID or whose game is gameID (either may be empty), oldest first: what /board
// reports as waiting or failed.
func (s *Bolt) PendingOutbox(ctx context.Context, platform, chatID, gameID string) ([]*OutboxEntry, error) {
	var out []*OutboxEntry
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(_, v []byte) error {
			e := new(OutboxEntry)
			if err := json.Unmarshal(v, e); err != nil {
				return fmt.Errorf("decode outbox entry: %w", err)
			}
			if e.Platform == platform && ((chatID != "" && e.ChatID == chatID) || (gameID != "" && e.GameID == gameID)) {
				out = append(out, e)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("pending outbox: %w", err)
	}
	return out, nil
}

// Sent looks up a message a sender delivered. ErrNotFound if none is recorded.
func (s *Bolt) Sent(ctx context.Context, platform, chatID, msgID string) (*SentMessage, error) {
	var m SentMessage
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return getJSON(tx, bucketSent, sentKey(platform, chatID, msgID), &m)
	})
	if err != nil {
		return nil, fmt.Errorf("sent message %s/%s/%s: %w", platform, chatID, msgID, err)
	}
	return &m, nil
}

// PutValues stores several PutValue records in one transaction: all or none.
func (s *Bolt) PutValues(ctx context.Context, bucket string, vs []Value) error {
	if bucket == "" {
		return fmt.Errorf("put values: empty bucket: %w", ErrInvalid)
	}
	for _, v := range vs {
		if v.Key == "" || !json.Valid(v.JSON) {
			return fmt.Errorf("put values %s: empty key or bad JSON: %w", bucket, ErrInvalid)
		}
	}
	err := s.write(ctx, func(tx *bolt.Tx) error {
		b, err := tx.Bucket(bucketValues).CreateBucketIfNotExists([]byte(bucket))
		if err != nil {
			return err
		}
		for _, v := range vs {
			if err := b.Put([]byte(v.Key), v.JSON); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("put values %s: %w", bucket, err)
	}
	s.holds.hold(bucket, s.ownHolds(vs), s.now())
	return nil
}

// TrimValues keeps the newest keep records (in key order) of a value bucket
// whose keys start with prefix and removes the older ones, in one transaction,
// and returns how many went. It reads only the keys under prefix: a bounded
// window (the inbox's marks of events seen) stays cheap to trim.
func (s *Bolt) TrimValues(ctx context.Context, bucket, prefix string, keep int) (int, error) {
	if bucket == "" || prefix == "" || keep < 0 {
		return 0, fmt.Errorf("trim values: empty bucket or prefix, or keep < 0: %w", ErrInvalid)
	}
	n := 0
	err := s.write(ctx, func(tx *bolt.Tx) error {
		n = 0
		b := tx.Bucket(bucketValues).Bucket([]byte(bucket))
		if b == nil {
			return nil
		}
		p := []byte(prefix)
		c := b.Cursor()
		total := 0
		for k, _ := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, _ = c.Next() {
			total++
		}
		if total <= keep {
			return nil
		}
		old := make([][]byte, 0, total-keep)
		for k, _ := c.Seek(p); k != nil && len(old) < total-keep; k, _ = c.Next() {
			old = append(old, bytes.Clone(k))
		}
		for _, k := range old {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		n = len(old)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("trim values %s/%s*: %w", bucket, prefix, err)
	}
	return n, nil
}

// RecordSent records messages sent outside the outbox (direct answers to an
// event that replies may refer to), as FinishOutbox does for delivered entries.
func (s *Bolt) RecordSent(ctx context.Context, sent []SentMessage) error {
	err := s.write(ctx, func(tx *bolt.Tx) error {
		for _, m := range sent {
			if m.ID == "" || m.Platform == "" {
				continue
			}
			if m.At.IsZero() {
				m.At = s.stamp()
			}
			if err := putSent(tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record sent messages: %w", err)
	}
	return nil
}

// PruneSent forgets the records of messages sent before before (replies to
// them then choose their game the other ways), and returns how many went. It
// walks the time index from its oldest key and stops at the first one not
// older than before: it touches only what it removes.
func (s *Bolt) PruneSent(ctx context.Context, before time.Time) (int, error) {
	limit := sentTimeKey(before, nil)
	n := 0
	err := s.write(ctx, func(tx *bolt.Tx) error {
		n = 0
		idx, sent := tx.Bucket(bucketSentByTime), tx.Bucket(bucketSent)
		var old [][]byte
		c := idx.Cursor()
		for k, _ := c.First(); k != nil && bytes.Compare(k[:8], limit) < 0; k, _ = c.Next() {
			old = append(old, bytes.Clone(k))
		}
		for _, k := range old {
			if err := idx.Delete(k); err != nil {
				return err
			}
			if err := sent.Delete(k[8:]); err != nil {
				return err
			}
		}
		n = len(old)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("prune sent messages: %w", err)
	}
	return n, nil
}

// OutboxStats implements Store. It reads every entry: the outbox holds what is
// owed right now, normally a handful.
func (s *Bolt) OutboxStats(ctx context.Context) (int, time.Time, error) {
	n := 0
	var oldest time.Time
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(_, v []byte) error {
			e := new(OutboxEntry)
			if err := json.Unmarshal(v, e); err != nil {
				return fmt.Errorf("decode outbox entry: %w", err)
			}
			if e.Failed {
				return nil
			}
			n++
			if oldest.IsZero() || e.CreatedAt.Before(oldest) {
				oldest = e.CreatedAt
			}
			return nil
		})
	})
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("outbox stats: %w", err)
	}
	return n, oldest, nil
}
