package telegram

import (
	"strconv"
	"sync"
)

// fifo is a map bounded to n entries: when full, the oldest insert goes. It is
// not safe for concurrent use; its owners lock.
type fifo[K comparable, V any] struct {
	m    map[K]V
	ring []K
	next int
}

func newFIFO[K comparable, V any](n int) *fifo[K, V] {
	return &fifo[K, V]{m: make(map[K]V, n), ring: make([]K, 0, n)}
}

func (f *fifo[K, V]) get(k K) (V, bool) {
	v, ok := f.m[k]
	return v, ok
}

func (f *fifo[K, V]) put(k K, v V) {
	if _, ok := f.m[k]; ok {
		f.m[k] = v
		return
	}
	if len(f.ring) < cap(f.ring) {
		f.ring = append(f.ring, k)
	} else {
		delete(f.m, f.ring[f.next])
		f.ring[f.next] = k
		f.next = (f.next + 1) % len(f.ring)
	}
	f.m[k] = v
}

// keyStore keeps values too long (or otherwise unfit) for Telegram's small
// fields under short keys: callback data over 64 bytes, deep-link payloads with
// characters t.me does not allow. Keys carry a per-process epoch so that a key
// from before a restart never finds another value after it; it finds nothing,
// and the user is told the button expired.
type keyStore struct {
	mu     sync.Mutex
	prefix string // marks keys; values with this prefix are stored too, so it is unambiguous
	epoch  string
	seq    uint64
	byKey  *fifo[string, string]
	byVal  *fifo[string, string]
}

func newKeyStore(prefix, epoch string, n int) *keyStore {
	return &keyStore{prefix: prefix, epoch: epoch, byKey: newFIFO[string, string](n), byVal: newFIFO[string, string](n)}
}

// key returns the short key for v, the same one while v is remembered.
func (s *keyStore) key(v string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k, ok := s.byVal.get(v); ok {
		if back, ok := s.byKey.get(k); ok && back == v {
			return k
		}
	}
	s.seq++
	k := s.prefix + s.epoch + strconv.FormatUint(s.seq, 36)
	s.byKey.put(k, v)
	s.byVal.put(v, k)
	return k
}

// value returns what key k stands for; false when k is unknown or forgotten.
func (s *keyStore) value(k string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byKey.get(k)
}
