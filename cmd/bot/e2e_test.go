package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chuhe/chuhe/bot/telegram/telegramtest"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/storage"
)

// The real binary, driven as Telegram drives it: the fake Bot API in this
// process, the bot as a child process reading a config that points it there.
// Faults are the fake's (a hanging call, 429 with retry_after, 500s) and the
// operating system's (SIGTERM, SIGKILL). The retry logic is the bot's own.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// botBinary builds ./cmd/bot once per test run.
func botBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "chuhe-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "bot")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// child is one run of the bot binary.
type child struct {
	cmd  *exec.Cmd
	logs *syncBuf
	done chan error
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuf) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuf) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// e2e is a bot binary on one data folder, talking to one fake Bot API.
type e2e struct {
	t      *testing.T
	srv    *telegramtest.Server
	dir    string
	config string
	runs   []*child
}

func newE2E(t *testing.T, extra string) *e2e {
	t.Helper()
	botBinary(t)
	srv := telegramtest.New(t)
	srv.MaxPoll = 500 * time.Millisecond
	dir := t.TempDir()
	cfg := fmt.Sprintf(`data_dir: %s
log_level: debug
tick_interval: 1s
telegram:
  token: %q
  api_endpoint: %q
  poll_timeout: 1s
  request_timeout: 2s
  max_attempts: 2
  drain_timeout: 2s
delivery:
  max_backoff: 1s
  late_after: 3s
%s`, dir, srv.Token, srv.Endpoint(), extra)
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	e := &e2e{t: t, srv: srv, dir: dir, config: path}
	t.Cleanup(func() {
		for _, c := range e.runs {
			if c.cmd.ProcessState == nil {
				_ = c.cmd.Process.Kill()
				<-c.done
			}
		}
		if t.Failed() {
			for i, c := range e.runs {
				t.Logf("run %d log:\n%s", i+1, tail(c.logs.String(), 60))
			}
		}
	})
	return e
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// start runs the binary and waits until it polls.
func (e *e2e) start() *child {
	e.t.Helper()
	polls := len(e.srv.Calls("getUpdates"))
	c := &child{logs: &syncBuf{}, done: make(chan error, 1)}
	c.cmd = exec.Command(botBinary(e.t), "-config", e.config)
	c.cmd.Stdout, c.cmd.Stderr = c.logs, c.logs
	if err := c.cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	go func() { c.done <- c.cmd.Wait() }()
	e.runs = append(e.runs, c)
	if !e.srv.Wait(20*time.Second, func() bool { return len(e.srv.Calls("getUpdates")) > polls }) {
		e.t.Fatalf("the bot does not poll:\n%s", c.logs.String())
	}
	return c
}

// stop sends sig and waits for the process to end.
func (e *e2e) stop(c *child, sig syscall.Signal) {
	e.t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		e.t.Fatal(err)
	}
	select {
	case <-c.done:
	case <-time.After(20 * time.Second):
		e.t.Fatalf("the bot did not stop after %v:\n%s", sig, c.logs.String())
	}
}

// boards are the group's board photos, oldest first.
func (e *e2e) boards(chat int64) []telegramtest.Message {
	var out []telegramtest.Message
	for _, m := range e.srv.BotMessages(chat) {
		if m.IsPhoto() {
			out = append(out, m)
		}
	}
	return out
}

// boardOf counts the boards whose caption names move as the last move.
func (e *e2e) boardOf(chat int64, move string) int {
	n := 0
	for _, m := range e.boards(chat) {
		if strings.Contains(m.Text, "Last move: "+move+" ") || strings.HasSuffix(m.Text, "Last move: "+move) ||
			strings.Contains(m.Text, "Last move: "+move+"\n") {
			n++
		}
	}
	return n
}

// replacedBy reports whether the board after move says it replaces earlier ones.
func (e *e2e) replacedBy(chat int64, move string) bool {
	for _, m := range e.boards(chat) {
		if strings.Contains(m.Text, "Last move: "+move) && strings.Contains(m.Text, "it replaces") {
			return true
		}
	}
	return false
}

