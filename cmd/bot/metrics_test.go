package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/storage"
)

// TestMetrics: a move, its owed board delivered and a conflict show in
// /metrics with their platform and outcome, beside the outbox depth; /healthz
// says ok while the store answers and 503 once it is gone.
func TestMetrics(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "chuhe.db"), &storage.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	m := newMetrics(st)
	ws := m.wrap(st)
	ctx := context.Background()
	g := &storage.Game{Platform: "telegram", ChatID: "-1", Status: storage.StatusActive, Variant: "xiangqi"}
	if err := ws.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	owe := func(g *storage.Game) ([]*storage.OutboxEntry, error) {
		return []*storage.OutboxEntry{{Platform: g.Platform, ChatID: g.ChatID, Payload: json.RawMessage(`"board"`)}}, nil
	}
	mv := &storage.MoveRecord{Text: "h2e2", At: time.Now()}
	if _, _, err := ws.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: 1, Append: mv, Outbox: owe}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ws.ChangeGame(ctx, storage.GameChange{ID: g.ID, ExpectVersion: 1, Append: mv, Outbox: owe}); err == nil {
		t.Fatal("a stale move was written")
	}
	h := metricsHandler(m, st, slog.New(slog.DiscardHandler))
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	_, body := get("/metrics")
	for _, want := range []string{
		`chuhe_moves_total{outcome="ok",platform="telegram"} 1`,
		`chuhe_moves_total{outcome="conflict",platform=""} 1`,
		"chuhe_outbox_depth 1",
		"chuhe_move_write_seconds_count 1",
		`chuhe_store_seconds_count{op="change_game"} 2`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	es, err := ws.ClaimOutbox(ctx, storage.OutboxClaim{Holder: "h", Now: time.Now()})
	if err != nil || len(es) != 1 {
		t.Fatalf("claimed %v, %v", es, err)
	}
	if err := ws.FinishOutbox(ctx, "h", []storage.OutboxResult{{ID: es[0].ID}}); err != nil {
		t.Fatal(err)
	}
	_, body = get("/metrics")
	for _, want := range []string{`chuhe_replies_total{outcome="delivered",platform="telegram"} 1`, "chuhe_outbox_depth 0"} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if code, body := get("/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz = %d %q", code, body)
	}
	_ = st.Close()
	if code, _ := get("/healthz"); code != http.StatusServiceUnavailable {
		t.Errorf("/healthz with the store closed = %d", code)
	}
}
