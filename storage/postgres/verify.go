package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/chuhe/chuhe/storage"
)

// Verify checks the invariants the store keeps between its columns and its
// records (what a query relies on): the live flag, version and wake columns
// agree with the game record, moves are numbered without gaps, the player
// index holds the players. It reads every game: an operator's check, not a
// tick's.
func (s *Store) Verify(ctx context.Context) error {
	checks := []struct{ what, sql string }{
		{"live flag differs from the status", `SELECT id FROM games WHERE live <> (header->>'status' IN ('open', 'setup', 'active'))`},
		{"version column differs from the record", `SELECT id FROM games WHERE version <> (header->>'version')::bigint`},
		// The column keeps microseconds (pgx truncates, a cast from text rounds).
		{"wake column differs from the record", `SELECT id FROM games WHERE live AND ((wake IS NULL) <> (header->>'wake' IS NULL)
			OR abs(extract(epoch FROM wake - (header->>'wake')::timestamptz)) >= 0.000002)`},
		{"moves are not numbered 0…n-1", `SELECT game_id FROM moves GROUP BY game_id HAVING max(ply) + 1 <> count(*) OR min(ply) <> 0`},
		{"player index differs from the players", `SELECT g.id FROM games g WHERE (SELECT count(*) FROM game_players p WHERE p.game_id = g.id) <>
			(SELECT count(DISTINCT u) FROM json_array_elements(g.header->'players') pl, LATERAL (SELECT pl->>'user_id' AS u) x WHERE u <> '')`},
		{"game ids at or above the sequence", `SELECT id FROM games WHERE id > (SELECT last_value FROM game_ids)`},
	}
	var errs []error
	err := s.read(ctx, func(ctx context.Context, q querier) error {
		for _, c := range checks {
			rows, err := q.Query(ctx, c.sql+` LIMIT 10`)
			if err != nil {
				return fmt.Errorf("%s: %w", c.what, err)
			}
			var ids []int64
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					rows.Close()
					return err
				}
				ids = append(ids, id)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if len(ids) > 0 {
				errs = append(errs, fmt.Errorf("games %v: %s", ids, c.what))
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", storage.ErrCorrupt, errors.Join(errs...))
	}
	return nil
}