func (e *e2e) waitBoard(chat int64, move string, within time.Duration) {
	e.t.Helper()
	if !e.srv.Wait(within, func() bool { return e.boardOf(chat, move) > 0 }) {
		e.t.Fatalf("no board after %s in the group; the bot's messages:\n%s", move, e.transcript(chat))
	}
}

func (e *e2e) waitCalls(method string, status, n int) {
	e.t.Helper()
	ok := e.srv.Wait(20*time.Second, func() bool {
		k := 0
		for _, c := range e.srv.Calls(method) {
			if c.Status == status {
				k++
			}
		}
		return k >= n
	})
	if !ok {
		e.t.Fatalf("no %d %s calls answered %d", n, method, status)
	}
}

// transcript is the chat as its members see it.
func (e *e2e) transcript(chat int64) string {
	var b strings.Builder
	for _, m := range e.srv.Messages(chat) {
		who := m.From.FirstName
		if m.From.ID == telegramtest.BotID {
			who = "Chuhe"
		}
		kind := ""
		if m.IsPhoto() {
			kind = "[board image] "
		}
		fmt.Fprintf(&b, "%s: %s%s\n", who, kind, strings.ReplaceAll(m.Text, "\n", "\n    "))
	}
	return b.String()
}

// storedMoves opens the data file (the bot stopped) and returns game 1's moves.
func (e *e2e) storedMoves() []string {
	e.t.Helper()
	st, err := storage.Open(filepath.Join(e.dir, "chuhe.db"), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Game(context.Background(), "1")
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.Text)
	}
	return out
}

// line is a deterministic line of n legal xiangqi moves.
func line(t *testing.T, n int) []string {
	v, _ := testRegistry().Get("xiangqi")
	rng := rand.New(rand.NewPCG(7, 8))
	g, err := rules.NewGame(v, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for len(out) < n {
		ms := g.Position().LegalMoves(nil)
		m := ms[rng.IntN(len(ms))]
		out = append(out, rules.FormatCoord(g.Position(), m))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestBinaryRestartsLoseNothing plays a group game against the real binary
// while it is stopped and killed at the worst moments: with a board being
// sent (SIGTERM, with the opponent's answer queued behind it; SIGKILL), during
// a 429's retry_after wait, and during a run of 500s. After each restart every
// move sent is in the record exactly once and every board owed is posted.
//
// It runs once per delivery mode (delivery.mode): inline, where the handler
// sends the board itself, and queued, where the background sender does.
func TestBinaryRestartsLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel() // mostly waiting on child processes: overlap with the other binary tests
	botBinary(t)
	for _, mode := range []string{"inline", "queued"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			restartsLoseNothing(t, mode)
		})
	}
}

