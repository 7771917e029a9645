//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
	"github.com/chuhe/chuhe/storage/postgres"
)

// The load test of issue 24: two bot binaries on one PostgreSQL database
// behind a webhook "load balancer" (this test), a fake Telegram, group chats
// of five games each with moves sent as fast as their boards come back, one
// process killed with SIGKILL halfway (and restarted, as a supervisor would).
// Afterwards every game's stored moves are exactly the moves sent (none lost,
// none twice), every move got its board, and every reminder due came once.
//
// The short version (4 chats, 6 s) runs in the test suite when PostgreSQL
// answers; the full one is
//
//	CHUHE_SCALE_FULL=1 go test ./cmd/bot -run TestScaleTwoProcesses -v -timeout 10m
//
// (200 chats × 5 games, 60 s), which logs moves/s, p50/p99 per move and the
// RSS of each process (now and its peak); the bots run with memory_limit_mb
// 40, so that their RSS stays under 64 MB (about 19 MB of it are the binary's
// pages, which Go's limit does not count). With CHUHE_SCALE_PROFILES=DIR it saves each process's heap profile
// there at the end (DIR/heap-1.pb.gz, for go tool pprof). Linux only (/proc,
// the children's death signal).
func TestScaleTwoProcesses(t *testing.T) {
	t.Parallel() // mostly waiting on child processes: overlap with the other binary tests
	chats, perChat, reminders, dur := 4, 5, 4, 6*time.Second
	// A board may wait long: the bots keep Telegram's limits (20 messages a
	// minute in a group, 30 a second in all), and moves come faster.
	boardWait := 30 * time.Second
	if os.Getenv("CHUHE_SCALE_FULL") != "" {
		chats, reminders, dur, boardWait = 200, 20, 60*time.Second, 3*time.Minute
	}
	dsn, schema := scaleDB(t)
	ctx := context.Background()

	// The games, seeded straight into the database: untimed ones to play, and
	// correspondence ones whose first reminder falls due during the test.
	st, err := postgres.Open(ctx, dsn, &postgres.Options{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	srv := telegramtest.New(t)
	srv.PrivacyOff = true // moves are plain text in the groups
	type game struct {
		id         string
		chat       telegramtest.Chat
		red, black telegramtest.User
		sent       []string
		lat        []time.Duration
	}
	var games []*game
	uid := int64(1000)
	user := func() telegramtest.User {
		uid++
		return srv.AddUser(telegramtest.User{ID: uid, FirstName: fmt.Sprint("p", uid), Username: fmt.Sprint("player", uid)})
	}
	seed := func(chat telegramtest.Chat, live bool, wake time.Time) *game {
		g := &game{chat: chat, red: user(), black: user()}
		rec := &storage.Game{Platform: "telegram", ChatID: fmt.Sprint(chat.ID), Variant: "xiangqi", Status: storage.StatusActive,
			Players:   [2]storage.Player{{UserID: fmt.Sprint(g.red.ID), Name: g.red.FirstName}, {UserID: fmt.Sprint(g.black.ID), Name: g.black.FirstName}},
			DrawOffer: storage.NoSide, TakebackRequest: storage.NoSide}
		if !live {
			rec.Clock = storage.Clock{Control: storage.TimeControl{Kind: storage.KindCorrespondence, PerMove: 72 * time.Hour},
				TurnStarted: time.Now(), Deadline: wake.Add(24 * time.Hour)}
			rec.Wake = wake
		}
		if err := st.CreateGame(ctx, rec); err != nil {
			t.Fatal(err)
		}
		g.id = rec.ID
		return g
	}
	for c := range chats {
		chat := telegramtest.Group(-1000-int64(c), fmt.Sprint("club ", c))
		for range perChat {
			games = append(games, seed(chat, true, time.Time{}))
		}
	}
	var reminded []*game
	for r := range reminders {
		chat := telegramtest.Group(-5000-int64(r), fmt.Sprint("slow club ", r))
		reminded = append(reminded, seed(chat, false, time.Now().Add(dur/3)))
	}
	st.Close()

	// Two processes, each serving the webhook on its own port.
	bots := []*scaleBot{newScaleBot(t, srv, dsn+"&search_path="+schema), newScaleBot(t, srv, dsn+"&search_path="+schema)}
	for _, b := range bots {
		b.start(t)
	}
	post := func(update []byte) bool {
		// The load balancer: one bot, or the other when it does not answer;
		// Telegram resends until some bot says 200.
		give := time.Now().Add(30 * time.Second)
		for i := rand.IntN(2); time.Now().Before(give); i++ {
			b := bots[i%2]
			req, _ := http.NewRequest(http.MethodPost, "http://"+b.listen+"/hook", bytes.NewReader(update))
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", scaleSecret)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return true
				}
				err = fmt.Errorf("status %s", resp.Status)
			}
			if i < 3 {
				t.Logf("webhook post to %s: %v", b.listen, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		return false
	}

	// The boards, found by the move they answer (a board replies to its move).
	w := newBoardWatch(srv)
	defer w.stop()
	for _, g := range games {
		w.watch(g.chat.ID)
	}
	for _, g := range reminded {
		w.watch(g.chat.ID)
	}

	v, _ := testRegistry().Get("xiangqi")
	stopAt := time.Now().Add(dur)
	var lost, msgIDs atomic.Int64
	msgIDs.Store(1_000_000) // above the fake's own message ids
	var wg sync.WaitGroup
	for i, g := range games {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 24))
			pos, err := rules.NewGame(v, "")
			if err != nil {
				t.Error(err)
				return
			}
			for time.Now().Before(stopAt) && !pos.Outcome().Over {
				ms := pos.Position().LegalMoves(nil)
				m := ms[rng.IntN(len(ms))]
				text := rules.FormatCoord(pos.Position(), m)
				from := g.red
				if len(g.sent)%2 == 1 {
					from = g.black
				}
				start := time.Now()
				// Pushed raw, with an id of our own, so that the update's id is known.
				id := int(msgIDs.Add(1))
				done := w.expect(g.chat.ID, id)
				upd := srv.PushRaw(map[string]any{"message": map[string]any{
					"message_id": id, "from": from, "chat": g.chat, "date": time.Now().Unix(), "text": text}})
				if !post(srv.UpdateJSON(upd)) {
					t.Errorf("game %s: no bot took the update of %s for 30s", g.id, text)
					lost.Add(1)
					return
				}
				select {
				case <-done:
				case <-time.After(boardWait):
					t.Errorf("game %s: no board for %s (move %d) in %v", g.id, text, len(g.sent)+1, boardWait)
					lost.Add(1)
					return
				}
				g.lat = append(g.lat, time.Since(start))
				if d := time.Since(start); d > 3*time.Second && len(games) < 100 {
					t.Logf("game %s: move %d (%s) took %v, sent %v after the start", g.id, len(g.sent)+1, text, d.Round(time.Millisecond), start.Sub(stopAt.Add(-dur)).Round(time.Millisecond))
				}
				g.sent = append(g.sent, text)
				if err := pos.Play(m); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	// Halfway, one process dies without warning; a supervisor starts it again.
	time.Sleep(dur / 2)
	bots[0].kill(t)
	time.Sleep(time.Second)
	bots[0].start(t)
	wg.Wait()
	elapsed := time.Since(stopAt.Add(-dur))
	// The reminders: due a third of the way in, two processes ticking.
	time.Sleep(2 * time.Second)
	rss := []string{bots[0].rss(), bots[1].rss()}
	if dir := os.Getenv("CHUHE_SCALE_PROFILES"); dir != "" {
		// For `go tool pprof -sample_index=inuse_space DIR/heap-1.pb.gz`.
		for i, b := range bots {
			b.heapProfile(t, dir, fmt.Sprintf("heap-%d.pb.gz", i+1))
		}
	}
	for _, b := range bots {
		b.stop(t)
	}

	st, err = postgres.Open(ctx, dsn, &postgres.Options{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var lats []time.Duration
	moves := 0
	for _, g := range games {
		rec, err := st.Game(ctx, g.id)
		if err != nil {
			t.Fatal(err)
		}
		var stored []string
		for _, m := range rec.Moves {
			stored = append(stored, m.Text)
		}
		if !slices.Equal(stored, g.sent) {
			t.Errorf("game %s: stored %d moves %v, sent %d %v", g.id, len(stored), tailOf(stored), len(g.sent), tailOf(g.sent))
		}
		moves += len(g.sent)
		lats = append(lats, g.lat...)
	}
	for _, g := range reminded {
		n := w.count(g.chat.ID, "it is your move in game #"+g.id)
		if n != 1 {
			t.Errorf("game %s: %d reminders, want 1", g.id, n)
		}
	}
	if err := st.Verify(ctx); err != nil {
		t.Error(err)
	}
	slices.Sort(lats)
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))]
	}
	texts, seen := 0, map[int64]bool{}
	var example []string
	for _, g := range games {
		if !seen[g.chat.ID] {
			seen[g.chat.ID] = true
			others := w.textsOf(g.chat.ID)
			texts += len(others)
			if len(example) < 3 {
				example = append(example, others[:min(len(others), 3-len(example))]...)
			}
		}
	}
	t.Logf("%d chats × %d games, %v: %d moves, %.1f moves/s, p50 %v, p99 %v per move; boards answered twice: %d; other texts in the game chats: %d; RSS: bot 1 (restarted) %s, bot 2 %s",
		chats, perChat, elapsed.Round(time.Millisecond), moves, float64(moves)/elapsed.Seconds(),
		pct(0.50).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), w.doubles(), texts, rss[0], rss[1])
	if len(example) > 0 {
		t.Logf("other texts, for example: %q", example)
	}
	if moves == 0 {
		t.Error("no move was played: the test tested nothing")
	}
}

