package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// keyed names a table of JSON records and the key columns of one record.
type keyed struct {
	table string
	cols  []string
	vals  []any
}

func (k keyed) where() string {
	var w []string
	for i, c := range k.cols {
		w = append(w, fmt.Sprintf("%s = $%d", c, i+1))
	}
	return strings.Join(w, " AND ")
}

func (k keyed) check() error {
	for i, v := range k.vals {
		if err := storage.CheckKey(k.cols[i], v.(string)); err != nil {
			return err
		}
		if err := textKey(k.cols[i], v.(string)); err != nil {
			return err
		}
	}
	return nil
}

// get decodes the record into v, or returns ErrNotFound.
func (k keyed) get(ctx context.Context, q querier, v any, lock bool) error {
	sql := `SELECT data FROM ` + k.table + ` WHERE ` + k.where()
	if lock {
		sql += ` FOR UPDATE`
	}
	var raw []byte
	err := q.QueryRow(ctx, sql, k.vals...).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && raw == nil) {
		return storage.ErrNotFound
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return nil
}

func (k keyed) put(ctx context.Context, tx pgx.Tx, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	ph := make([]string, len(k.cols))
	for i := range ph {
		ph[i] = fmt.Sprintf("$%d", i+1)
	}
	args := append(append([]any(nil), k.vals...), raw)
	cols, vals, set := strings.Join(k.cols, ", ")+", data", strings.Join(ph, ", ")+fmt.Sprintf(", $%d", len(args)), "data = EXCLUDED.data"
	if c, ok := v.(*storage.Chat); ok {
		// The wake column beside the record, for DueChats.
		var wake *time.Time
		if !c.Wake.IsZero() {
			wake = &c.Wake
		}
		args = append(args, wake)
		cols, vals, set = cols+", wake", vals+fmt.Sprintf(", $%d", len(args)), set+", wake = EXCLUDED.wake"
	}
	_, err = tx.Exec(ctx, fmt.Sprintf(`INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (%s) DO UPDATE SET %s`,
		k.table, cols, vals, strings.Join(k.cols, ", "), set), args...)
	return err
}

// update is the read-modify-write of a keyed record: the row is created empty
// (or locked if it is there) first, so that two processes updating one
// record go one after the other and neither update is lost.
func update[T any](ctx context.Context, s *Store, k keyed, fresh func() *T, stamp func(*T), fn func(*T) error) (*T, error) {
	if err := k.check(); err != nil {
		return nil, err
	}
	var out *T
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		ph := make([]string, len(k.cols))
		for i := range ph {
			ph[i] = fmt.Sprintf("$%d", i+1)
		}
		if _, err := tx.Exec(ctx, fmt.Sprintf(`INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING`,
			k.table, strings.Join(k.cols, ", "), strings.Join(ph, ", ")), k.vals...); err != nil {
			return err
		}
		rec := fresh()
		if err := k.get(ctx, tx, rec, true); err != nil && !errors.Is(err, storage.ErrNotFound) {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
		stamp(rec)
		if err := k.put(ctx, tx, rec); err != nil {
			return err
		}
		out = rec
		return nil
	})
	return out, err
}

func chatKey(platform, chatID string) keyed {
	return keyed{"chats", []string{"platform", "chat_id"}, []any{platform, chatID}}
}

func userKey(platform, userID string) keyed {
	return keyed{"users", []string{"platform", "user_id"}, []any{platform, userID}}
}

func scoreKey(platform, chatID, userID string) keyed {
	return keyed{"puzzle_scores", []string{"platform", "chat_id", "user_id"}, []any{platform, chatID, userID}}
}

func (s *Store) getRecord(ctx context.Context, k keyed, v any) error {
	return s.read(ctx, func(ctx context.Context, q querier) error { return k.get(ctx, q, v, false) })
}

func (s *Store) putRecord(ctx context.Context, k keyed, v any) error {
	if err := k.check(); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error { return k.put(ctx, tx, v) })
}

func listRecords[T any](ctx context.Context, s *Store, sql string, args ...any) ([]*T, error) {
	var out []*T
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var raw []byte
			if err := rows.Scan(&raw); err != nil {
				return err
			}
			v := new(T)
			if err := json.Unmarshal(raw, v); err != nil {
				return fmt.Errorf("decode: %w", err)
			}
			out = append(out, v)
		}
		return rows.Err()
	})
	return out, err
}

// Chat implements storage.Store.
func (s *Store) Chat(ctx context.Context, platform, chatID string) (*storage.Chat, error) {
	var c storage.Chat
	if err := s.getRecord(ctx, chatKey(platform, chatID), &c); err != nil {
		return nil, fmt.Errorf("load chat %s/%s: %w", platform, chatID, err)
	}
	return &c, nil
}

