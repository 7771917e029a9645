package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Verify checks the whole store: bbolt's page checks (no page lost or used twice),
// then the store's own invariants (every game decodes, its moves are numbered
// 0..n-1 with n as recorded, every index entry points to a game it matches and
// every game is in the indices it belongs to). It reads everything, so it is for
// tests, restores and maintenance, not for every start. Problems wrap ErrCorrupt.
func (s *Bolt) Verify(ctx context.Context) error {
	return s.view(ctx, verifyTx)
}

// maxProblems bounds the report of a badly damaged file.
const maxProblems = 20

func checkPages(tx *bolt.Tx) error {
	var errs []error
	for err := range tx.Check() {
		if len(errs) < maxProblems {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrCorrupt, errors.Join(errs...))
	}
	return nil
}

func verifyTx(tx *bolt.Tx) error {
	if err := checkPages(tx); err != nil {
		return err
	}
	var errs []error
	bad := func(format string, args ...any) {
		if len(errs) < maxProblems {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	if v, err := readSchema(tx); err != nil {
		return err
	} else if v != SchemaVersion {
		return fmt.Errorf("schema %d, want %d: %w", v, SchemaVersion, ErrCorrupt)
	}
	for _, name := range [][]byte{bucketMeta, bucketGames, bucketMoves, bucketByChat, bucketByUser,
		bucketLive, bucketChats, bucketUsers, bucketPuzzle, bucketValues, bucketOutbox, bucketOutboxDest, bucketSent, bucketSentByTime, bucketWake, bucketChatWake, bucketRatings, bucketRatingsByPlayer} {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("bucket %s missing: %w", name, ErrCorrupt)
		}
	}

	// Every game: decodes, moves contiguous and counted, indexed where it should be.
	games := tx.Bucket(bucketGames)
	wantChat, wantUser := map[string][]byte{}, map[string][]byte{}
	var maxID uint64
	wakes := 0
	err := games.ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			bad("game key %x is not 8 bytes", k)
			return nil
		}
		id := idFromKey(k)
		maxID = max(maxID, id)
		g, err := loadGame(tx, k)
		if err != nil {
			bad("game %d: %v", id, err)
			return nil
		}
		if g.ID != fmt.Sprint(id) {
			bad("game %d records id %q", id, g.ID)
		}
		if g.Version == 0 {
			bad("game %d has version 0", id)
		}
		for i := range g.Moves {
			if tx.Bucket(bucketMoves).Get(moveKey(k, i)) == nil {
				bad("game %d move %d is not at its key", id, i)
			}
		}
		flag := liveFlag(g.Status)
		wantChat[string(indexKey(g.Platform, g.ChatID, k))] = flag
		for _, u := range playerIDs(g) {
			wantUser[string(indexKey(g.Platform, u, k))] = flag
		}
		if live := tx.Bucket(bucketLive).Get(k) != nil; live != g.Status.Live() {
			bad("game %d (%s) listed as live: %v", id, g.Status, live)
		}
		if ok, wk := wakeKey(g, k); ok {
			wakes++
			if tx.Bucket(bucketWake).Get(wk) == nil {
				bad("game %d is missing from the wake index", id)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if seq := games.Sequence(); seq < maxID {
		bad("game sequence %d is below game id %d: ids would be reused", seq, maxID)
	}

	if n := tx.Bucket(bucketWake).Stats().KeyN; n != wakes {
		bad("the wake index has %d entries, %d games are due some time", n, wakes)
	}

	// Every move belongs to a game.
	_ = tx.Bucket(bucketMoves).ForEach(func(k, _ []byte) error {
		if len(k) != 12 || games.Get(k[:8]) == nil {
			bad("move key %x belongs to no game", k)
		}
		return nil
	})

	// The indices hold exactly the entries the games call for.
	for _, ix := range []struct {
		name []byte
		want map[string][]byte
	}{{bucketByChat, wantChat}, {bucketByUser, wantUser}} {
		seen := 0
		_ = tx.Bucket(ix.name).ForEach(func(k, v []byte) error {
			want, ok := ix.want[string(k)]
			switch {
			case !ok:
				bad("%s entry %q points to no matching game", ix.name, k)
			case !bytes.Equal(v, want):
				bad("%s entry %q has live flag %v, want %v", ix.name, k, v, want)
			default:
				seen++
			}
			return nil
		})
		if seen != len(ix.want) {
			bad("%s misses %d entries", ix.name, len(ix.want)-seen)
		}
	}
	_ = tx.Bucket(bucketLive).ForEach(func(k, _ []byte) error {
		if len(k) != 8 || games.Get(k) == nil {
			bad("live entry %x names no game", k)
		}
		return nil
	})

	// Every chat with a wake time is in its index, and nothing else is.
	chatWakes := 0
	_ = tx.Bucket(bucketChats).ForEach(func(k, v []byte) error {
		var c Chat
		if json.Unmarshal(v, &c) == nil {
			if wk := chatWakeKey(&c); wk != nil {
				chatWakes++
				if tx.Bucket(bucketChatWake).Get(wk) == nil {
					bad("chat %q is missing from the wake index", k)
				}
			}
		}
		return nil
	})
	if n := tx.Bucket(bucketChatWake).Stats().KeyN; n != chatWakes {
		bad("the chat wake index has %d entries, %d chats have a wake time", n, chatWakes)
	}

	// The keyed records decode.
	for _, b := range []struct {
		name []byte
		rec  func() any
	}{
		{bucketChats, func() any { return new(Chat) }},
		{bucketUsers, func() any { return new(User) }},
		{bucketPuzzle, func() any { return new(PuzzleScore) }},
	} {
		_ = tx.Bucket(b.name).ForEach(func(k, v []byte) error {
			if err := json.Unmarshal(v, b.rec()); err != nil {
				bad("%s %q: %v", b.name, k, err)
			}
			return nil
		})
	}

	// The record of sent messages and its time index agree, one key each.
	sent, byTime := tx.Bucket(bucketSent), tx.Bucket(bucketSentByTime)
	indexed := 0
	_ = byTime.ForEach(func(k, _ []byte) error {
		indexed++
		var m SentMessage
		raw := sent.Get(k[min(8, len(k)):])
		if len(k) <= 8 || raw == nil {
			bad("sent-message index key %x names no record", k)
		} else if err := json.Unmarshal(raw, &m); err != nil {
			bad("sent message %q: %v", k[8:], err)
		} else if !bytes.Equal(sentTimeKey(m.At, k[8:]), k) {
			bad("sent message %q is indexed at another time", k[8:])
		}
		return nil
	})
	if n := sent.Stats().KeyN; n != indexed {
		bad("%d sent-message records, %d index keys", n, indexed)
	}

	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrCorrupt, errors.Join(errs...))
	}
	return nil
}
