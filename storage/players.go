package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Players' records (issue 23): one Glicko-2 rating per player, pool and scope.
// Storage keeps them as bytes with keys; what a pool is, how a rating changes
// and which games count is the bot's business.

// ScopeGlobal is the scope of the ratings that count games of every chat.
const ScopeGlobal = "*"

// RatingKey names one rating record.
type RatingKey struct {
	Pool   string `json:"pool"`   // the rating pool: a variant's slug, perhaps with options ("xiangqi", "shanshui")
	Scope  string `json:"scope"`  // ScopeGlobal, or one chat's ("telegram/-100123")
	Player string `json:"player"` // the person: "platform/user", or the identity a /link joined them to
}

// Parts names the parts of the key, for checks.
func (k RatingKey) Parts() [][2]string {
	return [][2]string{{"pool", k.Pool}, {"scope", k.Scope}, {"player", k.Player}}
}

// CheckRatingKeys checks the keys of one UpdateRatings: every part set and
// free of NUL bytes, no key twice.
func CheckRatingKeys(keys []RatingKey) error {
	seen := map[RatingKey]bool{}
	for _, k := range keys {
		for _, p := range k.Parts() {
			if err := keyPart(p[0], p[1]); err != nil {
				return err
			}
		}
		if seen[k] {
			return fmt.Errorf("%v twice: %w", k, ErrInvalid)
		}
		seen[k] = true
	}
	return nil
}

// Rating is one player's rating in one pool and scope, with the tally of the
// rated games behind it.
type Rating struct {
	RatingKey
	Name       string  `json:"name,omitempty"` // as last seen, for tables
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Games      int     `json:"games"`
	Wins       int     `json:"wins"`
	Draws      int     `json:"draws"`
	Losses     int     `json:"losses"`
	// Applied lists the ids of the latest games counted (at most
	// MaxApplied, oldest first), so that a game counted twice (a retried
	// write) is noticed by the caller.
	Applied   []string  `json:"applied,omitempty"`
	UpdatedAt time.Time `json:"updated_at"`
}

// MaxApplied bounds Rating.Applied.
const MaxApplied = 32

// HasApplied reports whether the game id was counted in r.
func (r *Rating) HasApplied(id string) bool {
	for _, a := range r.Applied {
		if a == id {
			return true
		}
	}
	return false
}

// NoteApplied records that game id was counted, forgetting the oldest beyond MaxApplied.
func (r *Rating) NoteApplied(id string) {
	r.Applied = append(r.Applied, id)
	if n := len(r.Applied) - MaxApplied; n > 0 {
		r.Applied = append([]string(nil), r.Applied[n:]...)
	}
}

// PlayerStore is the part of Store that keeps players' ratings.
type PlayerStore interface {
	// UpdateRatings changes several ratings in one transaction: fn sees the
	// stored records in the order of keys (a new one has only its key set,
	// and Games 0) and may change any field but the key; all are stored
	// unless fn returns an error. fn may be called more than once.
	UpdateRatings(ctx context.Context, keys []RatingKey, fn func([]*Rating) error) ([]*Rating, error)
	// Ratings lists the records of one pool and scope, ordered by player;
	// ranking them is the caller's business.
	Ratings(ctx context.Context, pool, scope string) ([]*Rating, error)
	// RatingsOf lists every record of one player, ordered by pool, then scope.
	RatingsOf(ctx context.Context, player string) ([]*Rating, error)
}

var (
	bucketRatings         = []byte("ratings")
	bucketRatingsByPlayer = []byte("ratings_by_player")
)

func ratingKey(k RatingKey) []byte {
	return indexKey(k.Pool, k.Scope, []byte(k.Player))
}

func ratingPlayerKey(k RatingKey) []byte {
	return indexKey(k.Player, k.Pool, []byte(k.Scope))
}

// migrate6to7 adds the ratings and their index by player, empty: games played
// before had no rated/casual choice, so none of them was rated.
func migrate6to7(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketRatings, bucketRatingsByPlayer} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// UpdateRatings implements PlayerStore.
func (s *Bolt) UpdateRatings(ctx context.Context, keys []RatingKey, fn func([]*Rating) error) ([]*Rating, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	if err := CheckRatingKeys(keys); err != nil {
		return nil, fmt.Errorf("update ratings: %w", err)
	}
	var out []*Rating
	err := s.write(ctx, func(tx *bolt.Tx) error {
		rs, err := s.rateTx(tx, keys, fn)
		out = rs
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("update ratings: %w", err)
	}
	return out, nil
}

// rateTx is UpdateRatings inside a write transaction (also of ChangeGame).
func (s *Bolt) rateTx(tx *bolt.Tx, keys []RatingKey, fn func([]*Rating) error) ([]*Rating, error) {
	recs := make([]*Rating, len(keys))
	for i, k := range keys {
		recs[i] = &Rating{RatingKey: k}
		if err := getJSON(tx, bucketRatings, ratingKey(k), recs[i]); err != nil && !errors.Is(err, ErrNotFound) {
			return nil, clean(err)
		}
	}
	if err := fn(recs); err != nil {
		return nil, clean(err)
	}
	now := s.stamp()
	for i, r := range recs {
		r.RatingKey, r.UpdatedAt = keys[i], now
		if err := putJSON(tx, bucketRatings, ratingKey(keys[i]), r); err != nil {
			return nil, err
		}
		if err := tx.Bucket(bucketRatingsByPlayer).Put(ratingPlayerKey(keys[i]), nil); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// RatingChange is the change of ratings a game write makes (GameChange.Rate):
// the records of Keys are read in the game's transaction, Apply changes them
// seeing the game as it will be stored, and they are written with it, before
// GameChange.Outbox runs (so that the messages can tell the change). Like
// Mutate, Apply may run more than once.
type RatingChange struct {
	Keys  []RatingKey
	Apply func(g *Game, rs []*Rating) error
}

// Ratings implements PlayerStore.
func (s *Bolt) Ratings(ctx context.Context, pool, scope string) ([]*Rating, error) {
	prefix := indexKey(pool, scope, nil)
	var rs []*Rating
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketRatings).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			r := new(Rating)
			if err := json.Unmarshal(v, r); err != nil {
				return fmt.Errorf("decode rating %q: %w", k, err)
			}
			rs = append(rs, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ratings of %s/%s: %w", pool, scope, err)
	}
	return rs, nil
}

// RatingsOf implements PlayerStore.
func (s *Bolt) RatingsOf(ctx context.Context, player string) ([]*Rating, error) {
	prefix := append([]byte(player), 0)
	var rs []*Rating
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketRatingsByPlayer).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			pool, scope, ok := bytes.Cut(k[len(prefix):], []byte{0})
			if !ok {
				return fmt.Errorf("rating index key %q: %w", k, ErrCorrupt)
			}
			r := new(Rating)
			key := RatingKey{Pool: string(pool), Scope: string(scope), Player: player}
			if err := getJSON(tx, bucketRatings, ratingKey(key), r); err != nil {
				return fmt.Errorf("rating %v: %w", key, err)
			}
			rs = append(rs, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ratings of player %s: %w", player, err)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Pool != rs[j].Pool {
			return rs[i].Pool < rs[j].Pool
		}
		return rs[i].Scope < rs[j].Scope
	})
	return rs, nil
}
