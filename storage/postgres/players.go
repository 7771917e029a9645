package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// UpdateRatings implements storage.PlayerStore. The rows are created empty if
// missing and then locked in key order, so that two games ending at once for
// one player go one after the other, and two transactions locking the same
// rows cannot deadlock.
func (s *Store) UpdateRatings(ctx context.Context, keys []storage.RatingKey, fn func([]*storage.Rating) error) ([]*storage.Rating, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	if err := checkRatingKeys(keys); err != nil {
		return nil, fmt.Errorf("update ratings: %w", err)
	}
	var out []*storage.Rating
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		rs, err := s.rateTx(ctx, tx, keys, fn)
		out = rs
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update ratings: %w", err)
	}
	return out, nil
}

// checkRatingKeys is storage.CheckRatingKeys and what PostgreSQL's text needs.
func checkRatingKeys(keys []storage.RatingKey) error {
	if err := storage.CheckRatingKeys(keys); err != nil {
		return err
	}
	for _, k := range keys {
		for _, p := range k.Parts() {
			if err := textKey(p[0], p[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// rateTx is UpdateRatings inside a transaction (also of ChangeGame).
func (s *Store) rateTx(ctx context.Context, tx pgx.Tx, keys []storage.RatingKey, fn func([]*storage.Rating) error) ([]*storage.Rating, error) {
	order := append([]storage.RatingKey(nil), keys...)
	sort.Slice(order, func(i, j int) bool { return lessKey(order[i], order[j]) })
	got := map[storage.RatingKey]*storage.Rating{}
	for _, k := range order {
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (pool, scope, player, data) VALUES ($1, $2, $3, 'null')
			ON CONFLICT DO NOTHING`, k.Pool, k.Scope, k.Player); err != nil {
			return nil, err
		}
		var raw []byte
		if err := tx.QueryRow(ctx, `SELECT data FROM ratings WHERE pool = $1 AND scope = $2 AND player = $3 FOR UPDATE`,
			k.Pool, k.Scope, k.Player).Scan(&raw); err != nil {
			return nil, err
		}
		r := &storage.Rating{RatingKey: k}
		if string(raw) != "null" {
			if err := json.Unmarshal(raw, r); err != nil {
				return nil, fmt.Errorf("decode rating %v: %w", k, err)
			}
		}
		got[k] = r
	}
	recs := make([]*storage.Rating, len(keys))
	for i, k := range keys {
		recs[i] = got[k]
	}
	if err := fn(recs); err != nil {
		return nil, err
	}
	now := s.stamp()
	for i, r := range recs {
		r.RatingKey, r.UpdatedAt = keys[i], now
		raw, err := json.Marshal(r)
		if err != nil {
			return nil, fmt.Errorf("encode rating: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE ratings SET data = $4 WHERE pool = $1 AND scope = $2 AND player = $3`,
			r.Pool, r.Scope, r.Player, raw); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

func lessKey(a, b storage.RatingKey) bool {
	if a.Pool != b.Pool {
		return a.Pool < b.Pool
	}
	if a.Scope != b.Scope {
		return a.Scope < b.Scope
	}
	return a.Player < b.Player
}

// Ratings implements storage.PlayerStore.
func (s *Store) Ratings(ctx context.Context, pool, scope string) ([]*storage.Rating, error) {
	if textKey("pool", pool) != nil || textKey("scope", scope) != nil {
		return nil, nil
	}
	rs, err := listRatings(ctx, s, `SELECT data FROM ratings WHERE pool = $1 AND scope = $2 AND data::text <> 'null' ORDER BY player`, pool, scope)
	if err != nil {
		return nil, fmt.Errorf("ratings of %s/%s: %w", pool, scope, err)
	}
	return rs, nil
}

// RatingsOf implements storage.PlayerStore.
func (s *Store) RatingsOf(ctx context.Context, player string) ([]*storage.Rating, error) {
	if textKey("player", player) != nil {
		return nil, nil
	}
	rs, err := listRatings(ctx, s, `SELECT data FROM ratings WHERE player = $1 AND data::text <> 'null' ORDER BY pool, scope`, player)
	if err != nil {
		return nil, fmt.Errorf("ratings of player %s: %w", player, err)
	}
	return rs, nil
}

func listRatings(ctx context.Context, s *Store, sql string, args ...any) ([]*storage.Rating, error) {
	rs, err := listRecords[storage.Rating](ctx, s, sql, args...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return rs, err
}
