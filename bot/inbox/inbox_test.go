package inbox

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/storage"
)

// openStore is a real bbolt file in the test's directory.
func openStore(t *testing.T) *storage.Bolt {
	t.Helper()
	st, err := storage.Open(filepath.Join(t.TempDir(), "inbox.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// TestInboxSeenWindow: an inbox remembers the events it kept, handled or
// not, within its window (trimmed as it goes, never beyond 9/8 of it), and
// lists only events as pending.
func TestInboxSeenWindow(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	ib := New(st, Options{Platform: "test", Window: 8, Holder: "test"}).(*box)
	for i := 1; i <= 20; i++ {
		in := []Item{{Key: fmt.Sprintf("%012d", i), Data: json.RawMessage(`{}`)}}
		if err := ib.Keep(ctx, in, ""); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			if err := ib.Done(ctx, in[0].Key); err != nil {
				t.Fatal(err)
			}
		}
		marks, err := st.Values(ctx, Bucket, ib.seenPrefix())
		if err != nil {
			t.Fatal(err)
		}
		if len(marks) > 9 {
			t.Fatalf("after %d events %d marks kept, want at most 9", i, len(marks))
		}
	}
	for i, want := range map[int]bool{20: true, 19: true, 13: true, 12: false, 1: false} {
		if got, err := ib.Seen(ctx, fmt.Sprintf("%012d", i)); err != nil || got != want {
			t.Errorf("Seen(%d) = %v (%v), want %v", i, got, err, want)
		}
	}
	// The inbox's own events are its to handle; a new inbox (an adapter
	// restarted) takes the ones not done.
	if pending, _, err := ib.Pending(ctx); err != nil || len(pending) != 0 {
		t.Errorf("the inbox claimed %d of its own events (%v)", len(pending), err)
	}
	next := New(st, Options{Platform: "test", Window: 8, Holder: "next"})
	pending, _, err := next.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 10 {
		t.Errorf("%d pending, want the 10 not done", len(pending))
	}
	for _, p := range pending {
		if strings.Contains(p.Key, "~") {
			t.Errorf("a mark is listed as pending: %s", p.Key)
		}
	}
}

// TestKeepRefusesBadKeys: a key is the adapter's and must not reach the
// inbox's own marks ("~").
func TestKeepRefusesBadKeys(t *testing.T) {
	ib := New(openStore(t), Options{Platform: "test", Holder: "h"})
	for _, k := range []string{"", "~mark"} {
		if err := ib.Keep(context.Background(), []Item{{Key: k, Data: json.RawMessage(`{}`)}}, ""); err == nil {
			t.Errorf("Keep(%q) took it", k)
		}
	}
}

// TestMarkKept: the adapter's mark comes back with Pending, also when no event
// is pending.
func TestMarkKept(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	ib := New(st, Options{Platform: "test", Holder: "a"})
	if err := ib.Keep(ctx, []Item{{Key: "000000000007", Data: json.RawMessage(`{}`)}}, "8"); err != nil {
		t.Fatal(err)
	}
	if err := ib.Done(ctx, "test/000000000007"); err != nil {
		t.Fatal(err)
	}
	pending, mark, err := New(st, Options{Platform: "test", Holder: "b"}).Pending(ctx)
	if err != nil || len(pending) != 0 || mark != "8" {
		t.Errorf("Pending = %d events, mark %q, %v; want none, 8", len(pending), mark, err)
	}
}
