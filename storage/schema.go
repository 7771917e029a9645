package storage

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout of the data file this program writes. Open migrates
// older files up to it one step at a time; a newer file is refused (ErrSchemaTooNew).
//
// Layout of version 6 (keys and values; "|" is concatenation, 0 a NUL byte):
//
//	meta          "schema" -> decimal version
//	games         id as 8-byte big-endian -> game JSON without moves, plus "num_moves"
//	moves         id | ply as 4-byte big-endian -> MoveRecord JSON
//	games_by_chat platform 0 chat 0 id -> 1 byte: 1 if the game is live, else 0
//	games_by_user platform 0 user 0 id -> the same live flag
//	games_live    id -> empty; the live games, for ActiveGames
//	chats         platform 0 chat -> Chat JSON
//	users         platform 0 user -> User JSON
//	puzzle_scores platform 0 chat 0 user -> PuzzleScore JSON
//	values        one nested bucket per PutValue bucket name: key -> JSON
//	outbox        entry id as 8-byte big-endian -> OutboxEntry JSON
//	outbox_by_dest destination 0 entry id -> empty: each destination's entries in order
//	sent_messages platform 0 chat 0 message id -> SentMessage JSON
//	sent_by_time  sent time as 8-byte big-endian Unix ns | sent_messages key -> empty
//	games_wake    Game.Wake as 8-byte big-endian Unix ns | game id -> empty; live games only
//	chats_wake    Chat.Wake as 8-byte big-endian Unix ns | chats key -> empty
//	ratings       pool 0 scope 0 player -> Rating JSON (players.go)
//	ratings_by_player player 0 pool 0 scope -> empty
//
// Version 1 had meta, games, moves, games_by_chat, chats and users only;
// version 2 added the player index, the live list, puzzle scores and values;
// version 3 the outbox and the record of sent messages; version 4 its index by
// time; version 5 the index of wake times (DueGames); version 6 that of chats
// (DueChats); version 7 the players' ratings (issue 23).
const SchemaVersion = 7

var (
	bucketMeta        = []byte("meta")
	bucketGames       = []byte("games")
	bucketMoves       = []byte("moves")
	bucketByChat      = []byte("games_by_chat")
	bucketByUser      = []byte("games_by_user")
	bucketLive        = []byte("games_live")
	bucketChats       = []byte("chats")
	bucketUsers       = []byte("users")
	bucketPuzzle      = []byte("puzzle_scores")
	bucketValues      = []byte("values")
	bucketWake        = []byte("games_wake")
	bucketChatWake    = []byte("chats_wake")
	keySchema         = []byte("schema")
	bucketsOfVersion1 = [][]byte{bucketMeta, bucketGames, bucketMoves, bucketByChat, bucketChats, bucketUsers}
)

// migration turns a file of version from into version from+1, inside one
// transaction, so a crash leaves either the old or the new version.
type migration struct {
	from int
	what string
	fn   func(tx *bolt.Tx) error
}

// migrations must list every step from version 1 up to SchemaVersion, in order.
func migrations() []migration {
	return []migration{
		{from: 1, what: "index games by player and keep a list of live games; add puzzle scores and values", fn: migrate1to2},
		{from: 2, what: "add the outbox of owed messages and the record of sent ones", fn: migrate2to3},
		{from: 3, what: "index the record of sent messages by time", fn: migrate3to4},
		{from: 4, what: "index live games by wake time, so that a tick reads only what is due", fn: migrate4to5},
		{from: 5, what: "index chats by wake time, so that the puzzle scheduler reads only what is due", fn: migrate5to6},
		{from: 6, what: "add the players' ratings", fn: migrate6to7},
	}
}

// migrate brings db to SchemaVersion, creating the layout in an empty file.
func migrate(db *bolt.DB, log *slog.Logger) error {
	var version int
	err := db.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		if meta == nil {
			empty := true
			_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
			if !empty {
				return fmt.Errorf("the file has no schema version; it is not a Chuhe data file: %w", ErrCorrupt)
			}
			for _, name := range bucketsOfVersion1 {
				if _, err := tx.CreateBucket(name); err != nil {
					return err
				}
			}
			if err := putSchema(tx, 1); err != nil {
				return err
			}
		}
		v, err := readSchema(tx)
		version = v
		return err
	})
	if err != nil {
		return err
	}
	if version > SchemaVersion {
		return fmt.Errorf("schema %d, this program knows up to %d: %w", version, SchemaVersion, ErrSchemaTooNew)
	}
	fresh := version == 1 && isFresh(db)
	for _, m := range migrations() {
		if m.from != version {
			continue
		}
		if !fresh {
			log.Info("migrating data file", "from", m.from, "to", m.from+1, "what", m.what)
		}
		err := db.Update(func(tx *bolt.Tx) error {
			if err := m.fn(tx); err != nil {
				return err
			}
			return putSchema(tx, m.from+1)
		})
		if err != nil {
			return fmt.Errorf("migrate schema %d to %d: %w", m.from, m.from+1, err)
		}
		version++
	}
	if version != SchemaVersion {
		return fmt.Errorf("no migration from schema %d: %w", version, ErrCorrupt)
	}
	return nil
}

