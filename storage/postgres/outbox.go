package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// lockDests takes the advisory locks of the destinations of entries, in order
// (so that two writers never wait for each other in a cycle), for the rest of
// tx: writers of one destination and its claimers go one at a time, so ids
// are handed out in commit order and a claimer never passes an entry that is
// not committed yet.
func lockDests(ctx context.Context, tx pgx.Tx, entries []*storage.OutboxEntry) error {
	var dests []string
	for _, e := range entries {
		dests = append(dests, dest(e))
	}
	slices.Sort(dests)
	for _, d := range slices.Compact(dests) {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, lockDest, d); err != nil {
			return fmt.Errorf("lock outbox destination: %w", err)
		}
	}
	return nil
}

// dest is the destination key of an entry as stored: Dest with its NUL
// separator (which PostgreSQL text cannot hold) turned into U+001F.
func dest(e *storage.OutboxEntry) string { return strings.ReplaceAll(e.Dest(), "\x00", "\x1f") }

func entryKeys(e *storage.OutboxEntry) error {
	for _, k := range []string{e.Platform, e.ChatID, e.UserID, e.GameID, e.Kind} {
		if err := textKey("outbox entry key", k); err != nil {
			return err
		}
	}
	return nil
}

// addOutbox stores entries in tx, assigning ids and keeping or refusing leases
// as the bbolt store does.
func (s *Store) addOutbox(ctx context.Context, tx pgx.Tx, entries []*storage.OutboxEntry) error {
	for _, e := range entries {
		if err := e.Validate(); err != nil {
			return err
		}
		if err := entryKeys(e); err != nil {
			return err
		}
	}
	if err := lockDests(ctx, tx, entries); err != nil {
		return err
	}
	for _, e := range entries {
		if err := tx.QueryRow(ctx, `SELECT nextval(pg_get_serial_sequence('outbox', 'id'))`).Scan(&e.ID); err != nil {
			return fmt.Errorf("outbox id: %w", err)
		}
		if e.CreatedAt.IsZero() {
			e.CreatedAt = s.stamp()
		}
		if e.Lease.Holder != "" {
			var older bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM outbox WHERE dest = $1)`, dest(e)).Scan(&older); err != nil {
				return err
			}
			if older {
				e.Lease = storage.Lease{} // older entries wait: they go first
			} else {
				e.Lease.Session = s.session.name
			}
		}
		if err := insertEntry(ctx, tx, e); err != nil {
			return err
		}
	}
	return nil
}

func insertEntry(ctx context.Context, tx pgx.Tx, e *storage.OutboxEntry) error {
	raw, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode outbox entry: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO outbox (id, dest, platform, chat_id, game_id, kind, failed, lease_holder, entry)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		e.ID, dest(e), e.Platform, e.ChatID, e.GameID, e.Kind, e.Failed, e.Lease.Holder, raw)
	if err != nil {
		return fmt.Errorf("store outbox entry: %w", err)
	}
	return nil
}

func putEntry(ctx context.Context, tx pgx.Tx, e *storage.OutboxEntry) error {
	raw, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encode outbox entry: %w", err)
	}
	_, err = tx.Exec(ctx, `UPDATE outbox SET failed = $2, lease_holder = $3, entry = $4 WHERE id = $1`,
		e.ID, e.Failed, e.Lease.Holder, raw)
	if err != nil {
		return fmt.Errorf("update outbox entry %d: %w", e.ID, err)
	}
	return nil
}

func consume(ctx context.Context, tx pgx.Tx, refs []storage.ValueRef) error {
	for _, r := range refs {
		if r.Key == "" {
			continue
		}
		if err := deleteValue(ctx, tx, r.Bucket, r.Key); err != nil {
			return fmt.Errorf("consume %s/%s: %w", r.Bucket, r.Key, err)
		}
	}
	return nil
}

// ChangeGame implements storage.Store: the game, the entries it owes and the
// consumed records in one transaction.
func (s *Store) ChangeGame(ctx context.Context, c storage.GameChange) (*storage.Game, []*storage.OutboxEntry, error) {
	if c.Replace != nil {
		if err := c.Replace.Validate(); err != nil {
			return nil, nil, fmt.Errorf("update game %s: %w", c.ID, err)
		}
		if err := checkGameKeys(c.Replace); err != nil {
			return nil, nil, fmt.Errorf("update game %s: %w", c.ID, err)
		}
	}
	if c.ID == "" && (c.Replace == nil || c.Replace.ID != "") {
		return nil, nil, fmt.Errorf("create game: a new game without id is needed: %w", storage.ErrInvalid)
	}
	var (
		g       *storage.Game
		entries []*storage.OutboxEntry
	)
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if c.ID == "" {
			g, err = s.createGame(ctx, tx, c.Replace)
		} else {
			g, err = s.modifyGame(ctx, tx, c.ID, c.ExpectVersion, func(g *storage.Game) (*storage.Game, error) {
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
			})
		}
		if err != nil {
			return err
		}
		entries = nil
		if c.Rate != nil {
			if err := checkRatingKeys(c.Rate.Keys); err != nil {
				return fmt.Errorf("game %s: ratings: %w", g.ID, err)
			}
			if _, err := s.rateTx(ctx, tx, c.Rate.Keys, func(rs []*storage.Rating) error { return c.Rate.Apply(g.Clone(), rs) }); err != nil {
				return fmt.Errorf("game %s: ratings: %w", g.ID, err)
			}
		}
		if c.Outbox != nil {
			if entries, err = c.Outbox(g.Clone()); err != nil {
				return fmt.Errorf("game %s: outbox: %w", g.ID, err)
			}
		}
		if err := s.addOutbox(ctx, tx, entries); err != nil {
			return err
		}
		return consume(ctx, tx, c.Consume)
	})
	if err != nil {
		if c.ID == "" {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("change %w", err)
	}
	return g, entries, nil
}

// Enqueue implements storage.Store.
func (s *Store) Enqueue(ctx context.Context, entries []*storage.OutboxEntry, consumed ...storage.ValueRef) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := s.addOutbox(ctx, tx, entries); err != nil {
			return err
		}
		return consume(ctx, tx, consumed)
	})
	if err != nil {
		return fmt.Errorf("enqueue: %w", err)
	}
	return nil
}

// leaseLive reports whether l still holds its entry at now: its time has not
// run out and the store that granted it is still open (alive lists the
// sessions of the open stores).
func leaseLive(l storage.Lease, now time.Time, alive map[string]bool) bool {
	return l.Holder != "" && now.Before(l.Until) && alive[l.Session]
}

type row struct {
	id   int64
	dest string
	e    *storage.OutboxEntry
}

func scanEntries(rows pgx.Rows) ([]row, error) {
	defer rows.Close()
	var out []row
	for rows.Next() {
		var (
			r   row
			raw []byte
		)
		if err := rows.Scan(&r.id, &r.dest, &raw); err != nil {
			return nil, err
		}
		r.e = new(storage.OutboxEntry)
		if err := json.Unmarshal(raw, r.e); err != nil {
			return nil, fmt.Errorf("decode outbox entry %d: %w", r.id, err)
		}
		r.e.ID = uint64(r.id)
		out = append(out, r)
	}
	return out, rows.Err()
}

// takeable picks, from one destination's entries in id order, the ones a
// claim leases: the oldest in order, stopping at one not due, leased by a
// live holder, or past perDest; failed ones are passed over.
func takeable(rs []row, now time.Time, perDest int, alive map[string]bool) []*storage.OutboxEntry {
	var out []*storage.OutboxEntry
	for _, r := range rs {
		e := r.e
		switch {
		case e.Failed:
			continue
		case len(out) == perDest, leaseLive(e.Lease, now, alive), e.NextAt.After(now):
			return out
		}
		out = append(out, e)
	}
	return out
}

// ClaimOutbox implements storage.Store. A first read finds the destinations
// with something to take (an idle outbox costs one query); each is then
// claimed in one transaction under its advisory lock, taken without waiting,
// so that claimers in several processes share the work and no entry is
// leased twice.
func (s *Store) ClaimOutbox(ctx context.Context, c storage.OutboxClaim) ([]*storage.OutboxEntry, error) {
	if c.Holder == "" {
		return nil, fmt.Errorf("claim outbox: no holder: %w", storage.ErrInvalid)
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
	var (
		all   []row
		alive map[string]bool
	)
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT id, dest, entry FROM outbox WHERE NOT failed ORDER BY dest, id`)
		if err != nil {
			return err
		}
		if all, err = scanEntries(rows); err != nil || len(all) == 0 {
			return err
		}
		alive, err = liveSessions(ctx, q)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("claim outbox: %w", err)
	}
	var dests []string
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].dest == all[i].dest {
			j++
		}
		if len(takeable(all[i:j], c.Now, c.PerDest, alive)) > 0 {
			dests = append(dests, all[i].dest)
		}
		i = j
	}
	if len(dests) == 0 {
		return nil, nil
	}
	var out []*storage.OutboxEntry
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		out = out[:0]
		for _, d := range dests {
			if len(out) > 0 && countDests(out) == c.MaxDests {
				break
			}
			var got bool
			if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1, hashtext($2))`, lockDest, d).Scan(&got); err != nil {
				return err
			}
			if !got {
				continue // another process is claiming it (or writing to it): next time
			}
			rows, err := tx.Query(ctx, `SELECT id, dest, entry FROM outbox WHERE dest = $1 ORDER BY id FOR UPDATE`, d)
			if err != nil {
				return err
			}
			rs, err := scanEntries(rows)
			if err != nil {
				return err
			}
			for _, e := range takeable(rs, c.Now, c.PerDest, alive) {
				e.Lease = storage.Lease{Holder: c.Holder, Until: c.Now.Add(c.Lease), Session: s.session.name}
				if err := putEntry(ctx, tx, e); err != nil {
					return err
				}
				out = append(out, e)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim outbox: %w", err)
	}
	return out, nil
}

func countDests(es []*storage.OutboxEntry) int {
	n := 0
	for i, e := range es {
		if i == 0 || es[i-1].Dest() != e.Dest() {
			n++
		}
	}
	return n
}

// FinishOutbox implements storage.Store.
func (s *Store) FinishOutbox(ctx context.Context, holder string, results []storage.OutboxResult) error {
	var lost []error
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		lost = lost[:0]
		for _, r := range results {
			if err := s.finishOne(ctx, tx, holder, r); err != nil {
				if errors.Is(err, storage.ErrLeaseLost) {
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

func (s *Store) entry(ctx context.Context, tx pgx.Tx, id uint64) (*storage.OutboxEntry, error) {
	rows, err := tx.Query(ctx, `SELECT id, dest, entry FROM outbox WHERE id = $1 FOR UPDATE`, int64(id))
	if err != nil {
		return nil, err
	}
	rs, err := scanEntries(rows)
	if err != nil {
		return nil, err
	}
	if len(rs) == 0 {
		return nil, storage.ErrNotFound
	}
	return rs[0].e, nil
}

func (s *Store) finishOne(ctx context.Context, tx pgx.Tx, holder string, r storage.OutboxResult) error {
	e, err := s.entry(ctx, tx, r.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return fmt.Errorf("outbox entry %d is gone: %w", r.ID, storage.ErrLeaseLost)
	}
	if err != nil {
		return err
	}
	if e.Lease.Holder != holder {
		return fmt.Errorf("outbox entry %d is held by another sender: %w", r.ID, storage.ErrLeaseLost)
	}
	switch {
	case r.Release:
		e.Lease = storage.Lease{}
		return putEntry(ctx, tx, e)
	case r.Err != "":
		e.Attempts++
		e.LastError = r.Err
		if e.FirstFail.IsZero() {
			e.FirstFail = s.stamp()
		}
		e.NextAt = r.Retry
		e.Failed = r.Retry.IsZero()
		e.Lease = storage.Lease{}
		return putEntry(ctx, tx, e)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, int64(r.ID)); err != nil {
		return err
	}
	if r.Superseded && r.SupersededBy != 0 {
		if by, err := s.entry(ctx, tx, r.SupersededBy); err == nil {
			by.Replaces += 1 + e.Replaces
			if err := putEntry(ctx, tx, by); err != nil {
				return err
			}
		} else if !errors.Is(err, storage.ErrNotFound) {
			return err
		}
	}
	if err := s.putSent(ctx, tx, r.Sent); err != nil {
		return err
	}
	if !r.Superseded && e.GameID != "" && e.Kind != "" {
		// A newer board was delivered: the failed ones before it no longer matter.
		_, err := tx.Exec(ctx, `DELETE FROM outbox WHERE dest = $1 AND id < $2 AND failed AND game_id = $3 AND kind = $4`,
			dest(e), int64(e.ID), e.GameID, e.Kind)
		return err
	}
	return nil
}

func (s *Store) putSent(ctx context.Context, tx pgx.Tx, sent []storage.SentMessage) error {
	for _, m := range sent {
		if m.ID == "" || m.Platform == "" {
			continue
		}
		for _, k := range []string{m.Platform, m.ChatID, m.ID, m.About} {
			if err := textKey("sent message", k); err != nil {
				return err
			}
		}
		if m.At.IsZero() {
			m.At = s.stamp()
		}
		_, err := tx.Exec(ctx, `INSERT INTO sent_messages (platform, chat_id, msg_id, about, at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (platform, chat_id, msg_id) DO UPDATE SET about = EXCLUDED.about, at = EXCLUDED.at`,
			m.Platform, m.ChatID, m.ID, m.About, m.At)
		if err != nil {
			return fmt.Errorf("record sent message: %w", err)
		}
	}
	return nil
}

// PendingOutbox implements storage.Store.
func (s *Store) PendingOutbox(ctx context.Context, platform, chatID, gameID string) ([]*storage.OutboxEntry, error) {
	var rs []row
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT id, dest, entry FROM outbox WHERE platform = $1
			AND (($2 <> '' AND chat_id = $2) OR ($3 <> '' AND game_id = $3)) ORDER BY id`, platform, chatID, gameID)
		if err != nil {
			return err
		}
		rs, err = scanEntries(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("pending outbox: %w", err)
	}
	out := make([]*storage.OutboxEntry, len(rs))
	for i, r := range rs {
		out[i] = r.e
	}
	return out, nil
}

