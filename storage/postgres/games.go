package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/storage"
)

// gameCols reads a game row with its moves in one query; gameFrom is its FROM.
const gameCols = `g.id, g.version, g.header,
	(SELECT coalesce(json_agg(m.move ORDER BY m.ply), '[]') FROM moves m WHERE m.game_id = g.id)`

// scanGame decodes a row of gameCols.
func scanGame(row pgx.Row) (*storage.Game, error) {
	var (
		id            int64
		version       int64
		header, moves []byte
	)
	if err := row.Scan(&id, &version, &header, &moves); err != nil {
		return nil, err
	}
	g := new(storage.Game)
	if err := json.Unmarshal(header, g); err != nil {
		return nil, fmt.Errorf("decode game %d: %w", id, err)
	}
	if err := json.Unmarshal(moves, &g.Moves); err != nil {
		return nil, fmt.Errorf("decode game %d moves: %w", id, err)
	}
	if len(g.Moves) == 0 {
		g.Moves = nil
	}
	g.ID, g.Version = strconv.FormatInt(id, 10), uint64(version)
	return g, nil
}

func queryGames(ctx context.Context, q querier, sql string, args ...any) ([]*storage.Game, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var gs []*storage.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return gs, rows.Err()
}

// gameID is the row id of a game id as players type it, or ErrNotFound.
func gameID(id string) (int64, error) {
	n, err := storage.ParseGameID(id)
	if err != nil {
		return 0, err
	}
	if n > math.MaxInt64 {
		return 0, fmt.Errorf("game %q: %w", id, storage.ErrNotFound)
	}
	return int64(n), nil
}

func loadGame(ctx context.Context, q querier, id int64, lock bool) (*storage.Game, error) {
	sql := `SELECT ` + gameCols + ` FROM games g WHERE g.id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	g, err := scanGame(q.QueryRow(ctx, sql, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
	}
	return g, err
}

// wakeOf is the wake column of g: NULL unless the scheduler must see it.
func wakeOf(g *storage.Game) *time.Time {
	if !g.Status.Live() || g.Wake.IsZero() {
		return nil
	}
	w := g.Wake
	return &w
}

// header is g without its moves, as stored in the header column.
func header(g *storage.Game) ([]byte, error) {
	h := *g
	h.Moves = nil
	b, err := json.Marshal(&h)
	if err != nil {
		return nil, fmt.Errorf("encode game %s: %w", g.ID, err)
	}
	return b, nil
}

// putMoves writes the moves of g that differ from old's (nil: none stored) and
// removes the ones past its end.
func putMoves(ctx context.Context, tx pgx.Tx, id int64, old, g *storage.Game) error {
	var oldMoves []storage.MoveRecord
	if old != nil {
		oldMoves = old.Moves
	}
	b := &pgx.Batch{}
	for i, mv := range g.Moves {
		if i < len(oldMoves) && sameMove(oldMoves[i], mv) {
			continue
		}
		v, err := json.Marshal(mv)
		if err != nil {
			return fmt.Errorf("encode game %d move %d: %w", id, i, err)
		}
		b.Queue(`INSERT INTO moves (game_id, ply, move) VALUES ($1, $2, $3)
			ON CONFLICT (game_id, ply) DO UPDATE SET move = EXCLUDED.move`, id, i, v)
	}
	if len(g.Moves) < len(oldMoves) {
		b.Queue(`DELETE FROM moves WHERE game_id = $1 AND ply >= $2`, id, len(g.Moves))
	}
	if old == nil || !slices.Equal(storage.PlayerIDs(old), storage.PlayerIDs(g)) || old.Platform != g.Platform {
		if old != nil {
			b.Queue(`DELETE FROM game_players WHERE game_id = $1`, id)
		}
		for _, u := range storage.PlayerIDs(g) {
			b.Queue(`INSERT INTO game_players (platform, user_id, game_id) VALUES ($1, $2, $3)`, g.Platform, u, id)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("write game %d moves and players: %w", id, err)
	}
	return nil
}

// sameMove reports whether a and b encode to the same JSON (as in the bbolt store).
func sameMove(a, b storage.MoveRecord) bool {
	_, ao := a.At.Zone()
	_, bo := b.At.Zone()
	return a.Text == b.Text && a.Side == b.Side && a.At.Equal(b.At) && ao == bo
}

func checkGameKeys(g *storage.Game) error {
	if err := textKey("platform", g.Platform); err != nil {
		return err
	}
	if err := textKey("chat id", g.ChatID); err != nil {
		return err
	}
	for _, u := range storage.PlayerIDs(g) {
		if err := textKey("user id", u); err != nil {
			return err
		}
	}
	return nil
}

// CreateGame implements storage.Store.
func (s *Store) CreateGame(ctx context.Context, g *storage.Game) error {
	if g.ID != "" {
		return fmt.Errorf("create game: id %q already set: %w", g.ID, storage.ErrInvalid)
	}
	out, _, err := s.ChangeGame(ctx, storage.GameChange{Replace: g})
	if err != nil {
		return err
	}
	g.ID, g.Version, g.CreatedAt, g.UpdatedAt = out.ID, out.Version, out.CreatedAt, out.UpdatedAt
	return nil
}

// createGame inserts a new game (validated, without id) in tx and returns it as stored.
func (s *Store) createGame(ctx context.Context, tx pgx.Tx, g *storage.Game) (*storage.Game, error) {
	var id int64
	if err := tx.QueryRow(ctx, `SELECT nextval('game_ids')`).Scan(&id); err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	c := g.Clone()
	c.ID = strconv.FormatInt(id, 10)
	c.Version = 1
	now := s.stamp()
	if c.CreatedAt.IsZero() {
		c.CreatedAt = now
	}
	c.UpdatedAt = now
	h, err := header(c)
	if err != nil {
		return nil, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO games (id, platform, chat_id, live, version, wake, header)
		VALUES ($1, $2, $3, $4, 1, $5, $6)`, id, c.Platform, c.ChatID, c.Status.Live(), wakeOf(c), h)
	if err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	if err := putMoves(ctx, tx, id, nil, c); err != nil {
		return nil, fmt.Errorf("create game: %w", err)
	}
	return c, nil
}

