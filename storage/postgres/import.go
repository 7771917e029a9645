package postgres

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// Import writes records exported from another store (storage.Bolt.Export) as
// they are: games keep their ids, versions and stamps, outbox entries their
// ids. It is for an empty database (`bot migrate` checks that first); the
// records land in one transaction. lastGameID moves the id sequence past every
// id handed out before, so that no id is reused.
func (s *Store) Import(ctx context.Context, recs []storage.Record, lastGameID uint64) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var maxOutbox uint64
		for _, r := range recs {
			if err := s.importOne(ctx, tx, r); err != nil {
				return err
			}
			if r.Outbox != nil {
				maxOutbox = max(maxOutbox, r.Outbox.ID)
			}
			if r.Game != nil {
				id, _ := strconv.ParseUint(r.Game.ID, 10, 64)
				lastGameID = max(lastGameID, id)
			}
		}
		if lastGameID > 0 {
			if _, err := tx.Exec(ctx, `SELECT setval('game_ids', greatest($1::bigint, (SELECT last_value FROM game_ids)))`, int64(lastGameID)); err != nil {
				return err
			}
		}
		if maxOutbox > 0 {
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('outbox', 'id'), $1)`, int64(maxOutbox)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

func (s *Store) importOne(ctx context.Context, tx pgx.Tx, r storage.Record) error {
	switch {
	case r.Game != nil:
		g := r.Game
		id, err := gameID(g.ID)
		if err != nil {
			return err
		}
		if err := checkGameKeys(g); err != nil {
			return err
		}
		h, err := header(g)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO games (id, platform, chat_id, live, version, wake, header)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, g.Platform, g.ChatID, g.Status.Live(), int64(g.Version), wakeOf(g), h); err != nil {
			return fmt.Errorf("game %s: %w", g.ID, err)
		}
		return putMoves(ctx, tx, id, nil, g)
	case r.Chat != nil:
		return chatKey(r.Chat.Platform, r.Chat.ChatID).put(ctx, tx, r.Chat)
	case r.User != nil:
		return userKey(r.User.Platform, r.User.UserID).put(ctx, tx, r.User)
	case r.Score != nil:
		return scoreKey(r.Score.Platform, r.Score.ChatID, r.Score.UserID).put(ctx, tx, r.Score)
	case r.Value != nil:
		if err := valueKey(r.Value.Bucket, r.Value.Key); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO kv (bucket, key, data) VALUES ($1, $2, $3)`, r.Value.Bucket, r.Value.Key, []byte(r.Value.JSON))
		return err
	case r.Outbox != nil:
		e := *r.Outbox
		e.Lease = storage.Lease{} // the leases of the old store's process are void
		if err := entryKeys(&e); err != nil {
			return err
		}
		return insertEntry(ctx, tx, &e)
	case r.Sent != nil:
		return s.putSent(ctx, tx, []storage.SentMessage{*r.Sent})
	}
	return fmt.Errorf("import: an empty record: %w", storage.ErrInvalid)
}

// Counts is how many records of each kind (storage.Record.Kind, and "moves")
// the database holds, to check a copy.
func (s *Store) Counts(ctx context.Context) (map[string]int, error) {
	n := map[string]int{}
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		for kind, sql := range map[string]string{
			"games": `games`, "moves": `moves`, "chats": `chats WHERE data IS NOT NULL`, "users": `users WHERE data IS NOT NULL`,
			"puzzle_scores": `puzzle_scores WHERE data IS NOT NULL`, "values": `kv`, "outbox": `outbox`, "sent_messages": `sent_messages`,
		} {
			var c int
			if err := q.QueryRow(ctx, `SELECT count(*) FROM `+sql).Scan(&c); err != nil {
				return err
			}
			n[kind] = c
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("count records: %w", err)
	}
	return n, nil
}
