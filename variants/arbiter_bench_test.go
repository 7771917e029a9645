package variants

import (
	"os"
	"strings"
	"testing"

	"github.com/chuhe/chuhe/rules"
)

// BenchmarkGamePlay plays the moves of the sample records through Game.Play,
// as the bot does: the cost of ordinary moves, where the arbiter of
// repetitions only looks whether the position repeats.
func BenchmarkGamePlay(b *testing.B) {
	v := mustXiangqi(b)
	var lines [][]rules.Move
	var fens []string
	for _, name := range []string{"game/00000001.pgn", "game/00000002.pgn", "game/00000005.pgn"} {
		f, err := os.Open("testdata/ccpd/" + name)
		if err != nil {
			b.Fatal(err)
		}
		games, err := rules.ReadPGN(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		for _, pg := range games {
			g, err := pg.Replay(v)
			if err != nil {
				continue
			}
			lines, fens = append(lines, g.Moves()), append(fens, pg.FEN)
		}
	}
	plies := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, moves := range lines {
			g, _ := rules.NewGame(v, fens[j])
			for _, m := range moves {
				if g.Play(m) != nil {
					break
				}
				plies++
			}
		}
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkJudgeRepetition is one ruling at the third occurrence of a
// position: eight plies classified (the cost a repeated position pays).
func BenchmarkJudgeRepetition(b *testing.B) {
	v := mustXiangqi(b)
	p, keys, plies := positionLine(b, v, "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
		strings.Fields("c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r, ok := rules.JudgeRepetition(p, keys, plies); !ok || !r.Forbidden() {
			b.Fatal("no forbidden repetition")
		}
	}
}