// modifyGame is the read-check-write of a game update in tx: change gets the
// stored game and returns the one to store; the write is an UPDATE that
// succeeds only at the version the caller read (ErrConflict otherwise), so of
// two processes racing exactly one wins.
func (s *Store) modifyGame(ctx context.Context, tx pgx.Tx, id string, expect uint64, change func(*storage.Game) (*storage.Game, error)) (*storage.Game, error) {
	n, err := gameID(id)
	if err != nil {
		return nil, err
	}
	old, err := loadGame(ctx, tx, n, false)
	if err != nil {
		return nil, err
	}
	if old.Version != expect {
		return nil, fmt.Errorf("game %s: stored version %d, expected %d: %w", id, old.Version, expect, storage.ErrConflict)
	}
	g, err := change(old.Clone())
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	if err := checkGameKeys(g); err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	g.ID, g.Version, g.UpdatedAt = old.ID, old.Version+1, s.stamp()
	h, err := header(g)
	if err != nil {
		return nil, err
	}
	tag, err := tx.Exec(ctx, `UPDATE games SET platform = $3, chat_id = $4, live = $5, wake = $6, header = $7,
		version = version + 1 WHERE id = $1 AND version = $2`,
		n, int64(expect), g.Platform, g.ChatID, g.Status.Live(), wakeOf(g), h)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	if tag.RowsAffected() != 1 {
		return nil, fmt.Errorf("game %s: changed since version %d: %w", id, expect, storage.ErrConflict)
	}
	if err := putMoves(ctx, tx, n, old, g); err != nil {
		return nil, err
	}
	return g, nil
}

// Game implements storage.Store.
func (s *Store) Game(ctx context.Context, id string) (*storage.Game, error) {
	n, err := gameID(id)
	if err != nil {
		return nil, fmt.Errorf("load %w", err)
	}
	var g *storage.Game
	err = s.read(ctx, func(ctx context.Context, q querier) error {
		g, err = loadGame(ctx, q, n, false)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load %w", err)
	}
	return g, nil
}

// UpdateGame implements storage.Store.
func (s *Store) UpdateGame(ctx context.Context, g *storage.Game) error {
	out, _, err := s.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: g.Version, Replace: g})
	if err != nil {
		return fmt.Errorf("update %w", err)
	}
	g.Version, g.UpdatedAt = out.Version, out.UpdatedAt
	return nil
}

// AppendMove implements storage.Store.
func (s *Store) AppendMove(ctx context.Context, id string, expectVersion uint64, mv storage.MoveRecord, mutate func(*storage.Game) error) (*storage.Game, error) {
	g, _, err := s.ChangeGame(ctx, storage.GameChange{ID: id, ExpectVersion: expectVersion, Append: &mv, Mutate: mutate})
	if err != nil {
		return nil, fmt.Errorf("append move %q to %w", mv.Text, err)
	}
	return g, nil
}

// GamesInChat implements storage.Store.
func (s *Store) GamesInChat(ctx context.Context, platform, chatID string, activeOnly bool) ([]*storage.Game, error) {
	var gs []*storage.Game
	err := s.read(ctx, func(ctx context.Context, q querier) (err error) {
		gs, err = queryGames(ctx, q, `SELECT `+gameCols+` FROM games g
			WHERE g.platform = $1 AND g.chat_id = $2 AND (g.live OR NOT $3) ORDER BY g.id`, platform, chatID, activeOnly)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("games in chat %s/%s: %w", platform, chatID, err)
	}
	return gs, nil
}

// GamesOfUser implements storage.Store.
func (s *Store) GamesOfUser(ctx context.Context, platform, userID string, activeOnly bool) ([]*storage.Game, error) {
	var gs []*storage.Game
	err := s.read(ctx, func(ctx context.Context, q querier) (err error) {
		gs, err = queryGames(ctx, q, `SELECT `+gameCols+` FROM game_players p JOIN games g ON g.id = p.game_id
			WHERE p.platform = $1 AND p.user_id = $2 AND (g.live OR NOT $3) ORDER BY g.id`, platform, userID, activeOnly)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("games of user %s/%s: %w", platform, userID, err)
	}
	return gs, nil
}

// ActiveGames implements storage.Store.
func (s *Store) ActiveGames(ctx context.Context) ([]*storage.Game, error) {
	var gs []*storage.Game
	err := s.read(ctx, func(ctx context.Context, q querier) (err error) {
		gs, err = queryGames(ctx, q, `SELECT `+gameCols+` FROM games g WHERE g.live ORDER BY g.id`)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("active games: %w", err)
	}
	return gs, nil
}

// DueGames implements storage.Store, through the partial index on wake.
func (s *Store) DueGames(ctx context.Context, now time.Time, limit int) ([]*storage.Game, error) {
	if limit <= 0 {
		limit = math.MaxInt32
	}
	var gs []*storage.Game
	err := s.read(ctx, func(ctx context.Context, q querier) (err error) {
		gs, err = queryGames(ctx, q, `SELECT `+gameCols+` FROM games g
			WHERE g.live AND g.wake IS NOT NULL AND g.wake <= $1 ORDER BY g.wake, g.id LIMIT $2`, now, limit)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("due games: %w", err)
	}
	return gs, nil
}
