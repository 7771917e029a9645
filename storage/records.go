package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// pairKey is a 0 b: the key of a chat (platform, chat) or a user (platform, user).
func pairKey(a, b string) []byte {
	k := make([]byte, 0, len(a)+1+len(b))
	k = append(k, a...)
	k = append(k, 0)
	return append(k, b...)
}

// getJSON decodes the value under key in bucket, or returns ErrNotFound.
func getJSON(tx *bolt.Tx, bucket, key []byte, v any) error {
	raw := tx.Bucket(bucket).Get(key)
	if raw == nil {
		return ErrNotFound
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return nil
}

func putJSON(tx *bolt.Tx, bucket, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return clean(fmt.Errorf("encode: %w", err))
	}
	return tx.Bucket(bucket).Put(key, raw)
}

// update is the read-modify-write of the keyed records: load (or start from
// fresh()), let fn change it, store it. fn gets a fresh copy on every call.
func update[T any](ctx context.Context, s *Bolt, bucket, key []byte, fresh func() *T, stamp func(*T), fn func(*T) error) (*T, error) {
	var out *T
	err := s.write(ctx, func(tx *bolt.Tx) error {
		rec := fresh()
		if err := getJSON(tx, bucket, key, rec); err != nil && !errors.Is(err, ErrNotFound) {
			return clean(err)
		}
		if err := fn(rec); err != nil {
			return clean(err)
		}
		stamp(rec)
		if err := putJSON(tx, bucket, key, rec); err != nil {
			return err
		}
		out = rec
		return nil
	})
	return out, err
}

// Chat implements Store.
func (s *Bolt) Chat(ctx context.Context, platform, chatID string) (*Chat, error) {
	var c Chat
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return getJSON(tx, bucketChats, pairKey(platform, chatID), &c)
	})
	if err != nil {
		return nil, fmt.Errorf("load chat %s/%s: %w", platform, chatID, err)
	}
	return &c, nil
}

// PutChat implements Store.
func (s *Bolt) PutChat(ctx context.Context, c *Chat) error {
	if err := checkPair("chat", c.Platform, c.ChatID); err != nil {
		return fmt.Errorf("put chat: %w", err)
	}
	rec := *c
	rec.UpdatedAt = s.stamp()
	err := s.write(ctx, func(tx *bolt.Tx) error {
		return putChat(tx, &rec)
	})
	if err != nil {
		return fmt.Errorf("put chat %s/%s: %w", c.Platform, c.ChatID, err)
	}
	c.UpdatedAt = rec.UpdatedAt
	return nil
}

// UpdateChat implements Store.
func (s *Bolt) UpdateChat(ctx context.Context, platform, chatID string, fn func(*Chat) error) (*Chat, error) {
	if err := checkPair("chat", platform, chatID); err != nil {
		return nil, fmt.Errorf("update chat: %w", err)
	}
	var c *Chat
	err := s.write(ctx, func(tx *bolt.Tx) error {
		rec := &Chat{Platform: platform, ChatID: chatID}
		if err := getJSON(tx, bucketChats, pairKey(platform, chatID), rec); err != nil && !errors.Is(err, ErrNotFound) {
			return clean(err)
		}
		if err := fn(rec); err != nil {
			return clean(err)
		}
		rec.Platform, rec.ChatID, rec.UpdatedAt = platform, chatID, s.stamp()
		if err := putChat(tx, rec); err != nil {
			return err
		}
		c = rec
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("update chat %s/%s: %w", platform, chatID, err)
	}
	return c, nil
}

// chatWakeKey is a chat's key in the index of wake times, or nil if it has
// none.
func chatWakeKey(c *Chat) []byte {
	if c.Wake.IsZero() {
		return nil
	}
	return append(wakeTime(c.Wake), pairKey(c.Platform, c.ChatID)...)
}

// putChat stores c in tx with its entry in the index of wake times.
func putChat(tx *bolt.Tx, c *Chat) error {
	key := pairKey(c.Platform, c.ChatID)
	idx := tx.Bucket(bucketChatWake)
	var old Chat
	if err := getJSON(tx, bucketChats, key, &old); err == nil {
		if k := chatWakeKey(&old); k != nil {
			if err := idx.Delete(k); err != nil {
				return err
			}
		}
	}
	if err := putJSON(tx, bucketChats, key, c); err != nil {
		return err
	}
	if k := chatWakeKey(c); k != nil {
		return idx.Put(k, nil)
	}
	return nil
}

// DueChats implements Store: it walks the index of wake times from its
// earliest key and stops at the first after now.
func (s *Bolt) DueChats(ctx context.Context, now time.Time, limit int) ([]*Chat, error) {
	end := wakeTime(now)
	var cs []*Chat
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketChatWake).Cursor()
		for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0; k, _ = c.Next() {
			if limit > 0 && len(cs) == limit {
				break
			}
			ch := new(Chat)
			if err := getJSON(tx, bucketChats, k[8:], ch); err != nil {
				return fmt.Errorf("chat %q: %w", k[8:], err)
			}
			cs = append(cs, ch)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("due chats: %w", err)
	}
	return cs, nil
}