func restartsLoseNothing(t *testing.T, mode string) {
	e := newE2E(t, "  mode: "+mode+"\n")
	alice := e.srv.AddUser(telegramtest.User{ID: 1001, FirstName: "Alice", Username: "alice_x"})
	bob := e.srv.AddUser(telegramtest.User{ID: 1002, FirstName: "Bob", Username: "bob_y"})
	group := telegramtest.Group(-100500, "Xiangqi club")
	moves := line(t, 8)
	player := func(i int) telegramtest.User {
		if i%2 == 0 {
			return alice
		}
		return bob
	}

	c := e.start()
	e.srv.Say(group, alice, "/new xiangqi side=red")
	if !e.srv.Wait(10*time.Second, func() bool { return strings.Contains(e.transcript(group.ID), "game #1") }) {
		t.Fatalf("no challenge:\n%s", e.transcript(group.ID))
	}
	e.srv.Say(group, bob, "/accept 1")
	if !e.srv.Wait(10*time.Second, func() bool { return len(e.boards(group.ID)) == 1 }) {
		t.Fatalf("the game did not begin:\n%s", e.transcript(group.ID))
	}
	sent := 0
	play := func() {
		e.srv.Say(group, player(sent), "/m "+moves[sent])
		sent++
	}

	// 1. SIGTERM while the board of a move is being sent, with the opponent's
	// answer arriving meanwhile: Telegram has forgotten the answer (confirmed)
	// before it is handled.
	e.srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.Hang})
	play()
	e.waitCalls("sendPhoto", 0, 1)
	play()
	if !e.srv.Wait(10*time.Second, func() bool { return e.srv.Pending() == 0 }) {
		t.Fatal("the bot did not take the second move from Telegram")
	}
	e.stop(c, syscall.SIGTERM)
	if !strings.Contains(c.logs.String(), "kept in the data file and handled at the next start") &&
		!strings.Contains(c.logs.String(), "msg=stopped") {
		t.Errorf("the shutdown log says nothing of what happens:\n%s", tail(c.logs.String(), 20))
	}
	c = e.start()
	e.waitBoard(group.ID, moves[1], 20*time.Second) // (moves[0]'s board came first, or this one replaces it)

	// 2. SIGKILL while a board is being sent.
	e.srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.Hang})
	hangs := 0
	for _, call := range e.srv.Calls("sendPhoto") {
		if call.Status == 0 {
			hangs++
		}
	}
	play()
	e.waitCalls("sendPhoto", 0, hangs+1)
	e.stop(c, syscall.SIGKILL)
	c = e.start()
	e.waitBoard(group.ID, moves[2], 20*time.Second)

	// 3. SIGTERM during a 429's retry_after wait (longer than the drain).
	e.srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.TooManyRequests, RetryAfter: 30})
	play()
	e.waitCalls("sendPhoto", 429, 1)
	e.stop(c, syscall.SIGTERM)
	c = e.start()
	e.waitBoard(group.ID, moves[3], 20*time.Second)

	// 4. A run of 500s (each send tried twice by the adapter, then again with
	// the outbox's backoff), with a SIGTERM in the middle of it; then a run
	// outlasting many attempts without a restart.
	e.srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.ServerError, Times: 6})
	play()
	e.waitCalls("sendPhoto", 500, 3)
	e.stop(c, syscall.SIGTERM)
	c = e.start()
	e.waitBoard(group.ID, moves[4], 30*time.Second)
	e.srv.Inject(telegramtest.Fault{Method: "sendPhoto", ChatID: group.ID, Kind: telegramtest.ServerError, Times: 10})
	play()
	e.waitBoard(group.ID, moves[5], 60*time.Second)
	play()
	e.waitBoard(group.ID, moves[6], 20*time.Second)
	play()
	e.waitBoard(group.ID, moves[7], 20*time.Second)
	e.stop(c, syscall.SIGTERM)

	got := e.storedMoves()
	if strings.Join(got, " ") != strings.Join(moves, " ") {
		t.Errorf("the record holds %v, want each move sent once: %v", got, moves)
	}
	// Every board owed was posted once, or (when a newer board of the game was
	// owed before it could go out) replaced by the next one, which says so.
	for i, m := range moves {
		n := e.boardOf(group.ID, m)
		switch {
		case n > 1:
			t.Errorf("%d boards after %s, want 1", n, m)
		case n == 0 && (i+1 == len(moves) || !e.replacedBy(group.ID, moves[i+1])):
			t.Errorf("no board after %s, and the next one does not say it replaces it", m)
		}
	}
	t.Logf("the group as its members saw it:\n%s", e.transcript(group.ID))
	for i, c := range e.runs {
		var notes []string
		for _, l := range strings.Split(c.logs.String(), "\n") {
			for _, k := range []string{"left unhandled", "stored before the restart", "call failed", "drain timed out", "msg=stopped"} {
				if strings.Contains(l, k) {
					notes = append(notes, l)
					break
				}
			}
		}
		t.Logf("run %d, what its log says of stopping and restarting:\n%s", i+1, strings.Join(notes, "\n"))
	}
}