func tailOf(s []string) []string { return s[max(0, len(s)-4):] }

const scaleSecret = "scale-test-secret"

// scaleDB is the test database and a fresh schema in it (dropped at the end),
// or skips the test when no PostgreSQL answers.
func scaleDB(t *testing.T) (dsn, schema string) {
	t.Helper()
	dsn = os.Getenv("CHUHE_TEST_POSTGRES")
	required := dsn != ""
	if !required {
		dsn = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		if required {
			t.Fatalf("CHUHE_TEST_POSTGRES is set but the database does not answer: %v", err)
		}
		t.Skipf("PostgreSQL tests skipped: no server at %s (%v); set CHUHE_TEST_POSTGRES to run them", dsn, err)
	}
	_ = conn.Close(ctx)
	if !strings.Contains(dsn, "?") {
		dsn += "?"
	}
	schema = fmt.Sprintf("chuhe_scale_%d", time.Now().UnixNano())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if conn, err := pgx.Connect(ctx, dsn); err == nil {
			_, _ = conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+schema+` CASCADE`)
			_ = conn.Close(ctx)
		}
	})
	return dsn, schema
}

// scaleBot is one bot process of the load test.
type scaleBot struct {
	config, listen, metrics string
	run                     *child
}

func newScaleBot(t *testing.T, srv *telegramtest.Server, dsn string) *scaleBot {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	listen := ln.Addr().String()
	ln.Close()
	if ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	metricsListen := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	cfg := fmt.Sprintf(`data_dir: %s
log_level: warn
tick_interval: 1s
storage:
  driver: postgres
  dsn: %q
telegram:
  token: %q
  api_endpoint: %q
  request_timeout: 5s
  webhook:
    url: https://chuhe.test/hook
    listen: %q
    secret_token: %s
delivery:
  max_backoff: 1s
memory_limit_mb: 40
metrics:
  listen: %q
  pprof: true
`, dir, dsn, srv.Token, srv.Endpoint(), listen, scaleSecret, metricsListen)
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	b := &scaleBot{config: path, listen: listen, metrics: metricsListen}
	t.Cleanup(func() {
		if b.run != nil && b.run.cmd.ProcessState == nil {
			_ = b.run.cmd.Process.Kill()
			<-b.run.done
		}
		if t.Failed() && b.run != nil {
			t.Logf("bot on %s, last run's log:\n%s", listen, tail(b.run.logs.String(), 40))
		}
	})
	return b
}

