package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// storedGame is the value in the games bucket: the game without its moves, which
// live in their own bucket so that appending a move writes one small record.
type storedGame struct {
	*Game
	NumMoves int `json:"num_moves"`
}

func gameKey(id uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), id)
}

func idFromKey(k []byte) uint64 { return binary.BigEndian.Uint64(k) }

// parseID turns a game id as players type it into its key. Ids are the decimal
// numbers CreateGame hands out; anything else cannot name a stored game.
func parseID(id string) ([]byte, error) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || n == 0 || strconv.FormatUint(n, 10) != id {
		return nil, fmt.Errorf("game %q: %w", id, ErrNotFound)
	}
	return gameKey(n), nil
}

func moveKey(gk []byte, ply int) []byte {
	k := make([]byte, 0, 12)
	k = append(k, gk...)
	return binary.BigEndian.AppendUint32(k, uint32(ply))
}

// indexKey is platform 0 who 0 gameKey: a prefix scan on platform 0 who 0 lists
// one chat's (or one user's) games in id order.
func indexKey(platform, who string, gk []byte) []byte {
	k := make([]byte, 0, len(platform)+len(who)+2+len(gk))
	k = append(k, platform...)
	k = append(k, 0)
	k = append(k, who...)
	k = append(k, 0)
	return append(k, gk...)
}

func liveFlag(s Status) []byte {
	if s.Live() {
		return []byte{1}
	}
	return []byte{0}
}

// playerIDs lists the distinct non-empty user ids at the game.
func playerIDs(g *Game) []string {
	var ids []string
	for _, p := range g.Players {
		if p.UserID != "" && (len(ids) == 0 || ids[0] != p.UserID) {
			ids = append(ids, p.UserID)
		}
	}
	return ids
}

// loadGame reads a game and its moves inside tx. It returns ErrNotFound if absent.
func loadGame(tx *bolt.Tx, gk []byte) (*Game, error) {
	v := tx.Bucket(bucketGames).Get(gk)
	if v == nil {
		return nil, fmt.Errorf("game %d: %w", idFromKey(gk), ErrNotFound)
	}
	g := new(Game)
	sg := storedGame{Game: g}
	if err := json.Unmarshal(v, &sg); err != nil {
		return nil, fmt.Errorf("decode game %d: %w", idFromKey(gk), err)
	}
	if sg.NumMoves > 0 {
		g.Moves = make([]MoveRecord, 0, sg.NumMoves)
	}
	c := tx.Bucket(bucketMoves).Cursor()
	for k, v := c.Seek(gk); k != nil && bytes.HasPrefix(k, gk); k, v = c.Next() {
		mv, err := decodeMove(v)
		if err != nil {
			return nil, fmt.Errorf("decode game %d move %d: %w", idFromKey(gk), len(g.Moves), err)
		}
		g.Moves = append(g.Moves, mv)
	}
	if len(g.Moves) != sg.NumMoves {
		return nil, fmt.Errorf("game %d has %d moves stored, its record says %d: %w",
			idFromKey(gk), len(g.Moves), sg.NumMoves, ErrCorrupt)
	}
	return g, nil
}

// putGame writes g in place of old (nil for a new game): the record, the moves
// that differ, and the index entries that changed.
func putGame(tx *bolt.Tx, gk []byte, old, g *Game) error {
	header := *g
	header.Moves = nil
	v, err := json.Marshal(storedGame{Game: &header, NumMoves: len(g.Moves)})
	if err != nil {
		return fmt.Errorf("encode game %s: %w", g.ID, err)
	}
	if err := tx.Bucket(bucketGames).Put(gk, v); err != nil {
		return fmt.Errorf("put game %s: %w", g.ID, err)
	}

	var oldMoves []MoveRecord
	if old != nil {
		oldMoves = old.Moves
	}
	moves := tx.Bucket(bucketMoves)
	for i, mv := range g.Moves {
		if i < len(oldMoves) && sameMove(oldMoves[i], mv) {
			continue
		}
		v, err := json.Marshal(mv)
		if err != nil {
			return fmt.Errorf("encode game %s move %d: %w", g.ID, i, err)
		}
		if err := moves.Put(moveKey(gk, i), v); err != nil {
			return fmt.Errorf("put game %s move %d: %w", g.ID, i, err)
		}
	}
	for i := len(g.Moves); i < len(oldMoves); i++ {
		if err := moves.Delete(moveKey(gk, i)); err != nil {
			return fmt.Errorf("delete game %s move %d: %w", g.ID, i, err)
		}
	}
	return reindex(tx, gk, old, g)
}

// sameMove reports whether a and b encode to the same JSON: the same instant with
// the same UTC offset, which is all of a time that JSON keeps.
func sameMove(a, b MoveRecord) bool {
	_, ao := a.At.Zone()
	_, bo := b.At.Zone()
	return a.Text == b.Text && a.Side == b.Side && a.At.Equal(b.At) && ao == bo
}