// RecordSent implements storage.Store.
func (s *Store) RecordSent(ctx context.Context, sent []storage.SentMessage) error {
	if err := s.inTx(ctx, func(tx pgx.Tx) error { return s.putSent(ctx, tx, sent) }); err != nil {
		return fmt.Errorf("record sent messages: %w", err)
	}
	return nil
}

// Sent implements storage.Store.
func (s *Store) Sent(ctx context.Context, platform, chatID, msgID string) (*storage.SentMessage, error) {
	m := storage.SentMessage{Platform: platform, ChatID: chatID, ID: msgID}
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		err := q.QueryRow(ctx, `SELECT about, at FROM sent_messages WHERE platform = $1 AND chat_id = $2 AND msg_id = $3`,
			platform, chatID, msgID).Scan(&m.About, &m.At)
		if errors.Is(err, pgx.ErrNoRows) {
			return storage.ErrNotFound
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sent message %s/%s/%s: %w", platform, chatID, msgID, err)
	}
	m.At = m.At.UTC()
	return &m, nil
}

// PruneSent implements storage.Store, through the index on the time sent.
func (s *Store) PruneSent(ctx context.Context, before time.Time) (int, error) {
	n := 0
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM sent_messages WHERE at < $1`, before)
		n = int(tag.RowsAffected())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune sent messages: %w", err)
	}
	return n, nil
}

// OutboxStats implements storage.Store.
func (s *Store) OutboxStats(ctx context.Context) (int, time.Time, error) {
	var (
		n      int
		oldest *time.Time
	)
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		return q.QueryRow(ctx, `SELECT count(*), min((entry->>'created')::timestamptz) FROM outbox WHERE NOT failed`).Scan(&n, &oldest)
	})
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("outbox stats: %w", err)
	}
	if oldest == nil {
		return n, time.Time{}, nil
	}
	return n, oldest.UTC(), nil
}