// start runs the binary and waits until it serves its webhook.
func (b *scaleBot) start(t *testing.T) {
	t.Helper()
	c := &child{logs: &syncBuf{}, done: make(chan error, 1)}
	c.cmd = exec.Command(botBinary(t), "-config", b.config)
	c.cmd.Stdout, c.cmd.Stderr = c.logs, c.logs
	// A test that times out ends without its cleanups: the bots end with it.
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	b.run = c
	deadline := time.Now().Add(20 * time.Second)
	for {
		if conn, err := net.Dial("tcp", b.listen); err == nil {
			conn.Close()
			return
		}
		select {
		case err := <-c.done:
			t.Fatalf("the bot ended: %v\n%s", err, c.logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot does not serve its webhook:\n%s", c.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (b *scaleBot) kill(t *testing.T) {
	t.Helper()
	if err := b.run.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-b.run.done
}

func (b *scaleBot) stop(t *testing.T) {
	t.Helper()
	_ = b.run.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-b.run.done:
	case <-time.After(20 * time.Second):
		t.Errorf("the bot did not stop after SIGTERM")
	}
}

// rss is the process's resident memory now and at its peak, from /proc
// (Linux).
func (b *scaleBot) rss() string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", b.run.cmd.Process.Pid))
	if err != nil {
		return "?"
	}
	now, peak := "?", "?"
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			now = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			peak = strings.TrimSpace(v)
		}
	}
	return now + " (peak " + peak + ")"
}