// PutChat implements storage.Store.
func (s *Store) PutChat(ctx context.Context, c *storage.Chat) error {
	rec := *c
	rec.UpdatedAt = s.stamp()
	if err := s.putRecord(ctx, chatKey(c.Platform, c.ChatID), &rec); err != nil {
		return fmt.Errorf("put chat %s/%s: %w", c.Platform, c.ChatID, err)
	}
	c.UpdatedAt = rec.UpdatedAt
	return nil
}

// UpdateChat implements storage.Store.
func (s *Store) UpdateChat(ctx context.Context, platform, chatID string, fn func(*storage.Chat) error) (*storage.Chat, error) {
	c, err := update(ctx, s, chatKey(platform, chatID),
		func() *storage.Chat { return &storage.Chat{Platform: platform, ChatID: chatID} },
		func(c *storage.Chat) { c.Platform, c.ChatID, c.UpdatedAt = platform, chatID, s.stamp() },
		fn)
	if err != nil {
		return nil, fmt.Errorf("update chat %s/%s: %w", platform, chatID, err)
	}
	return c, nil
}

// Chats implements storage.Store.
func (s *Store) Chats(ctx context.Context) ([]*storage.Chat, error) {
	cs, err := listRecords[storage.Chat](ctx, s, `SELECT data FROM chats WHERE data IS NOT NULL ORDER BY platform, chat_id`)
	if err != nil {
		return nil, fmt.Errorf("list chats: %w", err)
	}
	return cs, nil
}