// Chats implements Store.
func (s *Bolt) Chats(ctx context.Context) ([]*Chat, error) {
	var cs []*Chat
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketChats).ForEach(func(k, v []byte) error {
			c := new(Chat)
			if err := json.Unmarshal(v, c); err != nil {
				return fmt.Errorf("decode chat %q: %w", k, err)
			}
			cs = append(cs, c)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list chats: %w", err)
	}
	return cs, nil
}

// User implements Store.
func (s *Bolt) User(ctx context.Context, platform, userID string) (*User, error) {
	var u User
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return getJSON(tx, bucketUsers, pairKey(platform, userID), &u)
	})
	if err != nil {
		return nil, fmt.Errorf("load user %s/%s: %w", platform, userID, err)
	}
	return &u, nil
}

// PutUser implements Store.
func (s *Bolt) PutUser(ctx context.Context, u *User) error {
	if err := checkPair("user", u.Platform, u.UserID); err != nil {
		return fmt.Errorf("put user: %w", err)
	}
	rec := *u
	rec.UpdatedAt = s.stamp()
	err := s.write(ctx, func(tx *bolt.Tx) error {
		return putJSON(tx, bucketUsers, pairKey(u.Platform, u.UserID), &rec)
	})
	if err != nil {
		return fmt.Errorf("put user %s/%s: %w", u.Platform, u.UserID, err)
	}
	u.UpdatedAt = rec.UpdatedAt
	return nil
}

// UpdateUser implements Store.
func (s *Bolt) UpdateUser(ctx context.Context, platform, userID string, fn func(*User) error) (*User, error) {
	if err := checkPair("user", platform, userID); err != nil {
		return nil, fmt.Errorf("update user: %w", err)
	}
	u, err := update(ctx, s, bucketUsers, pairKey(platform, userID),
		func() *User { return &User{Platform: platform, UserID: userID} },
		func(u *User) { u.Platform, u.UserID, u.UpdatedAt = platform, userID, s.stamp() },
		fn)
	if err != nil {
		return nil, fmt.Errorf("update user %s/%s: %w", platform, userID, err)
	}
	return u, nil
}

// PuzzleScore implements Store.
func (s *Bolt) PuzzleScore(ctx context.Context, platform, chatID, userID string) (*PuzzleScore, error) {
	var p PuzzleScore
	err := s.view(ctx, func(tx *bolt.Tx) error {
		return getJSON(tx, bucketPuzzle, indexKey(platform, chatID, []byte(userID)), &p)
	})
	if err != nil {
		return nil, fmt.Errorf("load puzzle score %s/%s/%s: %w", platform, chatID, userID, err)
	}
	return &p, nil
}

