package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// The leases on values (storage.Value.Hold, ClaimValues) are rows of their
// own in kv, one per leased value, in a bucket beside the value's ("\x1fheld\x1f"
// and its name: no bucket of the bot's starts with a control character), with
// the same key: a lease is written and removed in the transaction of its value
// and needs no change of the schema. Like an outbox lease it names the session
// of the store that took it, so it ends when that store closes or its process
// dies.
func heldBucket(bucket string) string { return "\x1fheld\x1f" + bucket }

// putHolds leases the values of vs that have a Hold to this store's session,
// and ends the leases of the others (stored anew, they are nobody's), in tx.
func (s *Store) putHolds(ctx context.Context, tx pgx.Tx, bucket string, vs []storage.Value) error {
	var free []string
	b := &pgx.Batch{}
	for _, v := range vs {
		if v.Hold.Holder == "" {
			free = append(free, v.Key)
			continue
		}
		raw, _ := json.Marshal(storage.Lease{Holder: v.Hold.Holder, Until: v.Hold.Until.UTC(), Session: s.session.name})
		b.Queue(`INSERT INTO kv (bucket, key, data) VALUES ($1, $2, $3)
			ON CONFLICT (bucket, key) DO UPDATE SET data = EXCLUDED.data`, heldBucket(bucket), v.Key, raw)
	}
	if len(free) > 0 {
		b.Queue(`DELETE FROM kv WHERE bucket = $1 AND key = ANY($2)`, heldBucket(bucket), free)
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("value leases: %w", err)
	}
	return nil
}

// deleteValue removes a value and its lease in tx.
func deleteValue(ctx context.Context, tx pgx.Tx, bucket, key string) error {
	_, err := tx.Exec(ctx, `DELETE FROM kv WHERE bucket IN ($1, $2) AND key = $3`, bucket, heldBucket(bucket), key)
	return err
}

// ClaimValues implements storage.Store. The values of the range are locked
// (FOR UPDATE SKIP LOCKED) while their leases are read and written, so that
// two processes claiming at once never take one value both: each passes over
// what the other has locked, and what it committed is held.
func (s *Store) ClaimValues(ctx context.Context, c storage.ValueClaim) ([]storage.Value, error) {
	if c.Bucket == "" || c.Holder == "" {
		return nil, fmt.Errorf("claim values: no bucket or holder: %w", storage.ErrInvalid)
	}
	for _, k := range []string{c.Bucket, c.From, c.To, c.Holder} {
		if err := textKey("claim values", k); err != nil {
			return nil, err
		}
	}
	if c.Lease <= 0 {
		c.Lease = time.Minute
	}
	var out []storage.Value
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		out = out[:0]
		rows, err := tx.Query(ctx, `SELECT key, data FROM kv WHERE bucket = $1 AND key >= $2 AND ($3 = '' OR key < $3)
			ORDER BY key FOR UPDATE SKIP LOCKED`, c.Bucket, c.From, c.To)
		if err != nil {
			return err
		}
		vs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (storage.Value, error) {
			var v storage.Value
			err := r.Scan(&v.Key, &v.JSON)
			return v, err
		})
		if err != nil || len(vs) == 0 {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT key, data FROM kv WHERE bucket = $1 AND key >= $2 AND ($3 = '' OR key < $3)`,
			heldBucket(c.Bucket), c.From, c.To)
		if err != nil {
			return err
		}
		held := map[string]storage.Lease{}
		var (
			key string
			raw []byte
		)
		_, err = pgx.ForEachRow(rows, []any{&key, &raw}, func() error {
			var h storage.Lease
			if err := json.Unmarshal(raw, &h); err != nil {
				return fmt.Errorf("value lease %s: %w", key, err)
			}
			held[key] = h
			return nil
		})
		if err != nil {
			return err
		}
		alive, err := liveSessions(ctx, tx)
		if err != nil {
			return err
		}
		mine, _ := json.Marshal(storage.Lease{Holder: c.Holder, Until: c.Now.Add(c.Lease).UTC(), Session: s.session.name})
		live := func(session string) bool { return alive[session] }
		b := &pgx.Batch{}
		for _, v := range vs {
			if c.Keeps(held[v.Key], s.session.name, live) {
				continue
			}
			b.Queue(`INSERT INTO kv (bucket, key, data) VALUES ($1, $2, $3)
				ON CONFLICT (bucket, key) DO UPDATE SET data = EXCLUDED.data`, heldBucket(c.Bucket), v.Key, mine)
			out = append(out, v)
		}
		if b.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return nil, fmt.Errorf("claim values %s: %w", c.Bucket, err)
	}
	return out, nil
}

// leaseBucket holds the leases of TakeLease, one row each.
const leaseBucket = "\x1flease"

// TakeLease implements storage.Store. The row is made first (so that two
// takers of a new lease meet on it), then read and written under its lock.
func (s *Store) TakeLease(ctx context.Context, key, holder string, now, until time.Time) (bool, error) {
	if key == "" || holder == "" {
		return false, fmt.Errorf("take lease: no key or holder: %w", storage.ErrInvalid)
	}
	for _, k := range []string{key, holder} {
		if err := textKey("lease", k); err != nil {
			return false, err
		}
	}
	took := false
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		took = false
		if _, err := tx.Exec(ctx, `INSERT INTO kv (bucket, key, data) VALUES ($1, $2, '{}') ON CONFLICT DO NOTHING`, leaseBucket, key); err != nil {
			return err
		}
		var raw []byte
		if err := tx.QueryRow(ctx, `SELECT data FROM kv WHERE bucket = $1 AND key = $2 FOR UPDATE`, leaseBucket, key).Scan(&raw); err != nil {
			return err
		}
		var l storage.Lease
		if err := json.Unmarshal(raw, &l); err != nil {
			return fmt.Errorf("lease %s: %w", key, err)
		}
		if l.Holder != "" && (l.Holder != holder || l.Session != s.session.name) && now.Before(l.Until) {
			alive, err := liveSessions(ctx, tx)
			if err != nil {
				return err
			}
			if alive[l.Session] {
				return nil
			}
		}
		mine, _ := json.Marshal(storage.Lease{Holder: holder, Until: until.UTC(), Session: s.session.name})
		if _, err := tx.Exec(ctx, `UPDATE kv SET data = $3 WHERE bucket = $1 AND key = $2`, leaseBucket, key, mine); err != nil {
			return err
		}
		took = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("take lease %s: %w", key, err)
	}
	return took, nil
}

// ReleaseLease implements storage.Store.
func (s *Store) ReleaseLease(ctx context.Context, key, holder string) error {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM kv WHERE bucket = $1 AND key = $2 AND data->>'holder' = $3 AND data->>'session' = $4`,
			leaseBucket, key, holder, s.session.name)
		return err
	})
	if err != nil {
		return fmt.Errorf("release lease %s: %w", key, err)
	}
	return nil
}
