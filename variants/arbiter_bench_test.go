package variants

import (
	"os"
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