// UpdatePuzzleScore implements Store.
func (s *Bolt) UpdatePuzzleScore(ctx context.Context, platform, chatID, userID string, fn func(*PuzzleScore) error) (*PuzzleScore, error) {
	if err := checkPair("chat", platform, chatID); err != nil {
		return nil, fmt.Errorf("update puzzle score: %w", err)
	}
	if err := keyPart("user id", userID); err != nil {
		return nil, fmt.Errorf("update puzzle score: %w", err)
	}
	p, err := update(ctx, s, bucketPuzzle, indexKey(platform, chatID, []byte(userID)),
		func() *PuzzleScore { return &PuzzleScore{Platform: platform, ChatID: chatID, UserID: userID} },
		func(p *PuzzleScore) {
			p.Platform, p.ChatID, p.UserID, p.UpdatedAt = platform, chatID, userID, s.stamp()
		},
		fn)
	if err != nil {
		return nil, fmt.Errorf("update puzzle score %s/%s/%s: %w", platform, chatID, userID, err)
	}
	return p, nil
}

// PuzzleScores implements Store.
func (s *Bolt) PuzzleScores(ctx context.Context, platform, chatID string) ([]*PuzzleScore, error) {
	prefix := indexKey(platform, chatID, nil)
	var ps []*PuzzleScore
	err := s.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketPuzzle).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			p := new(PuzzleScore)
			if err := json.Unmarshal(v, p); err != nil {
				return fmt.Errorf("decode puzzle score %q: %w", k, err)
			}
			ps = append(ps, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("puzzle scores of %s/%s: %w", platform, chatID, err)
	}
	return ps, nil
}

// PutValue implements Store.
func (s *Bolt) PutValue(ctx context.Context, bucket, key string, v any) error {
	if bucket == "" || key == "" {
		return fmt.Errorf("put value %q/%q: empty bucket or key: %w", bucket, key, ErrInvalid)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("put value %s/%s: encode: %w", bucket, key, err)
	}
	err = s.write(ctx, func(tx *bolt.Tx) error {
		b, err := tx.Bucket(bucketValues).CreateBucketIfNotExists([]byte(bucket))
		if err != nil {
			return err
		}
		return b.Put([]byte(key), raw)
	})
	if err != nil {
		return fmt.Errorf("put value %s/%s: %w", bucket, key, err)
	}
	return nil
}

// GetValue implements Store.
func (s *Bolt) GetValue(ctx context.Context, bucket, key string, v any) error {
	err := s.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketValues).Bucket([]byte(bucket))
		if b == nil {
			return ErrNotFound
		}
		raw := b.Get([]byte(key))
		if raw == nil {
			return ErrNotFound
		}
		return json.Unmarshal(raw, v)
	})
	if err != nil {
		return fmt.Errorf("get value %s/%s: %w", bucket, key, err)
	}
	return nil
}

// DeleteValue implements Store.
func (s *Bolt) DeleteValue(ctx context.Context, bucket, key string) error {
	err := s.write(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketValues).Bucket([]byte(bucket))
		if b == nil || key == "" {
			return nil
		}
		return b.Delete([]byte(key))
	})
	if err != nil {
		return fmt.Errorf("delete value %s/%s: %w", bucket, key, err)
	}
	s.holds.release([]ValueRef{{Bucket: bucket, Key: key}})
	return nil
}

// Values implements Store.
func (s *Bolt) Values(ctx context.Context, bucket, prefix string) ([]Value, error) {
	var vs []Value
	err := s.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketValues).Bucket([]byte(bucket))
		if b == nil {
			return nil
		}
		c := b.Cursor()
		p := []byte(prefix)
		for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
			// bbolt's slices are valid only inside the transaction.
			vs = append(vs, Value{Key: string(k), JSON: bytes.Clone(v)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list values %s/%s*: %w", bucket, prefix, err)
	}
	return vs, nil
}

func checkPair(what, platform, id string) error {
	if err := keyPart("platform", platform); err != nil {
		return err
	}
	return keyPart(what+" id", id)
}