// isFresh reports whether the file holds no game yet, so that creating its layout
// is not logged as a migration.
func isFresh(db *bolt.DB) bool {
	fresh := false
	_ = db.View(func(tx *bolt.Tx) error {
		k, _ := tx.Bucket(bucketGames).Cursor().First()
		fresh = k == nil
		return nil
	})
	return fresh
}

func readSchema(tx *bolt.Tx) (int, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return 0, fmt.Errorf("no meta bucket: %w", ErrCorrupt)
	}
	v, err := strconv.Atoi(string(meta.Get(keySchema)))
	if err != nil || v < 1 {
		return 0, fmt.Errorf("schema version %q: %w", meta.Get(keySchema), ErrCorrupt)
	}
	return v, nil
}

func putSchema(tx *bolt.Tx, v int) error {
	return tx.Bucket(bucketMeta).Put(keySchema, []byte(strconv.Itoa(v)))
}

// migrate1to2 adds the player index and the live list, filled from the games
// already stored, and the buckets of the puzzle feature.
func migrate1to2(tx *bolt.Tx) error {
	byUser, err := tx.CreateBucketIfNotExists(bucketByUser)
	if err != nil {
		return err
	}
	live, err := tx.CreateBucketIfNotExists(bucketLive)
	if err != nil {
		return err
	}
	for _, name := range [][]byte{bucketPuzzle, bucketValues} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return tx.Bucket(bucketGames).ForEach(func(k, v []byte) error {
		var g Game
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game %d: %w", idFromKey(k), err)
		}
		flag := liveFlag(g.Status)
		for _, u := range playerIDs(&g) {
			if err := byUser.Put(indexKey(g.Platform, u, k), flag); err != nil {
				return err
			}
		}
		if g.Status.Live() {
			return live.Put(k, nil)
		}
		return nil
	})
}

// migrate2to3 adds the outbox and the record of sent messages, both empty: what
// an older version sent was sent directly.
func migrate2to3(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketOutbox, bucketOutboxDest, bucketSent} {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// migrate3to4 indexes the record of sent messages by time (sentTimeKey), for
// PruneSent.
func migrate3to4(tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketSentByTime)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketSent).ForEach(func(k, v []byte) error {
		var m SentMessage
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("sent message %q: %w", k, err)
		}
		return idx.Put(sentTimeKey(m.At, k), nil)
	})
}

// migrate4to5 adds the index of wake times. A live game written by an older
// version has no Wake: it gets the earliest one, so that the first tick looks
// at it and the bot writes its real wake time.
func migrate4to5(tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketWake)
	if err != nil {
		return err
	}
	games := tx.Bucket(bucketGames)
	return tx.Bucket(bucketLive).ForEach(func(k, _ []byte) error {
		g := new(Game)
		sg := storedGame{Game: g}
		if err := json.Unmarshal(games.Get(k), &sg); err != nil {
			return fmt.Errorf("game %d: %w", idFromKey(k), err)
		}
		if !g.Status.Live() {
			return nil
		}
		if g.Wake.IsZero() {
			g.Wake = legacyWake
			v, err := json.Marshal(sg)
			if err != nil {
				return fmt.Errorf("game %d: %w", idFromKey(k), err)
			}
			if err := games.Put(k, v); err != nil {
				return err
			}
		}
		_, wk := wakeKey(g, k)
		return idx.Put(wk, nil)
	})
}

// legacyWake is the wake time migrations give live games stored before wake
// times were: due at once.
var legacyWake = time.Unix(1, 0).UTC()

// migrate5to6 adds the index of chats' wake times. A chat subscribed to the
// daily puzzle by an older version gets the earliest one: the first tick
// looks at it and the bot writes its real wake time.
func migrate5to6(tx *bolt.Tx) error {
	idx, err := tx.CreateBucketIfNotExists(bucketChatWake)
	if err != nil {
		return err
	}
	chats := tx.Bucket(bucketChats)
	var subscribed []*Chat
	if err := chats.ForEach(func(k, v []byte) error {
		c := new(Chat)
		if err := json.Unmarshal(v, c); err != nil {
			return fmt.Errorf("chat %q: %w", k, err)
		}
		if c.PuzzleSubscribed && c.Wake.IsZero() {
			subscribed = append(subscribed, c)
		}
		return nil
	}); err != nil {
		return err
	}
	for _, c := range subscribed {
		c.Wake = legacyWake
		v, err := json.Marshal(c)
		if err != nil {
			return err
		}
		if err := chats.Put(pairKey(c.Platform, c.ChatID), v); err != nil {
			return err
		}
		if err := idx.Put(chatWakeKey(c), nil); err != nil {
			return err
		}
	}
	return nil
}
