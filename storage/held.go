package storage

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// holds are the leases on values (Value.Hold, ClaimValues) of one Open of a
// bbolt file. They live in memory, not in the file: a lease is live only while
// the store that took it is open, a bbolt file is open in one process at a
// time, and every Open starts a new session (as the outbox's leases of an
// earlier Open are void). Written to the file they would be void all the same
// after a restart, at the cost of a write per claim.
type holds struct {
	mu sync.Mutex
	m  map[string]Lease // by bucket NUL key
}

// holdsPrune is how many leases a store keeps before it forgets the ones that
// ran out, so that a long run without claims does not grow the map: the inbox
// holds every event it stores.
const holdsPrune = 1024

func holdKey(bucket, key string) string { return bucket + "\x00" + key }

// hold leases values of a bucket by their Hold (none: their lease ends),
// after the write that stored them.
func (h *holds) hold(bucket string, vs []Value, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, v := range vs {
		if v.Hold.Holder == "" {
			delete(h.m, holdKey(bucket, v.Key))
			continue
		}
		if h.m == nil {
			h.m = map[string]Lease{}
		}
		h.m[holdKey(bucket, v.Key)] = v.Hold
	}
	if len(h.m) > holdsPrune {
		for k, l := range h.m {
			if !now.Before(l.Until) {
				delete(h.m, k)
			}
		}
	}
}

// Keeps reports whether a value's lease l keeps it from claim c, made in the
// store of session mine, where alive tells the open sessions: a live lease of
// another store, or of c's holder itself.
func (c ValueClaim) Keeps(l Lease, mine string, alive func(string) bool) bool {
	if l.Holder == "" || !c.Now.Before(l.Until) || !alive(l.Session) {
		return false
	}
	return l.Session != mine || l.Holder == c.Holder
}

// release ends the leases of removed values.
func (h *holds) release(refs []ValueRef) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range refs {
		delete(h.m, holdKey(r.Bucket, r.Key))
	}
}

// ClaimValues implements Store.
func (s *Bolt) ClaimValues(ctx context.Context, c ValueClaim) ([]Value, error) {
	if c.Bucket == "" || c.Holder == "" {
		return nil, fmt.Errorf("claim values: no bucket or holder: %w", ErrInvalid)
	}
	if c.Lease <= 0 {
		c.Lease = time.Minute
	}
	var vs []Value
	err := s.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketValues).Bucket([]byte(c.Bucket))
		if b == nil {
			return nil
		}
		cur := b.Cursor()
		to := []byte(c.To)
		for k, v := cur.Seek([]byte(c.From)); k != nil && (c.To == "" || bytes.Compare(k, to) < 0); k, v = cur.Next() {
			vs = append(vs, Value{Key: string(k), JSON: bytes.Clone(v)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim values %s: %w", c.Bucket, err)
	}
	h := &s.holds
	h.mu.Lock()
	defer h.mu.Unlock()
	// Every lease in the map is of this Open: the others died with theirs.
	alive := func(string) bool { return true }
	out := vs[:0]
	for _, v := range vs {
		k := holdKey(c.Bucket, v.Key)
		if c.Keeps(h.m[k], s.session, alive) {
			continue
		}
		if h.m == nil {
			h.m = map[string]Lease{}
		}
		h.m[k] = Lease{Holder: c.Holder, Until: c.Now.Add(c.Lease), Session: s.session}
		out = append(out, v)
	}
	return out, nil
}

// ownHolds gives the leases of vs this store's session.
func (s *Bolt) ownHolds(vs []Value) []Value {
	for i := range vs {
		if vs[i].Hold.Holder != "" {
			vs[i].Hold.Session = s.session
		}
	}
	return vs
}

// leaseBucket is where the leases of TakeLease live among the holds.
const leaseBucket = "\x1flease"

// TakeLease implements Store: in memory, as the holds are, since a lease dies
// with its Open.
func (s *Bolt) TakeLease(ctx context.Context, key, holder string, now, until time.Time) (bool, error) {
	if key == "" || holder == "" {
		return false, fmt.Errorf("take lease: no key or holder: %w", ErrInvalid)
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if s.isClosed() {
		return false, ErrClosed
	}
	h := &s.holds
	h.mu.Lock()
	defer h.mu.Unlock()
	k := holdKey(leaseBucket, key)
	if l := h.m[k]; l.Holder != "" && l.Holder != holder && now.Before(l.Until) {
		return false, nil
	}
	if h.m == nil {
		h.m = map[string]Lease{}
	}
	h.m[k] = Lease{Holder: holder, Until: until, Session: s.session}
	return true, nil
}

// ReleaseLease implements Store.
func (s *Bolt) ReleaseLease(_ context.Context, key, holder string) error {
	h := &s.holds
	h.mu.Lock()
	defer h.mu.Unlock()
	k := holdKey(leaseBucket, key)
	if h.m[k].Holder == holder {
		delete(h.m, k)
	}
	return nil
}

func (s *Bolt) isClosed() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.closed
}