// heapProfile saves the process's heap profile (metrics.pprof) as
// dir/name, for `go tool pprof`.
func (b *scaleBot) heapProfile(t *testing.T, dir, name string) {
	resp, err := http.Get("http://" + b.metrics + "/debug/pprof/heap")
	if err != nil {
		t.Logf("heap profile: %v", err)
		return
	}
	defer resp.Body.Close()
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Logf("heap profile: %v", err)
		return
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		t.Logf("heap profile: %v", err)
	}
}

// boardWatch follows the chats' messages: one poller for all, so that a
// thousand games waiting for their boards do not each scan the fake's log.
type boardWatch struct {
	srv  *telegramtest.Server
	quit chan struct{}
	done chan struct{}

	mu      sync.Mutex
	chats   map[int64]int              // chat -> messages seen
	waiting map[[2]int64]chan struct{} // chat, move message -> its board came
	boards  map[[2]int64]int           // chat, move message -> boards answering it
	texts   map[int64][]string         // chat -> the bot's texts
	other   map[int64][]string         // chat -> the bot's messages that are not boards
}

func newBoardWatch(srv *telegramtest.Server) *boardWatch {
	w := &boardWatch{srv: srv, quit: make(chan struct{}), done: make(chan struct{}), chats: map[int64]int{},
		waiting: map[[2]int64]chan struct{}{}, boards: map[[2]int64]int{}, texts: map[int64][]string{}, other: map[int64][]string{}}
	go w.loop()
	return w
}

func (w *boardWatch) watch(chat int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.chats[chat] = 0
}

// expect returns a channel closed when the board answering message id comes.
func (w *boardWatch) expect(chat int64, id int) <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := make(chan struct{})
	w.waiting[[2]int64{chat, int64(id)}] = ch
	return ch
}

func (w *boardWatch) loop() {
	defer close(w.done)
	for {
		select {
		case <-w.quit:
			return
		case <-time.After(20 * time.Millisecond):
		}
		w.mu.Lock()
		chats := make([]int64, 0, len(w.chats))
		for c := range w.chats {
			chats = append(chats, c)
		}
		w.mu.Unlock()
		for _, c := range chats {
			msgs := w.srv.Messages(c)
			w.mu.Lock()
			for _, m := range msgs[w.chats[c]:] {
				if m.From.ID != w.srv.Bot.ID {
					continue
				}
				w.texts[c] = append(w.texts[c], m.Text)
				if !m.IsPhoto() || m.ReplyTo == 0 {
					w.other[c] = append(w.other[c], m.Text)
					continue
				}
				k := [2]int64{c, int64(m.ReplyTo)}
				w.boards[k]++
				if ch, ok := w.waiting[k]; ok {
					close(ch)
					delete(w.waiting, k)
				}
			}
			w.chats[c] = len(msgs)
			w.mu.Unlock()
		}
	}
}

func (w *boardWatch) stop() {
	close(w.quit)
	<-w.done
}

// count is how many of the bot's messages in chat contain text.
func (w *boardWatch) count(chat int64, text string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, s := range w.texts[chat] {
		if strings.Contains(s, text) {
			n++
		}
	}
	return n
}

// textsOf lists the bot's messages in chat that are not boards.
func (w *boardWatch) textsOf(chat int64) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.other[chat])
}

// doubles is how many moves were answered by more than one board (a sender
// killed between posting a board and recording it: delivery is at least once).
func (w *boardWatch) doubles() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, b := range w.boards {
		if b > 1 {
			n++
		}
	}
	return n
}