// DueChats implements storage.Store, through the partial index on wake.
func (s *Store) DueChats(ctx context.Context, now time.Time, limit int) ([]*storage.Chat, error) {
	if limit <= 0 {
		limit = math.MaxInt32
	}
	cs, err := listRecords[storage.Chat](ctx, s, `SELECT data FROM chats
		WHERE wake IS NOT NULL AND wake <= $1 AND data IS NOT NULL ORDER BY wake, platform, chat_id LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("due chats: %w", err)
	}
	return cs, nil
}

// User implements storage.Store.
func (s *Store) User(ctx context.Context, platform, userID string) (*storage.User, error) {
	var u storage.User
	if err := s.getRecord(ctx, userKey(platform, userID), &u); err != nil {
		return nil, fmt.Errorf("load user %s/%s: %w", platform, userID, err)
	}
	return &u, nil
}

// PutUser implements storage.Store.
func (s *Store) PutUser(ctx context.Context, u *storage.User) error {
	rec := *u
	rec.UpdatedAt = s.stamp()
	if err := s.putRecord(ctx, userKey(u.Platform, u.UserID), &rec); err != nil {
		return fmt.Errorf("put user %s/%s: %w", u.Platform, u.UserID, err)
	}
	u.UpdatedAt = rec.UpdatedAt
	return nil
}

// UpdateUser implements storage.Store.
func (s *Store) UpdateUser(ctx context.Context, platform, userID string, fn func(*storage.User) error) (*storage.User, error) {
	u, err := update(ctx, s, userKey(platform, userID),
		func() *storage.User { return &storage.User{Platform: platform, UserID: userID} },
		func(u *storage.User) { u.Platform, u.UserID, u.UpdatedAt = platform, userID, s.stamp() },
		fn)
	if err != nil {
		return nil, fmt.Errorf("update user %s/%s: %w", platform, userID, err)
	}
	return u, nil
}

// PuzzleScore implements storage.Store.
func (s *Store) PuzzleScore(ctx context.Context, platform, chatID, userID string) (*storage.PuzzleScore, error) {
	var p storage.PuzzleScore
	if err := s.getRecord(ctx, scoreKey(platform, chatID, userID), &p); err != nil {
		return nil, fmt.Errorf("load puzzle score %s/%s/%s: %w", platform, chatID, userID, err)
	}
	return &p, nil
}

// UpdatePuzzleScore implements storage.Store.
func (s *Store) UpdatePuzzleScore(ctx context.Context, platform, chatID, userID string, fn func(*storage.PuzzleScore) error) (*storage.PuzzleScore, error) {
	p, err := update(ctx, s, scoreKey(platform, chatID, userID),
		func() *storage.PuzzleScore {
			return &storage.PuzzleScore{Platform: platform, ChatID: chatID, UserID: userID}
		},
		func(p *storage.PuzzleScore) {
			p.Platform, p.ChatID, p.UserID, p.UpdatedAt = platform, chatID, userID, s.stamp()
		},
		fn)
	if err != nil {
		return nil, fmt.Errorf("update puzzle score %s/%s/%s: %w", platform, chatID, userID, err)
	}
	return p, nil
}

// PuzzleScores implements storage.Store.
func (s *Store) PuzzleScores(ctx context.Context, platform, chatID string) ([]*storage.PuzzleScore, error) {
	ps, err := listRecords[storage.PuzzleScore](ctx, s, `SELECT data FROM puzzle_scores
		WHERE platform = $1 AND chat_id = $2 AND data IS NOT NULL ORDER BY user_id`, platform, chatID)
	if err != nil {
		return nil, fmt.Errorf("puzzle scores of %s/%s: %w", platform, chatID, err)
	}
	return ps, nil
}

func valueKey(bucket, key string) error {
	if bucket == "" || key == "" {
		return fmt.Errorf("empty bucket or key: %w", storage.ErrInvalid)
	}
	if err := textKey("bucket", bucket); err != nil {
		return err
	}
	return textKey("key", key)
}

// PutValue implements storage.Store.
func (s *Store) PutValue(ctx context.Context, bucket, key string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("put value %s/%s: encode: %w", bucket, key, err)
	}
	return s.PutValues(ctx, bucket, []storage.Value{{Key: key, JSON: raw}})
}

// PutValues implements storage.Store.
func (s *Store) PutValues(ctx context.Context, bucket string, vs []storage.Value) error {
	if bucket == "" {
		return fmt.Errorf("put values: empty bucket: %w", storage.ErrInvalid)
	}
	for _, v := range vs {
		if err := valueKey(bucket, v.Key); err != nil || !json.Valid(v.JSON) {
			return fmt.Errorf("put values %s: bad key or JSON: %w", bucket, storage.ErrInvalid)
		}
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, v := range vs {
			b.Queue(`INSERT INTO kv (bucket, key, data) VALUES ($1, $2, $3)
				ON CONFLICT (bucket, key) DO UPDATE SET data = EXCLUDED.data`, bucket, v.Key, []byte(v.JSON))
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		return s.putHolds(ctx, tx, bucket, vs)
	})
	if err != nil {
		return fmt.Errorf("put values %s: %w", bucket, err)
	}
	return nil
}

// GetValue implements storage.Store.
func (s *Store) GetValue(ctx context.Context, bucket, key string, v any) error {
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		if valueKey(bucket, key) != nil {
			return storage.ErrNotFound
		}
		var raw []byte
		err := q.QueryRow(ctx, `SELECT data FROM kv WHERE bucket = $1 AND key = $2`, bucket, key).Scan(&raw)
		if errors.Is(err, pgx.ErrNoRows) {
			return storage.ErrNotFound
		}
		if err != nil {
			return err
		}
		return json.Unmarshal(raw, v)
	})
	if err != nil {
		return fmt.Errorf("get value %s/%s: %w", bucket, key, err)
	}
	return nil
}

// DeleteValue implements storage.Store.
func (s *Store) DeleteValue(ctx context.Context, bucket, key string) error {
	if valueKey(bucket, key) != nil {
		return nil
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		return deleteValue(ctx, tx, bucket, key)
	})
	if err != nil {
		return fmt.Errorf("delete value %s/%s: %w", bucket, key, err)
	}
	return nil
}

// prefixRange is the condition and arguments of "key starts with prefix" that
// an index range scan can serve (args from $2 on).
func prefixRange(prefix string) (string, []any) {
	if end, ok := prefixEnd(prefix); ok {
		return `key >= $2 AND key < $3`, []any{prefix, end}
	}
	return `key >= $2 AND starts_with(key, $2)`, []any{prefix}
}

// Values implements storage.Store.
func (s *Store) Values(ctx context.Context, bucket, prefix string) ([]storage.Value, error) {
	var vs []storage.Value
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		if textKey("bucket", bucket) != nil || textKey("prefix", prefix) != nil {
			return nil
		}
		cond, args := prefixRange(prefix)
		rows, err := q.Query(ctx, `SELECT key, data FROM kv WHERE bucket = $1 AND `+cond+` ORDER BY key`, append([]any{bucket}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var v storage.Value
			if err := rows.Scan(&v.Key, &v.JSON); err != nil {
				return err
			}
			vs = append(vs, v)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list values %s/%s*: %w", bucket, prefix, err)
	}
	return vs, nil
}

// TrimValues implements storage.Store.
func (s *Store) TrimValues(ctx context.Context, bucket, prefix string, keep int) (int, error) {
	if bucket == "" || prefix == "" || keep < 0 {
		return 0, fmt.Errorf("trim values: empty bucket or prefix, or keep < 0: %w", storage.ErrInvalid)
	}
	if textKey("bucket", bucket) != nil || textKey("prefix", prefix) != nil {
		return 0, nil
	}
	n := 0
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		cond, args := prefixRange(prefix)
		args = append([]any{bucket}, args...)
		tag, err := tx.Exec(ctx, fmt.Sprintf(`DELETE FROM kv WHERE bucket = $1 AND key IN (
			SELECT key FROM kv WHERE bucket = $1 AND %s ORDER BY key DESC OFFSET $%d)`, cond, len(args)+1),
			append(args, keep)...)
		n = int(tag.RowsAffected())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("trim values %s/%s*: %w", bucket, prefix, err)
	}
	return n, nil
}
