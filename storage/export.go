package storage

import (
	"context"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Record is one record of a store, as Export hands them out to copy a store
// into another (`bot migrate`): exactly one field is set.
type Record struct {
	Game   *Game
	Chat   *Chat
	User   *User
	Score  *PuzzleScore
	Value  *BucketValue
	Outbox *OutboxEntry
	Sent   *SentMessage
}

// BucketValue is a PutValue record with its bucket.
type BucketValue struct {
	Bucket string
	Value
}

// Kind names the set field ("games", "chats", …), the key of Counts.
func (r Record) Kind() string {
	switch {
	case r.Game != nil:
		return "games"
	case r.Chat != nil:
		return "chats"
	case r.User != nil:
		return "users"
	case r.Score != nil:
		return "puzzle_scores"
	case r.Value != nil:
		return "values"
	case r.Outbox != nil:
		return "outbox"
	case r.Sent != nil:
		return "sent_messages"
	}
	return ""
}

// Export calls fn with every record of the store, games with their moves and
// versions as stored, in one read transaction (a consistent snapshot). It
// returns the game sequence: the last id handed out.
func (s *Bolt) Export(ctx context.Context, fn func(Record) error) (lastGameID uint64, err error) {
	err = s.view(ctx, func(tx *bolt.Tx) error {
		lastGameID = tx.Bucket(bucketGames).Sequence()
		if err := tx.Bucket(bucketGames).ForEach(func(k, _ []byte) error {
			g, err := loadGame(tx, k)
			if err != nil {
				return err
			}
			return fn(Record{Game: g})
		}); err != nil {
			return err
		}
		each := func(bucket []byte, rec func(v []byte) (Record, error)) error {
			return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
				r, err := rec(v)
				if err != nil {
					return fmt.Errorf("%s %q: %w", bucket, k, err)
				}
				return fn(r)
			})
		}
		for _, b := range []struct {
			name []byte
			rec  func(v []byte) (Record, error)
		}{
			{bucketChats, func(v []byte) (Record, error) { c := new(Chat); return Record{Chat: c}, json.Unmarshal(v, c) }},
			{bucketUsers, func(v []byte) (Record, error) { u := new(User); return Record{User: u}, json.Unmarshal(v, u) }},
			{bucketPuzzle, func(v []byte) (Record, error) {
				p := new(PuzzleScore)
				return Record{Score: p}, json.Unmarshal(v, p)
			}},
			{bucketOutbox, func(v []byte) (Record, error) {
				e := new(OutboxEntry)
				return Record{Outbox: e}, json.Unmarshal(v, e)
			}},
			{bucketSent, func(v []byte) (Record, error) {
				m := new(SentMessage)
				return Record{Sent: m}, json.Unmarshal(v, m)
			}},
		} {
			if err := each(b.name, b.rec); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketValues).ForEachBucket(func(name []byte) error {
			return tx.Bucket(bucketValues).Bucket(name).ForEach(func(k, v []byte) error {
				return fn(Record{Value: &BucketValue{Bucket: string(name), Value: Value{Key: string(k), JSON: append([]byte(nil), v...)}}})
			})
		})
	})
	if err != nil {
		return 0, fmt.Errorf("export: %w", err)
	}
	return lastGameID, nil
}

// Counts is how many records of each kind (Record.Kind) the store holds.
func (s *Bolt) Counts(ctx context.Context) (map[string]int, error) {
	n := map[string]int{}
	err := s.view(ctx, func(tx *bolt.Tx) error {
		for kind, b := range map[string][]byte{"games": bucketGames, "chats": bucketChats, "users": bucketUsers,
			"puzzle_scores": bucketPuzzle, "outbox": bucketOutbox, "sent_messages": bucketSent, "moves": bucketMoves} {
			n[kind] = tx.Bucket(b).Stats().KeyN
		}
		return tx.Bucket(bucketValues).ForEachBucket(func(name []byte) error {
			n["values"] += tx.Bucket(bucketValues).Bucket(name).Stats().KeyN
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("count records: %w", err)
	}
	return n, nil
}