// reindex brings the chat index, the player index and the live list from old's
// entries to g's.
func reindex(tx *bolt.Tx, gk []byte, old, g *Game) error {
	type entry struct {
		bucket *bolt.Bucket
		key    string
	}
	flag := liveFlag(g.Status)
	want := map[entry]bool{}
	byChat, byUser, live := tx.Bucket(bucketByChat), tx.Bucket(bucketByUser), tx.Bucket(bucketLive)
	want[entry{byChat, string(indexKey(g.Platform, g.ChatID, gk))}] = true
	for _, u := range playerIDs(g) {
		want[entry{byUser, string(indexKey(g.Platform, u, gk))}] = true
	}
	if old != nil {
		var had []entry
		had = append(had, entry{byChat, string(indexKey(old.Platform, old.ChatID, gk))})
		for _, u := range playerIDs(old) {
			had = append(had, entry{byUser, string(indexKey(old.Platform, u, gk))})
		}
		for _, e := range had {
			if !want[e] {
				if err := e.bucket.Delete([]byte(e.key)); err != nil {
					return fmt.Errorf("unindex game %s: %w", g.ID, err)
				}
			}
		}
	}
	for e := range want {
		if v := e.bucket.Get([]byte(e.key)); bytes.Equal(v, flag) {
			continue
		}
		if err := e.bucket.Put([]byte(e.key), flag); err != nil {
			return fmt.Errorf("index game %s: %w", g.ID, err)
		}
	}
	wake := tx.Bucket(bucketWake)
	indexed, wk := wakeKey(g, gk)
	if old != nil {
		if had, ok := wakeKey(old, gk); had && !(indexed && bytes.Equal(ok, wk)) {
			if err := wake.Delete(ok); err != nil {
				return fmt.Errorf("unindex game %s wake: %w", g.ID, err)
			}
		}
	}
	if indexed && wake.Get(wk) == nil {
		if err := wake.Put(wk, nil); err != nil {
			return fmt.Errorf("index game %s wake: %w", g.ID, err)
		}
	}
	var err error
	if g.Status.Live() {
		if live.Get(gk) == nil {
			err = live.Put(gk, nil)
		}
	} else {
		err = live.Delete(gk)
	}
	if err != nil {
		return fmt.Errorf("list game %s as live: %w", g.ID, err)
	}
	return nil
}

// wakeKey is g's key in the index of wake times: its Wake as big-endian Unix
// nanoseconds (so keys sort by time) and its key. ok is false for a game the
// scheduler never needs to see (over, or no wake time).
func wakeKey(g *Game, gk []byte) (ok bool, key []byte) {
	if !g.Status.Live() || g.Wake.IsZero() {
		return false, nil
	}
	return true, append(wakeTime(g.Wake), gk...)
}

// wakeTime is the 8-byte prefix of a wake key; times before 1970 sort first.
func wakeTime(t time.Time) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 16), uint64(max(t.UnixNano(), 0)))
}

// CreateGame implements Store.
func (s *Bolt) CreateGame(ctx context.Context, g *Game) error {
	if g.ID != "" {
		return fmt.Errorf("create game: id %q already set: %w", g.ID, ErrInvalid)
	}
	if err := g.validate(); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	out, err := s.createGameTx(ctx, g, nil)
	if err != nil {
		return err
	}
	g.ID, g.Version, g.CreatedAt, g.UpdatedAt = out.ID, out.Version, out.CreatedAt, out.UpdatedAt
	return nil
}

// createGameTx stores a new game (validated, without id) and then, in the same
// transaction, what after writes for it; it returns the game as stored.
func (s *Bolt) createGameTx(ctx context.Context, g *Game, after func(tx *bolt.Tx, g *Game) error) (*Game, error) {
	now := s.stamp()
	var out *Game
	err := s.write(ctx, func(tx *bolt.Tx) error {
		seq, err := tx.Bucket(bucketGames).NextSequence()
		if err != nil {
			return fmt.Errorf("create game: %w", err)
		}
		c := g.Clone()
		c.ID = strconv.FormatUint(seq, 10)
		c.Version = 1
		if c.CreatedAt.IsZero() {
			c.CreatedAt = now
		}
		c.UpdatedAt = now
		if err := putGame(tx, gameKey(seq), nil, c); err != nil {
			return fmt.Errorf("create game: %w", err)
		}
		if after != nil {
			if err := after(tx, c); err != nil {
				return err
			}
		}
		out = c
		return nil
	})
	return out, err
}

// Game implements Store.
func (s *Bolt) Game(ctx context.Context, id string) (*Game, error) {
	gk, err := parseID(id)
	if err != nil {
		return nil, fmt.Errorf("load %w", err)
	}
	var g *Game
	err = s.view(ctx, func(tx *bolt.Tx) error {
		g, err = loadGame(tx, gk)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load %w", err)
	}
	return g, nil
}

// UpdateGame implements Store.
func (s *Bolt) UpdateGame(ctx context.Context, g *Game) error {
	if err := g.validate(); err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, err)
	}
	out, err := s.modifyGame(ctx, g.ID, g.Version, func(stored *Game) (*Game, error) {
		return g.Clone(), nil
	})
	if err != nil {
		return fmt.Errorf("update %w", err)
	}
	g.Version, g.UpdatedAt = out.Version, out.UpdatedAt
	return nil
}

