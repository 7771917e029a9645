package match

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chuhe/chuhe/engine"
	"github.com/chuhe/chuhe/rules"
	"github.com/chuhe/chuhe/variants"
)

func TestElo(t *testing.T) {
	for _, tc := range []struct {
		w, d, l int
		score   float64
		elo     float64
		bound   int
		summary string
	}{
		{5, 0, 5, 0.5, 0, 0, "+5 =0 -5, score 50.0%, Elo +0 ± "},
		{75, 0, 25, 0.75, 190.8, 0, "Elo +191 ± "},
		{23, 2, 75, 0.24, -200.2, 0, "+23 =2 -75, score 24.0%, Elo -200 ± "},
		// 0 of 20: p < 1-0.05^(1/20) = 0.139 at 95%, 317 Elo below even.
		{0, 0, 20, 0, -316.6, -1, "Elo below -317 (95%; no game won or drawn)"},
		{20, 0, 0, 1, 316.6, 1, "Elo above +317"},
	} {
		s, elo, half, bound := Elo(tc.w, tc.d, tc.l)
		r := Result{Wins: tc.w, Draws: tc.d, Losses: tc.l, Score: s, Elo: elo, EloError: half, Bound: bound}
		if math.Abs(s-tc.score) > 1e-9 || math.Abs(elo-tc.elo) > 0.5 || bound != tc.bound || (bound == 0 && half <= 0) ||
			!strings.Contains(r.Summary(), tc.summary) {
			t.Errorf("Elo(%d,%d,%d) = %v %v ± %v bound %d, %q; want score %v Elo %v bound %d, %q",
				tc.w, tc.d, tc.l, s, elo, half, bound, r.Summary(), tc.score, tc.elo, tc.bound, tc.summary)
		}
	}
}

func TestReadOpenings(t *testing.T) {
	ops, err := ReadOpenings("testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 60 {
		t.Fatalf("%d openings, want 60", len(ops))
	}
	v, _ := variants.Default().Get("xiangqi")
	for i, op := range ops {
		if len(op) != 8 {
			t.Errorf("opening %d has %d plies", i+1, len(op))
		}
		if _, err := rules.Replay(v, "", op); err != nil {
			t.Errorf("opening %d: %v", i+1, err)
		}
	}
}

// TestMatchAgainstBotUCI builds the real `bot` binary and plays a short match
// against `bot uci` over pipes, as against Fairy-Stockfish: the runner, the
// UCI server and the adjudication from outside.
func TestMatchAgainstBotUCI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the bot")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	bin := filepath.Join(t.TempDir(), "bot")
	if out, err := exec.Command(goTool, "build", "-o", bin, "../../cmd/bot").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	ctx := context.Background()
	opp, err := StartOpponent(ctx, "xiangqi", bin, "uci", "-level", "1", "-hash-bits", "14")
	if err != nil {
		t.Fatal(err)
	}
	defer opp.Close()
	ops, err := ReadOpenings("testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := variants.Default().Get("xiangqi")
	eng := engine.NewEngine(engine.Config{TableBits: 16})
	res, err := Run(ctx, Config{Variant: v, Openings: ops[:1], Games: 2, MoveTime: 20 * time.Millisecond, MaxPlies: 120,
		Log: t.Logf}, EnginePlayer{Engine: eng, Level: 6}, opp)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 || res.Wins+res.Draws+res.Losses != 2 {
		t.Fatalf("result %+v", res)
	}
	if !res.Games[0].EngineRed || res.Games[1].EngineRed {
		t.Errorf("colours do not alternate")
	}
	for _, g := range res.Games {
		if len(g.Moves) <= 8 || !g.Outcome.Over {
			t.Errorf("game %+v: too short or not over", g)
		}
	}
}

// BenchmarkNPSVersusFairyStockfish measures, in the same run and interleaved,
// our nodes per second from the xiangqi start and Fairy-Stockfish's `go depth`
// figure. It is skipped without /usr/games/fairy-stockfish.
func BenchmarkNPSVersusFairyStockfish(b *testing.B) {
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		b.Skip("no fairy-stockfish")
	}
	ctx := context.Background()
	opp, err := StartOpponent(ctx, "xiangqi", path)
	if err != nil {
		b.Fatal(err)
	}
	defer opp.Close()
	v, _ := variants.Default().Get("xiangqi")
	eng := engine.NewEngine(engine.Config{})
	var ours, theirs float64
	for b.Loop() {
		eng.NewGame()
		p := mustStart(b, v)
		res, err := eng.SearchPosition(ctx, p, engine.Limits{Depth: 8})
		if err != nil {
			b.Fatal(err)
		}
		ours += float64(res.Nodes) / res.Time.Seconds()
		if err := opp.NewGame(); err != nil {
			b.Fatal(err)
		}
		_, nps, err := opp.Go("", nil, "depth 12")
		if err != nil {
			b.Fatal(err)
		}
		theirs += float64(nps)
	}
	b.ReportMetric(ours/float64(b.N), "ours-nodes/s")
	b.ReportMetric(theirs/float64(b.N), "fsf-nodes/s")
	b.ReportMetric(ours/theirs, "ratio")
}

func mustStart(b *testing.B, v *rules.Variant) *rules.Position {
	p, err := rules.NewPosition(v, v.StartFEN)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
