package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

func keysOf(vs []storage.Value) string {
	var ks []string
	for _, v := range vs {
		ks = append(ks, v.Key)
	}
	return fmt.Sprint(ks)
}

// testClaimValues: values stored with a Hold, or claimed, are passed over by
// claims until their lease runs out; a removed value's lease goes with it; the
// range bounds what is claimed (the inbox keeps its marks beside its events).
func testClaimValues(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	vs := []storage.Value{
		{Key: "tg/0001", JSON: json.RawMessage(`{"update":1}`)}, // stored before leases: nobody's
		{Key: "tg/0002", JSON: json.RawMessage(`{"update":2}`), Hold: storage.Lease{Holder: "a", Until: now.Add(time.Minute)}},
		{Key: "tg/0003", JSON: json.RawMessage(`{"update":3}`), Hold: storage.Lease{Holder: "a", Until: now.Add(time.Minute)}},
		{Key: "tg/0004", JSON: json.RawMessage(`{"update":4}`), Hold: storage.Lease{Holder: "old", Until: now.Add(time.Hour)}},
		{Key: "tg/~mark", JSON: json.RawMessage(`"4"`)},
		{Key: "tgx", JSON: json.RawMessage(`1`)},
	}
	if err := s.PutValues(ctx, "inbound", vs); err != nil {
		t.Fatal(err)
	}
	claim := func(at time.Time) []storage.Value {
		t.Helper()
		got, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "inbound", From: "tg/", To: "tg/~", Holder: "a", Now: at, Lease: 2 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	// tg/0004 is of a holder that "a" replaced in this store (an adapter
	// restarted in its process): it is a's now.
	got := claim(now)
	if keysOf(got) != "[tg/0001 tg/0004]" {
		t.Fatalf("claimed %s, want the values nobody holds and the old holder's", keysOf(got))
	}
	if string(got[0].JSON) != `{"update":1}` {
		t.Errorf("claimed value %s", got[0].JSON)
	}
	if got := claim(now.Add(30 * time.Second)); len(got) != 0 {
		t.Fatalf("claimed %s again while held", keysOf(got))
	}
	if err := s.DeleteValue(ctx, "inbound", "tg/0003"); err != nil {
		t.Fatal(err)
	}
	// A minute on, the stored leases ran out; tg/0001's claim holds one more.
	if got := claim(now.Add(61 * time.Second)); keysOf(got) != "[tg/0002]" {
		t.Fatalf("after the leases ran out claimed %s, want [tg/0002]", keysOf(got))
	}
	// Stored again without a Hold, a value is nobody's.
	if err := s.PutValues(ctx, "inbound", []storage.Value{{Key: "tg/0002", JSON: json.RawMessage(`{"update":2}`)}}); err != nil {
		t.Fatal(err)
	}
	if got := claim(now.Add(62 * time.Second)); keysOf(got) != "[tg/0002]" {
		t.Fatalf("a value stored again without a lease: claimed %s", keysOf(got))
	}
	// Removed with a game change, a value and its lease are gone; stored
	// anew under its key, it is nobody's until it is claimed.
	if err := s.Enqueue(ctx, nil, storage.ValueRef{Bucket: "inbound", Key: "tg/0002"}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutValues(ctx, "inbound", []storage.Value{{Key: "tg/0002", JSON: json.RawMessage(`{"update":2}`)}}); err != nil {
		t.Fatal(err)
	}
	if got := claim(now.Add(63 * time.Second)); keysOf(got) != "[tg/0002]" {
		t.Fatalf("claimed %s, want the value stored anew", keysOf(got))
	}
	all, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "inbound", Holder: "a", Now: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if keysOf(all) != "[tg/0001 tg/0002 tg/0004 tg/~mark tgx]" {
		t.Errorf("claiming the whole bucket later: %s", keysOf(all))
	}
	if got, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "no such bucket", Holder: "a", Now: now}); err != nil || len(got) != 0 {
		t.Errorf("claiming in a missing bucket: %s, %v", keysOf(got), err)
	}
	if _, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "inbound", Now: now}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a claim without a holder: %v", err)
	}
	if left, _ := s.Values(ctx, "inbound", ""); keysOf(left) != "[tg/0001 tg/0002 tg/0004 tg/~mark tgx]" {
		t.Errorf("the bucket lists %s: leases must not show", keysOf(left))
	}
}

// testRacingValueClaims: claimers racing over one range never take one value
// twice, and together take every value.
func testRacingValueClaims(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	const n = 60
	var vs []storage.Value
	for i := range n {
		vs = append(vs, storage.Value{Key: fmt.Sprintf("ev/%04d", i), JSON: json.RawMessage("1")})
	}
	if err := s.PutValues(ctx, "inbound", vs); err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		taken = map[string]int{}
		wg    sync.WaitGroup
	)
	for range 6 {
		wg.Go(func() {
			for range 3 {
				got, err := s.ClaimValues(ctx, storage.ValueClaim{Bucket: "inbound", From: "ev/", To: "ev0", Holder: "h", Now: now, Lease: time.Hour})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for _, v := range got {
					taken[v.Key]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(taken) != n {
		t.Errorf("%d of %d values claimed", len(taken), n)
	}
	for k, c := range taken {
		if c != 1 {
			t.Errorf("%s claimed %d times", k, c)
		}
	}
}

// testLeases: a lease is one holder's until it runs out or is given up; its
// holder renews it; of takers racing for a free one, exactly one gets it.
func testLeases(t *testing.T, s storage.Store) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	take := func(holder string, at time.Time) bool {
		t.Helper()
		ok, err := s.TakeLease(ctx, "engine/7", holder, at, at.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	steps := []struct {
		holder string
		at     time.Duration
		want   bool
	}{
		{"a", 0, true},
		{"b", 30 * time.Second, false},
		{"a", 50 * time.Second, true},  // renewed: until 1m50s
		{"b", 70 * time.Second, false}, // not run out yet
		{"b", 111 * time.Second, true}, // ran out
		{"a", 112 * time.Second, false},
	}
	for i, st := range steps {
		if got := take(st.holder, now.Add(st.at)); got != st.want {
			t.Fatalf("step %d: %s at %v took it: %v, want %v", i, st.holder, st.at, got, st.want)
		}
	}
	if err := s.ReleaseLease(ctx, "engine/7", "a"); err != nil {
		t.Fatal(err)
	}
	if take("a", now.Add(113*time.Second)) {
		t.Fatal("a gave up b's lease")
	}
	if err := s.ReleaseLease(ctx, "engine/7", "b"); err != nil {
		t.Fatal(err)
	}
	if !take("a", now.Add(114*time.Second)) {
		t.Fatal("a did not get the lease b gave up")
	}
	if _, err := s.TakeLease(ctx, "engine/7", "", now, now); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a lease without a holder: %v", err)
	}
	var (
		wg  sync.WaitGroup
		won atomic.Int32
	)
	for i := range 8 {
		wg.Go(func() {
			ok, err := s.TakeLease(ctx, "engine/8", fmt.Sprint("w", i), now, now.Add(time.Minute))
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if n := won.Load(); n != 1 {
		t.Errorf("%d of 8 racing takers got one lease", n)
	}
}