// AppendMove implements Store.
func (s *Bolt) AppendMove(ctx context.Context, id string, expectVersion uint64, mv MoveRecord, mutate func(*Game) error) (*Game, error) {
	g, err := s.modifyGame(ctx, id, expectVersion, func(g *Game) (*Game, error) {
		g.Moves = append(g.Moves, mv)
		if mutate != nil {
			if err := mutate(g); err != nil {
				return nil, err
			}
		}
		return g, nil
	})
	if err != nil {
		return nil, fmt.Errorf("append move %q to %w", mv.Text, err)
	}
	return g, nil
}

// modifyGame is the one read-check-write path of game updates. change gets the
// stored game (a fresh copy on every call) and returns the game to store; the
// version check, the stamps and the write happen here, in one transaction.
func (s *Bolt) modifyGame(ctx context.Context, id string, expectVersion uint64, change func(*Game) (*Game, error)) (*Game, error) {
	return s.modifyGameTx(ctx, id, expectVersion, change, nil)
}

// modifyGameTx is modifyGame with more to write in the same transaction: after
// sees the game as stored.
func (s *Bolt) modifyGameTx(ctx context.Context, id string, expectVersion uint64, change func(*Game) (*Game, error), after func(tx *bolt.Tx, g *Game) error) (*Game, error) {
	gk, err := parseID(id)
	if err != nil {
		return nil, err
	}
	var out *Game
	err = s.write(ctx, func(tx *bolt.Tx) error {
		old, err := loadGame(tx, gk)
		if err != nil {
			return clean(err)
		}
		if old.Version != expectVersion {
			return clean(fmt.Errorf("game %s: stored version %d, expected %d: %w", id, old.Version, expectVersion, ErrConflict))
		}
		g, err := change(old.Clone())
		if err != nil {
			return clean(fmt.Errorf("game %s: %w", id, err))
		}
		if err := g.validate(); err != nil {
			return clean(fmt.Errorf("game %s: %w", id, err))
		}
		// The id and the version are the store's, whatever change did.
		g.ID = old.ID
		g.Version = old.Version + 1
		g.UpdatedAt = s.stamp()
		if err := putGame(tx, gk, old, g); err != nil {
			return err
		}
		if after != nil {
			if err := after(tx, g); err != nil {
				return err
			}
		}
		out = g
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// GamesInChat implements Store.
func (s *Bolt) GamesInChat(ctx context.Context, platform, chatID string, activeOnly bool) ([]*Game, error) {
	gs, err := s.gamesByIndex(ctx, bucketByChat, platform, chatID, activeOnly)
	if err != nil {
		return nil, fmt.Errorf("games in chat %s/%s: %w", platform, chatID, err)
	}
	return gs, nil
}

// GamesOfUser implements Store.
func (s *Bolt) GamesOfUser(ctx context.Context, platform, userID string, activeOnly bool) ([]*Game, error) {
	gs, err := s.gamesByIndex(ctx, bucketByUser, platform, userID, activeOnly)
	if err != nil {
		return nil, fmt.Errorf("games of user %s/%s: %w", platform, userID, err)
	}
	return gs, nil
}

func (s *Bolt) gamesByIndex(ctx context.Context, bucket []byte, platform, who string, activeOnly bool) ([]*Game, error) {
	prefix := indexKey(platform, who, nil)
	var gs []*Game
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucket).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if activeOnly && !bytes.Equal(v, []byte{1}) {
				continue
			}
			g, err := loadGame(tx, k[len(prefix):])
			if err != nil {
				return err
			}
			gs = append(gs, g)
		}
		return nil
	})
	return gs, err
}

// ActiveGames implements Store.
func (s *Bolt) ActiveGames(ctx context.Context) ([]*Game, error) {
	var gs []*Game
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLive).ForEach(func(k, _ []byte) error {
			g, err := loadGame(tx, k)
			if err != nil {
				return err
			}
			gs = append(gs, g)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("active games: %w", err)
	}
	return gs, nil
}

// DueGames implements Store: it walks the wake index from its earliest key
// and stops at the first that is after now.
func (s *Bolt) DueGames(ctx context.Context, now time.Time, limit int) ([]*Game, error) {
	end := wakeTime(now)
	var gs []*Game
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketWake).Cursor()
		for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0; k, _ = c.Next() {
			if limit > 0 && len(gs) == limit {
				break
			}
			g, err := loadGame(tx, k[8:])
			if err != nil {
				return err
			}
			gs = append(gs, g)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("due games: %w", err)
	}
	return gs, nil
}
