package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/chuhe/chuhe/storage"
)

var _ storage.Rates = (*Store)(nil)

// rateBucket is the kv bucket of the shared token buckets (a control
// character keeps it apart from the bot's buckets, as heldBucket does).
const rateBucket = "\x1frate"

// TakeToken implements storage.Rates in one statement: the bucket's row is
// refilled, debited and read back under its row lock, so that takers in
// several processes queue on it and none spends a token twice.
func (s *Store) TakeToken(ctx context.Context, key string, perSec, burst float64, now time.Time) (time.Duration, error) {
	if perSec <= 0 || burst < 1 {
		return 0, fmt.Errorf("take token %s: rate %v, burst %v: %w", key, perSec, burst, storage.ErrInvalid)
	}
	if err := textKey("rate key", key); err != nil {
		return 0, err
	}
	var tokens float64
	// One statement, committed on its own: one round trip per message sent.
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		return q.QueryRow(ctx, `INSERT INTO kv (bucket, key, data)
			VALUES ($1, $2, json_build_object('tokens', $4::float8 - 1, 'last', $5::timestamptz))
			ON CONFLICT (bucket, key) DO UPDATE SET data = json_build_object(
				'tokens', least($4::float8, (kv.data->>'tokens')::float8
					+ greatest(0, extract(epoch FROM $5::timestamptz - (kv.data->>'last')::timestamptz)) * $3::float8) - 1,
				'last', greatest($5::timestamptz, (kv.data->>'last')::timestamptz))
			RETURNING (data->>'tokens')::float8`, rateBucket, key, perSec, burst, now.UTC()).Scan(&tokens)
	})
	if err != nil {
		return 0, fmt.Errorf("take token %s: %w", key, err)
	}
	if tokens >= 0 {
		return 0, nil
	}
	return time.Duration(-tokens / perSec * float64(time.Second)), nil
}
