package storetest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chuhe/chuhe/internal/testsize"
	"github.com/chuhe/chuhe/storage"
)

// The crash test runs the test binary again as a child that writes moves and
// prints each one the store acknowledged; the parent kills it with SIGKILL at
// a random moment and checks, on reopening, that the store is sound and holds
// every acknowledged move. It runs against every store: the bbolt file must
// survive a torn write, PostgreSQL a connection cut in a transaction.
const envCrashRound = "CHUHE_STORETEST_CRASH_ROUND"

// CrashChild is the child's side. Call it from a test of its own (named in
// CrashRecovery's child); it skips in a normal test run. open opens the store
// the parent named in the environment.
func CrashChild(t *testing.T, open func(t *testing.T) storage.Store) {
	round := os.Getenv(envCrashRound)
	if round == "" {
		t.Skip("run by the crash test only")
	}
	ctx := context.Background()
	s := open(t)
	var outMu sync.Mutex
	ack := func(format string, args ...any) {
		outMu.Lock()
		defer outMu.Unlock()
		// One write per line: a pipe write this short is atomic, so the parent
		// never reads half an acknowledgement.
		if _, err := fmt.Fprintf(os.Stdout, format+"\n", args...); err != nil {
			os.Exit(4)
		}
	}
	// Go on with the games earlier children left live, and start new ones.
	games, err := s.ActiveGames(ctx)
	if err != nil {
		fmt.Printf("active games: %v\n", err)
		os.Exit(3)
	}
	newGame := func() *storage.Game {
		g := &storage.Game{Platform: "tg", ChatID: "crash", Status: storage.StatusActive, Variant: "xiangqi",
			Players: [2]storage.Player{{UserID: "red"}, {UserID: "black"}}, Secrets: storage.Secrets{"red": "s"},
			Wake: time.Now().Add(time.Hour)}
		if err := s.CreateGame(ctx, g); err != nil {
			fmt.Printf("create: %v\n", err)
			os.Exit(3)
		}
		ack("game %s", g.ID)
		return g
	}
	for len(games) < 6 {
		games = append(games, newGame())
	}
	var wg sync.WaitGroup
	deadline := time.Now().Add(20 * time.Second) // never outlive a parent that died
	for w, g := range games {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				text := fmt.Sprintf("%s-%d-%d", round, w, i)
				// Every 40th move finishes the game, so index updates are torn too.
				finish := len(g.Moves) >= 40
				got, err := s.AppendMove(ctx, g.ID, g.Version, storage.MoveRecord{Text: text, At: time.Now(), Side: len(g.Moves) % 2},
					func(g *storage.Game) error {
						g.Wake = time.Now().Add(time.Duration(len(g.Moves)) * time.Minute)
						if finish {
							g.Status, g.Result, g.Reason = storage.StatusFinished, "1-0", "checkmate"
						}
						return nil
					})
				if err != nil {
					fmt.Printf("append: %v\n", err)
					os.Exit(3)
				}
				ack("move %s %d %s", got.ID, len(got.Moves)-1, text)
				g = got
				if finish {
					ack("finished %s", g.ID)
					g = newGame()
				}
			}
		})
	}
	wg.Wait()
	os.Exit(5) // the parent was meant to kill us long ago
}

type ackedMove struct {
	game string
	ply  int
	text string
}

// CrashRecovery runs rounds of a child (the test named child, which calls
// CrashChild) killed while writing; env tells the child where the store is.
// After each, open reopens the store and verify checks its invariants.
func CrashRecovery(t *testing.T, child string, env []string, open func(t *testing.T) storage.Store, verify func(context.Context, storage.Store) error) {
	rounds := 8
	if !testsize.Long() {
		rounds = 3
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	ctx := context.Background()
	var (
		moves    []ackedMove
		games    = map[string]bool{}
		finished = map[string]bool{}
	)
	for round := range rounds {
		lines, killedAfter := runCrashChild(t, child, env, round, rng)
		n := 0
		for _, line := range lines {
			f := strings.Fields(line)
			switch {
			case len(f) == 2 && f[0] == "game":
				games[f[1]] = true
			case len(f) == 2 && f[0] == "finished":
				finished[f[1]] = true
			case len(f) == 4 && f[0] == "move":
				ply, err := strconv.Atoi(f[2])
				if err != nil {
					t.Fatalf("bad line %q", line)
				}
				moves = append(moves, ackedMove{f[1], ply, f[3]})
				n++
			default:
				t.Fatalf("child said %q", line)
			}
		}
		t.Logf("round %d: killed after %v, %d moves acknowledged", round, killedAfter, n)
		s := open(t)
		if err := verify(ctx, s); err != nil {
			t.Errorf("round %d: store inconsistent after SIGKILL: %v", round, err)
		}
		for id := range games {
			g, err := s.Game(ctx, id)
			if err != nil {
				t.Errorf("round %d: acknowledged game %s: %v", round, id, err)
				continue
			}
			if finished[id] && g.Status != storage.StatusFinished {
				t.Errorf("round %d: game %s was acknowledged finished, is %s", round, id, g.Status)
			}
		}
		lost := 0
		cache := map[string]*storage.Game{}
		for _, m := range moves {
			g := cache[m.game]
			if g == nil {
				var err error
				if g, err = s.Game(ctx, m.game); err != nil {
					t.Fatalf("round %d: game %s: %v", round, m.game, err)
				}
				cache[m.game] = g
			}
			if m.ply >= len(g.Moves) || g.Moves[m.ply].Text != m.text {
				lost++
				if lost <= 5 {
					t.Errorf("round %d: acknowledged move %s at ply %d of game %s is missing", round, m.text, m.ply, m.game)
				}
			}
		}
		if lost > 0 {
			t.Errorf("round %d: %d of %d acknowledged moves lost", round, lost, len(moves))
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if len(moves) == 0 {
		t.Error("no move was ever acknowledged: the test tested nothing")
	}
}

// runCrashChild starts the child, lets it write for a random while after its
// first acknowledgement, kills it with SIGKILL and returns everything it printed.
func runCrashChild(t *testing.T, child string, env []string, round int, rng *rand.Rand) ([]string, time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), env...), envCrashRound+"="+strconv.Itoa(round))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	first := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if len(lines) == 0 {
				close(first)
			}
			lines = append(lines, sc.Text())
		}
	}()
	select {
	case <-first:
	case <-done:
		_ = cmd.Wait()
		t.Fatalf("round %d: child ended before writing anything", round)
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("round %d: child wrote nothing for 15s", round)
	}
	wait := time.Duration(5+rng.IntN(200)) * time.Millisecond
	time.Sleep(wait)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL on unix
		t.Fatal(err)
	}
	<-done // the pipe closes when the child is gone
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != -1 {
		t.Fatalf("round %d: child did not die by our signal: %v, output %q", round, err, lines)
	}
	return lines, wait
}
